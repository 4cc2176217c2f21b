import type { MyCompany } from '@partsmith/contract/companies';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { json, mockApi } from '../../../test/mock-api.ts';
import { COMPANY_CREATED, CompanyPage } from './company-page.tsx';
import { LIMITS_SAVED } from './company-members.tsx';

vi.mock('../../../lib/dialogs.ts', () => ({ confirmDialog: vi.fn(async () => true) }));

const id = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const COMPANY_ID = id(1);
const OLIVE = id(2);
const BOB = id(3);

const acme = (): NonNullable<MyCompany['company']> => ({
  id: COMPANY_ID,
  name: 'Acme Workshop',
  role: 'owner',
  mySpendingLimit: 500,
  spendingLimit: 500,
  terms: {
    paymentTerms: 'net30',
    creditLimit: 10_000,
    outstanding: 2_500,
    available: 7_500,
    poRequired: true,
    priceListName: null,
  },
  members: [
    {
      id: OLIVE,
      userId: id(12),
      name: 'Olive Owner',
      email: 'olive@acme.example',
      role: 'owner',
      spendingLimit: null,
    },
    {
      id: BOB,
      userId: id(13),
      name: 'Bob Buyer',
      email: 'bob@acme.example',
      role: 'buyer',
      spendingLimit: 250.5,
    },
  ],
  invitations: [
    {
      id: id(4),
      email: 'ava@acme.example',
      role: 'approver',
      expiresAt: '2030-03-02T10:00:00.000Z',
    },
  ],
});

function renderPage(at = '/dashboard/company') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <CompanyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.mocked(confirmDialog).mockClear());
afterEach(() => vi.restoreAllMocks());

describe('CompanyPage', () => {
  it('without a company, explains it and creates one with a slug made from its name', async () => {
    const user = userEvent.setup();
    let company: MyCompany['company'] = null;
    const api = mockApi({
      'GET /api/company': () => json({ company }),
      'POST /api/auth/organization/create': () => {
        company = { ...acme(), name: 'Acme Workshop' };
        return json({ id: COMPANY_ID, name: 'Acme Workshop', slug: 'acme-workshop-x' });
      },
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'You do not belong to a company yet' }),
    ).toBeVisible();
    expect(screen.getByText(/pay by invoice on terms/)).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Company | Partsmith'));

    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(screen.getByText('Name your company')).toBeVisible();
    expect(screen.getByLabelText('Company name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/auth/organization/create')).toEqual([]);

    await user.type(screen.getByLabelText('Company name'), '  Ölbrich & Söhne GmbH {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(COMPANY_CREATED);
    const [create] = api.callsTo('POST', '/api/auth/organization/create');
    const body = create!.body as { name: string; slug: string };
    expect(body.name).toBe('Ölbrich & Söhne GmbH');
    expect(body.slug).toMatch(/^olbrich-sohne-gmbh-[a-z0-9]{5}$/);
    expect(await screen.findByRole('heading', { name: 'Acme Workshop' })).toBeVisible();
  });

  /** Acme as it is made: no terms, no credit. */
  const noTerms = () => ({
    ...acme(),
    terms: { ...acme().terms, paymentTerms: null, creditLimit: 0, available: 0, outstanding: 0 },
  });

  it('tells an owner without payment terms whom to ask for them', async () => {
    mockApi({ 'GET /api/company': () => json({ company: noTerms() }) });
    renderPage();
    const ask = await screen.findByRole('link', { name: 'Ask us for payment terms' });
    expect(ask).toHaveAttribute('href', '/contact?subject=Payment+terms+for+Acme+Workshop');
    expect(screen.getByText('None: orders are paid by card')).toBeVisible();
    expect(screen.getByText(/Want to pay by invoice, Net 30 or Net 60\?/)).toBeVisible();
  });

  // A company that has terms is not offered them either (the owner's test below).
  it('does not offer to ask for terms to a buyer', async () => {
    mockApi({ 'GET /api/company': () => json({ company: { ...noTerms(), role: 'buyer' } }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Acme Workshop' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Ask us for payment terms' })).toBeNull();
  });

  it("shows Better Auth's message when the company cannot be created", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/company': () => json({ company: null }),
      'POST /api/auth/organization/create': () =>
        json({ code: 'FORBIDDEN', message: 'You already belong to a company.' }, 403),
    });
    renderPage();
    await user.type(await screen.findByLabelText('Company name'), 'Acme{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You already belong to a company.');
  });

  it('shows the owner the terms, the members, the invitations, and saves the changes', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/company': () => json({ company: acme() }),
      'GET /api/company/approvals': () => json([]),
      'PUT /api/company/spending-limits': () => json({ spendingLimit: 800 }),
      'POST /api/auth/organization/update-member-role': () => json({}),
      'POST /api/auth/organization/remove-member': () => json({}),
      'POST /api/auth/organization/invite-member': () => json({}),
      'POST /api/auth/organization/cancel-invitation': () => json({}),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Acme Workshop' })).toBeVisible();
    const terms = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(terms('Your role')).toBe('Owner');
    expect(terms('Your spending limit')).toBe('$500.00');
    expect(terms('Payment terms')).toBe('Net 30 (pay within 30 days of the invoice)');
    expect(terms('Credit limit')).toBe('$10,000.00');
    expect(terms('Outstanding')).toBe('$2,500.00');
    expect(terms('Available')).toBe('$7,500.00');
    expect(terms('PO number required')).toBe('Yes');
    expect(screen.queryByRole('link', { name: 'Ask us for payment terms' })).toBeNull();

    const members = within(screen.getByRole('table', { name: 'Members of Acme Workshop' }));
    const olive = within(members.getByRole('row', { name: /Olive Owner/ }));
    expect(olive.queryByRole('combobox')).toBeNull();
    expect(olive.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(members.getByLabelText('Spending limit of Bob Buyer ($)')).toHaveValue(250.5);

    // The role changes at once.
    await user.selectOptions(members.getByLabelText('Role of Bob Buyer'), 'approver');
    expect(await screen.findByRole('status')).toHaveTextContent('Bob Buyer is now approver.');
    expect(api.callsTo('POST', '/api/auth/organization/update-member-role')[0]!.body).toEqual({
      memberId: BOB,
      role: 'approver',
      organizationId: COMPANY_ID,
    });

    // The limits: the company's, and only the members whose own limit changed.
    const companyLimit = screen.getByLabelText('Company spending limit ($)');
    await user.clear(companyLimit);
    await user.type(companyLimit, '800');
    await user.type(members.getByLabelText('Spending limit of Olive Owner ($)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Save spending limits' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Olive Owner: A limit cannot be negative');
    expect(api.callsTo('PUT', '/api/company/spending-limits')).toEqual([]);
    await user.clear(members.getByLabelText('Spending limit of Olive Owner ($)'));
    await user.clear(members.getByLabelText('Spending limit of Bob Buyer ($)'));
    await user.type(members.getByLabelText('Spending limit of Bob Buyer ($)'), '300');
    await user.click(screen.getByRole('button', { name: 'Save spending limits' }));
    expect(await screen.findByText(LIMITS_SAVED)).toHaveAttribute('role', 'status');
    expect(api.callsTo('PUT', '/api/company/spending-limits')[0]!.body).toEqual({
      spendingLimit: 800,
      members: [{ memberId: BOB, spendingLimit: 300 }],
    });

    // Remove asks first.
    await user.click(members.getByRole('button', { name: 'Remove Bob Buyer' }));
    expect(confirmDialog).toHaveBeenCalledWith(
      'Bob Buyer (bob@acme.example) leaves the company and can no longer order for it.',
      'Yes, remove them',
    );
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/auth/organization/remove-member')[0]?.body).toEqual({
        memberIdOrEmail: BOB,
        organizationId: COMPANY_ID,
      }),
    );

    // Invite, and the pending invitation's Cancel.
    expect(screen.getByText('ava@acme.example')).toBeVisible();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Provide a valid e-mail address');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'cy@acme.example');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('An invitation is on its way to cy@acme.example.'),
    ).toBeVisible();
    expect(api.callsTo('POST', '/api/auth/organization/invite-member')[0]!.body).toEqual({
      email: 'cy@acme.example',
      role: 'admin',
      organizationId: COMPANY_ID,
    });
    await user.click(
      screen.getByRole('button', { name: 'Cancel the invitation to ava@acme.example' }),
    );
    expect(
      await screen.findByText('The invitation to ava@acme.example is cancelled.'),
    ).toBeVisible();
    expect(api.callsTo('POST', '/api/auth/organization/cancel-invitation')[0]!.body).toEqual({
      invitationId: id(4),
    });
  });

  it('lists the orders waiting for approval to whoever decides, each a link to review it', async () => {
    const waiting = {
      _id: id(20),
      number: 'PS-O-000042',
      partId: null,
      name: 'Forge DDR5 and 2 more',
      image: '/images/parts/tool-driver-kit.svg',
      description: 'An order',
      price: 109.99,
      quantity: 12,
      total: 1234.5,
      userEmail: 'bob@acme.example',
      userName: 'Bob Buyer',
      address: 'Bob Buyer, 500 Congress Ave, Austin, TX 78701, United States',
      phone: '+15125550100',
      availableQuantity: 10,
      paid: false,
      transactionId: null,
      status: null,
      createdAt: '2026-11-30T15:00:00.000Z',
      poNumber: 'PO-77',
      approval: 'pending',
    };
    let list: unknown[] = [waiting];
    const api = mockApi({
      'GET /api/company': () => json({ company: { ...acme(), role: 'approver' } }),
      'GET /api/company/approvals': () => json(list),
    });
    renderPage();
    const section = await screen.findByRole('region', {
      name: 'Orders waiting for your approval: 1',
    });
    expect(section).toHaveTextContent('Forge DDR5 and 2 more');
    expect(section).toHaveTextContent(
      'PS-O-000042 · Bob Buyer (bob@acme.example) · placed Nov 30, 2026 · PO PO-77',
    );
    expect(section).toHaveTextContent('$1,234.50');
    expect(within(section).getByRole('link', { name: 'Review order PS-O-000042' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${id(20)}`,
    );
    expect(api.callsTo('GET', '/api/company/approvals')).toHaveLength(1);

    // Opened from the dashboard's "orders to approve", the page scrolls to the list once loaded.
    // (jsdom has no scrollIntoView: one is lent to the elements for this check.)
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      cleanup();
      renderPage('/dashboard/company#company-approvals-heading');
      await screen.findByRole('region', { name: 'Orders waiting for your approval: 1' });
      await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
      expect(scrolled.mock.contexts[0]).toBe(
        screen.getByRole('heading', { name: 'Orders waiting for your approval: 1' }),
      );
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }

    // None waiting: it says so, and how they come.
    list = [];
    cleanup();
    renderPage();
    expect(
      await within(
        await screen.findByRole('region', { name: 'Orders waiting for your approval' }),
      ).findByText(/No order waits for approval/),
    ).toBeInTheDocument();
  });

  it('shows a buyer their company and terms without the members', async () => {
    const api = mockApi({
      'GET /api/company': () =>
        json({ company: { ...acme(), role: 'buyer', members: [], invitations: [] } }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Acme Workshop' })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    // A buyer decides on no order: no list of those waiting, not even asked for.
    expect(screen.queryByRole('region', { name: /waiting for your approval/ })).toBeNull();
    expect(api.callsTo('GET', '/api/company/approvals')).toHaveLength(0);
  });
});
