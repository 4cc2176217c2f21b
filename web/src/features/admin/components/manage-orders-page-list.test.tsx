import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/mock-api.ts';
import { listOf, mockAdminApi } from './admin-test-utils.tsx';
import {
  CURSOR,
  older,
  order,
  PATH,
  pending,
  renderPage,
  rowOf,
  shipped,
  unpaid,
} from './manage-orders-page.fixtures.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ManageOrdersPage', () => {
  it('shows the total, each status, delete for unpaid only, and turns pages by cursor', async () => {
    const expired = order(6, 'Old cooler', { expired: true });
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('cursor') === CURSOR
          ? listOf([older], 5)
          : listOf([unpaid, pending, shipped, expired], 5, CURSOR),
    });
    const { router } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Orders: 5' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Manage Orders | Partsmith'));
    expect(api.queries('GET', PATH)).toEqual(['?limit=25']);
    expect(screen.getByRole('table', { name: 'All orders, newest first' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–4 of 5 orders.')).toBeInTheDocument();

    const open = rowOf('Ryzen 7 CPU');
    expect(open.getByText('Unpaid')).toBeInTheDocument();
    expect(open.queryByText('Expired')).toBeNull();
    expect(open.getByText('jane@example.com')).toBeInTheDocument();
    expect(open.getByText('6')).toBeInTheDocument();
    expect(open.getByText('$1,737.00')).toBeInTheDocument();
    expect(open.queryByRole('button', { name: /Pending|ship/i })).toBeNull();
    expect(
      open.getByRole('button', { name: 'Delete: order of Ryzen 7 CPU for jane@example.com' }),
    ).toBeInTheDocument();
    expect(rowOf('Old cooler').getByText('Expired')).toBeInTheDocument();

    const paid = rowOf('Forge DDR5 kit');
    expect(
      paid.getByRole('button', { name: 'Pending: ship Forge DDR5 kit to jane@example.com' }),
    ).toBeInTheDocument();
    expect(paid.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(paid.queryByText('Unpaid')).toBeNull();

    const done = rowOf('Anvil PSU 850 W');
    expect(done.getByText('Shipped')).toBeInTheDocument();
    expect(done.queryByRole('button', { name: /Pending|Delete/ })).toBeNull();
    // A paid order, shipped or not, can be refunded; an unpaid one cannot.
    expect(
      done.getByRole('button', { name: 'Refund: order of Anvil PSU 850 W for jane@example.com' }),
    ).toBeInTheDocument();
    expect(open.queryByRole('button', { name: /Refund/ })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Torque screwdriver set')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?cursor=${CURSOR}`);
    expect(api.queries('GET', PATH)).toEqual(['?limit=25', `?limit=25&cursor=${CURSOR}`]);
    expect(screen.getByText('Page 2: Showing 26–26 of 26 orders.')).toHaveFocus();
  });

  it("shows a checkout's parts, the way to its page and its invoice", async () => {
    const checkout = order(5, 'Ryzen 7 CPU and 2 more', {
      paid: true,
      transactionId: 'pi_789',
      invoiceNumber: 'PS-2026-000042',
      lines: [
        {
          partId: null,
          sku: 'PS-CPU-000001',
          name: 'Ryzen 7 CPU',
          image: '/a.svg',
          price: 289.5,
          quantity: 2,
          total: 579,
        },
        { partId: null, name: 'DDR5 kit', image: '/b.svg', price: 120, quantity: 4, total: 480 },
        { partId: null, name: 'PSU', image: '/c.svg', price: 99, quantity: 1, total: 99 },
      ],
    });
    mockAdminApi({ [`GET ${PATH}`]: () => listOf([checkout, unpaid], 2) });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'All Orders: 2' });
    const row = rowOf('Ryzen 7 CPU and 2 more');
    expect(row.getByText('PS-O-000005')).toBeInTheDocument();
    // Each part with its part number (when it has one), quantity and unit price; no summed quantity.
    const parts = within(row.getByRole('list', { name: 'Parts of order PS-O-000005' }));
    expect(parts.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ryzen 7 CPU' + 'Part no. PS-CPU-000001' + '2 × $289.50Quantity 2, $289.50 each',
      'DDR5 kit' + '4 × $120.00Quantity 4, $120.00 each',
      'PSU' + '1 × $99.00Quantity 1, $99.00 each',
    ]);
    expect(row.getByText('Per part')).toBeInTheDocument();
    expect(
      row.getByRole('link', {
        name: 'Details: order of Ryzen 7 CPU and 2 more for jane@example.com',
      }),
    ).toHaveAttribute('href', `/dashboard/orders/${checkout._id}`);
    const invoice = row.getByRole('link', { name: 'Invoice PS-2026-000042' });
    expect(invoice).toHaveAttribute('href', `/api/orders/${checkout._id}/invoice.pdf`);
    expect(invoice).toHaveAttribute('download', 'PS-2026-000042.pdf');
    // A one-part order has its Details link, and no invoice before it is paid.
    const one = rowOf('Ryzen 7 CPU for');
    expect(one.queryByRole('link', { name: /Invoice/ })).toBeNull();
  });

  it('says so when there are no orders yet, and retries a failed load', async () => {
    let fail = true;
    mockAdminApi({
      [`GET ${PATH}`]: () => (fail ? apiError(500, 'boom') : listOf([], 0)),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the orders.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All Orders: 0');
  });
});
