import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Id } from '@partsmith/contract';
import { imagePreloadLink, PURCHASE_PICTURE } from '@partsmith/contract/images';
import { createPartsRepository } from '../parts/repository.ts';

/**
 * The `Link` preloads a page's HTML carries for the answers its app asks for as it starts
 * (docs/decisions/020), and whether they depend on who asks (then the page is `private`).
 */
export interface PageDataHints {
  links: string[];
  personal: boolean;
}

export type PageDataHinter = (request: FastifyRequest, pathname: string) => Promise<PageDataHints>;

/** Pages that show nothing of their own until the session says who is there (RequireUser). */
const SIGNED_IN_PAGE = /^\/(?:purchase\/[^/]+|dashboard(?:\/.*)?)\/?$/;
const PURCHASE_PAGE = /^\/purchase\/([^/]+)\/?$/;
const DASHBOARD_PAGE = /^\/dashboard(?:\/.*)?\/?$/;
const MY_ORDERS_PAGE = /^\/dashboard\/my-orders\/?$/;

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
 * What a page's app asks for before its first render (web/src/app/route-table.tsx, prefetch
 * handles): the session on every signed-in page; on `/purchase/:id` the part and its picture,
 * the page's largest paint; on the dashboard's pages whether the buyer is an admin (its menu),
 * and on My Orders the buyer's orders. Each would otherwise start only once the app's script
 * has arrived and run; preloaded, it travels beside it.
 */
export function createPageDataHinter(app: FastifyInstance): PageDataHinter {
  const parts = createPartsRepository(app.db);
  return async (request, pathname) => {
    const links: string[] = [];
    let personal = false;
    if (!SIGNED_IN_PAGE.test(pathname)) return { links, personal };
    links.push(fetchPreload('/api/auth/get-session'));

    const purchase = PURCHASE_PAGE.exec(pathname);
    const id = purchase ? segment(purchase[1]!) : null;
    if (id !== null && Id.safeParse(id).success) {
      links.push(fetchPreload(`/api/part/${encodeURIComponent(id)}`));
      const part = await parts.findListed(id);
      const picture =
        part && imagePreloadLink(part.image, PURCHASE_PICTURE.width, PURCHASE_PICTURE.sizes);
      if (picture) links.push(picture);
    }

    if (DASHBOARD_PAGE.test(pathname)) {
      personal = true;
      const user = await app.sessionUser(request);
      if (user) {
        const email = encodeURIComponent(user.email);
        links.push(fetchPreload(`/api/admin/${email}`));
        if (MY_ORDERS_PAGE.test(pathname))
          links.push(fetchPreload(`/api/orders?userEmail=${email}`));
      }
    }
    return { links, personal };
  };
}
