import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchPage, renderedAt } from '@partsmith/contract/pages';
import { escapeMarkup } from '../../lib/escape-markup.ts';

/**
 * A page rendered by the server: its HTML, or `missing` when its subject is not found (the
 * server answers 404).
 */
export type RenderedPage = { html: string; missing?: undefined } | { missing: true };

/**
 * The HTML of a server-rendered page with the page itself in it, or null: send the shell
 * (docs/decisions/038). A page rendered for everybody (`serverRendered: 'always'`) is rendered
 * as a visitor sees it, whoever asks, so that one HTML serves all.
 */
export type PageRenderer = (
  request: FastifyRequest,
  pathname: string,
) => Promise<RenderedPage | null>;

/** One of the app's requests, sent for the buyer whose page is rendered (web's render-page.tsx). */
type Send = (url: string, init: RequestInit) => Promise<Response>;

/** The web build's server module (web/src/prerender/prerender.tsx, built into web/dist-server). */
interface RenderModule {
  renderPage(
    pathname: string,
    send: Send,
    origin: string,
  ): Promise<{ markup: string; title: string; head?: string; missing?: true } | null>;
}

/** The app's generic description, which a page with a head of its own replaces. */
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;

/** Statuses whose answer has no body (a `Response` with one would throw). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Renders the signed-in pages the web build can render (its `renderPage`) into the build's page
 * template. The page's requests are answered by this server's own routes (`app.inject`), with the
 * visitor's cookie and address: the same answers, access checks and rate limits as the browser's
 * requests. Undefined when the build has no server module (the shell is sent, as before).
 * The module loads on the first signed-in page asked for, not at start-up.
 */
export function createPageRenderer(app: FastifyInstance, dir: string): PageRenderer | undefined {
  const moduleFile = path.join(dir, 'prerender.js');
  const templateFile = path.join(dir, 'page.html');
  if (!fs.existsSync(moduleFile) || !fs.existsSync(templateFile)) return undefined;
  const template = fs.readFileSync(templateFile, 'utf8');
  let loaded: Promise<RenderModule> | undefined;

  return async (request, pathname) => {
    // Only the pages the table marks (contract/src/pages.ts) need a look at the module.
    const page = matchPage(pathname)?.page;
    const mode = page?.serverRendered;
    if (!mode || !renderedAt(page, request.url)) return null;
    // A page for everybody is rendered as a visitor sees it; a signed-in page for its buyer, and
    // with nobody signed in the app sends the visitor to the login page, from the shell.
    const cookie = mode === 'always' ? undefined : request.headers.cookie;
    if (mode !== 'always' && !cookie) return null;
    loaded ??= import(pathToFileURL(moduleFile).href) as Promise<RenderModule>;
    const { renderPage } = await loaded;
    const send: Send = async (url, init) => {
      // A page's first screen only reads.
      if ((init.method ?? 'GET') !== 'GET') throw new Error(`a page render sent ${init.method}`);
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
    const rendered = await renderPage(pathname, send, app.config.publicUrl);
    if (!rendered) return null;
    if (rendered.missing) return { missing: true };
    let html = template
      .replace('<!--title-->', () => escapeMarkup(rendered.title))
      .replace('<!--page-->', () => rendered.markup);
    if (rendered.head) html = html.replace(DESCRIPTION, () => rendered.head!);
    return { html };
  };
}
