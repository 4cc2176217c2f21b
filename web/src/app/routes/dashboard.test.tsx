import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/app-routes.tsx';
import { apiError, json, mockApi, sessionFor } from '../../test/mock-api.ts';

/** The app opened at /dashboard: its home page in the dashboard's layout, for a signed-in user. */
const renderDashboard = () => renderApp('/dashboard');

const menuLinks = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((link) => [link.textContent?.trim(), link.getAttribute('href')]);

afterEach(() => vi.restoreAllMocks());

describe('the /dashboard route', () => {
  it('shows a customer the customer menu and greets them by name', async () => {
    mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com' })),
      'GET /api/admin/jane%40example.com': () => json({ admin: false }),
      'GET /api/waiting': () =>
        json({
          ordersToPay: 0,
          quotesToAccept: 0,
          invoicesToPay: 0,
          invoicesOverdue: 0,
          ordersToApprove: null,
        }),
    });
    renderDashboard();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane Doe!' }),
    ).toBeInTheDocument();
    const nav = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    await nav.findByRole('link', { name: 'Add Review' });
    expect(menuLinks()).toEqual([
      ['Overview', '/dashboard'],
      ['Add Review', '/dashboard/add-review'],
      ['My Orders', '/dashboard/my-orders'],
      ['My Quotes', '/dashboard/quotes'],
      ['My Profile', '/dashboard/my-profile'],
      ['Addresses', '/dashboard/addresses'],
      ['Company', '/dashboard/company'],
    ]);
    const cards = within(
      within(screen.getByRole('main')).getAllByRole('list').at(-1)!,
    ).getAllByRole('link');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Add Review',
      'My Orders',
      'My Quotes',
      'My Profile',
      'Addresses',
      'Company',
    ]);
    await waitFor(() => expect(document.title).toBe('Dashboard | Partsmith'));
    // Her address is confirmed (sessionFor's default): no notice.
    expect(screen.queryByRole('region', { name: /confirm your e-mail/ })).toBeNull();
  });

  it('shows an administrator the admin menu', async () => {
    mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' })),
      'GET /api/admin/ada%40example.com': () => json({ admin: true }),
    });
    renderDashboard();
    const nav = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    await nav.findByRole('link', { name: 'Make Admin' });
    expect(menuLinks()).toEqual([
      ['Overview', '/dashboard'],
      ['Sales & Stock', '/dashboard/overview'],
      ['My Profile', '/dashboard/my-profile'],
      ['My Quotes', '/dashboard/quotes'],
      ['Company', '/dashboard/company'],
      ['Add Product', '/dashboard/add-product'],
      ['Make Admin', '/dashboard/make-admin'],
      ['Manage Orders', '/dashboard/manage-orders'],
      ['Manage Quotes', '/dashboard/manage-quotes'],
      ['Messages', '/dashboard/messages'],
      ['Manage Products', '/dashboard/manage-products'],
      ['Shipping & Tax', '/dashboard/shipping'],
      ['Categories', '/dashboard/categories'],
      ['Manage Reviews', '/dashboard/manage-reviews'],
      ['Audit Log', '/dashboard/audit-log'],
      ['Companies', '/dashboard/companies'],
      ['Price lists', '/dashboard/price-lists'],
    ]);
    expect(screen.queryByRole('link', { name: 'Add Review' })).toBeNull();
  });

  it('shows an administrator what waits, each count a link to the list that shows it', async () => {
    let counts = {
      ordersToShip: 4,
      quotesToAnswer: 1,
      newMessages: 0,
      overdueInvoices: 2,
      lowStockParts: 1234,
    };
    let fail = true;
    const api = mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' })),
      'GET /api/admin/ada%40example.com': () => json({ admin: true }),
      'GET /api/admin/waiting': () =>
        fail ? apiError(500, 'The database is restarting.') : json(counts),
    });
    const user = userEvent.setup();
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Waiting for you' });
    // A failed count says so and offers to try again.
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'We could not load what waits for you.',
    );
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    await within(section).findByRole('link', { name: '4 orders to ship' });
    const links = within(section)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['4 orders to ship', '/dashboard/manage-orders?status=to-ship'],
      ['1 quote request to answer', '/dashboard/manage-quotes?state=requested'],
      ['0 new messages', '/dashboard/messages?handled=false'],
      ['2 invoices past due', '/dashboard/companies'],
      ['1,234 parts low in stock', '/dashboard/overview'],
    ]);
    expect(within(section).queryByText(/all caught up/)).toBeNull();
    expect(api.callsTo('GET', '/api/admin/waiting')).toHaveLength(2);

    // Nothing waiting: it says so.
    counts = {
      ordersToShip: 0,
      quotesToAnswer: 0,
      newMessages: 0,
      overdueInvoices: 0,
      lowStockParts: 0,
    };
    cleanup();
    renderDashboard();
    expect(
      await within(await screen.findByRole('region', { name: 'Waiting for you' })).findByText(
        /You are all caught up/,
      ),
    ).toBeInTheDocument();
  });

  it('shows a customer what waits for them, and nothing of what waits for the staff', async () => {
    let counts: Record<string, number | null> = {
      ordersToPay: 2,
      quotesToAccept: 1,
      invoicesToPay: 0,
      invoicesOverdue: 0,
      ordersToApprove: null,
    };
    const api = mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com' })),
      'GET /api/admin/jane%40example.com': () => json({ admin: false }),
      'GET /api/waiting': () => json(counts),
    });
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Waiting for you' });
    await within(section).findByRole('link', { name: '2 orders to pay' });
    // Only what waits: no invoice on account, and she approves no company's orders.
    const links = () =>
      within(section)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links()).toEqual([
      ['2 orders to pay', '/dashboard/my-orders?show=to-pay'],
      ['1 quote to accept', '/dashboard/quotes'],
    ]);
    expect(api.callsTo('GET', '/api/admin/waiting')).toHaveLength(0);

    // A company's approver on terms: the invoices on account, those past due, and the approvals.
    counts = {
      ordersToPay: 0,
      quotesToAccept: 0,
      invoicesToPay: 3,
      invoicesOverdue: 1,
      ordersToApprove: 1,
    };
    cleanup();
    renderDashboard();
    const again = await screen.findByRole('region', { name: 'Waiting for you' });
    await within(again).findByRole('link', { name: '3 invoices on account to pay, 1 past due' });
    expect(
      within(again)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['3 invoices on account to pay, 1 past due', '/dashboard/my-orders?show=on-account'],
      ['1 order of your company to approve', '/dashboard/company#company-approvals-heading'],
    ]);

    // Nothing waiting: one sentence, no tiles.
    counts = { ...counts, invoicesToPay: 0, invoicesOverdue: 0, ordersToApprove: 0 };
    cleanup();
    renderDashboard();
    const none = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(await within(none).findByText(/Nothing waits for you/)).toBeInTheDocument();
    expect(within(none).queryAllByRole('link')).toEqual([]);
  });

  it('tells a customer whose address is not confirmed yet, above every dashboard page', async () => {
    mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com', emailVerified: false })),
      'GET /api/admin/jane%40example.com': () => json({ admin: false }),
    });
    renderDashboard();
    const notice = await screen.findByRole('region', {
      name: 'Please confirm your e-mail address',
    });
    expect(notice).toHaveTextContent('jane@example.com');
    // Before the page: the first thing read after the menu button.
    const page = screen.getByRole('heading', { level: 1, name: 'Welcome, Jane Doe!' });
    expect(notice.compareDocumentPosition(page) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no notice for a confirmed address, nor to an admin (exempt from the check)', async () => {
    mockApi({
      'GET /api/auth/get-session': () =>
        json(
          sessionFor({
            name: 'Ada Admin',
            email: 'ada@example.com',
            role: 'admin',
            emailVerified: false,
          }),
        ),
      'GET /api/admin/ada%40example.com': () => json({ admin: true }),
    });
    renderDashboard();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: /confirm your e-mail/ })).toBeNull();
  });

  it('waits for the admin check before showing the menu', async () => {
    mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com' })),
      'GET /api/admin/jane%40example.com': () => new Promise<Response>(() => {}),
    });
    renderDashboard();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('status', { name: /Loading your menu/ }).length).toBeGreaterThan(0);
    expect(menuLinks()).toEqual([['Overview', '/dashboard']]);
  });
});
