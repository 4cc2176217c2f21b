import type { AdminPartRow } from '@partsmith/contract/admin-lists';
import { screen, within } from '@testing-library/react';
import { renderAdminPage } from './admin-test-utils.tsx';
import { ManagePartsPage } from './manage-parts-page.tsx';

/** The parts the tests of ManagePartsPage list (imported by those tests only). */

export function part(n: number, overrides: Partial<AdminPartRow> = {}): AdminPartRow {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sku: `FRG-D5-${n}`,
    name: `Forge DDR5 kit ${n}`,
    image: `/images/parts/ram-${n}.svg`,
    description: 'Fast memory.',
    price: 119.99,
    availableQuantity: 40,
    minOrderQuantity: 5,
    priceBreaks: [],
    category: 'memory',
    categoryName: 'Memory',
    attributes: {},
    specification: [],
    listed: true,
    weightGrams: 0,
    createdAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export const first = [part(1), part(2, { availableQuantity: 0, listed: false })];
export const second = [part(3, { availableQuantity: 6, category: null, categoryName: null })];
export const PATH = '/api/admin/parts';

export function renderPage(url = '/dashboard/manage-products') {
  return renderAdminPage(<ManagePartsPage />, url);
}

export const rowOf = (name: string) =>
  within(
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .find((row) => row.textContent?.includes(name))!,
  );
export const dataRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
