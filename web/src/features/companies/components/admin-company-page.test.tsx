import type { AdminCompany } from '@partsmith/contract/companies';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { json, mockApi } from '../../../test/mock-api.ts';
import { AdminCompanyPage } from './admin-company-page.tsx';
import { NOTHING_CHANGED, TERMS_SAVED } from './company-terms-form.tsx';

vi.mock('../../../lib/dialogs.ts', () => ({ confirmDialog: vi.fn(async () => true) }));

const id = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const COMPANY_ID = id(1);

const acme = (): AdminCompany => ({
  _id: COMPANY_ID,
  name: 'Acme Workshop',
  members: 2,
  orders: 1,
  paymentTerms: 'net30',
  creditLimit: 10_000,
  balance: 1_200,
  overdue: 0,
  priceListId: null,
  poRequired: false,
  createdAt: '2025-03-02T10:00:00.000Z',
  memberList: [
    {
      id: id(2),
      userId: id(12),
      name: 'Olive Owner',
      email: 'olive@acme.example',
      role: 'owner',
      spendingLimit: null,
    },
  ],
  recentOrders: [
    {
      _id: id(5),
      number: 'PS-1001',
      userEmail: 'bob@acme.example',
      total: 1_200,
      paid: false,
      paymentMethod: 'invoice',
      approval: 'approved',
      invoiceNumber: 'INV-7',
      dueDate: '2025-04-01T00:00:00.000Z',
      createdAt: '2025-03-02T10:00:00.000Z',
    },
  ],
});

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/companies/:companyId', element: <AdminCompanyPage /> },
      { path: '/dashboard/companies', element: <p>All companies page</p> },
    ],
    { initialEntries: [`/dashboard/companies/${COMPANY_ID}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.mocked(confirmDialog).mockReset().mockResolvedValue(true));
afterEach(() => vi.restoreAllMocks());

describe('AdminCompanyPage', () => {
  it('shows the company, its members and orders, and saves only the fields changed', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [`GET /api/admin/companies/${COMPANY_ID}`]: () => json(acme()),
      [`PUT /api/admin/companies/${COMPANY_ID}`]: () => json({ ...acme(), creditLimit: 20_000 }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Workshop' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Acme Workshop | Partsmith'));
    expect(screen.getByLabelText('Payment terms')).toHaveValue('net30');
    expect(screen.getByLabelText('Credit limit ($)')).toHaveValue(10_000);
    expect(screen.getByLabelText('Purchase order number required')).not.toBeChecked();
    expect(
      within(screen.getByRole('table', { name: 'Members of Acme Workshop' })).getByText(
        'olive@acme.example',
      ),
    ).toBeVisible();
    const order = within(screen.getByRole('row', { name: /PS-1001/ }));
    expect(order.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'bob@acme.example',
      '$1,200.00',
      'Unpaid · Approved · Invoice INV-7',
      'Apr 1, 2025',
      'Record payment for INV-7',
    ]);

    // Nothing changed: nothing sent.
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(screen.getByRole('status')).toHaveTextContent(NOTHING_CHANGED);
    expect(confirmDialog).not.toHaveBeenCalled();

    // A bad limit is refused before anything is sent.
    await user.clear(screen.getByLabelText('Credit limit ($)'));
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The credit limit must be a number');

    await user.type(screen.getByLabelText('Credit limit ($)'), '20000');
    await user.click(screen.getByLabelText('Purchase order number required'));
    // Declined at the confirmation: nothing sent.
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(confirmDialog).toHaveBeenCalledTimes(1);
    expect(api.callsTo('PUT', `/api/admin/companies/${COMPANY_ID}`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByRole('status')).toHaveTextContent(TERMS_SAVED);
    expect(api.callsTo('PUT', `/api/admin/companies/${COMPANY_ID}`).map((c) => c.body)).toEqual([
      { creditLimit: 20_000, poRequired: true },
    ]);

    await user.selectOptions(screen.getByLabelText('Payment terms'), '');
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    await screen.findByRole('status');
    expect(api.callsTo('PUT', `/api/admin/companies/${COMPANY_ID}`).at(-1)!.body).toEqual({
      paymentTerms: null,
      creditLimit: 20_000,
      poRequired: true,
    });
  });

  it('sends the price list chosen, and only it, as priceListId', async () => {
    const user = userEvent.setup();
    const LIST_ID = id(40);
    const api = mockApi({
      [`GET /api/admin/companies/${COMPANY_ID}`]: () => json(acme()),
      'GET /api/admin/price-lists': () =>
        json([
          {
            _id: LIST_ID,
            name: 'Workshops 2025',
            prices: [],
            discounts: [],
            validFrom: null,
            validUntil: null,
            companies: [],
            updatedAt: '2025-03-02T10:00:00.000Z',
          },
        ]),
      [`PUT /api/admin/companies/${COMPANY_ID}`]: () => json({ ...acme(), priceListId: LIST_ID }),
    });
    renderPage();
    const select = await screen.findByLabelText('Price list');
    expect(select).toHaveValue('');
    expect(select).toHaveAccessibleDescription(
      'Its members pay the list’s prices where they are lower.',
    );
    await user.selectOptions(select, await screen.findByRole('option', { name: 'Workshops 2025' }));
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByRole('status')).toHaveTextContent(TERMS_SAVED);
    expect(api.callsTo('PUT', `/api/admin/companies/${COMPANY_ID}`).map((c) => c.body)).toEqual([
      { priceListId: LIST_ID },
    ]);
  });

  it("shows the server's message when the terms are refused", async () => {
    const user = userEvent.setup();
    mockApi({
      [`GET /api/admin/companies/${COMPANY_ID}`]: () => json(acme()),
      [`PUT /api/admin/companies/${COMPANY_ID}`]: () =>
        json({ statusCode: 404, error: 'Not Found', message: 'No such company' }, 404),
    });
    renderPage();
    await user.click(await screen.findByLabelText('Purchase order number required'));
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such company');
  });
});
