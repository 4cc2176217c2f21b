import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPage, renderedAt } from '@partsmith/contract/pages';
import { errorBody } from './error-handler.ts';
import type { CatalogueCache } from '../modules/parts/cache.ts';
import type { PageDataHinter } from '../modules/site/page-hints.ts';
import type { PageRenderer } from '../modules/site/page-render.ts';

const YEAR = 60 * 60 * 24 * 365;

/**
 * Written by the web build (web/scripts/prerender.mjs): which prerendered first screen to send
 * for which page path, and for an unknown path (the 404 page), painted before any script runs
 * (docs/decisions/038). index.html holds the shell of the other pages.
 */
const PRERENDERED_DIR = 'prerendered';
const PRERENDERED_INDEX = path.join(PRERENDERED_DIR, 'pages.json');

type Prerendered = { pages: Map<string, string>; notFound?: string };

/** The build's prerendered pages (path -> file under dist); none when the build has no index. */
export function readPrerendered(dist: string): Prerendered {
  const file = path.join(dist, PRERENDERED_INDEX);
  if (!fs.existsSync(file)) return { pages: new Map() };
  const index = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    pages?: Record<string, string>;
    notFound?: string;
  };
  const inDist = (name: string) => {
    const rel = path.join(PRERENDERED_DIR, path.basename(name));
    return fs.existsSync(path.join(dist, rel)) ? rel : undefined;
  };
  const pages = new Map<string, string>();
  for (const [pathname, name] of Object.entries(index.pages ?? {})) {
    const rel = inDist(name);
    if (rel) pages.set(pathname, rel);
  }
  return { pages, notFound: index.notFound ? inDist(index.notFound) : undefined };
}

/** Written by the web build (web/scripts/page-hints.ts): page id (or `*`) -> `Link` values. */
const PAGE_HINTS_FILE = path.join('.vite', 'page-hints.json');

type PageHint = { styles: string[]; rest: string[] };
type PageHints = Map<string, PageHint>;

/**
 * The build's page hints by page id (contract/src/pages.ts); `*` for any other page. A page may
 * have none (a prerendered page sends no script preloads, docs/decisions/038): its empty entry
 * keeps `*` from standing in for it. Each page's values are split once here into its
 * stylesheets and its other preloads (scripts, the hero), which the page's answers go between.
 */
export function readPageHints(dist: string): PageHints {
  const file = path.join(dist, PAGE_HINTS_FILE);
  if (!fs.existsSync(file)) return new Map();
  const hints = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
  return new Map(
    Object.entries(hints).map(([page, links]) => [
      page,
      {
        styles: links.filter((link) => link.includes('as=style')),
        rest: links.filter((link) => !link.includes('as=style')),
      },
    ]),
  );
}

/** Thrown inside the page cache's load: the page is not kept (not found, or not rendered). */
const NOT_SHARED = new Error('page not kept');

/**
 * Sends a page made for one request, compressed as the browser accepts: the compression plugin
 * does not see what the not-found handler sends, and the build's pages come pre-compressed.
 * Brotli at quality 5: a few tenths of a millisecond for a page, nearly quality 11's size.
 */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding === 'br') {
    const body = zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') {
    return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
  }
  return reply.send(html);
}

/**
 * Serves the built single-page app. Hashed files under /assets are cached for a year; other
 * files for an hour; index.html never (so a new release is picked up at once). Files are sent
 * pre-compressed (.br/.gz made at build time) when the browser accepts it. Unknown page paths
 * get the app with status 404 (the app shows its 404 page); unknown /api paths get JSON 404.
 * A page's shell carries its `Link` preload header from the build's page hints: the home page's
 * hero picture, another page's own lazily loaded chunks (docs/decisions/038). The pages the
 * build prerendered, and the 404 page, get their own HTML (docs/decisions/038). The answers a
 * page's app asks for as it starts are preloaded with it too (`pageDataHints`, docs/decisions/038);
 * a page whose hints depend on who asks is `private`. A signed-in page the web build can render
 * for its buyer (`renderPage`, docs/decisions/038) is sent rendered, `private`, with its
 * stylesheet and answers preloaded but not its scripts: like a prerendered page, it is painted
 * before its app is asked for.
 */
export async function webApp(
  app: FastifyInstance,
  options: {
    dist: string;
    pageDataHints?: PageDataHinter;
    renderPage?: PageRenderer;
    /** Keeps the pages rendered for everybody until the catalogue changes (decision 050). */
    pageCache?: CatalogueCache;
  },
) {
  const indexFile = path.join(options.dist, 'index.html');
  const hasApp = fs.existsSync(indexFile);
  if (!hasApp) {
    app.log.warn(
      { dist: options.dist },
      'the web app is not built; run `npm run build` to serve it',
    );
  }

  if (hasApp) {
    await app.register(fastifyStatic, {
      root: options.dist,
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const rel = path.relative(options.dist, filePath);
        if (rel.startsWith(`assets${path.sep}`)) {
          reply.header('cache-control', `public, max-age=${YEAR}, immutable`);
        } else if (rel === 'index.html' || rel.startsWith(`${PRERENDERED_DIR}${path.sep}`)) {
          // A page sent by sendApp below carries its own (`private` when personal).
          if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
        } else {
          reply.header('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  const hints = hasApp ? readPageHints(options.dist) : new Map();
  const prerendered = hasApp ? readPrerendered(options.dist) : { pages: new Map<string, string>() };
  /**
   * A page rendered for everybody (a part's page): one HTML whoever asks, kept by the catalogue
   * cache (emptied by any change to the catalogue) and sent from it as its JSON answers are.
   * `sent`, or `missing` when the page's subject is not found, or null when it could not be
   * rendered (the shell then goes out, as for any page).
   */
  const sendShared = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    cache: CatalogueCache,
    render: PageRenderer,
  ): Promise<'sent' | 'missing' | null> => {
    let outcome: 'missing' | null = null;
    try {
      // Not `return await`: a reply is a thenable, which resolves to nothing once it is sent.
      await cache.respond(request, reply, `page:${pathname}`, async () => {
        const [data, page] = await Promise.all([
          options.pageDataHints?.(request, pathname).catch(() => undefined),
          render(request, pathname),
        ]);
        if (!page || page.missing) {
          outcome = page?.missing ? 'missing' : null;
          throw NOT_SHARED;
        }
        const built = hints.get(matchPage(pathname)?.id ?? '*') ?? hints.get('*');
        const links = [...(built?.styles ?? []), ...(data?.links ?? [])];
        return {
          body: page.html,
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'no-cache',
            ...(links.length > 0 ? { link: links.join(', ') } : {}),
          },
        };
      });
      return 'sent';
    } catch (err) {
      if (err !== NOT_SHARED) throw err;
      return outcome;
    }
  };

  const sendApp = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    pathname: string,
  ) => {
    let cacheControl = 'no-cache';
    let rendered: string | null = null;
    const match = matchPage(pathname);
    const page = match?.page;
    if (
      status === 200 &&
      options.pageCache &&
      options.renderPage &&
      page?.serverRendered === 'always' &&
      renderedAt(page, request.url)
    ) {
      const sent = await sendShared(
        request,
        reply,
        pathname,
        options.pageCache,
        options.renderPage,
      );
      if (sent === 'sent') return reply;
      if (sent === 'missing') status = 404;
    }
    if (status === 200) {
      const built = hints.get(match?.id ?? '*') ?? hints.get('*');
      // The stylesheet, then the page's answers and pictures, then its scripts: on HTTP/1.1 the
      // browser opens six connections a host, and what a page's largest paint waits for (its
      // answers, its picture) would otherwise queue behind twenty script preloads.
      const links: string[] = [...(built?.styles ?? [])];
      // Each is an optimisation: the page works without it (the shell shows the same page once
      // the app has run), so neither ever fails the page.
      const [data, page] = await Promise.all([
        options.pageDataHints?.(request, pathname).catch((err: unknown) => {
          request.log.warn({ err }, 'page data hints failed');
          return undefined;
        }),
        options.renderPage?.(request, pathname).catch((err: unknown) => {
          request.log.warn({ err }, 'page render failed');
          return null;
        }),
      ]);
      if (data) links.push(...data.links);
      if (data?.personal) cacheControl = 'private, no-cache';
      rendered = page && !page.missing ? page.html : null;
      if (rendered !== null) cacheControl = 'private, no-cache';
      else links.push(...(built?.rest ?? []));
      if (links.length > 0) reply.header('link', links.join(', '));
    }
    reply.status(status).header('cache-control', cacheControl);
    if (rendered !== null) return sendHtml(request, reply, rendered);
    const own = status === 200 ? prerendered.pages.get(pathname) : prerendered.notFound;
    return reply.sendFile(own ?? 'index.html');
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api';
    if (hasApp && isPage) {
      return sendApp(request, reply, matchPage(pathname) ? 200 : 404, pathname);
    }
    return reply.status(404).send(errorBody(404, `No route ${request.method} ${pathname}`));
  });
}
