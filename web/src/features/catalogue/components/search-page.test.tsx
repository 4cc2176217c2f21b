import type { SearchAnswer } from '@partsmith/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/app-routes.tsx';
import { apiError, json, silenceFlushSyncWarning } from '../../../test/mock-api.ts';

const EMPTY: SearchAnswer = {
  items: [],
  total: 0,
  nextCursor: null,
  facets: { categories: [], attributes: [] },
};

/** The app at `path`, a visitor's; each GET /api/parts/search is recorded (its query). */
function openAt(path: string) {
  const searches: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (url.pathname === '/api/parts/search') {
      searches.push(url.search);
      return json(EMPTY);
    }
    if (url.pathname === '/api/auth/get-session') return json(null);
    return apiError(404, `No mock for ${url.pathname}`);
  });
  return { searches, ...renderApp(path) };
}

beforeEach(() => {
  silenceFlushSyncWarning();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the /parts page’s collections (the footer’s and the home page’s links)', () => {
  it.each([
    ['/parts?sort=newest', 'New parts', '?sort=newest'],
    ['/parts?volume=true', 'On volume price', '?volume=true'],
    ['/parts?sort=best-selling', 'Best sellers', '?sort=best-selling'],
    ['/parts', 'Search the parts', ''],
  ])('%s is headed “%s” and searches %s', async (path, heading, search) => {
    const { searches } = openAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    await waitFor(() => expect(document.title).toBe(`${heading} | Partsmith`));
    await waitFor(() => expect(searches).toEqual([search]));
  });

  it('offers best selling in the sort box, and the volume filter as a box to untick', async () => {
    const { router } = openAt('/parts?volume=true&sort=best-selling');
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('best-selling');
    expect(screen.getByRole('option', { name: 'Best selling' })).toBeInTheDocument();
    const volume = screen.getByRole('checkbox', { name: 'On volume price only' });
    expect(volume).toBeChecked();
    // The filter makes the heading whatever the sort.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('On volume price');
    await userEvent.click(volume);
    expect(router.state.location.search).toBe('?sort=best-selling');
    expect(await screen.findByRole('heading', { level: 1, name: 'Best sellers' })).toBeVisible();
  });
});
