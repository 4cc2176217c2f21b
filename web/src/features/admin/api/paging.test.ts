import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchItem, removeItem, type Page } from './paging.ts';

interface Row {
  _id: string;
  n: number;
}

const a = { _id: 'a', n: 1 };
const b = { _id: 'b', n: 2 };
const c = { _id: 'c', n: 3 };

/** A table's pages (one server page per key) and a 'Load more' list, all under one root. */
function cache() {
  const client = new QueryClient();
  client.setQueryData<Page<Row>>(['rows', { limit: '25' }], {
    items: [a, b],
    nextCursor: 'x',
    total: 3,
  });
  client.setQueryData<Page<Row>>(['rows', { limit: '25', q: 'c' }], {
    items: [c],
    nextCursor: null,
    total: 1,
  });
  client.setQueryData<InfiniteData<Page<Row>>>(['rows', 'more'], {
    pages: [
      { items: [a], nextCursor: '1', total: 3 },
      { items: [b, c], nextCursor: null, total: 3 },
    ],
    pageParams: [undefined, '1'],
  });
  // Something else under the root: left alone.
  client.setQueryData(['rows', 'whole'], 42);
  return client;
}

describe('patchItem and removeItem', () => {
  it('change the item wherever a cached list shows it, and nothing else', () => {
    const client = cache();
    patchItem<Row>(client, ['rows'], 'b', (row) => ({ ...row, n: 20 }));
    expect(client.getQueryData<Page<Row>>(['rows', { limit: '25' }])?.items).toEqual([
      a,
      { _id: 'b', n: 20 },
    ]);
    expect(client.getQueryData<Page<Row>>(['rows', { limit: '25', q: 'c' }])?.items).toEqual([c]);
    expect(client.getQueryData<InfiniteData<Page<Row>>>(['rows', 'more'])?.pages[1]?.items).toEqual(
      [{ _id: 'b', n: 20 }, c],
    );
    expect(client.getQueryData(['rows', 'whole'])).toBe(42);
  });

  it('take the item out of the lists that hold it, one fewer in their totals', () => {
    const client = cache();
    removeItem<Row>(client, ['rows'], 'c');
    expect(client.getQueryData<Page<Row>>(['rows', { limit: '25' }])).toEqual({
      items: [a, b],
      nextCursor: 'x',
      total: 3,
    });
    expect(client.getQueryData<Page<Row>>(['rows', { limit: '25', q: 'c' }])).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    const more = client.getQueryData<InfiniteData<Page<Row>>>(['rows', 'more'])!;
    expect(more.pages.map((page) => [page.items, page.total])).toEqual([
      [[a], 2],
      [[b], 2],
    ]);
    expect(client.getQueryData(['rows', 'whole'])).toBe(42);
  });
});
