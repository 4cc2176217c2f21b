import { useParams } from 'react-router';
import { PartPage } from '../../features/catalogue/components/part-page.tsx';
import { SearchPage } from '../../features/catalogue/components/search-page.tsx';
import { usePart } from '../../lib/get-part.ts';

// The catalogue's two pages in one module: one chunk, and one name in the app's entry for both.

/** /parts: the catalogue searched by text and specification. */
export const SearchRoute = SearchPage;

/** /parts/:partsId: the catalogue's page of a part, from the same answer as its purchase page. */
export function PartRoute() {
  const { partsId = '' } = useParams();
  return <PartPage part={usePart(partsId)} />;
}
