import type { AdminPartRow } from '@partsmith/contract/admin-lists';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { CATEGORIES } from '../../../test/categories.ts';
import { apiError, json } from '../../../test/mock-api.ts';
import { DELETE_ITEM_TEXT, DELETED } from './admin-messages.ts';
import { listOf, mockAdminApi, renderAdminPage } from './admin-test-utils.tsx';
import { ManagePartsPage } from './manage-parts-page.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
}));

function part(n: number, overrides: Partial<AdminPartRow> = {}): AdminPartRow {
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

const first = [part(1), part(2, { availableQuantity: 0, listed: false })];
const second = [part(3, { availableQuantity: 6, category: null, categoryName: null })];
const PATH = '/api/admin/parts';

function renderPage(url = '/dashboard/manage-products') {
  return renderAdminPage(<ManagePartsPage />, url);
}

const rowOf = (name: string) =>
  within(
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .find((row) => row.textContent?.includes(name))!,
  );
const dataRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(showErrorDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('ManagePartsPage', () => {
  it('shows the whole count and a page of parts, and turns pages by cursor in the address', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('cursor') === 'c2' ? listOf(second, 26) : listOf(first, 26, 'c2'),
    });
    const { router } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the parts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage All Parts : 26' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Manage Products | Partsmith');
    expect(api.queries('GET', PATH)).toEqual(['?limit=25']);

    expect(screen.getByRole('table', { name: 'All parts, newest first' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Select',
      'Image',
      'Name',
      'Part no.',
      'Category',
      'Price',
      'Stock',
      'Listed',
      'Actions',
    ]);
    const one = rowOf('Forge DDR5 kit 1');
    expect(one.getByText('FRG-D5-1')).toBeInTheDocument();
    expect(one.getByText('Memory')).toBeInTheDocument();
    expect(one.getByText('$119.99')).toBeInTheDocument();
    expect(one.getByText('40')).toBeInTheDocument();
    expect(one.getByText('Listed', { selector: '.badge' })).toBeInTheDocument();
    expect(one.getByRole('presentation')).toHaveAttribute('src', expect.stringContaining('ram-1'));
    expect(one.getByRole('button', { name: 'Delete Tools: Forge DDR5 kit 1' })).toBeInTheDocument();
    expect(one.getByRole('button', { name: 'Edit part: Forge DDR5 kit 1' })).toBeInTheDocument();
    expect(one.getByRole('checkbox', { name: 'Select Forge DDR5 kit 1' })).not.toBeChecked();
    const two = rowOf('Forge DDR5 kit 2');
    expect(two.getByText('Out of stock')).toBeInTheDocument();
    expect(two.getByText('Unlisted', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 26 parts.')).toBeInTheDocument();

    const user = userEvent.setup();
    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?cursor=c2');
    expect(await screen.findByText('Forge DDR5 kit 3')).toBeInTheDocument();
    expect(api.queries('GET', PATH)).toEqual(['?limit=25', '?limit=25&cursor=c2']);
    expect(dataRows()).toHaveLength(1);
    // Low: 6 is under twice the minimum order of 5; a part without a category says so.
    const three = rowOf('Forge DDR5 kit 3');
    expect(three.getByText('Low stock')).toBeInTheDocument();
    expect(three.getByText('No category')).toBeInTheDocument();
    // The focus goes to what the page shows, at the top of the new page.
    const summary = screen.getByText('Page 2: Showing 26–26 of 26 parts.');
    expect(summary).toHaveFocus();
    // The heading still counts every part.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manage All Parts : 26');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Forge DDR5 kit 1')).toBeInTheDocument();
    // Back returns to page 2, which still knows its place.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?cursor=c2');
    expect(await screen.findByText('Page 2: Showing 26–26 of 26 parts.')).toBeInTheDocument();
  });

  it('opens at a shared page of the list, with the way to the first page', async () => {
    mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('cursor') === 'c2' ? listOf(second, 26) : listOf(first, 26, 'c2'),
    });
    const { router } = renderPage('/dashboard/manage-products?cursor=c2');
    expect(await screen.findByText('Forge DDR5 kit 3')).toBeInTheDocument();
    // Its place in the list is not known: no page number, no Previous.
    expect(screen.getByText('Showing 1 of 26 parts.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'First page' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Forge DDR5 kit 1')).toBeInTheDocument();
  });

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

  it('says when the shop has no parts at all', async () => {
    mockAdminApi({ [`GET ${PATH}`]: () => listOf([], 0) });
    renderPage();
    expect(await screen.findByText('The catalogue is empty.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manage All Parts : 0');
  });

  it('deletes a part after the confirmation, toasts, refetches and invalidates allParts', async () => {
    let parts = first;
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf(parts),
      [`DELETE /api/tools/${first[0]!._id}`]: () => {
        parts = [first[1]!];
        return json({ acknowledged: true, deletedCount: 1 });
      },
    });
    const { client } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Tools: Forge DDR5 kit 1' }));

    expect(confirmDialog).toHaveBeenCalledWith(DELETE_ITEM_TEXT);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(DELETED, { description: 'Forge DDR5 kit 1' }),
    );
    expect(api.callsTo('DELETE', `/api/tools/${first[0]!._id}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Manage All Parts : 1' })).toHaveFocus();
    await waitFor(() => expect(api.callsTo('GET', PATH)).toHaveLength(2));
    expect(screen.queryByText('Forge DDR5 kit 1')).toBeNull();
    expect(client.getQueryState(['allParts', { q: '' }])?.isInvalidated).toBe(true);
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    const api = mockAdminApi({ [`GET ${PATH}`]: () => listOf(first) });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete Tools: Forge DDR5 kit 1' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(api.callsTo('DELETE', `/api/tools/${first[0]!._id}`)).toHaveLength(0);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows the server's message when the delete fails", async () => {
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf(first),
      [`DELETE /api/tools/${first[0]!._id}`]: () => apiError(404, 'That part is already gone.'),
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete Tools: Forge DDR5 kit 1' }));
    await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith('That part is already gone.'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("opens the part's editor in a row under it, and closes it back to its button", async () => {
    // The editor (edit-part-form.tsx, tested on its own) reads the part first: unanswered here,
    // it offers Cancel.
    mockAdminApi({ [`GET ${PATH}`]: () => listOf(first) });
    renderPage();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Edit part: Forge DDR5 kit 1' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const editor = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    // In the table, in its own row right under the part's.
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    const partRow = rows.findIndex((row) => row.contains(toggle));
    expect(rows[partRow + 1]).toContainElement(editor);
    expect(rows[partRow + 1]!.querySelector('td')).toHaveAttribute('colspan', '9');

    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    expect(editor).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(dataRows()).toHaveLength(2);
  });

  it('offers a retry when the parts cannot be loaded', async () => {
    let fail = true;
    mockAdminApi({ [`GET ${PATH}`]: () => (fail ? apiError(500, 'boom') : listOf(first)) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the parts.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'Manage All Parts : 2' }),
    ).toBeInTheDocument();
  });

  it('offers the first page when the server refuses the cursor in the address', async () => {
    mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('cursor') ? apiError(400, 'Not a valid cursor') : listOf(first),
    });
    const { router } = renderPage('/dashboard/manage-products?cursor=stale&stock=in');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not a valid cursor');
    await userEvent.setup().click(screen.getByRole('button', { name: 'First page' }));
    expect(router.state.location.search).toBe('?stock=in');
    expect(await screen.findByText('Forge DDR5 kit 1')).toBeInTheDocument();
  });

  describe('bulk actions', () => {
    const percentBox = () => screen.getByRole('spinbutton', { name: 'Change (%), e.g. 10 or -5' });

    it('changes the price of the selected parts by a percentage, after a confirmation', async () => {
      let price = 119.99;
      const api = mockAdminApi({
        [`GET ${PATH}`]: () => listOf(first.map((p) => ({ ...p, price }))),
        [`POST ${PATH}/bulk`]: () => {
          price = 132;
          return json({ updated: 2 });
        },
      });
      const { client } = renderPage();
      const user = userEvent.setup();
      const all = await screen.findByRole('checkbox', { name: 'Select all 2 parts on this page' });
      await user.click(rowOf('Forge DDR5 kit 2').getByRole('checkbox'));
      expect(screen.getByText('1 selected')).toBeInTheDocument();
      expect(all).not.toBeChecked();
      expect((all as HTMLInputElement).indeterminate).toBe(true);
      await user.click(all);
      expect(screen.getByText('2 selected')).toBeInTheDocument();
      expect(rowOf('Forge DDR5 kit 1').getByRole('checkbox')).toBeChecked();

      await user.type(percentBox(), '10');
      await user.click(screen.getByRole('button', { name: 'Apply to 2 parts' }));
      expect(confirmDialog).toHaveBeenCalledWith(
        'Change the price of 2 parts by +10%, their volume prices too (rounded to cents).',
        'Yes, change 2 parts',
      );
      expect(await screen.findByText('Changed the price of 2 parts by +10%.')).toHaveAttribute(
        'aria-live',
        'polite',
      );
      expect(api.callsTo('POST', `${PATH}/bulk`).map((call) => call.body)).toEqual([
        { ids: first.map((p) => p._id), action: { kind: 'price-percent', percent: 10 } },
      ]);
      // The table shows the new prices; the selection is gone; the home page reloads too.
      expect(await rowOf('Forge DDR5 kit 1').findByText('$132.00')).toBeInTheDocument();
      expect(screen.getByText('None selected')).toBeInTheDocument();
      expect(all).not.toBeChecked();
      expect(client.getQueryState(['allParts', { q: '' }])?.isInvalidated).toBe(true);
    });

    it('unlists the selected parts, and sets their stock', async () => {
      const api = mockAdminApi({
        [`GET ${PATH}`]: () => listOf(first),
        [`POST ${PATH}/bulk`]: () => json({ updated: 1 }),
      });
      renderPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('checkbox', { name: 'Select Forge DDR5 kit 1' }));
      await user.selectOptions(screen.getByLabelText('Action'), 'Unlist from the shop');
      expect(screen.queryByRole('spinbutton')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Apply to 1 part' }));
      expect(await screen.findByText('Unlisted 1 part.')).toBeInTheDocument();

      await user.click(screen.getByRole('checkbox', { name: 'Select Forge DDR5 kit 1' }));
      await user.selectOptions(screen.getByLabelText('Action'), 'Set the stock');
      await user.type(screen.getByRole('spinbutton', { name: 'New stock' }), '0');
      await user.click(screen.getByRole('button', { name: 'Apply to 1 part' }));
      expect(await screen.findByText('Set the stock of 1 part to 0.')).toBeInTheDocument();
      expect(api.callsTo('POST', `${PATH}/bulk`).map((call) => call.body)).toEqual([
        { ids: [first[0]!._id], action: { kind: 'unlist' } },
        { ids: [first[0]!._id], action: { kind: 'set-stock', quantity: 0 } },
      ]);
    });

    it('checks the selection and the amount first, and sends nothing when cancelled', async () => {
      const api = mockAdminApi({ [`GET ${PATH}`]: () => listOf(first) });
      renderPage();
      const user = userEvent.setup();
      const apply = await screen.findByRole('button', { name: 'Apply to the selected parts' });
      await user.click(apply);
      expect(screen.getByRole('alert')).toHaveTextContent('Select the parts to change first.');

      await user.click(screen.getByRole('checkbox', { name: 'Select Forge DDR5 kit 2' }));
      await user.click(screen.getByRole('button', { name: 'Apply to 1 part' }));
      expect(percentBox()).toHaveAccessibleDescription('Give the change as a percentage');
      expect(percentBox()).toHaveFocus();
      await user.type(percentBox(), '-95');
      await user.click(screen.getByRole('button', { name: 'Apply to 1 part' }));
      expect(percentBox()).toHaveAccessibleDescription('A price can go down by 90% at most');
      expect(confirmDialog).not.toHaveBeenCalled();

      vi.mocked(confirmDialog).mockResolvedValueOnce(false);
      await user.clear(percentBox());
      await user.type(percentBox(), '-5');
      await user.click(screen.getByRole('button', { name: 'Apply to 1 part' }));
      await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
      expect(api.callsTo('POST', `${PATH}/bulk`)).toHaveLength(0);
      expect(screen.getByText('1 selected')).toBeInTheDocument();
    });

    it('says why nothing was changed when the server refuses, and keeps the selection', async () => {
      mockAdminApi({
        [`GET ${PATH}`]: () => listOf(first),
        [`POST ${PATH}/bulk`]: () => apiError(404, 'A selected part is gone: nothing was changed.'),
      });
      renderPage();
      const user = userEvent.setup();
      await user.click(
        await screen.findByRole('checkbox', { name: 'Select all 2 parts on this page' }),
      );
      await user.selectOptions(screen.getByLabelText('Action'), 'List in the shop');
      await user.click(screen.getByRole('button', { name: 'Apply to 2 parts' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Nothing was changed: A selected part is gone: nothing was changed.',
      );
      expect(screen.getByText('2 selected')).toBeInTheDocument();
    });

    it('selects on one page only: another page starts with none', async () => {
      mockAdminApi({
        [`GET ${PATH}`]: ({ query }) =>
          query.get('cursor') === 'c2' ? listOf(second, 3) : listOf(first, 3, 'c2'),
      });
      renderPage();
      const user = userEvent.setup();
      await user.click(
        await screen.findByRole('checkbox', { name: 'Select all 2 parts on this page' }),
      );
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(
        await screen.findByRole('checkbox', { name: 'Select all 1 part on this page' }),
      ).not.toBeChecked();
      expect(screen.getByText('None selected')).toBeInTheDocument();
    });
  });
});
