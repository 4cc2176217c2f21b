import type { SearchAnswer } from '@partsmith/contract';
import type { PriceList } from '@partsmith/contract/price-lists';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { CATEGORIES } from '../../../test/categories.ts';
import { part, PART_ID } from '../../../test/fixtures.ts';
import { apiError, json, mockApi } from '../../../test/mock-api.ts';
import { NO_PART_FOUND } from './part-finder.tsx';
import { CHECK_FIELDS } from './price-list-form.tsx';
import { NO_PRICE_LISTS, PriceListsPage } from './price-lists-page.tsx';

vi.mock('../../../lib/dialogs.ts', () => ({ confirmDialog: vi.fn(async () => true) }));

const LIST_ID = 'd0000000-0000-4000-8000-000000000001';

const found: SearchAnswer = {
  items: [
    {
      ...part,
      category: 'processors',
      categoryName: 'Processors',
      attributes: {},
      specification: [],
    },
  ],
  total: 1,
  nextCursor: null,
  facets: { categories: [], attributes: [] },
};

const workshop = (): PriceList => ({
  _id: LIST_ID,
  name: 'Workshops 2025',
  prices: [{ partId: PART_ID, price: 250, sku: part.sku, name: part.name, listPrice: part.price }],
  discounts: [{ category: 'memory', percent: 10, categoryName: 'Memory' }],
  validFrom: '2025-01-01',
  validUntil: '2025-12-31',
  companies: [{ _id: 'c0000000-0000-4000-8000-000000000001', name: 'Acme Workshop' }],
  updatedAt: '2025-03-02T10:00:00.000Z',
});

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [{ path: '/dashboard/price-lists', element: <PriceListsPage /> }],
    {
      initialEntries: ['/dashboard/price-lists'],
    },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.mocked(confirmDialog).mockReset().mockResolvedValue(true));
afterEach(() => vi.restoreAllMocks());

describe('PriceListsPage', () => {
  it('creates a list with a discount and a fixed price found by part number', async () => {
    const user = userEvent.setup();
    let lists: PriceList[] = [];
    const api = mockApi({
      'GET /api/admin/price-lists': () => json(lists),
      'GET /api/categories': () => json(CATEGORIES),
      'GET /api/parts/search': (call) =>
        json(call.search?.includes('nothing') ? { ...found, items: [], total: 0 } : found),
      'POST /api/admin/price-lists': () => {
        lists = [workshop()];
        return json(workshop(), 201);
      },
    });
    renderPage();
    expect(await screen.findByText(NO_PRICE_LISTS)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'New price list' }));
    expect(screen.getByRole('heading', { name: 'New price list' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.type(screen.getByLabelText('Name'), 'Workshops 2025');
    fireEvent.change(screen.getByLabelText('From (optional)'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('Until (optional)'), {
      target: { value: '2025-12-31' },
    });

    await user.click(screen.getByRole('button', { name: 'Add a discount' }));
    const category = screen.getByLabelText('Category 1');
    expect(category).toHaveFocus();
    await screen.findByRole('option', { name: 'Memory' });
    await user.selectOptions(category, 'memory');
    await user.type(screen.getByLabelText('Discount (%)'), '10');

    await user.click(screen.getByRole('button', { name: 'Add a fixed price' }));
    const finder = screen.getByLabelText('Part (part number or name)');
    expect(finder).toHaveFocus();
    // Nothing found: said so.
    await user.type(finder, 'nothing{Enter}');
    expect(await screen.findByText(NO_PART_FOUND)).toBeVisible();
    await user.clear(finder);
    await user.type(finder, 'PS-CPU-000001{Enter}');
    expect(api.callsTo('GET', '/api/parts/search').at(-1)!.search).toBe('?q=PS-CPU-000001&limit=8');
    await user.click(await screen.findByRole('button', { name: /Choose PS-CPU-000001/ }));
    expect(screen.getByRole('group', { name: 'Part' })).toHaveTextContent('Ryzen 7 8-core CPU');
    expect(screen.getByLabelText('Price ($)')).toHaveFocus();
    await user.type(screen.getByLabelText('Price ($)'), '250');

    await user.click(screen.getByRole('button', { name: 'Create the price list' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The price list “Workshops 2025” is saved.',
    );
    expect(api.callsTo('POST', '/api/admin/price-lists').map((call) => call.body)).toEqual([
      {
        name: 'Workshops 2025',
        validFrom: '2025-01-01',
        validUntil: '2025-12-31',
        discounts: [{ category: 'memory', percent: 10 }],
        prices: [{ partId: PART_ID, price: 250 }],
      },
    ]);
    // The form closed; the list shows with what it holds.
    expect(screen.queryByRole('heading', { name: 'New price list' })).toBeNull();
    const card = within(await screen.findByRole('article', { name: 'Workshops 2025' }));
    expect(card.getByText('Jan 1, 2025 to Dec 31, 2025')).toBeVisible();
    expect(card.getByText('1 fixed price · 1 category discount')).toBeVisible();
    expect(card.getByText('Acme Workshop')).toBeVisible();
  });

  it('says what is wrong with each field and sends nothing', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/admin/price-lists': () => json([]),
      'GET /api/categories': () => json(CATEGORIES),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New price list' }));
    fireEvent.change(screen.getByLabelText('From (optional)'), { target: { value: '2025-06-01' } });
    fireEvent.change(screen.getByLabelText('Until (optional)'), {
      target: { value: '2025-05-01' },
    });
    await user.click(screen.getByRole('button', { name: 'Add a discount' }));
    await user.type(screen.getByLabelText('Discount (%)'), '100');
    await user.click(screen.getByRole('button', { name: 'Add a fixed price' }));
    await user.type(screen.getByLabelText('Price ($)'), '0');
    await user.click(screen.getByRole('button', { name: 'Create the price list' }));

    expect(screen.getByRole('alert')).toHaveTextContent(CHECK_FIELDS);
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Give the price list a name');
    expect(screen.getByLabelText('Until (optional)')).toHaveAccessibleDescription(
      'The list cannot end before it starts',
    );
    expect(screen.getByLabelText('Category 1')).toHaveAccessibleDescription('Choose a category');
    expect(screen.getByLabelText('Discount (%)')).toHaveAccessibleDescription(
      'A discount is less than 100%',
    );
    expect(screen.getByLabelText('Part (part number or name)')).toHaveAccessibleDescription(
      'Find the part by its part number or name',
    );
    expect(screen.getByLabelText('Price ($)')).toHaveAccessibleDescription(
      'A price is at least $0.01',
    );
    expect(api.callsTo('POST', '/api/admin/price-lists')).toEqual([]);

    // Corrected, the message goes.
    await user.type(screen.getByLabelText('Name'), 'Schools');
    expect(screen.getByLabelText('Name')).not.toHaveAccessibleDescription();
  });

  it('edits a list with a PUT of the whole list, and shows the server refusing it', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/admin/price-lists': () => json([workshop()]),
      'GET /api/categories': () => json(CATEGORIES),
      [`PUT /api/admin/price-lists/${LIST_ID}`]: () =>
        apiError(409, 'A price list of that name exists already'),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Workshops 2025' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Workshops 2025');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Schools');
    await user.click(screen.getByRole('button', { name: 'Remove discount 1' }));
    await user.click(screen.getByRole('button', { name: 'Save the price list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A price list of that name exists already',
    );
    expect(api.callsTo('PUT', `/api/admin/price-lists/${LIST_ID}`).map((c) => c.body)).toEqual([
      {
        name: 'Schools',
        validFrom: '2025-01-01',
        validUntil: '2025-12-31',
        discounts: [],
        prices: [{ partId: PART_ID, price: 250 }],
      },
    ]);
  });

  it('deletes a list only once confirmed', async () => {
    const user = userEvent.setup();
    let lists = [workshop()];
    const api = mockApi({
      'GET /api/admin/price-lists': () => json(lists),
      [`DELETE /api/admin/price-lists/${LIST_ID}`]: () => {
        lists = [];
        return new Response(null, { status: 204 });
      },
    });
    renderPage();
    const button = await screen.findByRole('button', { name: 'Delete Workshops 2025' });
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(button);
    expect(confirmDialog).toHaveBeenCalledWith(
      'The price list “Workshops 2025” is deleted; the company buying on it goes back to the list prices.',
      'Yes, delete it',
    );
    expect(api.callsTo('DELETE', `/api/admin/price-lists/${LIST_ID}`)).toEqual([]);

    await user.click(button);
    expect(await screen.findByText(NO_PRICE_LISTS)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'The price list “Workshops 2025” is deleted.',
    );
    expect(api.callsTo('DELETE', `/api/admin/price-lists/${LIST_ID}`)).toHaveLength(1);
  });
});
