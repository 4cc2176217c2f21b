import type { Sales } from '@partsmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '../../../test/mock-api.ts';
import { drawChart } from './chart-js.ts';
import { OverviewPage } from './overview-page.tsx';

// jsdom draws no canvas: the charts are checked by what they are asked to draw.
vi.mock('./chart-js.ts', () => ({ drawChart: vi.fn(() => ({ destroy: vi.fn() })) }));

function sales(days: 30 | 90, overrides: Partial<Sales> = {}): Sales {
  const start = Date.UTC(2025, 2, 1);
  const revenueByDay = Array.from({ length: days }, (_, i) => ({
    day: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    revenue: i === 1 ? 1250.5 : i === 3 ? 99.99 : 0,
    orders: i === 1 ? 3 : i === 3 ? 1 : 0,
  }));
  return {
    days,
    from: revenueByDay[0]!.day,
    to: revenueByDay.at(-1)!.day,
    revenue: 1350.49,
    shipping: 19.8,
    tax: 52.37,
    paidOrders: 4,
    averageOrderValue: 337.62,
    revenueByDay,
    ordersByState: { unpaid: 2, paid: 3, shipped: 1 },
    topParts: [
      {
        partId: '5f1c9a7e-2b4d-4c8e-9f10-1a2b3c4d5e6f',
        name: 'Forge DDR5',
        revenue: 1250.5,
        quantity: 5,
      },
      { partId: null, name: 'Retired Fan', revenue: 99.99, quantity: 1 },
    ],
    lowStock: [
      {
        _id: '6f1c9a7e-2b4d-4c8e-9f10-1a2b3c4d5e6f',
        name: 'Titan PSU',
        availableQuantity: 0,
        lowStockThreshold: 4,
      },
    ],
    receivables: { outstanding: 7770, overdue: 1250.5, openInvoices: 3, overdueInvoices: 1 },
    ...overrides,
  };
}

function renderPage(url = '/dashboard/overview') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/overview', element: <OverviewPage /> },
      { path: '/dashboard/manage-products', element: <p>Manage Products</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim()));

afterEach(() => vi.clearAllMocks());

describe('OverviewPage', () => {
  it('shows the figures, each chart with a table of the same numbers, top parts and low stock', async () => {
    const api = mockApi({ 'GET /api/admin/sales': () => json(sales(30)) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the figures');
    expect(await screen.findByText('$1,350.49')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sales & Stock | Partsmith'));
    expect(api.spy.mock.calls[0]![0]).toBe('/api/admin/sales?days=30');

    const figures = screen.getByText('Average order').closest('dl')!;
    expect(within(figures).getByText('$337.62')).toBeInTheDocument();
    expect(within(figures).getByText('Paid orders').nextSibling).toHaveTextContent('4');
    expect(within(figures).getByText('Parts low in stock').nextSibling).toHaveTextContent('1');
    expect(within(figures).getByText('Shipping charged').nextSibling).toHaveTextContent('$19.80');
    expect(within(figures).getByText('Sales tax collected').nextSibling).toHaveTextContent(
      '$52.37',
    );
    // What invoices on payment terms owe now, and what is past due.
    const outstanding = within(figures).getByText('Outstanding on account').parentElement!;
    expect(outstanding).toHaveTextContent('$7,770.00');
    expect(outstanding).toHaveTextContent('3 open invoices');
    expect(within(figures).getByText('Overdue').parentElement!).toHaveTextContent(
      '$1,250.501 past due',
    );

    const byDay = screen.getByRole('table', { name: /Revenue of the paid orders by day/ });
    const dayRows = rowsOf(byDay);
    expect(dayRows[0]).toEqual(['Day', 'Paid orders', 'Revenue']);
    expect(dayRows).toHaveLength(31);
    expect(dayRows[2]).toEqual(['Mar 2', '3', '$1,250.50']);
    expect(dayRows[4]).toEqual(['Mar 4', '1', '$99.99']);

    const byState = screen.getByRole('table', { name: /by state/ });
    expect(rowsOf(byState)).toEqual([
      ['State', 'Orders'],
      ['Unpaid', '2'],
      ['To ship', '3'],
      ['Shipped', '1'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: /parts that brought the most/ }))).toEqual([
      ['Part', 'Units', 'Revenue'],
      ['Forge DDR5', '5', '$1,250.50'],
      ['Retired Fan', '1', '$99.99'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: /below their low-stock alert/ }))).toEqual([
      ['Part', 'Stock', 'Alert below'],
      ['Titan PSU', '0', '4'],
    ]);

    // The charts draw the same numbers as the tables, and name what they show.
    await vi.waitFor(() => expect(drawChart).toHaveBeenCalledTimes(2));
    const specs = vi.mocked(drawChart).mock.calls.map(([, spec]) => spec);
    const line = specs.find((s) => s.type === 'line')!;
    expect(line.values).toHaveLength(30);
    expect(line.values[1]).toBe(1250.5);
    const bars = specs.find((s) => s.type === 'bar')!;
    expect(bars.values).toEqual([2, 3, 1]);
    // Counts: the value axis marks 0, 1, 2, 3, not 0, 0.5, 1, … rounded to repeated labels.
    expect(bars.wholeNumbers).toBe(true);
    expect(line.wholeNumbers).toBeFalsy();
    expect(
      screen.getByRole('img', { name: /Line chart of the revenue by day/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Unpaid 2, To ship 3, Shipped 1/ })).toBeInTheDocument();
  });

  it('switches to 90 days and keeps the span in the address', async () => {
    const api = mockApi({
      'GET /api/admin/sales': () => {
        const url = String(api.spy.mock.calls.at(-1)![0]);
        return json(sales(url.endsWith('days=90') ? 90 : 30));
      },
    });
    const { router } = renderPage();
    await screen.findByText('$1,350.49');
    const period = screen.getByRole('group', { name: 'Period' });
    expect(within(period).getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.setup().click(within(period).getByRole('button', { name: 'Last 90 days' }));
    await vi.waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: /by day/ }))).toHaveLength(91),
    );
    expect(router.state.location.search).toBe('?days=90');
    expect(within(period).getByRole('button', { name: 'Last 90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says when there were no orders, and still lists the low stock', async () => {
    mockApi({
      'GET /api/admin/sales': () =>
        json(
          sales(30, {
            revenue: 0,
            paidOrders: 0,
            averageOrderValue: 0,
            revenueByDay: sales(30).revenueByDay.map((d) => ({ ...d, revenue: 0, orders: 0 })),
            ordersByState: { unpaid: 0, paid: 0, shipped: 0 },
            topParts: [],
          }),
        ),
    });
    renderPage();
    expect(await screen.findByText('No orders in the last 30 days.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /by day/ })).toBeNull();
    expect(screen.getByRole('table', { name: /below their low-stock alert/ })).toBeInTheDocument();
  });

  it('says "100+" when the low-stock list is full: it holds the emptiest 100 only', async () => {
    const lowStock = Array.from({ length: 100 }, (_, i) => ({
      _id: `6f1c9a7e-2b4d-4c8e-9f10-${String(i).padStart(12, '0')}`,
      name: `Low part ${i}`,
      availableQuantity: i % 3,
      lowStockThreshold: 4,
    }));
    mockApi({ 'GET /api/admin/sales': () => json(sales(30, { lowStock })) });
    renderPage();
    const label = await screen.findByText('Parts low in stock');
    expect(label.nextSibling).toHaveTextContent('100+');
    const table = screen.getByRole('table', {
      name: 'The 100 emptiest parts below their low-stock alert',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/sales': () => apiError(403, 'Only an administrator may do that.') });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the figures.');
    expect(alert).toHaveTextContent('Only an administrator may do that.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('links the CSV export of a date range, and refuses a range that ends before it starts', async () => {
    mockApi({ 'GET /api/admin/sales': () => json(sales(30)) });
    renderPage();
    await screen.findByText('$1,350.49');
    const link = () => screen.queryByRole('link', { name: 'Download CSV' });
    expect(link()).toHaveAttribute('href', '/api/allPurchases.csv');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '2025-01-01');
    await user.type(screen.getByLabelText('To'), '2025-01-31');
    expect(link()).toHaveAttribute('href', '/api/allPurchases.csv?from=2025-01-01&to=2025-01-31');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2024-12-31');
    expect(link()).toBeNull();
    expect(screen.getByText('From must not be after To.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  });
});
