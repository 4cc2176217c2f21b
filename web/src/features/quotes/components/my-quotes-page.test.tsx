import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PART_ID, jane, myCompany } from '../../../test/fixtures.ts';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { MY_QUOTES_TITLE, MyQuotesPage } from './my-quotes-page.tsx';
import { QUOTE_ACCEPTED, type AddressPickerSlot } from './accept-quote-form.tsx';
import {
  ANSWERED_ID,
  EXPIRED_ID,
  QUOTE_ORDER_ID,
  acceptedQuote,
  answered,
  quote,
} from './quote-fixtures.ts';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const ADDRESS_ID = '7d0e6c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6';
const METHOD_ID = 'a1e0c0de-0000-4000-8000-000000000001';

/** The address book's picker as the app composes it: here one radio. */
const testPicker: AddressPickerSlot = ({ selectedId, onSelect }) => (
  <fieldset>
    <legend>Ship to</legend>
    <label>
      <input
        type="radio"
        name="address"
        checked={selectedId === ADDRESS_ID}
        onChange={() => onSelect(ADDRESS_ID)}
      />
      Jane Doe, Austin
    </label>
  </fieldset>
);

/** The quote's preview shipped to Texas. */
const preview = {
  lines: [],
  address: {
    _id: ADDRESS_ID,
    name: 'Jane Doe',
    company: null,
    line1: '500 Congress Ave',
    line2: null,
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
    phone: '+15125550100',
    taxId: null,
    isDefault: true,
  },
  subtotal: 100,
  shippingMethods: [{ id: METHOD_ID, name: 'Standard', price: 9.9, days: { min: 3, max: 5 } }],
  shippingMethod: { id: METHOD_ID, name: 'Standard', price: 9.9, days: { min: 3, max: 5 } },
  shipping: 9.9,
  taxes: [{ name: 'Texas sales tax', rate: 8.25, amount: 9.07 }],
  total: 118.97,
  exemption: null,
  shippable: true,
  problem: null,
};
const previewRoute = {
  [`POST /api/quotes/${ANSWERED_ID}/preview`]: () => json(preview),
};

function PaymentProbe() {
  const { id } = useParams();
  return <p>Payment page of {id}</p>;
}

function renderPage(routes: Routes, user = jane) {
  const api = mockApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/quotes',
        element: <MyQuotesPage user={user} addressPicker={testPicker} />,
      },
      { path: '/dashboard/payment/:id', element: <PaymentProbe /> },
      { path: '/dashboard/orders/:id', element: <p>Order page</p> },
    ],
    { initialEntries: ['/dashboard/quotes'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, client, router };
}

/** The card of the quote whose heading is "Quote <number>". */
const card = (number: string) => within(screen.getByRole('article', { name: `Quote ${number}` }));

const requested = quote();
const open = answered();
const accepted = acceptedQuote();
const expired = answered({ _id: EXPIRED_ID, number: 'Q-000004', status: 'expired' }, '2025-03-10');

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
});

describe('MyQuotesPage', () => {
  it('shows the note that came with the answer, as written, and none before it is answered', async () => {
    const note = 'Ships in two weeks.\n<b>Cables</b> included.';
    renderPage({
      'GET /api/quotes': () =>
        json([answered({ answerMessage: note }), quote({ answerMessage: 'not sent yet' })]),
    });
    await screen.findByRole('article', { name: 'Quote Q-000002' });
    const said = card('Q-000002').getByRole('region', { name: 'A note from us' });
    expect(said).toHaveTextContent('Ships in two weeks. <b>Cables</b> included.');
    // Markup stays text; the line break shows.
    expect(said.querySelector('b')).toBeNull();
    expect(said.querySelector('p')).toHaveClass('whitespace-pre-line');
    expect(card('Q-000001').queryByRole('region', { name: 'A note from us' })).toBeNull();
    expect(screen.queryByText('not sent yet')).toBeNull();
  });

  it('lists the quotes with their status in words, lines, prices, totals and dates', async () => {
    renderPage({ 'GET /api/quotes': () => json([open, requested, accepted, expired]) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your quotes');
    await screen.findByRole('article', { name: 'Quote Q-000001' });
    await waitFor(() => expect(document.title).toBe(MY_QUOTES_TITLE));
    expect(
      within(screen.getByRole('list', { name: 'Your quotes, newest first' }))
        .getAllByRole('article')
        .map((article) => article.querySelector('h2')?.textContent),
    ).toEqual(['Quote Q-000002', 'Quote Q-000001', 'Quote Q-000003', 'Quote Q-000004']);

    // Requested: the list prices, nothing quoted yet, no total, no way to accept.
    const asked = card('Q-000001');
    expect(asked.getByText('Requested', { selector: '.badge' })).toBeInTheDocument();
    expect(asked.getByText('For a lab of ten workstations.')).toBeInTheDocument();
    const askedRows = within(asked.getByRole('table')).getAllByRole('row').slice(1);
    expect(askedRows).toHaveLength(2);
    expect(within(askedRows[0]!).getByRole('link', { name: 'Ryzen 7 8-core CPU' })).toHaveAttribute(
      'href',
      `/purchase/${PART_ID}`,
    );
    expect(within(askedRows[0]!).getByText('10')).toBeInTheDocument();
    expect(within(askedRows[0]!).getByText('$289.50')).toBeInTheDocument();
    expect(within(askedRows[0]!).getAllByText('Not quoted yet')).toHaveLength(2);
    expect(asked.queryByText('Total')).toBeNull();
    expect(asked.queryByRole('button', { name: /Accept quote/ })).toBeNull();
    expect(asked.getByText(/pricing your request/)).toBeInTheDocument();

    // Answered: the quoted prices, line totals, total and last day; Accept quote.
    const priced = card('Q-000002');
    expect(priced.getByText('Answered', { selector: '.badge' })).toBeInTheDocument();
    const pricedRows = within(priced.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(pricedRows[0]!).getByText('$270.00')).toBeInTheDocument();
    expect(within(pricedRows[0]!).getByText('$2,700.00')).toBeInTheDocument();
    expect(within(pricedRows[1]!).getByText('$360.00')).toBeInTheDocument();
    expect(priced.getByText('Total').nextElementSibling).toHaveTextContent('$3,060.00');
    const validUntil = priced.getByText('Valid until').nextElementSibling!;
    expect(validUntil).toHaveTextContent(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date('2099-12-31T12:00:00Z'),
      ),
    );
    expect(validUntil.querySelector('time')).toHaveAttribute(
      'datetime',
      '2099-12-31T23:59:59.999Z',
    );
    expect(priced.getByRole('button', { name: 'Accept quote Q-000002' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    // Accepted: its order.
    const done = card('Q-000003');
    expect(done.getByText('Accepted', { selector: '.badge' })).toBeInTheDocument();
    expect(done.getByRole('link', { name: 'View the order of quote Q-000003' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${QUOTE_ORDER_ID}`,
    );
    expect(done.queryByRole('button', { name: /Accept quote/ })).toBeNull();

    // Expired: no accepting, the way to a new request.
    const late = card('Q-000004');
    expect(late.getByText('Expired', { selector: '.badge' })).toBeInTheDocument();
    expect(late.queryByRole('button', { name: /Accept quote/ })).toBeNull();
    expect(late.getByRole('link', { name: 'Ask for a new quote' })).toHaveAttribute(
      'href',
      '/dashboard/quotes/new',
    );

    expect(screen.getByRole('link', { name: 'Request a quote' })).toHaveAttribute(
      'href',
      '/dashboard/quotes/new',
    );
  });

  it('shows an answered quote past its last day as expired, without Accept', async () => {
    renderPage({ 'GET /api/quotes': () => json([answered({}, '2020-01-31')]) });
    const late = within(await screen.findByRole('article', { name: 'Quote Q-000002' }));
    expect(late.getByText('Expired', { selector: '.badge' })).toBeInTheDocument();
    expect(late.queryByRole('button', { name: /Accept quote/ })).toBeNull();
  });

  it("keeps an admin's own quotes only (the server answers an admin everyone's)", async () => {
    renderPage({
      'GET /api/quotes': () =>
        json([
          quote({ userEmail: 'bob@example.com', userName: 'Bob', number: 'Q-000009' }),
          quote({ userEmail: 'Jane@Example.com' }),
        ]),
    });
    await screen.findByRole('article', { name: 'Quote Q-000001' });
    expect(screen.queryByRole('article', { name: 'Quote Q-000009' })).toBeNull();
  });

  it('accepts shipped to an address of the book, at the total with shipping and tax, then goes to the payment', async () => {
    const { api } = renderPage({
      'GET /api/quotes': () => json([open]),
      ...previewRoute,
      [`POST /api/quotes/${ANSWERED_ID}/accept`]: () =>
        json({ acknowledged: true, insertedId: QUOTE_ORDER_ID }),
    });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Accept quote Q-000002' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = within(screen.getByRole('form', { name: 'Accept quote Q-000002' }));

    // Nothing can be sent before an address is chosen.
    expect(form.getByRole('button', { name: 'Place the order' })).toBeDisabled();
    await user.click(form.getByRole('radio', { name: /Jane Doe/ }));
    const totals = within(await form.findByRole('region', { name: 'What the order comes to' }));
    expect(totals.getByText('Texas sales tax').nextElementSibling).toHaveTextContent('$9.07');
    expect(totals.getByText('Total').nextElementSibling).toHaveTextContent('$118.97');
    await user.click(form.getByRole('button', { name: 'Place the order' }));

    expect(await screen.findByText(`Payment page of ${QUOTE_ORDER_ID}`)).toBeInTheDocument();
    const [call] = api.callsTo('POST', `/api/quotes/${ANSWERED_ID}/accept`);
    expect(call?.body).toEqual({
      addressId: ADDRESS_ID,
      shippingMethod: METHOD_ID,
      expectedTotal: 118.97,
    });
    const init = api.spy.mock.calls.find(([url]) => String(url).endsWith('/accept'))?.[1];
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(toast.success).toHaveBeenCalledWith(QUOTE_ACCEPTED, expect.anything());
  });

  it("accepts on the company's terms: its PO number, paid by invoice, on to the order's page", async () => {
    const { api } = renderPage({
      'GET /api/quotes': () => json([open]),
      'GET /api/company': () =>
        json(
          myCompany({
            terms: {
              paymentTerms: 'net30',
              creditLimit: 10_000,
              available: 10_000,
              poRequired: true,
            },
          }),
        ),
      ...previewRoute,
      [`POST /api/quotes/${ANSWERED_ID}/accept`]: () =>
        json({ acknowledged: true, insertedId: QUOTE_ORDER_ID }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept quote Q-000002' }));
    const form = within(screen.getByRole('form', { name: 'Accept quote Q-000002' }));
    await user.click(form.getByRole('radio', { name: /Jane Doe/ }));
    await form.findByRole('region', { name: 'What the order comes to' });
    await user.type(await form.findByLabelText('Purchase order number'), 'PO-88');
    await user.click(form.getByRole('radio', { name: /^Pay by invoice \(Net 30/ }));
    expect(
      form.getByText('No card is asked: the order is invoiced to your company.'),
    ).toBeVisible();
    await user.click(form.getByRole('button', { name: 'Place the order' }));

    expect(await screen.findByText('Order page')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/quotes/${ANSWERED_ID}/accept`)[0]?.body).toEqual({
      addressId: ADDRESS_ID,
      shippingMethod: METHOD_ID,
      expectedTotal: 118.97,
      poNumber: 'PO-88',
      payment: 'invoice',
    });
  });

  it('says why an expired quote cannot be accepted (410), and shows it expired', async () => {
    let quotes = [open];
    renderPage({
      'GET /api/quotes': () => json(quotes),
      ...previewRoute,
      [`POST /api/quotes/${ANSWERED_ID}/accept`]: () => {
        quotes = [{ ...open, status: 'expired' }];
        return apiError(410, 'This quote expired on March 10, 2025. Ask us for a new one.', 'Gone');
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept quote Q-000002' }));
    await user.click(screen.getByRole('radio', { name: /Jane Doe/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Place the order' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Place the order' }));

    const quoteCard = card('Q-000002');
    expect(await quoteCard.findByRole('alert')).toHaveTextContent(
      'This quote expired on March 10, 2025. Ask us for a new one.',
    );
    // The list is asked again: the quote shows as expired, the message stays.
    expect(await quoteCard.findByText('Expired', { selector: '.badge' })).toBeInTheDocument();
    expect(quoteCard.queryByRole('button', { name: /Accept quote/ })).toBeNull();
    expect(quoteCard.getByRole('alert')).toHaveTextContent('This quote expired');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('names each line the stock cannot serve (409)', async () => {
    renderPage({
      'GET /api/quotes': () => json([open]),
      ...previewRoute,
      [`POST /api/quotes/${ANSWERED_ID}/accept`]: () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'Some parts of this quote cannot be served now: Anvil PSU 850 W.',
            lines: [{ partId: PART_ID, name: 'Anvil PSU 850 W', problem: 'Only 2 left in stock.' }],
          },
          409,
        ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept quote Q-000002' }));
    await user.click(screen.getByRole('radio', { name: /Jane Doe/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Place the order' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Place the order' }));

    const alert = await card('Q-000002').findByRole('alert');
    expect(alert).toHaveTextContent('Some parts of this quote cannot be served now');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      'Anvil PSU 850 W: Only 2 left in stock.',
    );
  });

  it('invites to request a quote when there is none', async () => {
    renderPage({ 'GET /api/quotes': () => json([]) });
    expect(await screen.findByText('You have not asked for a quote yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request your first quote' })).toHaveAttribute(
      'href',
      '/dashboard/quotes/new',
    );
  });

  it('offers a retry when the quotes cannot be loaded', async () => {
    let fail = true;
    renderPage({
      'GET /api/quotes': () => (fail ? apiError(500, 'boom') : json([requested])),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your quotes.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Quote Q-000001' })).toBeInTheDocument();
  });
});
