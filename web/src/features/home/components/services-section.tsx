import type { ReactNode } from 'react';
import { href, Link } from 'react-router';
import { collectionPath } from '../../../config/collections.ts';
import { SHOP_CONTACT } from '../../../config/shop.ts';
import { TileIcon } from './tile-icon.tsx';

/** The shop's contact details, shown here and reused by the footer's neighbours. */
const ICONS = {
  truck:
    'M3 6h11v10H3zM14 10h4l3 3v3h-7M7.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm10 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  gift: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3.5-5-1.2C7 7 9 7 12 7zm0 0c1.5-3 5-3.5 5-1.2C17 7 15 7 12 7z',
  headset:
    'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zm16 0h-3v5h2a1 1 0 0 0 1-1zM17 19c0 1.1-1.8 2-4 2',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
} as const;

const TILES: { icon: keyof typeof ICONS; title: string; text: ReactNode }[] = [
  { icon: 'truck', title: 'Free Shipping', text: 'Within the US, on orders over $500.' },
  {
    icon: 'gift',
    title: 'Special Gift',
    text: 'A welcome gift with the first order of every new client.',
  },
  {
    icon: 'headset',
    title: 'Support Online 24/7',
    text: (
      <>
        Call our technicians day and night:{' '}
        <a href={SHOP_CONTACT.phoneHref} className="link font-semibold text-slate-900">
          {SHOP_CONTACT.phone}
        </a>
      </>
    ),
  },
  {
    icon: 'shield',
    title: 'Security Payment',
    text: 'Card payments are encrypted and handled by our payment provider; we never store your card number.',
  },
];

type ColumnLink = { label: string; to: string };

const COLUMNS: { title: string; links: ColumnLink[] }[] = [
  {
    title: 'New Coming Tools',
    links: [
      { label: 'New products', to: collectionPath('newest') },
      { label: 'Best sales', to: collectionPath('bestSelling') },
      { label: 'Sitemap', to: href('/site-map') },
    ],
  },
  {
    title: 'Our Company',
    links: [
      { label: 'Delivery', to: href('/info/:topic', { topic: 'delivery' }) },
      { label: 'Legal notice', to: href('/info/:topic', { topic: 'legal-notice' }) },
      { label: 'About us', to: href('/info/:topic', { topic: 'about-us' }) },
      { label: 'My account', to: href('/dashboard/my-profile') },
    ],
  },
  {
    title: 'Shop By',
    links: [
      { label: 'Your orders', to: href('/dashboard/my-orders') },
      // The parts a customer keeps to buy: the cart, kept on the server for a signed-in customer
      // (and a visitor's on their cookie) from one visit to the next, as a wishlist is. The
      // compare list is another thing: at most four parts, in one browser, to set side by side.
      { label: 'Your wishlist', to: href('/cart') },
      { label: 'Payment', to: href('/info/:topic', { topic: 'payment' }) },
      { label: 'Delivery', to: href('/info/:topic', { topic: 'delivery' }) },
    ],
  },
];

const linkClass = 'text-slate-700 underline-offset-4 hover:text-primary hover:underline';

export function ServicesSection() {
  return (
    <section
      aria-labelledby="services-heading"
      className="below-fold bg-white [--fold-size:115rem] md:[--fold-size:74rem] lg:[--fold-size:51rem]"
    >
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <header className="mx-auto mb-12 max-w-2xl text-center">
          <p className="text-sm font-bold uppercase tracking-widest text-primary">Why Partsmith</p>
          <h2
            id="services-heading"
            className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl"
          >
            Upcoming Our Services
          </h2>
        </header>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TILES.map((tile) => (
            <li
              key={tile.title}
              className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-6"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-orange-100 text-orange-800">
                <TileIcon d={ICONS[tile.icon]} />
              </span>
              <h3 className="text-lg font-bold text-slate-900">{tile.title}</h3>
              <p className="text-slate-700">{tile.text}</p>
            </li>
          ))}
        </ul>

        <div className="mt-16 grid grid-cols-2 gap-x-6 gap-y-10 border-t border-slate-200 pt-12 lg:grid-cols-4">
          <div className="col-span-2 sm:col-span-1">
            <h3 className="text-base font-bold uppercase tracking-wide text-slate-900">Contact</h3>
            <address className="mt-4 space-y-2 not-italic text-slate-700">
              <p>
                {SHOP_CONTACT.street}
                <br />
                {SHOP_CONTACT.city}, {SHOP_CONTACT.country}
              </p>
              <p>
                <a href={SHOP_CONTACT.phoneHref} className={linkClass}>
                  {SHOP_CONTACT.phone}
                </a>
              </p>
              <p>
                <a href={`mailto:${SHOP_CONTACT.email}`} className={linkClass}>
                  {SHOP_CONTACT.email}
                </a>
              </p>
            </address>
          </div>
          {COLUMNS.map((column) => (
            <div key={column.title}>
              <h3 className="text-base font-bold uppercase tracking-wide text-slate-900">
                {column.title}
              </h3>
              <ul className="mt-4 space-y-2">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
