import type { FastifyInstance } from 'fastify';
import { PAGES, pagePaths, type Page } from '@partsmith/contract/pages';
import { escapeMarkup } from '../../lib/escape-markup.ts';

/** The pages the table lists for search engines (contract/src/pages.ts), each param's values. */
const SITEMAP_PAGES = Object.values(PAGES as Record<string, Page>)
  .filter((page) => page.sitemap)
  .flatMap(pagePaths);

/** /sitemap.xml for search engines (the footer's "Site Map" link). */
export async function sitemapRoute(app: FastifyInstance) {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    SITEMAP_PAGES.map(
      (p) => `  <url><loc>${escapeMarkup(app.config.publicUrl + p)}</loc></url>`,
    ).join('\n') +
    '\n</urlset>\n';
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body),
  );
}
