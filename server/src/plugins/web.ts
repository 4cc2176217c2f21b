import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPage, renderedAt } from '@partsmith/contract/pages';
import { errorBody } from './error-handler.ts';
import type { CatalogueCache } from '../modules/parts/cache.ts';
import { allowInlineScripts, allowNonce, inlineScriptHashes } from './security.ts';

const YEAR = 60 * 60 * 24 * 365;

/** One of a page's requests to the API, sent in this process for the visitor (load context). */
type Send = (url: string, init: RequestInit) => Promise<Response>;

/** React Router's request handler (web/src/app/entry.server.tsx's `requestHandler`). */
type PageHandler = (
  request: Request,
  context: { send?: Send; nonce?: string },
) => Promise<Response>;

/** The web build's server build (web/dist/server/index.js), as far as this plugin reads it. */
interface ServerBuild {
  entry: { module: { requestHandler(build: ServerBuild): PageHandler } };
}

/** Statuses whose answer has no body (a `Response` with one would throw). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** A page the build's handler rendered (or React Router's data for one). */
interface Rendered {
  status: number;
  headers: Headers;
  html: string;
  /** The nonce its inline scripts carry; none on a page the same for everybody. */
  nonce?: string;
}

/** Thrown inside the page cache's load: the page is not kept (not a 200). */
class NotShared extends Error {
  constructor(readonly response: Rendered) {
    super('page not kept');
  }
}

/** A page's HTML with the hashes of its inline scripts, which its CSP allows. */
interface Html {
  html: string;
  hashes: string[];
  /** The build's pre-compressed copies (a prerendered page). */
  br?: Buffer;
  gzip?: Buffer;
}

const html = (text: string): Html => ({ html: text, hashes: inlineScriptHashes(text) });

/**
 * A `Link` header preloading the page's stylesheets, which paint waits for: the browser asks for
 * them with the answer's headers, before the many module preloads React Router writes ahead of
 * them in the head.
 */
export function stylesheetPreloads(page: string): string | undefined {
  const links = [...page.matchAll(/<link rel="stylesheet" href="(\/[^"]+)"/g)].map(
    ([, href]) => `<${href}>; rel=preload; as=style`,
  );
  return links.length > 0 ? [...new Set(links)].join(', ') : undefined;
}

/** The prerendered pages of the build (dist/client/<path>/index.html, and .br, .gz), by path. */
function readPrerendered(client: string): Map<string, Html> {
  const pages = new Map<string, Html>();
  if (!fs.existsSync(client)) return pages;
  for (const entry of fs.readdirSync(client, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const dir = path.relative(client, entry.parentPath).split(path.sep).join('/');
    if (dir.startsWith('assets')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const read = (suffix: string) =>
      fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined;
    pages.set(dir === '' ? '/' : `/${dir}`, {
      ...html(fs.readFileSync(file, 'utf8')),
      br: read('.br'),
      gzip: read('.gz'),
    });
  }
  return pages;
}

/** Sends a page's HTML, its inline scripts allowed by their hashes, compressed. */
function sendHtml(request: FastifyRequest, reply: FastifyReply, page: Html) {
  allowInlineScripts(reply, page.hashes);
  const styles = stylesheetPreloads(page.html);
  if (styles) reply.header('link', styles);
  reply.type('text/html; charset=utf-8');
  return sendEncoded(request, reply, page.html, page);
}

/**
 * Sends a body compressed as the browser accepts (the compression plugin does not see what the
 * not-found handler sends): the build's own compressed copies when there are, else Brotli at
 * quality 5 (a few tenths of a millisecond for a page, nearly quality 11's size) or gzip.
 */
function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  copies: { br?: Buffer; gzip?: Buffer } = {},
) {
  reply.header('vary', 'accept-encoding');
  const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
  if (encoding === 'br') {
    const encoded =
      copies.br ??
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(encoded);
  }
  if (encoding === 'gzip') {
    const encoded = copies.gzip ?? zlib.gzipSync(body, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(encoded);
  }
  return reply.send(body);
}

/**
 * Serves the web app built by React Router's framework mode (docs/decisions/058): files under
 * dist/client (hashed /assets cached for a year, others for an hour, sent pre-compressed when
 * the browser accepts it), the prerendered pages, and every other page through the build's
 * request handler, whose loaders ask this server's own routes for their answers (`app.inject`,
 * with the visitor's cookie and address: the same answers, access checks and rate limits as the
 * browser's requests). A page rendered for everybody (a part's page) is rendered as a visitor
 * sees it and kept by the catalogue cache until the catalogue changes (decision 050). Unknown
 * /api paths get JSON 404s.
 */
export async function webApp(
  app: FastifyInstance,
  options: {
    /** The web build folder: client/ and server/. */
    dist: string;
    /** Keeps the pages rendered for everybody until the catalogue changes (decision 050). */
    pageCache?: CatalogueCache;
  },
) {
  const client = path.join(options.dist, 'client');
  const serverBuild = path.join(options.dist, 'server', 'index.js');
  const hasApp = fs.existsSync(serverBuild) && fs.existsSync(client);
  if (!hasApp) {
    app.log.warn(
      { dist: options.dist },
      'the web app is not built; run `npm run build` to serve it',
    );
  } else {
    await app.register(fastifyStatic, {
      root: client,
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      // Pages (and their compressed copies) go out through the page handler below, never as files.
      allowedPath: (pathname) => !/\.(html|data)(\.br|\.gz)?$/.test(pathname),
      setHeaders(reply, filePath) {
        const rel = path.relative(client, filePath);
        reply.header(
          'cache-control',
          rel.startsWith(`assets${path.sep}`)
            ? `public, max-age=${YEAR}, immutable`
            : 'public, max-age=3600',
        );
      },
    });
  }

  const prerendered = hasApp ? readPrerendered(client) : new Map<string, Html>();
  /** Loaded on the first page asked for that is not prerendered, not at start-up. */
  let handler: Promise<PageHandler> | undefined;
  const pageHandler = () =>
    (handler ??= import(pathToFileURL(serverBuild).href).then((build: ServerBuild) =>
      build.entry.module.requestHandler(build),
    ));

  /**
   * Renders the page at `request.url`. `personal`: for this visitor (their cookie), its inline
   * scripts under a nonce of this answer's own; otherwise as anybody sees it, its scripts allowed by
   * their hashes (the same bytes for everybody, kept by the cache).
   */
  const render = async (request: FastifyRequest, personal: boolean): Promise<Rendered> => {
    const cookie = personal ? request.headers.cookie : undefined;
    const send: Send = async (url, init) => {
      // A page's loaders only read.
      if ((init.method ?? 'GET') !== 'GET') throw new Error(`a page loader sent ${init.method}`);
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { ...(cookie ? { cookie } : {}), accept: 'application/json' },
        remoteAddress: request.ip,
      });
      return new Response(NO_BODY.has(answer.statusCode) ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
      });
    };
    const headers = new Headers({ accept: String(request.headers.accept ?? 'text/html') });
    if (cookie) headers.set('cookie', cookie);
    const userAgent = request.headers['user-agent'];
    if (userAgent) headers.set('user-agent', userAgent);
    const nonce = personal ? randomBytes(16).toString('base64') : undefined;
    const response = await (
      await pageHandler()
    )(new Request(new URL(request.url, app.config.publicUrl), { headers }), { send, nonce });
    return {
      status: response.status,
      headers: response.headers,
      html: await response.text(),
      nonce,
    };
  };

  /** Sends a rendered page: its status, its redirect, its HTML (`private` when personal). */
  const sendRendered = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: Rendered,
    personal: boolean,
  ) => {
    const location = page.headers.get('location');
    if (location && page.status >= 300 && page.status < 400) {
      return reply.status(page.status).header('cache-control', 'no-store').redirect(location);
    }
    reply.status(page.status).header('cache-control', personal ? 'private, no-cache' : 'no-cache');
    const type = page.headers.get('content-type');
    if (type && !type.startsWith('text/html')) {
      // React Router's data for a page (a `.data` request): no inline script to allow, and its
      // own headers (`X-Remix-Response` tells the browser's router the answer is its data).
      for (const [name, value] of page.headers) {
        if (name !== 'content-length' && name !== 'cache-control') reply.header(name, value);
      }
      // The lazy route discovery's manifests (`/__manifest`) run to tens of kilobytes of JSON.
      return page.html.length < 1024
        ? reply.send(page.html)
        : sendEncoded(request, reply, page.html);
    }
    if (page.nonce) {
      allowNonce(reply, page.nonce);
      return sendHtml(request, reply, { html: page.html, hashes: [] });
    }
    return sendHtml(request, reply, html(page.html));
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    // A prerendered page at its bare path; with a query string it is rendered, so that what the
    // page reads of the query (a confirmation, a filter) is in its HTML as in its first render.
    const bare = !request.url.includes('?');
    const own = bare
      ? prerendered.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname)
      : undefined;
    if (own !== undefined) {
      reply.header('cache-control', 'no-cache');
      return sendHtml(request, reply, own);
    }
    // React Router's data requests (`<page>.data`) are never kept: only whole pages are.
    const page = pathname.endsWith('.data') ? undefined : matchPage(pathname)?.page;
    if (page?.serverRendered === 'always' && renderedAt(page, request.url) && options.pageCache) {
      // One HTML for everybody, kept with its policy (its scripts' hashes).
      try {
        const cache = options.pageCache;
        await cache.respond(request, reply, `page:${pathname}`, async () => {
          const rendered = await render(request, false);
          if (rendered.status !== 200) throw new NotShared(rendered);
          allowInlineScripts(reply, inlineScriptHashes(rendered.html));
          const csp = reply.getHeader('content-security-policy');
          const styles = stylesheetPreloads(rendered.html);
          return {
            body: rendered.html,
            headers: {
              'content-type': 'text/html; charset=utf-8',
              'cache-control': 'no-cache',
              ...(typeof csp === 'string' ? { 'content-security-policy': csp } : {}),
              ...(styles ? { link: styles } : {}),
            },
          };
        });
        return reply;
      } catch (err) {
        if (!(err instanceof NotShared)) throw err;
        return sendRendered(request, reply, err.response, false);
      }
    }
    const personal = page?.serverRendered !== 'always' || !renderedAt(page, request.url);
    return sendRendered(request, reply, await render(request, personal), personal);
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api';
    if (hasApp && isPage) return sendPage(request, reply, pathname);
    return reply.status(404).send(errorBody(404, `No route ${request.method} ${pathname}`));
  });
}
