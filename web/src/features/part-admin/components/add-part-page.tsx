import { useEffect } from 'react';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { PartForm } from './part-form.tsx';

/** /dashboard/add-product: an administrator puts a new tool in the shop. */
export function AddPartPage() {
  useEffect(() => {
    document.title = 'Add Product | Partsmith';
  }, []);

  return (
    <DashboardPage
      eyebrow="Catalogue"
      title="Add a Product"
      intro="Put a new tool or part in the shop. It appears in the home page listing as soon as it is added."
    >
      <PartForm />
    </DashboardPage>
  );
}
