import { href } from 'react-router';

/**
 * The catalogue's collections (issue 48): searches of /parts the footer, the home page's services
 * and the site map link to, each with the heading the /parts page shows for it. One place, so
 * that a link and the page it opens say the same thing.
 */
export const COLLECTIONS = {
  newest: { heading: 'New parts', param: 'sort', value: 'newest' },
  volume: { heading: 'On volume price', param: 'volume', value: 'true' },
  bestSelling: { heading: 'Best sellers', param: 'sort', value: 'best-selling' },
} as const;

export type CollectionId = keyof typeof COLLECTIONS;

/** The link to a collection: `/parts?sort=newest`. */
export function collectionPath(id: CollectionId): string {
  const { param, value } = COLLECTIONS[id];
  return `${href('/parts')}?${new URLSearchParams({ [param]: value })}`;
}

/**
 * The heading of the collection a search's params make, or null for another search: the volume
 * filter first (it stays whatever the sort), then the sort.
 */
export function collectionHeading(params: URLSearchParams): string | null {
  const volume = params.get('volume');
  if (volume === 'true' || volume === '1') return COLLECTIONS.volume.heading;
  const sort = params.get('sort');
  if (sort === COLLECTIONS.newest.value) return COLLECTIONS.newest.heading;
  if (sort === COLLECTIONS.bestSelling.value) return COLLECTIONS.bestSelling.heading;
  return null;
}
