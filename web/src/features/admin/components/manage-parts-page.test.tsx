import type { Part } from '@partsmith/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { apiError, json } from '../../../test/mock-api.ts';
import { DELETE_ITEM_TEXT, DELETED, SAVED } from './admin-messages.ts';
import { mockAdminApi, pageOf, renderAdminPage } from './admin-test-utils.tsx';
import { ManagePartsPage } from './manage-parts-page.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
}));

function part(n: number, overrides: Partial<Part> = {}): Part {
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
    ...overrides,
  };
}

const first = [part(1), part(2, { availableQuantity: 0 })];
const second = [part(3)];

function renderPage() {
  return renderAdminPage(<ManagePartsPage />, '/dashboard/manage-products');
}

const card = (name: string) => screen.getByRole('article', { name });

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(showErrorDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('ManagePartsPage', () => {
  it('shows the total from X-Total-Count and the cards, then loads the next page by cursor', async () => {
    const api = mockAdminApi({
      'GET /api/allParts': ({ query }) =>
        query.get('cursor') === '2' ? pageOf(second, 10_000) : pageOf(first, 10_000, '2'),
    });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the parts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage All Parts : 10000' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Manage Products | Partsmith');
    expect(api.queries('GET', '/api/allParts')).toEqual(['?limit=24']);

    const one = within(card('Forge DDR5 kit 1'));
    expect(one.getByText('$119.99')).toBeInTheDocument();
    expect(one.getByText('40')).toBeInTheDocument();
    expect(one.getByRole('presentation')).toHaveAttribute('src', '/images/parts/ram-1-320.webp');
    expect(one.getByRole('button', { name: 'Delete Tools: Forge DDR5 kit 1' })).toBeInTheDocument();
    expect(within(card('Forge DDR5 kit 2')).getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 10000 parts')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more parts' }));
    expect(await screen.findByRole('article', { name: 'Forge DDR5 kit 3' })).toBeInTheDocument();
    expect(api.queries('GET', '/api/allParts')).toEqual(['?limit=24', '?limit=24&cursor=2']);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    // The last page: no more button, and focus lands on the count instead of the page top.
    expect(screen.queryByRole('button', { name: 'Load more parts' })).toBeNull();
    expect(screen.getByText('Showing 3 of 10000 parts')).toHaveFocus();
  });

  it('deletes a part after the confirmation, toasts, refetches and invalidates allParts', async () => {
    let parts = first;
    const api = mockAdminApi({
      'GET /api/allParts': () => pageOf(parts, parts.length),
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
    await waitFor(() => expect(api.callsTo('GET', '/api/allParts')).toHaveLength(2));
    expect(screen.queryByRole('article', { name: 'Forge DDR5 kit 1' })).toBeNull();
    expect(client.getQueryState(['allParts', { q: '' }])?.isInvalidated).toBe(true);
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    const api = mockAdminApi({ 'GET /api/allParts': () => pageOf(first, 2) });
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
      'GET /api/allParts': () => pageOf(first, 2),
      [`DELETE /api/tools/${first[0]!._id}`]: () => apiError(404, 'That part is already gone.'),
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete Tools: Forge DDR5 kit 1' }));
    await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith('That part is already gone.'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('edits the stock inline: PATCHes only what changed and toasts Saved', async () => {
    const api = mockAdminApi({
      'GET /api/allParts': () => pageOf(first, 2),
      [`PATCH /api/tools/${first[0]!._id}`]: () => json({ acknowledged: true, modifiedCount: 1 }),
    });
    const { client } = renderPage();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', {
      name: 'Edit part: Forge DDR5 kit 1',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const form = within(screen.getByRole('form', { name: 'Edit Forge DDR5 kit 1' }));
    const stock = form.getByLabelText('Stock');
    expect(stock).toHaveFocus();
    expect(form.getByLabelText('Price ($)')).toHaveValue(119.99);
    await user.clear(stock);
    await user.type(stock, '75');
    await user.click(form.getByRole('button', { name: 'Save: Forge DDR5 kit 1' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(SAVED, { description: 'Forge DDR5 kit 1' }),
    );
    expect(api.callsTo('PATCH', `/api/tools/${first[0]!._id}`)).toEqual([
      { method: 'PATCH', path: `/api/tools/${first[0]!._id}`, body: { availableQuantity: 75 } },
    ]);
    expect(screen.queryByRole('form')).toBeNull();
    expect(toggle).toHaveFocus();
    expect(within(card('Forge DDR5 kit 1')).getByText('75')).toBeInTheDocument();
    expect(client.getQueryState(['allParts', { q: '' }])?.isInvalidated).toBe(true);
  });

  it('shows field errors and server errors inside the form', async () => {
    const api = mockAdminApi({
      'GET /api/allParts': () => pageOf(first, 2),
      [`PATCH /api/tools/${first[0]!._id}`]: () =>
        apiError(403, 'Only administrators can change parts.'),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit part: Forge DDR5 kit 1' }));
    const form = within(screen.getByRole('form'));
    const save = form.getByRole('button', { name: /^Save/ });

    await user.click(save);
    expect(form.getByRole('alert')).toHaveTextContent('Change the stock or the price');

    await user.clear(form.getByLabelText('Stock'));
    await user.click(save);
    expect(await form.findByText('Stock is Required')).toBeInTheDocument();
    expect(form.getByLabelText('Stock')).toHaveAttribute('aria-invalid', 'true');

    await user.type(form.getByLabelText('Stock'), '3');
    await user.clear(form.getByLabelText('Price ($)'));
    await user.type(form.getByLabelText('Price ($)'), '99.5');
    await user.click(save);
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Only administrators can change parts.',
    );
    expect(api.callsTo('PATCH', `/api/tools/${first[0]!._id}`)[0]?.body).toEqual({
      availableQuantity: 3,
      price: 99.5,
    });
    expect(toast.success).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('edits the volume prices inline, checked against the price and minimum, and sends only them', async () => {
    const bulk = part(4, {
      price: 10,
      minOrderQuantity: 5,
      priceBreaks: [{ minQuantity: 20, price: 9 }],
    });
    const api = mockAdminApi({
      'GET /api/allParts': () => pageOf([bulk], 1),
      [`PATCH /api/tools/${bulk._id}`]: () => json({ acknowledged: true, modifiedCount: 1 }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit part: Forge DDR5 kit 4' }));
    const form = within(screen.getByRole('form'));
    const group = within(form.getByRole('group', { name: 'Volume prices' }));
    expect(group.getByLabelText('From quantity (break 1)')).toHaveValue('20');
    expect(group.getByLabelText('Unit price ($) (break 1)')).toHaveValue('9');
    const save = form.getByRole('button', { name: /^Save/ });

    // A base price at or under the break would make it no discount.
    await user.clear(form.getByLabelText('Price ($)'));
    await user.type(form.getByLabelText('Price ($)'), '9');
    await user.click(save);
    await waitFor(() =>
      expect(group.getByLabelText('Unit price ($) (break 1)')).toHaveAccessibleDescription(
        'Break 1: its unit price must be lower than the base price ($9.00)',
      ),
    );
    await user.clear(form.getByLabelText('Price ($)'));
    await user.type(form.getByLabelText('Price ($)'), '10');

    await user.clear(group.getByLabelText('From quantity (break 1)'));
    await user.type(group.getByLabelText('From quantity (break 1)'), '5');
    await user.click(save);
    await waitFor(() =>
      expect(group.getByLabelText('From quantity (break 1)')).toHaveAccessibleDescription(
        'Break 1: its quantity must be higher than the minimum order quantity (5)',
      ),
    );
    await user.clear(group.getByLabelText('From quantity (break 1)'));
    await user.type(group.getByLabelText('From quantity (break 1)'), '25');
    await user.click(group.getByRole('button', { name: 'Add a volume price' }));
    await waitFor(() => expect(group.getByLabelText('From quantity (break 2)')).toHaveFocus());
    await user.type(group.getByLabelText('From quantity (break 2)'), '100');
    await user.type(group.getByLabelText('Unit price ($) (break 2)'), '8.5');
    expect(api.callsTo('PATCH', `/api/tools/${bulk._id}`)).toHaveLength(0);

    await user.click(save);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(SAVED, { description: 'Forge DDR5 kit 4' }),
    );
    expect(api.callsTo('PATCH', `/api/tools/${bulk._id}`).map((call) => call.body)).toEqual([
      {
        priceBreaks: [
          { minQuantity: 25, price: 9 },
          { minQuantity: 100, price: 8.5 },
        ],
      },
    ]);
  });

  it('offers a retry when the parts cannot be loaded', async () => {
    let fail = true;
    mockAdminApi({
      'GET /api/allParts': () => (fail ? apiError(500, 'boom') : pageOf(first, 2)),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the parts.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'Manage All Parts : 2' }),
    ).toBeInTheDocument();
  });
});
