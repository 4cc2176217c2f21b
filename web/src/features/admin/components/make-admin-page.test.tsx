import type { UserSummary } from '@partsmith/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { apiError, json } from '../../../test/mock-api.ts';
import { DELETE_USER_TEXT, DELETED, MADE_ADMIN, MAKE_ADMIN_FAILED } from './admin-messages.ts';
import { listOf, mockAdminApi, renderAdminPage } from './admin-test-utils.tsx';
import { MakeAdminPage } from './make-admin-page.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
}));

function account(n: number, email: string, role: UserSummary['role'], name = ''): UserSummary {
  return {
    _id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email,
    name,
    role,
    createdAt: '2025-03-02T10:00:00.000Z',
  };
}

const ada = account(1, 'ada@example.com', 'admin', 'Ada Admin');
const bob = account(2, 'bob@example.com', 'customer', 'Bob Buyer');
const cy = account(3, 'cy@example.com', 'customer', 'Cy Customer');
const CURSOR = '2';

const PATH = '/api/admin/users';

function renderPage(url = '/dashboard/make-admin') {
  return renderAdminPage(<MakeAdminPage currentEmail="Ada@Example.com" />, url);
}

const rowOf = (email: string) =>
  within(
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .find((row) => row.textContent?.includes(email))!,
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(showErrorDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('MakeAdminPage', () => {
  it('shows the total, roles, (you), and turns pages by cursor', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('cursor') === CURSOR ? listOf([cy], 3) : listOf([ada, bob], 3, CURSOR),
    });
    const { router } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All users: 3' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Make Admin | Partsmith'));
    expect(api.queries('GET', PATH)).toEqual(['?limit=25']);
    expect(screen.getByRole('table', { name: 'All users, newest first' })).toBeInTheDocument();

    const me = rowOf('ada@example.com');
    expect(me.getByText('(you)')).toBeInTheDocument();
    expect(me.getByText('Admin')).toBeInTheDocument();
    expect(me.queryByRole('button')).toBeNull();
    expect(me.getAllByRole('cell')[0]).toHaveTextContent('1');

    const customer = rowOf('bob@example.com');
    expect(customer.getByText('Bob Buyer')).toBeInTheDocument();
    expect(customer.getByText('Customer')).toBeInTheDocument();
    expect(customer.queryByText('(you)')).toBeNull();
    expect(customer.getByRole('button', { name: 'Make Admin: bob@example.com' })).toBeEnabled();
    expect(customer.getByRole('button', { name: 'Delete User: bob@example.com' })).toBeEnabled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('cy@example.com')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?cursor=${CURSOR}`);
    expect(api.queries('GET', PATH)).toEqual(['?limit=25', `?limit=25&cursor=${CURSOR}`]);
    // Numbered in the whole list: the second page starts at 26.
    expect(rowOf('cy@example.com').getAllByRole('cell')[0]).toHaveTextContent('26');
    expect(screen.queryByText('ada@example.com')).toBeNull();
  });

  it('finds users by e-mail or name and filters by role, in the address', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) => {
        if (query.get('limit') === '1') return listOf([ada], 3, 'x');
        if (query.get('q') === 'zz') return listOf([], 0);
        return query.get('role') === 'admin' ? listOf([ada], 1) : listOf([bob, cy], 2);
      },
    });
    const { router } = renderPage('/dashboard/make-admin?role=customer&sort=email');
    expect(await screen.findByText('2 users match the filters. Showing 1–2 of 2.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All users: 3');
    expect(api.queries('GET', PATH)).toEqual(['?limit=25&role=customer&sort=email', '?limit=1']);
    expect(screen.getByLabelText('Role')).toHaveValue('customer');
    expect(screen.getByLabelText('Sort by')).toHaveValue('email');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Role'), 'Admins');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?role=admin&sort=email');

    await user.type(screen.getByRole('searchbox', { name: 'Search the users' }), 'zz{Enter}');
    expect(await screen.findByText('No users match “zz” with these filters.')).toBeVisible();
    expect(api.queries('GET', PATH).at(-1)).toBe('?limit=25&q=zz&role=admin&sort=email');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('searchbox', { name: 'Search the users' })).toHaveValue('');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
  });

  it('makes a customer admin and says so', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf([ada, bob], 2),
      'PUT /api/users/admin/bob%40example.com': () =>
        json({ acknowledged: true, modifiedCount: 1 }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make Admin: bob@example.com' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(MADE_ADMIN, { description: 'bob@example.com' }),
    );
    expect(api.callsTo('PUT', '/api/users/admin/bob%40example.com')).toHaveLength(1);
    const row = rowOf('bob@example.com');
    expect(row.getByText('Admin')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Make Admin/ })).toBeNull();
    expect(row.getByRole('button', { name: 'Delete User: bob@example.com' })).toHaveFocus();
    expect(showErrorDialog).not.toHaveBeenCalled();
  });

  it('shows the failure dialog when the server answers 403', async () => {
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf([ada, bob], 2),
      'PUT /api/users/admin/bob%40example.com': () => apiError(403, 'Forbidden'),
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Make Admin: bob@example.com' }));
    await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith(MAKE_ADMIN_FAILED));
    expect(toast.success).not.toHaveBeenCalled();
    expect(rowOf('bob@example.com').getByText('Customer')).toBeInTheDocument();
  });

  it('treats modifiedCount 0 as a failure', async () => {
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf([ada, bob], 2),
      'PUT /api/users/admin/bob%40example.com': () =>
        json({ acknowledged: true, modifiedCount: 0 }),
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Make Admin: bob@example.com' }));
    await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith(MAKE_ADMIN_FAILED));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('deletes a user after the confirmation and reloads the list', async () => {
    let users = [ada, bob];
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf(users, users.length),
      [`DELETE /api/user/${bob._id}`]: () => {
        users = [ada];
        return json({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete User: bob@example.com' }));
    expect(confirmDialog).toHaveBeenCalledWith(DELETE_USER_TEXT);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(DELETED, { description: 'bob@example.com' }),
    );
    expect(api.callsTo('DELETE', `/api/user/${bob._id}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'All users: 1' })).toHaveFocus();
    await waitFor(() => expect(api.callsTo('GET', PATH)).toHaveLength(2));
    expect(screen.queryByText('bob@example.com')).toBeNull();
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    const api = mockAdminApi({ [`GET ${PATH}`]: () => listOf([ada, bob], 2) });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete User: bob@example.com' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(api.callsTo('DELETE', `/api/user/${bob._id}`)).toHaveLength(0);
  });

  it("shows a 409's message (the last administrator)", async () => {
    const admins = [ada, account(4, 'eve@example.com', 'admin')];
    const message = 'This is the last administrator: make someone else admin first.';
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf(admins, 2),
      [`DELETE /api/user/${admins[1]!._id}`]: () => apiError(409, message),
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete User: eve@example.com' }));
    await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith(message));
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByText('eve@example.com')).toBeInTheDocument();
  });
});
