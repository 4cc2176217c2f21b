import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchSynonym } from '@partsmith/contract';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { apiError, json, mockApi, type ApiCall } from '../../../test/mock-api.ts';
import {
  deleteText,
  SearchSynonyms,
  SYNONYM_DELETED,
  SYNONYM_FAILED,
  SYNONYM_SAVED,
} from './search-synonyms.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  confirmDialog: vi.fn(async () => true),
  showErrorDialog: vi.fn(async () => {}),
}));

const SEEDED: SearchSynonym[] = [
  { term: 'gpu', expansion: 'graphics card' },
  { term: 'psu', expansion: 'power supply' },
];

type Put = (call: ApiCall, store: () => Response) => Response | Promise<Response>;

/**
 * The section on a mocked API that keeps the words PUT and DELETE change (the paths carry the
 * term, so the calls are answered by method); `forget` deletes a word behind the page's back.
 */
function renderSection(put: Put = (_, store) => store()) {
  let stored = [...SEEDED];
  const calls: ApiCall[] = [];
  const termOf = (call: ApiCall) => decodeURIComponent(call.path.split('/').pop()!);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: url.pathname, search: url.search, body };
    calls.push(call);
    if (method === 'GET') return json(stored);
    const term = termOf(call);
    if (method === 'PUT')
      return put(call, () => {
        const saved = { term, expansion: (body as { expansion: string }).expansion };
        stored = [...stored.filter((s) => s.term !== term), saved].sort((a, b) =>
          a.term.localeCompare(b.term),
        );
        return json(saved);
      });
    if (!stored.some((s) => s.term === term)) return apiError(404, 'There is no such search word.');
    stored = stored.filter((s) => s.term !== term);
    return json({ acknowledged: true, deletedCount: 1 });
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <SearchSynonyms />
    </QueryClientProvider>,
  );
  const forget = (term: string) => (stored = stored.filter((s) => s.term !== term));
  return { api: { calls }, forget };
}

const list = async () => within(await screen.findByRole('list', { name: 'Search words' }));
const addForm = () => within(screen.getByRole('form', { name: 'Add a search word' }));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(showErrorDialog).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('SearchSynonyms', () => {
  it('lists the search words with what each finds', async () => {
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Search words' })).toBeVisible();
    const items = (await list()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'gpualso findsgraphics cardChangeDelete',
      'psualso findspower supplyChangeDelete',
    ]);
  });

  it('adds a word with the keyboard, checked as the server checks it', async () => {
    const user = userEvent.setup();
    const { api } = renderSection();
    await list();
    const term = addForm().getByLabelText('Word shoppers type');
    const expansion = addForm().getByLabelText('Also finds');

    // Nothing typed: both named, nothing sent.
    await user.click(addForm().getByRole('button', { name: 'Add search word' }));
    expect(await addForm().findByText('Write the word searched for')).toBeVisible();
    expect(term).toHaveAccessibleDescription(/Write the word searched for/);
    expect(expansion).toHaveAttribute('aria-invalid', 'true');
    // A word that is in the list already: changed there, not replaced here.
    await user.type(term, 'PSU');
    await user.type(expansion, 'power unit{Enter}');
    expect(
      await addForm().findByText('"psu" is a search word already: change it in the list below.'),
    ).toBeVisible();
    expect(term).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(term);
    await user.type(term, ' Mobo {Enter}');
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(SYNONYM_SAVED, {
        description: 'A search for "mobo" also finds "power unit".',
      }),
    );
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/search-synonyms/mobo',
        search: '',
        body: { expansion: 'power unit' },
      },
    ]);
    expect(await (await list()).findByText('mobo')).toBeVisible();
    expect(term).toHaveValue('');
  });

  it("shows the server's refusal of a new word", async () => {
    const user = userEvent.setup();
    renderSection(() => apiError(400, 'What the word means needs letters or digits'));
    await list();
    await user.type(addForm().getByLabelText('Word shoppers type'), 'ssd');
    await user.type(addForm().getByLabelText('Also finds'), 'nvme');
    await user.click(addForm().getByRole('button', { name: 'Add search word' }));
    expect(await addForm().findByText(SYNONYM_FAILED)).toBeVisible();
    expect(addForm().getByText('What the word means needs letters or digits')).toBeVisible();
    expect(toast.error).toHaveBeenCalledWith(SYNONYM_FAILED, {
      description: 'What the word means needs letters or digits',
    });
  });

  it('changes what a word finds in place: Escape cancels, errors are named', async () => {
    const user = userEvent.setup();
    const { api } = renderSection();
    const rows = await list();
    const change = rows.getByRole('button', { name: 'Change psu' });
    await user.click(change);
    const box = screen.getByLabelText('What “psu” also finds');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('power supply');
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('What “psu” also finds')).not.toBeInTheDocument();
    expect(rows.getByRole('button', { name: 'Change psu' })).toHaveFocus();

    await user.keyboard('{Enter}');
    const again = screen.getByLabelText('What “psu” also finds');
    await user.clear(again);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Write what the word means')).toBeVisible();
    expect(again).toHaveAccessibleDescription('Write what the word means');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.type(again, 'power supply unit{Enter}');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { expansion: 'power supply unit' },
      ]),
    );
    expect(await rows.findByText('power supply unit')).toBeVisible();
    expect(rows.getByRole('button', { name: 'Change psu' })).toHaveFocus();
    expect(toast.success).toHaveBeenCalledWith(SYNONYM_SAVED, {
      description: 'A search for "psu" also finds "power supply unit".',
    });
  });

  it('deletes a word once confirmed, and says why it could not', async () => {
    const user = userEvent.setup();
    const { api, forget } = renderSection();
    const rows = await list();

    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(rows.getByRole('button', { name: 'Delete gpu' }));
    expect(confirmDialog).toHaveBeenCalledWith(deleteText(SEEDED[0]!));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(rows.getByRole('button', { name: 'Delete gpu' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(SYNONYM_DELETED, {
        description: '"gpu" is searched as typed.',
      }),
    );
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/search-synonyms/gpu',
    ]);
    await waitFor(() => expect(rows.queryByText('gpu')).not.toBeInTheDocument());

    // Deleted meanwhile by another admin: the server's words, and the list as it is now.
    forget('psu');
    await user.click(rows.getByRole('button', { name: 'Delete psu' }));
    await waitFor(() =>
      expect(showErrorDialog).toHaveBeenCalledWith('There is no such search word.'),
    );
    expect(await screen.findByText('No search words yet: add the first above.')).toBeVisible();
  });

  it('says when the words could not be loaded', async () => {
    const api = mockApi({
      'GET /api/search-synonyms': () => apiError(403, 'You are not allowed to do that.'),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SearchSynonyms />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the search words.',
    );
    expect(api.callsTo('GET', '/api/search-synonyms')).toHaveLength(1);
  });
});
