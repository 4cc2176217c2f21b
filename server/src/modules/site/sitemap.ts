import type { FastifyInstance } from 'fastify';
import { escapeMarkup } from '../../lib/escape-markup.ts';

const PUBLIC_PAGES = [
  '/',
  '/myPortfolio',
  '/blogs',
  '/contact',
  '/info/about-us',
  '/info/delivery',
  '/info/payment',
  '/info/jobs',
  '/info/legal-notice',
  '/info/privacy-policy',
];

/** /sitemap.xml for search engines (the footer's "Site Map" link). */
export async function sitemapRoute(app: FastifyInstance) {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    PUBLIC_PAGES.map(
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
