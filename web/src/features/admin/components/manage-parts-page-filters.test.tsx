import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '../../../test/categories.ts';
import { json } from '../../../test/mock-api.ts';
import { listOf, mockAdminApi } from './admin-test-utils.tsx';
import { dataRows, first, PATH, renderPage } from './manage-parts-page.fixtures.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ManagePartsPage', () => {
  it('asks the server for the search, filters and sort in the address, and changes them there', async () => {
    const api = mockAdminApi({
      'GET /api/categories': () => json(CATEGORIES),
      [`GET ${PATH}`]: ({ query }) => {
        if (query.get('limit') === '1') return listOf([first[0]], 500, 'x');
        return query.get('listed') === 'false' ? listOf([first[1]], 1) : listOf(first, 2);
      },
    });
    const { router } = renderPage(
      '/dashboard/manage-products?q=ddr5&category=memory&stock=out&sort=price-asc',
    );
    // The heading counts every part (asked for on its own), the summary what the filters find.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage All Parts : 500' }),
    ).toBeInTheDocument();
    expect(api.queries('GET', PATH)).toEqual([
      '?limit=25&q=ddr5&category=memory&stock=out&sort=price-asc',
      '?limit=1',
    ]);
    expect(await screen.findByText('2 parts match “ddr5”. Showing 1–2 of 2.')).toBeInTheDocument();
    expect(
      screen.getByRole('table', {
        name: 'Parts that match the search and filters, price, lowest first',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the parts' })).toHaveValue('ddr5');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('memory'));
    expect(screen.getByLabelText('Stock')).toHaveValue('out');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-asc');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Listed'), 'Unlisted');
    expect(new URLSearchParams(router.state.location.search).get('listed')).toBe('false');
    expect(await screen.findByText('1 part matches “ddr5”. Showing 1–1 of 1.')).toBeInTheDocument();
    expect(dataRows()).toHaveLength(1);
    expect(api.queries('GET', PATH)).toContain(
      '?limit=25&q=ddr5&category=memory&stock=out&listed=false&sort=price-asc',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?sort=price-asc');
    expect(screen.getByRole('searchbox', { name: 'Search the parts' })).toHaveValue('');
    expect(screen.getByLabelText('Stock')).toHaveValue('');
    await waitFor(() => expect(api.queries('GET', PATH).at(-1)).toBe('?limit=25&sort=price-asc'));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    // Back restores the filters (and the boxes show them).
    await act(() => router.navigate(-1));
    expect(screen.getByRole('searchbox', { name: 'Search the parts' })).toHaveValue('ddr5');
    expect(screen.getByLabelText('Listed')).toHaveValue('false');
  });

  it('searches once typing pauses, one history entry per search, from the first page', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('q') ? listOf([first[0]], 1) : listOf(first, 26, 'c2'),
    });
    const { router } = renderPage('/dashboard/manage-products?sort=name');
    await screen.findByText('Forge DDR5 kit 2');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&cursor=c2'));
    const before = router.state.location.key;

    await user.type(screen.getByRole('searchbox', { name: 'Search the parts' }), 'kit 1');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&q=kit+1'));
    expect(await screen.findByText('1 part matches “kit 1”. Showing 1–1 of 1.')).toBeVisible();
    expect(api.queries('GET', PATH)).toContain('?limit=25&q=kit+1&sort=name');
    // Typing did not ask for each letter.
    expect(api.queries('GET', PATH).filter((q) => q.includes('q='))).toHaveLength(1);
    await act(() => router.navigate(-1));
    expect(router.state.location.key).toBe(before);
    expect(screen.getByRole('searchbox', { name: 'Search the parts' })).toHaveValue('');
  });

  it('leaves out what the server would refuse in the address', async () => {
    const api = mockAdminApi({ [`GET ${PATH}`]: () => listOf(first, 2) });
    renderPage('/dashboard/manage-products?sort=cheapest&stock=plenty&listed=maybe&q=ram');
    await screen.findByText('Forge DDR5 kit 1');
    expect(api.queries('GET', PATH)[0]).toBe('?limit=25&q=ram');
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
  });

  it('says when nothing matches, and clears the filters', async () => {
    mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('limit') === '1'
          ? listOf([], 2)
          : query.get('q')
            ? listOf([], 0)
            : listOf(first, 2),
    });
    const { router } = renderPage('/dashboard/manage-products?q=zzz&listed=true');
    expect(
      await screen.findByText('No parts match “zzz” with these filters.', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.getByText('0 parts match “zzz”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manage All Parts : 2');
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.setup().click(clear.at(-1)!);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Forge DDR5 kit 1')).toBeInTheDocument();
  });
});
