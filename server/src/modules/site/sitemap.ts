import type { FastifyInstance, FastifyReply } from 'fastify';
import { PAGES, pagePaths, type Page } from '@partsmith/contract/pages';
import { escapeMarkup } from '../../lib/escape-markup.ts';
import { createPartsRepository } from '../parts/repository.ts';

/**
 * The pages the table lists for search engines (contract/src/pages.ts), each param's values; a
 * page whose param has no listed values (a part's page) is listed once per part instead.
 */
const SITEMAP_PAGES = Object.values(PAGES as Record<string, Page>)
  .filter((page) => page.sitemap && (!page.path.includes(':') || page.params))
  .flatMap(pagePaths);

/** A sitemap holds at most 50,000 URLs; the parts go this many a file once they need more. */
export const PARTS_PER_SITEMAP = 45_000;

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const send = (reply: FastifyReply, body: string) =>
  reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(body);

/**
 * /sitemap.xml for search engines (the footer's "Site Map" link): the site's pages and every
 * part's page. Past PARTS_PER_SITEMAP parts it is an index of /sitemap-pages.xml and
 * /sitemap-parts-<n>.xml files.
 */
export async function sitemapRoute(app: FastifyInstance) {
  const parts = createPartsRepository(app.db);
  const base = app.config.publicUrl;
  const url = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeMarkup(base + loc)}</loc>${
      lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''
    }</url>`;
  const urlset = (lines: string[]) => `${XML}<urlset ${NS}>\n${lines.join('\n')}\n</urlset>\n`;
  const pages = () => SITEMAP_PAGES.map((p) => url(p));
  const partPages = async (file: number) =>
    (await parts.listedIds(PARTS_PER_SITEMAP, file * PARTS_PER_SITEMAP)).map((p) =>
      url(`/parts/${p.id}`, p.updatedAt),
    );

  app.get('/sitemap.xml', async (_request, reply) => {
    const count = await parts.listedCount();
    if (count <= PARTS_PER_SITEMAP)
      return send(reply, urlset([...pages(), ...(await partPages(0))]));
    const files = ['/sitemap-pages.xml'];
    for (let n = 0; n * PARTS_PER_SITEMAP < count; n++) files.push(`/sitemap-parts-${n + 1}.xml`);
    return send(
      reply,
      `${XML}<sitemapindex ${NS}>\n${files
        .map((f) => `  <sitemap><loc>${escapeMarkup(base + f)}</loc></sitemap>`)
        .join('\n')}\n</sitemapindex>\n`,
    );
  });
  app.get('/sitemap-pages.xml', async (_request, reply) => send(reply, urlset(pages())));
  app.get<{ Params: { n: string } }>('/sitemap-parts-:n.xml', async (request, reply) => {
    const n = Number(request.params.n);
    if (!Number.isInteger(n) || n < 1 || n > 10_000)
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: 'No such sitemap' });
    const lines = await partPages(n - 1);
    if (lines.length === 0)
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: 'No such sitemap' });
    return send(reply, urlset(lines));
  });
}
