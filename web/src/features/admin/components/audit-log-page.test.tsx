import type { AuditEntry } from '@partsmith/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/mock-api.ts';
import { mockAdminApi, pageOf, renderAdminPage } from './admin-test-utils.tsx';
import { AuditLogPage } from './audit-log-page.tsx';

function entry(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    at: '2025-03-02T10:15:00.000Z',
    actorEmail: 'ada@example.com',
    action: 'part.update',
    targetId: '5f1c9a7e-2b4d-4c8e-9f10-1a2b3c4d5e6f',
    summary: `Changed Forge DDR5 kit ${n}`,
    before: { availableQuantity: 40, price: 119.99 },
    after: { availableQuantity: 75, price: 119.99 },
    ...overrides,
  };
}

const shipEntry = entry(2, {
  action: 'order.ship',
  summary: 'Shipped the order of Jane Doe',
  before: { status: null },
  after: { status: 'shipped' },
});
const CURSOR = '311';

function renderPage(url = '/dashboard/audit-log') {
  return renderAdminPage(<AuditLogPage />, url);
}

afterEach(() => vi.restoreAllMocks());

describe('AuditLogPage', () => {
  it('lists entries with when, who, action and summary, expands before/after, loads more', async () => {
    const api = mockAdminApi({
      'GET /api/audit-log': ({ query }) =>
        query.get('cursor') === CURSOR
          ? pageOf([entry(3)], 3)
          : pageOf([entry(1), shipEntry], 3, CURSOR),
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Audit entries, newest first' });
    await waitFor(() => expect(document.title).toBe('Audit Log | Partsmith'));
    expect(api.queries('GET', '/api/audit-log')).toEqual(['?limit=50']);

    const [first] = within(list).getAllByRole('listitem');
    const item = within(first!);
    expect(item.getByText('ada@example.com')).toBeInTheDocument();
    expect(item.getByText('Part updated')).toBeInTheDocument();
    expect(item.getByText('Changed Forge DDR5 kit 1')).toBeInTheDocument();
    const time = first!.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2025-03-02T10:15:00.000Z');
    expect(time?.textContent).toMatch(/2025/);

    const details = first!.querySelector('details')!;
    expect(details.open).toBe(false);
    const user = userEvent.setup();
    await user.click(item.getByText('Before / after'));
    expect(details.open).toBe(true);
    const [before, after] = within(details).getAllByText(/availableQuantity/);
    expect(before!.tagName).toBe('PRE');
    expect(before!.textContent).toBe('{\n  "availableQuantity": 40,\n  "price": 119.99\n}');
    expect(after!.textContent).toContain('"availableQuantity": 75');
    expect(within(list).getByText('Order shipped')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more entries' }));
    expect(await screen.findByText('Changed Forge DDR5 kit 3')).toBeInTheDocument();
    expect(api.queries('GET', '/api/audit-log')).toEqual([
      '?limit=50',
      `?limit=50&cursor=${CURSOR}`,
    ]);
  });

  it('filters by action: the select sends ?action= and keeps it in the address', async () => {
    const api = mockAdminApi({
      'GET /api/audit-log': ({ query }) =>
        query.get('action') === 'order.ship'
          ? pageOf([shipEntry], 1)
          : pageOf([entry(1), shipEntry], 2),
    });
    const { router } = renderPage();
    await screen.findByText('Changed Forge DDR5 kit 1');

    const select = screen.getByRole('combobox', { name: 'Action' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All actions',
      'Role changed',
      'User deleted',
      'Part added',
      'Part updated',
      'Part deleted',
      'Parts imported',
      'Category added',
      'Category changed',
      'Category deleted',
      'Search word saved',
      'Search word deleted',
      'Order shipped',
      'Order deleted',
      'Order refunded',
      'Order refunded in part',
      'Quote answered',
      'Payment refunded',
      'Review hidden',
      'Review shown',
      'Review deleted',
      'Message deleted',
      'Shipping zone saved',
      'Shipping zone deleted',
      'Shipping method saved',
      'Shipping method deleted',
      'Tax rate saved',
      'Tax rate deleted',
      'Tax exemption recorded',
      'Tax exemption ended',
      'Company terms changed',
      'Invoice payment recorded',
      'Price list saved',
      'Price list deleted',
    ]);
    const user = userEvent.setup();
    await user.selectOptions(select, 'Order shipped');

    expect(await screen.findByText('Showing 1 of 1 entries')).toBeInTheDocument();
    expect(screen.queryByText('Changed Forge DDR5 kit 1')).toBeNull();
    expect(api.queries('GET', '/api/audit-log')).toEqual([
      '?limit=50',
      '?action=order.ship&limit=50',
    ]);
    expect(router.state.location.search).toBe('?action=order.ship');

    await user.selectOptions(select, 'All actions');
    expect(await screen.findByText('Changed Forge DDR5 kit 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('starts from the action in the address and says when nothing matches', async () => {
    const api = mockAdminApi({ 'GET /api/audit-log': () => pageOf([], 0) });
    renderPage('/dashboard/audit-log?action=user.delete');
    expect(await screen.findByText('No entries for this action.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('user.delete');
    expect(api.queries('GET', '/api/audit-log')).toEqual(['?action=user.delete&limit=50']);
  });

  it('ignores an unknown action in the address', async () => {
    const api = mockAdminApi({ 'GET /api/audit-log': () => pageOf([entry(1)], 1) });
    renderPage('/dashboard/audit-log?action=drop.tables');
    await screen.findByText('Changed Forge DDR5 kit 1');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('');
    expect(api.queries('GET', '/api/audit-log')).toEqual(['?limit=50']);
  });

  it('offers a retry when the log cannot be loaded', async () => {
    mockAdminApi({ 'GET /api/audit-log': () => apiError(403, 'Admins only.') });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the audit log.');
    expect(alert).toHaveTextContent('Admins only.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
