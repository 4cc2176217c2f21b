import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SHOP_CONTACT } from '../../../config/shop.ts';
import { ContactForm } from './contact-form.tsx';

const ICONS = {
  address:
    'M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  phone:
    'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z',
  email:
    'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.2V17h16V7.2l-8 5.3z',
  hours: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm1 5h-2v6l5 3 1-1.7-4-2.3z',
} as const;

function InfoBlock({
  icon,
  title,
  children,
}: {
  icon: keyof typeof ICONS;
  title: string;
  children: ReactNode;
}) {
  const headingId = `contact-${icon}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex gap-4 rounded-box bg-base-200 p-5">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-content">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
          <path d={ICONS[icon]} fillRule="evenodd" />
        </svg>
      </span>
      <div>
        <h2 id={headingId} className="font-bold">
          {title}
        </h2>
        <div className="mt-1 leading-7">{children}</div>
      </div>
    </section>
  );
}

/**
 * Where the newsletter's confirmation and unsubscribe links land (`?newsletter=`, the server's
 * redirect): what happened, in words. A switch, so no other value finds anything.
 */
export function newsletterStatus(value: string | null): { ok: boolean; text: string } | null {
  switch (value) {
    case 'confirmed':
      return { ok: true, text: 'Your newsletter subscription is confirmed.' };
    case 'unsubscribed':
      return { ok: true, text: 'You are unsubscribed from the newsletter.' };
    case 'invalid':
      return {
        ok: false,
        text: 'That newsletter link is not valid or has expired. Subscribe again at the bottom of the page to get a new one.',
      };
    default:
      return null;
  }
}

/**
 * /contact: how to reach Partsmith, and the contact form (subject prefilled from ?subject=).
 * Also where the newsletter's links land, with their outcome on top.
 */
export function ContactPage() {
  const [searchParams] = useSearchParams();
  const defaultSubject = searchParams.get('subject')?.trim() || undefined;
  const newsletter = newsletterStatus(searchParams.get('newsletter'));

  useEffect(() => {
    document.title = 'Contact | Partsmith';
  }, []);

  return (
    <div>
      <header className="bg-slate-900 text-slate-100">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Contact</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-200">
            Questions about a part, an order or a large purchase? Call us, write to us or send the
            form below. We answer within one business day.
          </p>
        </div>
      </header>

      {newsletter && (
        <div className="mx-auto max-w-6xl px-4 pt-8">
          <p
            role="status"
            className={`rounded-box border px-4 py-3 font-medium ${
              newsletter.ok
                ? 'border-green-300 bg-green-50 text-green-900'
                : 'border-amber-300 bg-amber-50 text-slate-900'
            }`}
          >
            {newsletter.text}
          </p>
        </div>
      )}

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid content-start gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <InfoBlock icon="address" title="Address">
            <address className="not-italic">
              {SHOP_CONTACT.name}
              <br />
              {SHOP_CONTACT.street}
              <br />
              {SHOP_CONTACT.city}
              <br />
              {SHOP_CONTACT.country}
            </address>
            <p className="text-sm text-slate-700">Tax ID: {SHOP_CONTACT.taxId}</p>
          </InfoBlock>
          <InfoBlock icon="phone" title="Phone">
            <a href={SHOP_CONTACT.phoneHref} className="link font-medium text-primary">
              {SHOP_CONTACT.phone}
            </a>
          </InfoBlock>
          <InfoBlock icon="email" title="E-mail">
            <a
              href={`mailto:${SHOP_CONTACT.email}`}
              className="link break-all font-medium text-primary"
            >
              {SHOP_CONTACT.email}
            </a>
          </InfoBlock>
          <InfoBlock icon="hours" title="Opening hours">
            <p>Mon–Fri 8:00–18:00 CT</p>
            <p>Closed on weekends and US public holidays.</p>
          </InfoBlock>
        </div>

        <section
          aria-labelledby="contact-form-heading"
          className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-heading" className="text-2xl font-bold">
            Send us a message
          </h2>
          <p className="mt-1 mb-6">We reply to the e-mail address you give us.</p>
          {/* Keyed by the subject so a link to another ?subject= refills the field. */}
          <ContactForm
            key={defaultSubject ?? ''}
            idPrefix="contact-page"
            defaultSubject={defaultSubject}
          />
        </section>
      </div>
    </div>
  );
}
