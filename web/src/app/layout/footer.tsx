import { href, Link } from 'react-router';
import { LoadWhenNear } from '../../components/ui/load-when-near.tsx';
import { collectionPath } from '../../config/collections.ts';
import { SHOP_CONTACT } from '../../config/shop.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { Brand } from './brand.tsx';

// Below the fold on every page: the form (react-hook-form, zod) loads when the footer comes near.
const NewsletterForm = lazyComponent(
  async () =>
    (await import('../../features/contact/components/newsletter-form.tsx')).NewsletterForm,
);

type FooterLink = { label: string; to: string };

const INFORMATION: FooterLink[] = [
  // The site map for people; /sitemap.xml stays the search engines'.
  { label: 'Site Map', to: href('/site-map') },
  // The shop's specials: the parts that cost less by the quantity.
  { label: 'Specials', to: collectionPath('volume') },
  { label: 'Jobs', to: href('/info/:topic', { topic: 'jobs' }) },
  { label: 'Privacy Policy', to: href('/info/:topic', { topic: 'privacy-policy' }) },
];

const MY_ACCOUNT: FooterLink[] = [
  { label: 'Checkout', to: href('/cart') },
  // Ordering by part number from a list (issue 49).
  { label: 'Quick Order', to: href('/quick-order') },
  { label: 'Login', to: href('/login') },
  { label: 'Order Status', to: href('/dashboard/my-orders') },
];

const SOCIAL = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/',
    icon: (
      <path d="M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.6 1.6-1.6h1.6V4.3c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.3H8v3h2.5V21z" />
    ),
  },
  {
    name: 'X',
    href: 'https://x.com/',
    icon: (
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
    ),
  },
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    icon: (
      <path d="M4 9h3.6v11H4zM5.8 3.5a2 2 0 1 1 0 4.1 2 2 0 0 1 0-4.1zM9.8 9h3.4v1.5h.1c.5-.9 1.7-1.8 3.4-1.8 3.6 0 4.3 2.4 4.3 5.4V20h-3.6v-5.2c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V20H9.8z" />
    ),
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
    icon: (
      <path
        fillRule="evenodd"
        d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z"
      />
    ),
  },
] as const;

const linkClass =
  'rounded text-slate-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-400';

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold uppercase tracking-widest text-white">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="below-fold bg-slate-950 text-slate-300 [--fold-size:54rem] md:[--fold-size:47rem] lg:[--fold-size:24rem]">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-16 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_minmax(0,2fr)_minmax(0,4fr)] lg:px-8">
        <div className="col-span-2 flex flex-col gap-4 lg:col-span-1">
          <Brand className="flex items-center gap-2 self-start rounded text-xl font-extrabold tracking-tight text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-400" />
          <p className="max-w-xs text-sm leading-relaxed">
            PC parts and workshop tools, designed, built and shipped by the manufacturer in Austin,
            Texas.
          </p>
          <ul className="flex gap-2" aria-label="Partsmith on social media">
            {SOCIAL.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Partsmith on ${social.name} (opens in a new tab)`}
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-slate-200 transition-colors hover:bg-orange-600 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-400"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="h-5 w-5"
                    fill="currentColor"
                  >
                    {social.icon}
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn title="Information" links={INFORMATION} />
        <LinkColumn title="My Account" links={MY_ACCOUNT} />
        <div className="col-span-2 lg:col-span-1">
          <h2 className="text-sm font-bold uppercase tracking-widest text-white">Newsletter</h2>
          <p className="mt-4 mb-3 text-sm">
            New parts, restocks and workshop tips, about once a month. Unsubscribe any time.
          </p>
          <LoadWhenNear
            label="Loading the newsletter form"
            reserve="h-[7.25rem] sm:h-[4.25rem] lg:h-[7.25rem] xl:h-[4.25rem]"
          >
            <NewsletterForm />
          </LoadWhenNear>
        </div>
      </div>
      <div className="border-t border-white/10">
        {/* The seller of the invoices (contract/src/seller.ts, through the web's shop config, as
            the contact page reads it): one name and address everywhere. */}
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-6 text-sm text-slate-400 sm:px-6 md:flex-row md:justify-between md:gap-6 lg:px-8">
          <p>
            © {year} {SHOP_CONTACT.name} All rights reserved.
          </p>
          <address className="not-italic">
            {[SHOP_CONTACT.street, SHOP_CONTACT.city, SHOP_CONTACT.country].join(', ')}
          </address>
        </div>
      </div>
    </footer>
  );
}
