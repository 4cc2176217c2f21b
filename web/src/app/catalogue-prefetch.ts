import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { partQuery } from '../lib/get-part.ts';
import { searchQuery } from '../features/catalogue/api/search-parts.ts';

// The catalogue's answers a page asks for as the app starts (route-table.tsx's PREFETCH), in one
// module loaded on demand: one import in the app's first chunk for both.

/** The part of `:partsId` (its page, its purchase page). */
export async function part(client: QueryClient, { partsId }: Params) {
  if (partsId) await client.prefetchQuery(partQuery(partsId));
}

/** The search the URL asks for (none on the server, which renders /parts without a query only). */
export function search(client: QueryClient) {
  return client.prefetchInfiniteQuery(
    searchQuery(new URLSearchParams(globalThis.location?.search ?? '')),
  );
}
