import { EMAIL_NOT_CONFIRMED_MESSAGE, quantityMessage } from '@partsmith/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showErrorDialog } from '../../../lib/dialogs.ts';
import { apiError, json, type mockApi } from '../../../test/mock-api.ts';
import { PURCHASE_SUCCESS, PURCHASE_SUCCESS_DETAIL, REQUEST_A_QUOTE } from './purchase-form.tsx';
import { ADDRESS, fillForm, PHONE, renderPage } from './purchase-page.testing.tsx';
import { jane, ORDER_ID, part, PART_ID } from '../../../test/fixtures.ts';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
}));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Idempotency-Key header of each POST /api/purchase, in order. */
function purchaseKeys(api: ReturnType<typeof mockApi>) {
  return api.spy.mock.calls
    .filter(([url, init]) => String(url) === '/api/purchase' && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(showErrorDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('PurchasePage', () => {
  it('shows the part and the signed-in user', async () => {
    renderPage({});
    expect(screen.getByRole('status')).toHaveTextContent('Loading the part');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ryzen 7 8-core CPU' }),
    ).toBeInTheDocument();
    const picture = screen.getByRole('img', { name: 'Ryzen 7 8-core CPU' });
    expect(picture).toHaveAttribute('src', '/images/parts/cpu-8core-640.webp');
    expect(picture.getAttribute('srcset')).toContain('/images/parts/cpu-8core-320.webp 320w');
    expect(picture).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByText('Minimum order:')).toHaveTextContent('Minimum order: 5');
    expect(screen.getByText('Available quantity:')).toHaveTextContent('Available quantity: 40');
    expect(screen.getByText(part.description)).toBeInTheDocument();
    expect(screen.getByText('Price: $289.50')).toBeInTheDocument();

    const name = screen.getByLabelText('Your name');
    expect(name).toHaveValue('Jane Doe');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');

    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveValue(5);
    expect(quantity).toHaveAccessibleDescription('From 5 to 40 units.');
    expect(screen.getByLabelText('Shipping address')).toHaveValue('');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    expect(screen.getByText('$1,447.50')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Buy Ryzen 7 8-core CPU | Partsmith'));
  });

  it('shows the contract messages under empty fields and sends nothing', async () => {
    const { api } = renderPage({});
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Quantity'));
    await user.click(screen.getByRole('button', { name: 'Purchase' }));

    const address = screen.getByLabelText('Shipping address');
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription('Shipping address is Required'),
    );
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription(
      'Quantity is Required From 5 to 40 units.',
    );
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Phone number is Required',
    );
    expect(api.callsTo('POST', '/api/purchase')).toHaveLength(0);
  });

  it.each([
    ['above the stock', '41'],
    ['below the minimum order', '4'],
  ])('opens the Oops... dialog for a quantity %s and sends nothing', async (_case, quantity) => {
    const { api } = renderPage({});
    const user = await fillForm(quantity);
    await user.click(screen.getByRole('button', { name: 'Purchase' }));

    await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith(quantityMessage(5, 40)));
    // The dialog's title is the default one: 'Oops...'.
    expect(vi.mocked(showErrorDialog).mock.calls[0]).toHaveLength(1);
    expect(api.callsTo('POST', '/api/purchase')).toHaveLength(0);
  });

  it('posts the order with an Idempotency-Key, toasts and goes to My Orders', async () => {
    let answer: (response: Response) => void = () => {};
    const { api, client, router } = renderPage({
      'POST /api/purchase': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = await fillForm('12');
    expect(screen.getByText('$3,474.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Purchase' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Purchase' })).toBeDisabled());
    expect(api.callsTo('POST', '/api/purchase').map((call) => call.body)).toEqual([
      { partId: PART_ID, quantity: 12, address: ADDRESS, phone: PHONE },
    ]);
    expect(purchaseKeys(api)[0]).toMatch(UUID);

    answer(json({ acknowledged: true, insertedId: ORDER_ID }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-orders'));
    expect(toast.success).toHaveBeenCalledWith(PURCHASE_SUCCESS, {
      description: PURCHASE_SUCCESS_DETAIL,
    });
    expect(client.getQueryState(['allParts', { q: '' }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['orders', 'list', jane.email])?.isInvalidated).toBe(true);
    expect(showErrorDialog).not.toHaveBeenCalled();
  });

  it("shows the server's 409 message in the Oops... dialog and stays on the page", async () => {
    const { api, router } = renderPage({
      'POST /api/purchase': () => apiError(409, 'Only 7 units of Ryzen 7 8-core CPU are left.'),
    });
    const user = await fillForm('30');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));

    await waitFor(() =>
      expect(showErrorDialog).toHaveBeenCalledWith('Only 7 units of Ryzen 7 8-core CPU are left.'),
    );
    expect(router.state.location.pathname).toBe(`/purchase/${PART_ID}`);
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    // The part is asked again: its stock changed.
    await waitFor(() => expect(api.callsTo('GET', `/api/part/${PART_ID}`)).toHaveLength(2));
  });

  it("shows the server's 409 about too many unpaid orders in the Oops... dialog", async () => {
    const message = 'You have 5 unpaid orders: pay or delete one first.';
    renderPage({ 'POST /api/purchase': () => apiError(409, message, 'Conflict') });
    const user = await fillForm('6');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith(message));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it.each([
    [403, EMAIL_NOT_CONFIRMED_MESSAGE, 'Forbidden'],
    [429, 'Too many orders from here. Please try again in a minute.', 'Too Many Requests'],
  ])(
    "shows the server's %i message in the form and stays on the page",
    async (status, text, error) => {
      const { router } = renderPage({ 'POST /api/purchase': () => apiError(status, text, error) });
      const user = await fillForm('6');
      await user.click(screen.getByRole('button', { name: 'Purchase' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(router.state.location.pathname).toBe(`/purchase/${PART_ID}`);
      expect(toast.success).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Purchase' })).toBeEnabled();
    },
  );

  it('keeps the Idempotency-Key when the same order is retried after a lost answer', async () => {
    let fail = true;
    const { api } = renderPage({
      'POST /api/purchase': () =>
        fail
          ? Promise.reject(new TypeError('Failed to fetch'))
          : json({ acknowledged: true, insertedId: ORDER_ID }),
    });
    const user = await fillForm('6');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the shop');

    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(purchaseKeys(api)).toHaveLength(2));

    // A changed order is a new submission: a new key.
    fail = false;
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '7');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(purchaseKeys(api)).toHaveLength(3));

    const [first, retry, changed] = purchaseKeys(api);
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
    expect(changed).toMatch(UUID);
  });

  it('says so when the part does not exist, with a way back', async () => {
    renderPage({ [`GET /api/part/${PART_ID}`]: () => apiError(404, 'Part not found') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this part' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the parts' })).toHaveAttribute(
      'href',
      '/#parts',
    );
    expect(screen.queryByRole('form')).toBeNull();
  });

  describe('volume prices', () => {
    const bulk = {
      ...part,
      price: 9.5,
      minOrderQuantity: 1,
      availableQuantity: 500,
      priceBreaks: [
        { minQuantity: 10, price: 8.9 },
        { minQuantity: 50, price: 8 },
      ],
    };
    const rowTexts = () =>
      within(screen.getByRole('table', { name: 'Volume prices' }))
        .getAllByRole('row')
        .map((row) => [row.textContent, row.getAttribute('aria-current')]);
    const summary = (label: string) =>
      screen.getByText(label, { selector: 'span' }).nextElementSibling?.textContent;

    it('shows the breaks as a table and the unit price and total for the quantity as it changes', async () => {
      renderPage({ [`GET /api/part/${PART_ID}`]: () => json(bulk) });
      const box = await screen.findByLabelText('Quantity');
      expect(rowTexts()).toEqual([
        ['QuantityUnit price', null],
        ['1-9$9.50', 'true'],
        ['10-49$8.90', null],
        ['50+$8.00', null],
      ]);
      expect(summary('Unit price')).toBe('$9.50');
      expect(summary('Order total')).toBe('$9.50');

      const user = userEvent.setup();
      for (const [quantity, unit, total, current] of [
        ['9', '$9.50', '$85.50', 1],
        ['10', '$8.90', '$89.00', 2],
        ['49', '$8.90', '$436.10', 2],
        ['50', '$8.00', '$400.00', 3],
        ['120', '$8.00', '$960.00', 3],
      ] as const) {
        await user.clear(box);
        await user.type(box, quantity);
        expect(summary('Unit price'), quantity).toBe(unit);
        expect(summary('Order total'), quantity).toBe(total);
        expect(
          rowTexts().findIndex(([, mark]) => mark === 'true'),
          quantity,
        ).toBe(current);
      }
      await user.clear(box);
      expect(summary('Order total')).toBe('—');
      expect(rowTexts().some(([, mark]) => mark === 'true')).toBe(false);
    });

    it('sends only the quantity: the server prices it', async () => {
      const { api } = renderPage({
        [`GET /api/part/${PART_ID}`]: () => json(bulk),
        'POST /api/purchase': () => json({ acknowledged: true, insertedId: ORDER_ID }),
      });
      const user = await fillForm('50');
      expect(summary('Order total')).toBe('$400.00');
      await user.click(screen.getByRole('button', { name: 'Purchase' }));
      await waitFor(() =>
        expect(api.callsTo('POST', '/api/purchase').map((call) => call.body)).toEqual([
          { partId: PART_ID, quantity: 50, address: ADDRESS, phone: PHONE },
        ]),
      );
    });

    it('shows no table for a part with one price', async () => {
      renderPage({});
      await screen.findByLabelText('Quantity');
      expect(screen.queryByRole('table', { name: 'Volume prices' })).toBeNull();
      expect(summary('Unit price')).toBe('$289.50');
    });
  });

  it('offers no form when the stock is below the minimum order', async () => {
    renderPage({ [`GET /api/part/${PART_ID}`]: () => json({ ...part, availableQuantity: 3 }) });
    expect(await screen.findByText(/Not enough Ryzen 7 8-core CPU in stock/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Purchase' })).toBeNull();
    // A quote can still be asked for: at the minimum order.
    expect(screen.getByRole('link', { name: REQUEST_A_QUOTE })).toHaveAttribute(
      'href',
      `/dashboard/quotes/new?part=${PART_ID}&quantity=5`,
    );
  });

  it('links a quote request for the part at the quantity chosen', async () => {
    renderPage({});
    const box = await screen.findByLabelText('Quantity');
    const link = screen.getByRole('link', { name: REQUEST_A_QUOTE });
    expect(link).toHaveAttribute('href', `/dashboard/quotes/new?part=${PART_ID}&quantity=5`);
    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, '30');
    expect(link).toHaveAttribute('href', `/dashboard/quotes/new?part=${PART_ID}&quantity=30`);
  });
});
