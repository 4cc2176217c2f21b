import { useEffect } from 'react';
import { PartForm } from './part-form.tsx';

/** /dashboard/add-product: an administrator puts a new tool in the shop. */
export function AddPartPage() {
  useEffect(() => {
    document.title = 'Add Product | Partsmith';
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <header className="relative overflow-hidden rounded-box bg-slate-900 px-6 py-8 text-slate-100 sm:px-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 -right-16 h-56 w-56 rounded-full bg-orange-500/25 blur-3xl"
        />
        <div className="relative">
          <p className="text-sm font-semibold tracking-wider text-orange-300 uppercase">
            Catalogue
          </p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            Add a Product
          </h1>
          <p className="mt-2 max-w-2xl text-slate-200">
            Put a new tool or part in the shop. It appears in the home page listing as soon as it is
            added.
          </p>
        </div>
      </header>
      <PartForm />
    </div>
  );
}
