import type { CataloguePart, PartComparison } from '@partsmith/contract';
import { PAGES } from '@partsmith/contract/pages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes, renderApp } from '../../../test/app-routes.tsx';
import { lazyComponent } from '../../../test/lazy-route.ts';
import { apiError, json, silenceFlushSyncWarning } from '../../../test/mock-api.ts';
import { COMPARE_LIST_KEY } from '../api/compare-list.ts';
import { ComparePage } from './compare-page.tsx';

const A = '0b6c4a52-8f3e-4d8e-9a43-2f6f0c6d1a11';
const B = '1c7d5b63-9a4f-4e9f-8b54-3a7a1d7e2b22';
const C = '2d8e6c74-0b5a-4fa0-9c65-4b8b2e8f3c33';

function catalogued(id: string, name: string, overrides: Partial<CataloguePart> = {}) {
  return {
    _id: id,
    sku: `PS-MEM-${id.slice(0, 4)}`,
    name,
    image: '/images/parts/ram-ddr5.svg',
    description: `${name}, made by Partsmith.`,
    price: 129,
    availableQuantity: 40,
    minOrderQuantity: 1,
    priceBreaks: [],
    category: 'memory',
    categoryName: 'Memory',
    attributes: {},
    specification: [],
    ...overrides,
  } satisfies CataloguePart;
}

const kits: Record<string, CataloguePart> = {
  [A]: catalogued(A, 'Forge DDR5-6000 32 GB', { price: 129 }),
  [B]: catalogued(B, 'Anvil DDR4-3200 16 GB', { price: 45, availableQuantity: 0 }),
  [C]: catalogued(C, 'Bastion DDR5-6000 32 GB', { price: 139 }),
};
const ROWS: Record<string, { key: string; label: string; values: Record<string, string | null> }> =
  {
    type: { key: 'type', label: 'Type', values: { [A]: 'DDR5', [B]: 'DDR4', [C]: 'DDR5' } },
    speed: {
      key: 'speed',
      label: 'Speed',
      values: { [A]: '6000 MT/s', [B]: '3200 MT/s', [C]: '6000 MT/s' },
    },
    casLatency: {
      key: 'casLatency',
      label: 'CAS latency',
      values: { [A]: '30 CL', [B]: null, [C]: '30 CL' },
    },
  };

/** The server's answer for these ids, built as it builds it: the parts in order, one row each. */
function comparisonOf(ids: string[]): PartComparison {
  return {
    parts: ids.map((id) => kits[id]!),
    attributes: Object.values(ROWS).map((row) => ({
      key: row.key,
      label: row.label,
      values: ids.map((id) => row.values[id] ?? null),
    })),
  };
}

/**
 * The app at `path`, a visitor's, GET /api/parts/compare answered by `compare` (from `kits` unless
 * told). The ids are in the query, which mockApi does not read: fetch is answered here.
 */
function openAt(path: string, compare = (ids: string[]) => json(comparisonOf(ids))) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    asked.push(url.pathname + url.search);
    if (url.pathname === '/api/parts/compare')
      return compare(url.searchParams.get('ids')!.split(','));
    if (url.pathname === '/api/auth/get-session') return json(null);
    return apiError(404, `No mock for ${url.pathname}`);
  });
  return { asked, ...renderApp(path) };
}

const rowOf = (label: string) => screen.getByRole('rowheader', { name: new RegExp(`^${label}`) });

beforeEach(() => {
  silenceFlushSyncWarning();
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the compare page', () => {
  it('is the route of /parts/compare, matched before a part page', async () => {
    const matches = matchRoutes(appRoutes(), '/parts/compare')!;
    expect(matches.at(-1)!.route.path).toBe(PAGES.compare.path);
    expect(await lazyComponent(matches.at(-1)!.route)).toBe(ComparePage);
    expect(matchRoutes(appRoutes(), `/parts/${A}`)!.at(-1)!.route.path).toBe(PAGES.part.path);
  });

  it('sets the parts side by side, one row per attribute, the rows that differ marked', async () => {
    openAt(`/parts/compare?ids=${A},${B},${C}`);
    const table = await screen.findByRole('table');
    const columns = within(table).getAllByRole('columnheader');
    expect(columns.map((c) => within(c).getByRole('link').textContent)).toEqual([
      'Forge DDR5-6000 32 GB',
      'Anvil DDR4-3200 16 GB',
      'Bastion DDR5-6000 32 GB',
    ]);
    expect(within(columns[1]!).getByRole('link')).toHaveAttribute('href', `/parts/${B}`);
    for (const c of columns) expect(c).toHaveAttribute('scope', 'col');

    const headers = within(table).getAllByRole('rowheader');
    for (const h of headers) expect(h).toHaveAttribute('scope', 'row');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Part number',
      'Price',
      'Stock',
      'Type Differs',
      'Speed Differs',
      'CAS latency Differs',
    ]);
    const cells = (label: string) =>
      within(rowOf(label).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Part number')).toEqual([kits[A]!.sku, kits[B]!.sku, kits[C]!.sku]);
    expect(cells('Price')).toEqual(['$129.00', '$45.00', '$139.00']);
    expect(cells('Stock')).toEqual(['In stock: 40', 'Out of stock', 'In stock: 40']);
    expect(cells('Speed')).toEqual(['6000 MT/s', '3200 MT/s', '6000 MT/s']);
    // A part without the attribute: a dash, read as "None".
    expect(cells('CAS latency')).toEqual(['30 CL', '—None', '30 CL']);
    // Screen readers hear it in the row's header.
    expect(rowOf('Type')).toHaveAccessibleName('Type Differs');
    await waitFor(() => expect(document.title).toBe('Compare parts | Partsmith'));
    // The table scrolls sideways inside its own box, not the page.
    expect(table).toHaveAccessibleName(/^3 parts side by side/);
    expect(table.parentElement).toHaveClass('overflow-x-auto');
  });

  it('leaves unmarked the rows whose values are all the same', async () => {
    openAt(`/parts/compare?ids=${A},${C}`);
    await screen.findByRole('table');
    expect(rowOf('Type')).toHaveAccessibleName('Type');
    expect(rowOf('Speed')).toHaveAccessibleName('Speed');
    expect(screen.queryByText('Differs')).toBeNull();
  });

  it('removes a part from the URL and from the chosen parts', async () => {
    localStorage.setItem(COMPARE_LIST_KEY, JSON.stringify([A, B, C]));
    const { router, asked } = openAt(`/parts/compare?ids=${A},${B},${C}`);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Remove: Anvil DDR4-3200 16 GB' }));
    expect(router.state.location.search).toBe(`?ids=${A},${C}`);
    expect(JSON.parse(localStorage.getItem(COMPARE_LIST_KEY)!)).toEqual([A, C]);
    await waitFor(() => expect(screen.getAllByRole('columnheader')).toHaveLength(2));
    expect(rowOf('Type')).toHaveAccessibleName('Type');
    await waitFor(() => expect(asked).toContain(`/api/parts/compare?ids=${A},${C}`));
    // Down to one part: the page says how to add another.
    await userEvent.click(screen.getByRole('button', { name: 'Remove: Forge DDR5-6000 32 GB' }));
    expect(router.state.location.search).toBe(`?ids=${C}`);
    expect(await screen.findByText('Add at least one more part to compare it with.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('without parts, explains how to choose them and leads to the parts', async () => {
    localStorage.setItem(COMPARE_LIST_KEY, JSON.stringify([A, B]));
    const { asked } = openAt('/parts/compare');
    expect(await screen.findByText('Choose 2 to 4 parts to see them side by side.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse the parts' })).toHaveAttribute(
      'href',
      '/parts',
    );
    // The parts this browser has chosen are one click away.
    expect(
      await screen.findByRole('link', { name: 'Compare your chosen parts (2)' }),
    ).toHaveAttribute('href', `/parts/compare?ids=${A},${B}`);
    expect(asked.filter((p) => p.startsWith('/api/parts/compare'))).toEqual([]);
  });

  it('names a part that left the catalogue and compares the others without it', async () => {
    const missing = C;
    const { router } = openAt(`/parts/compare?ids=${A},${B},${missing}`, (ids) =>
      ids.includes(missing)
        ? json(
            {
              statusCode: 404,
              error: 'Not Found',
              message: `The part ${missing} is not in our catalogue: it may have been taken out. Remove it from the comparison.`,
              missing: [missing],
            },
            404,
          )
        : json(comparisonOf(ids)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(`The part ${missing} is not`);
    await userEvent.click(screen.getByRole('button', { name: 'Remove it and compare the others' }));
    expect(router.state.location.search).toBe(`?ids=${A},${B}`);
    expect(await screen.findAllByRole('columnheader')).toHaveLength(2);
  });
});
