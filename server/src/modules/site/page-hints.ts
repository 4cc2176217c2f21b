import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Id } from '@partsmith/contract';
import { matchPage, type PagePreload } from '@partsmith/contract/pages';
import { imagePreloadLink, PURCHASE_PICTURE } from '@partsmith/contract/images';
import { createPartsRepository } from '../parts/repository.ts';

/**
 * The `Link` preloads a page's HTML carries for the answers its app asks for as it starts
 * (docs/decisions/038), and whether they depend on who asks (then the page is `private`).
 */
export interface PageDataHints {
  links: string[];
  personal: boolean;
}

export type PageDataHinter = (request: FastifyRequest, pathname: string) => Promise<PageDataHints>;

/**
 * Preloads a same-origin GET the app makes with `fetch()`'s default mode and credentials
 * (src/lib/api-client.ts): `crossorigin=anonymous` is that pair, so the browser hands the app
 * the preloaded answer instead of asking twice. The URL must be the app's, byte for byte.
 */
export const fetchPreload = (url: string) =>
  `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`;

/** The path segment as the app's router decodes it (`useParams`), or null when malformed. */
function segment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * What a page's app asks for before its first render (its `preloads` in the page table,
 * contract/src/pages.ts): the session on every signed-in page (it shows nothing of its own until
 * the session says who is there); the part and its picture, the page's largest paint; the
 * catalogue's search; whether the buyer is an admin (the dashboard's menu); the buyer's orders;
 * the signed-in buyer's cart (the one public page that asks for the session). Each would
 * otherwise start only once the app's script has arrived and run; preloaded, it travels beside
 * it. The answers that depend on who asks make the page `private`.
 */
export function createPageDataHinter(app: FastifyInstance): PageDataHinter {
  const parts = createPartsRepository(app.db);
  return async (request, pathname) => {
    const links: string[] = [];
    let personal = false;
    const match = matchPage(pathname);
    if (!match) return { links, personal };
    const preloads: readonly PagePreload[] = match.page.preloads ?? [];
    const forBuyer = preloads.filter(
      (name) => name === 'admin-check' || name === 'my-orders' || name === 'cart',
    );
    // A public page asks for the session only to show a signed-in buyer's own answers (the cart).
    if (match.page.access !== 'public' || forBuyer.length > 0)
      links.push(fetchPreload('/api/auth/get-session'));

    const id = preloads.includes('part') ? segment(match.params.partsId ?? '') : null;
    if (id !== null && Id.safeParse(id).success) {
      links.push(fetchPreload(`/api/part/${encodeURIComponent(id)}`));
      const part = await parts.findListed(id);
      const picture =
        part && imagePreloadLink(part.image, PURCHASE_PICTURE.width, PURCHASE_PICTURE.sizes);
      if (picture) links.push(picture);
    }

    // The search as the app asks for it: the URL's query in a stable order (search-parts.ts).
    if (preloads.includes('search')) {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      query.sort();
      links.push(fetchPreload(`/api/parts/search?${query}`));
    }

    if (forBuyer.length > 0) {
      personal = true;
      const user = await app.sessionUser(request);
      if (user) {
        const email = encodeURIComponent(user.email);
        if (forBuyer.includes('admin-check')) links.push(fetchPreload(`/api/admin/${email}`));
        if (forBuyer.includes('my-orders'))
          links.push(fetchPreload(`/api/orders?userEmail=${email}`));
        if (forBuyer.includes('cart')) links.push(fetchPreload('/api/cart'));
      }
    }
    return { links, personal };
  };
}
