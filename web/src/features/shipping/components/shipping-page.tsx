import { useEffect } from 'react';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { TaxRatesSection } from './tax-rates-section.tsx';
import { ZonesSection } from './zones-section.tsx';

/**
 * /dashboard/shipping (admins, issue 47): where the shop ships and what each way costs and
 * takes (zones and their methods), and the sales tax each place pays. Customers' tax exemptions
 * are kept on Make Admin, by user.
 */
export function ShippingPage() {
  useEffect(() => {
    document.title = 'Shipping & Tax | Partsmith';
  }, []);

  return (
    <DashboardPage
      eyebrow="Checkout"
      title="Shipping & tax"
      intro="Where the shop ships, what each way costs and how long it takes, and the sales tax each place pays. The checkout prices orders with these at once."
    >
      <ZonesSection />
      <TaxRatesSection />
    </DashboardPage>
  );
}
