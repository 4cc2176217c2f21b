import { quantityMessage } from '@partsmith/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/mock-api.ts';
import { part, PART_ID } from '../../../test/fixtures.ts';
import { LOCAL_CART_KEY } from '../api/local-cart.ts';
import { REQUEST_A_QUOTE, SIGN_IN_TO_CHECK_OUT } from './cart-page.tsx';
import { PASTE_ID, renderPage, summary } from './cart-page.testing.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
  localStorage.clear();
});

describe('CartPage, for a visitor', () => {
  const bulk = {
    ...part,
    _id: PASTE_ID,
    name: 'Thermal paste',
    price: 7.5,
    minOrderQuantity: 1,
    availableQuantity: 500,
    priceBreaks: [{ minQuantity: 10, price: 6.5 }],
  };

  function keep(lines: { partId: string; quantity: number }[]) {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(lines));
  }

  it("prices this browser's lines from the catalogue and asks them to sign in to check out", async () => {
    keep([
      { partId: PART_ID, quantity: 6 },
      { partId: PASTE_ID, quantity: 12 },
    ]);
    const { api } = renderPage(
      {
        [`GET /api/part/${PART_ID}`]: () => json(part),
        [`GET /api/part/${PASTE_ID}`]: () => json(bulk),
      },
      null,
    );
    const paste = await screen.findByRole('heading', { name: 'Thermal paste' });
    expect(
      within(paste.closest('li')!).getByText('Volume price from 10 units:').nextElementSibling,
    ).toHaveTextContent('$6.50');
    expect(within(paste.closest('li')!).getByText('$78.00')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Ryzen 7 8-core CPU' });
    expect(summary().getByText('Total').nextElementSibling).toHaveTextContent('$1,815.00');
    expect(summary().getByText('Items').nextElementSibling).toHaveTextContent('18');

    expect(screen.getByRole('link', { name: SIGN_IN_TO_CHECK_OUT })).toHaveAttribute(
      'href',
      '/login?from=%2Fcart',
    );
    expect(screen.queryByRole('button', { name: 'Check out' })).toBeNull();
    expect(api.callsTo('GET', '/api/cart')).toHaveLength(0);
    // Through the sign-in (the page is for signed-in users), where this cart joins the account.
    expect(summary().getByRole('link', { name: REQUEST_A_QUOTE })).toHaveAttribute(
      'href',
      '/dashboard/quotes/new?from=cart',
    );
  });

  it("marks a line beyond the part's stock, and removes a line from this browser", async () => {
    keep([
      { partId: PART_ID, quantity: 60 },
      { partId: PASTE_ID, quantity: 2 },
    ]);
    renderPage(
      {
        [`GET /api/part/${PART_ID}`]: () => json(part),
        [`GET /api/part/${PASTE_ID}`]: () => json(bulk),
      },
      null,
    );
    const cpu = (await screen.findByRole('heading', { name: 'Ryzen 7 8-core CPU' })).closest('li');
    expect(cpu).toHaveAccessibleDescription(quantityMessage(5, 40));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove Thermal paste' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Thermal paste' })).toBeNull(),
    );
    expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY)!)).toEqual([
      { partId: PART_ID, quantity: 60 },
    ]);
  });

  it('says which part left the catalogue', async () => {
    keep([{ partId: PART_ID, quantity: 6 }]);
    renderPage(
      {
        [`GET /api/part/${PART_ID}`]: () =>
          json({ statusCode: 404, error: 'Not Found', message: 'Gone' }, 404),
      },
      null,
    );
    expect(
      await screen.findByText('This part is not in our catalogue any more.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Remove A part no longer in the catalogue' }),
    ).toBeInTheDocument();
  });

  it('says an empty cart is empty', async () => {
    renderPage({}, null);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: SIGN_IN_TO_CHECK_OUT })).toBeNull();
  });
});
