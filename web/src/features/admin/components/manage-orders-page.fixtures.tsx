import type { Order } from '@partsmith/contract';
import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { thermalPasteOrder } from '../../../test/fixtures.ts';
import { renderAdminPage } from './admin-test-utils.tsx';
import { ManageOrdersPage } from './manage-orders-page.tsx';

/** The orders the tests of ManageOrdersPage list (imported by those tests only). */

/**
 * Jane's order `n` of six of `name` at $289.50, with `overrides`. It has no part number: a row
 * shows one only when the order has it, and these tests look for none.
 */
export function order(n: number, name: string, overrides: Partial<Order> = {}): Order {
  return thermalPasteOrder({
    _id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `PS-O-${String(n).padStart(6, '0')}`,
    sku: null,
    name,
    image: `/images/parts/part-${n}.svg`,
    description: 'A part.',
    price: 289.5,
    quantity: 6,
    total: 1737,
    availableQuantity: 34,
    ...overrides,
  });
}

export const unpaid = order(1, 'Ryzen 7 CPU');
export const pending = order(2, 'Forge DDR5 kit', {
  paid: true,
  transactionId: 'pi_123',
  quantity: 10,
  total: 1199.9,
});
export const shipped = order(3, 'Anvil PSU 850 W', {
  paid: true,
  transactionId: 'pi_456',
  status: 'shipped',
});
export const older = order(4, 'Torque screwdriver set');
export const CURSOR = '57';

export const PATH = '/api/admin/orders';

export function renderPage(url = '/dashboard/manage-orders') {
  return renderAdminPage(<ManageOrdersPage />, url);
}

export const rowOf = (name: string) =>
  within(
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .find((row) => row.textContent?.includes(name))!,
  );

/** A file of orders (packing slips, a pick list) as the server sends it. */
export const ordersFile = (count: number, name = 'packing-slips') =>
  new Response('%PDF-1.3 slips', {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${name}-2026-12-02.pdf"`,
      'x-packing-slips': String(count),
    },
  });

/**
 * jsdom has no object URLs and saves no downloads: records the links the page clicks to hand a
 * file to the browser (call it in a beforeEach; vi.restoreAllMocks undoes it).
 */
export function recordDownloads(): HTMLAnchorElement[] {
  const clicked: HTMLAnchorElement[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/slips');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  return clicked;
}
