import { useEffect } from 'react';
import { href, Link, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { InfoTopic } from '@partsmith/contract/pages';
import { collectionPath, COLLECTIONS } from '../../config/collections.ts';
import {
  CatalogueIndex,
  catalogueIndexQuery,
} from '../../features/catalogue/components/catalogue-index.tsx';
import { getInfoTopic } from '../../features/content/components/info-topics.ts';
import { answersFor, type PageAnswers } from '../answers.server.ts';
import { pageMeta } from '../meta.ts';

export const SITE_MAP_TITLE = 'Site map | Partsmith';

export const meta: MetaFunction = () => pageMeta(SITE_MAP_TITLE);

/**
 * /site-map: its first page, with the categories and the first parts, rendered by the server
 * (one HTML for everybody, kept until the catalogue changes). Another page of parts (`?page=`)
 * is the browser's to ask.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<PageAnswers> {
  if (new URL(request.url).search) return { answers: null };
  return answersFor(context, (client) => client.prefetchInfiniteQuery(catalogueIndexQuery()));
}

/** In the browser, the page asks for its own answers. */
export const clientLoader = (): PageAnswers => ({ answers: null });

const topic = (key: InfoTopic) => ({
  label: getInfoTopic(key)?.title ?? key,
  to: href('/info/:topic', { topic: key }),
});

/**
 * The shop's pages a person may open, by what they are for: every public page of the page table
 * (contract/src/pages.ts) but the password reset (reached from its e-mail) and this one, the
 * catalogue's collections, and the customer's own pages (a visitor is asked to sign in first).
 */
const GROUPS: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: 'Shop',
    links: [
      { label: 'Home', to: href('/') },
      { label: 'Search the parts', to: href('/parts') },
      { label: COLLECTIONS.newest.heading, to: collectionPath('newest') },
      { label: COLLECTIONS.volume.heading, to: collectionPath('volume') },
      { label: COLLECTIONS.bestSelling.heading, to: collectionPath('bestSelling') },
      { label: 'Compare parts', to: href('/parts/compare') },
      { label: 'Cart', to: href('/cart') },
      { label: 'Quick order by part number', to: href('/quick-order') },
    ],
  },
  {
    title: 'About Partsmith',
    links: [
      topic('about-us'),
      { label: 'My Portfolio', to: href('/myPortfolio') },
      { label: 'Blogs', to: href('/blogs') },
      { label: 'Contact', to: href('/contact') },
      topic('jobs'),
    ],
  },
  {
    title: 'Help',
    links: (['delivery', 'payment', 'legal-notice', 'privacy-policy'] as const).map(topic),
  },
  {
    title: 'Your account',
    links: [
      { label: 'Login', to: href('/login') },
      { label: 'My account', to: href('/dashboard/my-profile') },
      { label: 'Your orders', to: href('/dashboard/my-orders') },
    ],
  },
];

// Underlined, as the catalogue's links below it (told from text by more than their colour).
const linkClass = 'text-slate-900 underline underline-offset-4 hover:text-primary';

/** /site-map: the site map for people (/sitemap.xml is the search engines'). */
export default function SiteMapPage() {
  useEffect(() => {
    document.title = SITE_MAP_TITLE;
  }, []);
  return (
    <div className="min-h-[calc(100vh-4rem)] bg-slate-100">
      <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-6 sm:py-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Site map</h1>
        <section aria-labelledby="site-map-pages">
          <h2 id="site-map-pages" className="text-2xl font-bold text-slate-900">
            Pages
          </h2>
          <div className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {GROUPS.map((group) => (
              <nav key={group.title} aria-label={group.title}>
                <h3 className="text-lg font-bold text-slate-900">{group.title}</h3>
                <ul className="mt-2 space-y-2">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={linkClass}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </section>
        <CatalogueIndex path={href('/site-map')} />
      </div>
    </div>
  );
}
