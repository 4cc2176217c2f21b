import type { ContactMessage } from '@partsmith/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { apiError, json } from '../../../test/mock-api.ts';
import {
  DELETE_MESSAGE_TEXT,
  DELETED,
  MESSAGE_HANDLED,
  MESSAGE_REOPENED,
} from './admin-messages.ts';
import { listOf, mockAdminApi, renderAdminPage } from './admin-test-utils.tsx';
import { MessagesPage } from './messages-page.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
}));

function message(n: number, subject: string, overrides: Partial<ContactMessage> = {}) {
  return {
    _id: `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `buyer${n}@acme.example`,
    subject,
    message: 'Do you ship fans to Norway?\nWe need 500 before March.',
    createdAt: '2026-11-30T14:05:00.000Z',
    mailed: true,
    handledAt: null,
    order: null,
    ...overrides,
  } satisfies ContactMessage;
}

const bulk = message(1, 'Bulk fans for Norway');
const lost = message(2, 'Warranty & returns', { mailed: false });
const done = message(3, 'Invoice copy', { handledAt: '2026-11-30T16:00:00.000Z' });

const PATH = '/api/admin/messages';
const renderPage = (url = '/dashboard/messages') => renderAdminPage(<MessagesPage />, url);
const card = (subject: string) => within(screen.getByRole('article', { name: subject }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(showErrorDialog).mockClear();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('MessagesPage', () => {
  it('lists every message with its sender, time, words and state, and a reply link', async () => {
    const api = mockAdminApi({ [`GET ${PATH}`]: () => listOf([bulk, lost, done], 3) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages: 3' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Messages | Partsmith'));
    expect(api.queries('GET', PATH)).toEqual(['?limit=25']);
    const list = screen.getByRole('list', { name: 'All messages, newest first' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toHaveLength(3);

    const first = card('Bulk fans for Norway');
    expect(first.getByText('buyer1@acme.example')).toBeInTheDocument();
    expect(first.getByText('New')).toBeInTheDocument();
    expect(first.getByText(/Do you ship fans to Norway\?/)).toHaveClass('whitespace-pre-line');
    const at = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(first.getByText(at.format(new Date(bulk.createdAt)))).toHaveAttribute(
      'datetime',
      bulk.createdAt,
    );
    expect(
      first.getByRole('link', { name: 'Reply by e-mail: Bulk fans for Norway' }),
    ).toHaveAttribute(
      'href',
      'mailto:buyer1@acme.example?subject=Re%3A%20Bulk%20fans%20for%20Norway',
    );
    expect(first.queryByText(/did not go out/)).toBeNull();

    // The shop's mail failed: this page is the only copy, and says so.
    expect(
      card('Warranty & returns').getByText(/did not go out: this page is the only copy/),
    ).toBeVisible();
    const handled = card('Invoice copy');
    expect(handled.getByText('Handled', { selector: '.badge' })).toBeInTheDocument();
    expect(handled.getByRole('button', { name: 'Mark as new: Invoice copy' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3 messages.')).toBeInTheDocument();
  });

  it("links a buyer's message about an order to the order, and the reply names it", async () => {
    const ORDER = '20000000-0000-4000-8000-000000000042';
    const damaged = message(4, 'A part arrived damaged', {
      order: { _id: ORDER, number: 'PS-O-000042' },
    });
    mockAdminApi({ [`GET ${PATH}`]: () => listOf([damaged, bulk], 2) });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Messages: 2' });
    const about = card('A part arrived damaged');
    expect(about.getByText('Order')).toBeInTheDocument();
    expect(about.getByRole('link', { name: 'PS-O-000042' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${ORDER}`,
    );
    expect(about.getByRole('link', { name: /^Reply by e-mail/ })).toHaveAttribute(
      'href',
      'mailto:buyer4@acme.example?subject=Re%3A%20A%20part%20arrived%20damaged%20%28order%20PS-O-000042%29',
    );
    // A message through the contact form names no order.
    expect(card('Bulk fans for Norway').queryByText('Order')).toBeNull();
  });

  it('marks a message handled, then new again, on the same button', async () => {
    let current: ContactMessage = bulk;
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf([current], 1),
      [`PATCH ${PATH}/${bulk._id}`]: ({ body }) => {
        const { handled } = body as { handled: boolean };
        current = { ...bulk, handledAt: handled ? '2026-11-30T17:00:00.000Z' : null };
        return json(current);
      },
    });
    renderPage();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', {
      name: 'Mark as handled: Bulk fans for Norway',
    });
    await user.click(button);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(MESSAGE_HANDLED, {
        description: 'Bulk fans for Norway',
      }),
    );
    expect(card('Bulk fans for Norway').getByText('Handled', { selector: '.badge' })).toBeVisible();
    expect(button).toHaveAccessibleName('Mark as new: Bulk fans for Norway');
    await user.click(button);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(MESSAGE_REOPENED, {
        description: 'Bulk fans for Norway',
      }),
    );
    expect(card('Bulk fans for Norway').getByText('New')).toBeVisible();
    expect(api.callsTo('PATCH', `${PATH}/${bulk._id}`).map((call) => call.body)).toEqual([
      { handled: true },
      { handled: false },
    ]);
  });

  it('shows the new ones only as the address says; one marked handled leaves the list', async () => {
    let fresh = [bulk, lost];
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) => {
        if (query.get('limit') === '1') return listOf([bulk], 3, 'x');
        return query.get('handled') === 'false' ? listOf(fresh, fresh.length) : listOf([done], 1);
      },
      [`PATCH ${PATH}/${bulk._id}`]: () => {
        fresh = [lost];
        return json({ ...bulk, handledAt: '2026-11-30T17:00:00.000Z' });
      },
    });
    const { router } = renderPage('/dashboard/messages?handled=false&sort=oldest');
    expect(await screen.findByRole('article', { name: 'Bulk fans for Norway' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Messages: 3');
    expect(screen.getByLabelText('State')).toHaveValue('false');
    expect(
      screen.getByRole('list', {
        name: 'Messages that match the search and filters, oldest first',
      }),
    ).toBeInTheDocument();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Mark as handled: Bulk fans for Norway' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Bulk fans for Norway' })).toBeNull(),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(router.state.location.search).toBe('?handled=false&sort=oldest');
    expect(api.queries('GET', PATH)[0]).toBe('?limit=25&handled=false&sort=oldest');
  });

  it("shows the server's message when marking fails", async () => {
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf([bulk], 1),
      [`PATCH ${PATH}/${bulk._id}`]: () => apiError(404, 'We could not find that message.'),
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Mark as handled: Bulk fans for Norway' }));
    await waitFor(() =>
      expect(showErrorDialog).toHaveBeenCalledWith('We could not find that message.'),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('deletes a message after the confirmation, then reloads the list', async () => {
    let messages = [bulk, lost];
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf(messages, messages.length),
      [`DELETE ${PATH}/${lost._id}`]: () => {
        messages = [bulk];
        return json({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete: Warranty & returns' }));
    expect(confirmDialog).toHaveBeenCalledWith(DELETE_MESSAGE_TEXT);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(DELETED, { description: 'Warranty & returns' }),
    );
    expect(api.callsTo('DELETE', `${PATH}/${lost._id}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Messages: 1' })).toHaveFocus();
    expect(screen.queryByRole('article', { name: 'Warranty & returns' })).toBeNull();
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    const api = mockAdminApi({ [`GET ${PATH}`]: () => listOf([bulk], 1) });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete: Bulk fans for Norway' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(api.callsTo('DELETE', `${PATH}/${bulk._id}`)).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'Bulk fans for Norway' })).toBeVisible();
  });

  it('says so when there are no messages', async () => {
    mockAdminApi({ [`GET ${PATH}`]: () => listOf([], 0) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Messages: 0' })).toBeInTheDocument();
    expect(screen.getByText('No messages yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /messages/ })).toBeNull();
  });
});
