import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOf, mockAdminApi } from './admin-test-utils.tsx';
import {
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
  it('filters by status, payment and the days placed, all kept in the address', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) => {
        if (query.get('limit') === '1') return listOf([unpaid], 40, 'x');
        if (query.get('status') === 'shipped') return listOf([shipped], 1);
        return listOf([unpaid, pending], 2);
      },
    });
    const { router } = renderPage('/dashboard/manage-orders?paid=true&from=2025-03-01');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Orders: 40' }),
    ).toBeInTheDocument();
    expect(api.queries('GET', PATH)).toEqual(['?limit=25&paid=true&from=2025-03-01', '?limit=1']);
    expect(screen.getByLabelText('Payment')).toHaveValue('true');
    expect(screen.getByLabelText('Placed from')).toHaveValue('2025-03-01');
    expect(screen.getByLabelText('Placed until')).toHaveAttribute('min', '2025-03-01');
    expect(await screen.findByText('2 orders match the filters. Showing 1–2 of 2.')).toBeVisible();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(rowOf('Anvil PSU 850 W').getByText('Shipped')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('shipped');
    expect(api.queries('GET', PATH)).toContain(
      '?limit=25&status=shipped&paid=true&from=2025-03-01',
    );

    const until = screen.getByLabelText('Placed until');
    await user.type(until, '2025-03-31');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2025-03-31'),
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Total, highest first');
    expect(
      await screen.findByRole('table', {
        name: 'Orders that match the search and filters, total, highest first',
      }),
    ).toBeInTheDocument();
    expect(api.queries('GET', PATH).at(-1)).toBe(
      '?limit=25&status=shipped&paid=true&from=2025-03-01&to=2025-03-31&sort=total-desc',
    );
    // The heading still counts every order.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All Orders: 40');

    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
    expect(screen.getByLabelText('Placed until')).toHaveValue('2025-03-31');
  });

  it('finds an order by its number, and says when none matches, with Clear filters', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) => {
        const q = query.get('q');
        if (!q || query.get('limit') === '1') return listOf([unpaid, pending, shipped], 3);
        return q === 'PS-O-000002' ? listOf([pending], 1) : listOf([], 0);
      },
    });
    const { router } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'All Orders: 3' });
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search all orders' });
    await user.type(box, 'PS-O-000002{Enter}');
    expect(
      await screen.findByText('1 order matches “PS-O-000002”. Showing 1–1 of 1.'),
    ).toBeVisible();
    expect(router.state.location.search).toBe('?q=PS-O-000002');
    expect(api.queries('GET', PATH)).toContain('?limit=25&q=PS-O-000002');
    const found = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveTextContent('Forge DDR5 kit');
    // The heading still counts every order.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All Orders: 3');

    await user.clear(box);
    await user.type(box, 'nothing{Enter}');
    expect(
      await screen.findByText('No orders match “nothing”.', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.getByText('0 orders match “nothing”.')).toHaveAttribute('aria-live', 'polite');
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    expect(clear).toHaveLength(2);
    await user.click(clear[1]!);
    expect(router.state.location.search).toBe('');
    expect(await screen.findAllByRole('row')).toHaveLength(4);
    expect(box).toHaveValue('');
  });
});
