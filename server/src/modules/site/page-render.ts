import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchPage } from '@partsmith/contract/pages';
import { escapeMarkup } from '../../lib/escape-markup.ts';

/**
 * The HTML of a signed-in page with the page itself in it, or null: send the shell (docs/decisions
 * /025).
 */
export type PageRenderer = (request: FastifyRequest, pathname: string) => Promise<string | null>;

/** One of the app's requests, sent for the buyer whose page is rendered (web's render-page.tsx). */
type Send = (url: string, init: RequestInit) => Promise<Response>;

/** The web build's server module (web/src/prerender/prerender.tsx, built into web/dist-server). */
interface RenderModule {
  renderPage(pathname: string, send: Send): Promise<{ markup: string; title: string } | null>;
}

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
    // Nobody signed in: the app sends the visitor to the login page, from the shell.
    const cookie = request.headers.cookie;
    // Only the pages the table marks (contract/src/pages.ts) need a look at the module.
    if (!matchPage(pathname)?.page.serverRendered || !cookie) return null;
    loaded ??= import(pathToFileURL(moduleFile).href) as Promise<RenderModule>;
    const { renderPage } = await loaded;
    const send: Send = async (url, init) => {
      // A page's first screen only reads.
      if ((init.method ?? 'GET') !== 'GET') throw new Error(`a page render sent ${init.method}`);
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { cookie, accept: 'application/json' },
        remoteAddress: request.ip,
      });
      return new Response(NO_BODY.has(answer.statusCode) ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
      });
    };
    const page = await renderPage(pathname, send);
    if (!page) return null;
    return template
      .replace('<!--title-->', () => escapeMarkup(page.title))
      .replace('<!--page-->', () => page.markup);
  };
}
