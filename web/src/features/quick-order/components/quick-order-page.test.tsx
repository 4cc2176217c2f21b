import type { Cart, QuickOrderAnswer } from '@partsmith/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { PART_ID } from '../../../test/fixtures.ts';
import {
  ADD_TO_CART,
  BOTH_GIVEN,
  FILE_LABEL,
  GO_TO_CART,
  LIST_LABEL,
  QUICK_ORDER_TITLE,
  QuickOrderPage,
} from './quick-order-page.tsx';

const FAN_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** Two parts added (the memory from two lines), one line left out. */
const ANSWER: QuickOrderAnswer = {
  added: [
    { line: 1, sku: 'PS-MEM-000012', partId: PART_ID, name: 'Forge DDR5 kit', quantity: 6 },
    { line: 2, sku: 'PS-FAN-000004', partId: FAN_ID, name: 'Whisper fan', quantity: 1 },
  ],
  problems: [{ line: 3, sku: 'NOPE-1', reason: 'We have no part with this number.' }],
};

const EMPTY_CART: Cart = { lines: [], count: 0, total: 0 };

/** The top bar's count as the cart feature keeps it: the cart query, under the cart's root key. */
function CartCount() {
  const cart = useQuery({
    queryKey: ['cart'],
    queryFn: async () => ((await (await fetch('/api/cart')).json()) as Cart).count,
  });
  return <p>Cart count: {cart.data ?? '…'}</p>;
}

function renderPage(routes: Routes) {
  const api = mockApi({ 'GET /api/cart': () => json(EMPTY_CART), ...routes });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/quick-order',
        element: (
          <>
            <CartCount />
            <QuickOrderPage />
          </>
        ),
      },
      { path: '/cart', element: <h1>Your cart</h1> },
    ],
    { initialEntries: ['/quick-order'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, client, router };
}

const status = () => document.querySelector('[aria-live="polite"]')!;

/** The texts a control's aria-describedby names. */
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

afterEach(() => vi.restoreAllMocks());

describe('QuickOrderPage: parts into the cart by part number', () => {
  it('sends the typed list, shows what was added and the lines left out, and refreshes the cart', async () => {
    let count = 0;
    const { api, router } = renderPage({
      'GET /api/cart': () => json({ ...EMPTY_CART, count }),
      'POST /api/cart/quick-order': () => {
        count = 7;
        return json(ANSWER);
      },
    });
    await waitFor(() => expect(document.title).toBe(QUICK_ORDER_TITLE));
    expect(screen.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeInTheDocument();
    await screen.findByText('Cart count: 0');

    const user = userEvent.setup();
    const list = screen.getByLabelText(LIST_LABEL);
    expect(list).toHaveAttribute('placeholder', 'PS-MEM-000012, 4');
    await user.type(list, 'ps-mem-000012, 4{Enter}PS-FAN-000004 1{Enter}NOPE-1, 3');
    await user.click(screen.getByRole('button', { name: ADD_TO_CART }));

    const heading = await screen.findByRole('heading', {
      level: 2,
      name: '2 parts added to your cart; 1 line not added.',
    });
    expect(heading).toHaveFocus();
    expect(status()).toHaveTextContent('2 parts added to your cart; 1 line not added.');
    expect(api.callsTo('POST', '/api/cart/quick-order').map((c) => c.body)).toEqual([
      { lines: 'ps-mem-000012, 4\nPS-FAN-000004 1\nNOPE-1, 3' },
    ]);

    const added = within(screen.getByRole('list'));
    expect(added.getAllByRole('listitem')).toHaveLength(2);
    expect(added.getAllByRole('listitem')[0]).toHaveTextContent(
      'PS-MEM-000012 Forge DDR5 kit6 units (line 1)',
    );
    const problems = within(screen.getByRole('table', { name: 'Not added' }));
    expect(problems.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Line',
      'Part number',
      'Reason',
    ]);
    expect(problems.getAllByRole('row')[1]).toHaveTextContent(
      '3NOPE-1We have no part with this number.',
    );

    // The cart was asked for again: the top bar's count follows.
    await screen.findByText('Cart count: 7');
    expect(api.callsTo('GET', '/api/cart')).toHaveLength(2);

    await user.click(screen.getByRole('link', { name: GO_TO_CART }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it('asks for a list before sending anything, and refuses a list and a file together', async () => {
    const { api } = renderPage({ 'POST /api/cart/quick-order': () => json(ANSWER) });
    const user = userEvent.setup();
    const list = screen.getByLabelText(LIST_LABEL);
    await user.type(list, '   ');
    await user.click(screen.getByRole('button', { name: ADD_TO_CART }));
    expect(list).toHaveFocus();
    expect(list).toHaveAttribute('aria-invalid', 'true');
    expect(description(list)).toContain('Enter at least one part number and quantity.');

    await user.type(list, 'PS-MEM-000012, 4');
    expect(list).not.toHaveAttribute('aria-invalid');
    const input = screen.getByLabelText(FILE_LABEL);
    await user.upload(input, new File(['sku,qty\n'], 'list.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: ADD_TO_CART }));
    expect(input).toHaveFocus();
    expect(description(input)).toContain(BOTH_GIVEN);
    expect(api.callsTo('POST', '/api/cart/quick-order')).toHaveLength(0);

    // Removing the file puts the focus back on its input, and the list can go.
    await user.click(screen.getByRole('button', { name: 'Remove the file' }));
    expect(input).toHaveFocus();
    await user.click(screen.getByRole('button', { name: ADD_TO_CART }));
    await screen.findByRole('heading', { level: 2, name: /2 parts added/ });
    expect(api.callsTo('POST', '/api/cart/quick-order')).toHaveLength(1);
  });

  it('sends a CSV file as text/csv, as it is', async () => {
    const requests: { body: string; type: string | null }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/cart') return json(EMPTY_CART);
      requests.push({
        body: String(init?.body),
        type: new Headers(init?.headers).get('content-type'),
      });
      return json({ added: [ANSWER.added[0]], problems: [] });
    });
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <QuickOrderPage /> }])} />
      </QueryClientProvider>,
    );
    const csv = 'sku;quantity\r\n"PS-MEM-000012";6\r\n';
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText(FILE_LABEL),
      new File([csv], 'order.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: ADD_TO_CART }));
    await screen.findByRole('heading', { level: 2, name: '1 part added to your cart.' });
    expect(requests).toEqual([{ body: csv, type: 'text/csv' }]);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the shop cannot be reached, when it is busy, and when a file is too large', async () => {
    let answer = (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'));
    renderPage({ 'POST /api/cart/quick-order': () => answer() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(LIST_LABEL), 'PS-MEM-000012, 4');
    await user.click(screen.getByRole('button', { name: ADD_TO_CART }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach the shop. Check your connection and try again.',
    );

    const busy =
      'You have changed your cart many times in a short time. Please try again in 9 minutes.';
    answer = () => Promise.resolve(apiError(429, busy, 'Too Many Requests'));
    await user.click(screen.getByRole('button', { name: ADD_TO_CART }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(busy));
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();

    // A file larger than the shop takes is refused before it is sent.
    await user.clear(screen.getByLabelText(LIST_LABEL));
    const input = screen.getByLabelText(FILE_LABEL);
    const huge = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(huge, 'size', { value: 200 * 1024 });
    await user.upload(input, huge);
    await user.click(screen.getByRole('button', { name: ADD_TO_CART }));
    expect(input).toHaveFocus();
    expect(description(input)).toContain('The file is too large: at most 100 kB.');
  });
});
