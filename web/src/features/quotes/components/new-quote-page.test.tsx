import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PART_ID, part } from '../../../test/fixtures.ts';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
import {
  NEW_QUOTE_TITLE,
  NewQuotePage,
  QUOTE_REQUESTED,
  type DraftLine,
} from './new-quote-page.tsx';
import { PSU_ID, quote } from './quote-fixtures.ts';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const cartLines: DraftLine[] = [
  { partId: PART_ID, name: 'Ryzen 7 8-core CPU', min: 5, quantity: 12 },
  { partId: PSU_ID, name: 'Anvil PSU 850 W', min: 2, quantity: 3 },
];

function renderPage(url: string, routes: Routes, loadCart = vi.fn(async () => cartLines)) {
  const api = mockApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/quotes/new', element: <NewQuotePage loadCart={loadCart} /> },
      { path: '/dashboard/quotes', element: <p>My Quotes page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, loadCart, router };
}

const lines = () =>
  within(screen.getByRole('region', { name: 'Parts and quantities' })).queryAllByRole('listitem');

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
});

describe('NewQuotePage', () => {
  it('starts with the part and quantity of ?part=&quantity=, and posts the request', async () => {
    const { api } = renderPage(`/dashboard/quotes/new?part=${PART_ID}&quantity=40`, {
      [`GET /api/part/${PART_ID}`]: () => json(part),
      'POST /api/quotes': () => json(quote()),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the parts of your request');
    const quantity = await screen.findByLabelText('Quantity of Ryzen 7 8-core CPU');
    await waitFor(() => expect(document.title).toBe(NEW_QUOTE_TITLE));
    expect(quantity).toHaveValue(40);
    expect(quantity).toHaveAttribute('min', '5');
    expect(quantity).toHaveAccessibleDescription('At least 5 units.');
    expect(lines()).toHaveLength(1);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Message/), 'Delivery before June, please.');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByText('My Quotes page')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/quotes').map((call) => call.body)).toEqual([
      { lines: [{ partId: PART_ID, quantity: 40 }], message: 'Delivery before June, please.' },
    ]);
    expect(toast.success).toHaveBeenCalledWith(QUOTE_REQUESTED, {
      description: expect.stringContaining('Q-000001'),
    });
  });

  it("starts at the part's minimum when ?quantity= is missing or below it", async () => {
    renderPage(`/dashboard/quotes/new?part=${PART_ID}&quantity=2`, {
      [`GET /api/part/${PART_ID}`]: () => json(part),
    });
    expect(await screen.findByLabelText('Quantity of Ryzen 7 8-core CPU')).toHaveValue(5);
  });

  it('starts with the cart of ?from=cart, each line at its quantity, and posts them all', async () => {
    const { api, loadCart } = renderPage('/dashboard/quotes/new?from=cart', {
      'POST /api/quotes': () => json(quote()),
    });
    expect(await screen.findByLabelText('Quantity of Ryzen 7 8-core CPU')).toHaveValue(12);
    expect(screen.getByLabelText('Quantity of Anvil PSU 850 W')).toHaveValue(3);
    expect(loadCart).toHaveBeenCalledTimes(1);

    const user = userEvent.setup();
    const box = screen.getByLabelText('Quantity of Anvil PSU 850 W');
    await user.clear(box);
    await user.type(box, '20');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByText('My Quotes page')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/quotes')[0]?.body).toEqual({
      lines: [
        { partId: PART_ID, quantity: 12 },
        { partId: PSU_ID, quantity: 20 },
      ],
      message: '',
    });
    // The cart is read once: sending the request does not ask for it again.
    expect(loadCart).toHaveBeenCalledTimes(1);
  });

  it("refuses a quantity below a part's minimum order, and sends nothing", async () => {
    const { api } = renderPage('/dashboard/quotes/new?from=cart', {});
    const box = await screen.findByLabelText('Quantity of Ryzen 7 8-core CPU');
    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, '3');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(
        'Ask for at least 5 units: the minimum order of this part. At least 5 units.',
      ),
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();

    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription('Quantity is Required At least 5 units.'),
    );
    expect(api.callsTo('POST', '/api/quotes')).toHaveLength(0);
  });

  it('removes a line, says so, and explains how to add parts once none is left', async () => {
    const { api } = renderPage('/dashboard/quotes/new?from=cart', {});
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Ryzen 7 8-core CPU' }));
    expect(lines()).toHaveLength(1);
    expect(
      screen.getByText('Ryzen 7 8-core CPU was removed from the request.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Parts and quantities' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove Anvil PSU 850 W' }));
    expect(screen.getByText('There are no parts in this request.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');

    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Ask about at least one part')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/quotes')).toHaveLength(0);
  });

  it('explains how to add parts when the page is opened without any', async () => {
    renderPage('/dashboard/quotes/new', {});
    expect(await screen.findByText('There are no parts in this request.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Message/)).toHaveAttribute('maxlength', '2000');
  });

  it("shows the server's refusal (422 for a line, 429 past the limit)", async () => {
    let answer = apiError(422, 'Ryzen 7 8-core CPU: the minimum order is 5 units.');
    renderPage(`/dashboard/quotes/new?part=${PART_ID}&quantity=5`, {
      [`GET /api/part/${PART_ID}`]: () => json(part),
      'POST /api/quotes': () => answer,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send the request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ryzen 7 8-core CPU: the minimum order is 5 units.',
    );
    answer = apiError(429, 'You asked for many quotes today: please wait until tomorrow.');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('please wait until tomorrow'),
    );
    expect(screen.queryByText('My Quotes page')).toBeNull();
  });

  it('says when the part of ?part= is gone', async () => {
    renderPage(`/dashboard/quotes/new?part=${PART_ID}`, {
      [`GET /api/part/${PART_ID}`]: () => apiError(404, 'Not found'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The part you came from is not in our catalogue any more.',
    );
    expect(screen.getByText('There are no parts in this request.')).toBeInTheDocument();
  });

  it('offers a retry when the cart cannot be read', async () => {
    const loadCart = vi
      .fn<() => Promise<DraftLine[]>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(cartLines);
    renderPage('/dashboard/quotes/new?from=cart', {}, loadCart);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your cart.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Quantity of Anvil PSU 850 W')).toHaveValue(3);
  });
});
