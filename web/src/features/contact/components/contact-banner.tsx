import { LoadWhenNear } from '../../../components/ui/load-when-near.tsx';
import { SHOP_CONTACT } from '../../../config/shop.ts';
import { lazyComponent } from '../../../lib/lazy-component.ts';

// Far below the fold: the form (react-hook-form, zod) loads when the banner comes near.
const ContactForm = lazyComponent(async () => (await import('./contact-form.tsx')).ContactForm);

export function ContactBanner() {
  return (
    <section
      id="contact"
      aria-labelledby="contact-heading"
      className="below-fold relative isolate scroll-mt-16 overflow-hidden bg-slate-900 [--fold-size:58rem] lg:[--fold-size:38rem]"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_bottom_left,rgba(234,88,12,0.25),transparent_55%)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div className="flex flex-col gap-5 text-slate-300">
          <p className="text-sm font-bold uppercase tracking-widest text-orange-400">Talk to us</p>
          <h2 id="contact-heading" className="text-3xl font-extrabold text-white sm:text-4xl">
            Contact Us
          </h2>
          <p className="max-w-lg text-lg leading-relaxed">
            Questions about a part, a bulk order or a delivery? Write to our sales engineers. A real
            person answers within one working day.
          </p>
          <ul className="space-y-2">
            <li>
              <span className="font-semibold text-white">Phone:</span>{' '}
              <a
                href={SHOP_CONTACT.phoneHref}
                className="underline underline-offset-4 hover:text-white"
              >
                {SHOP_CONTACT.phone}
              </a>
            </li>
            <li>
              <span className="font-semibold text-white">Email:</span>{' '}
              <a
                href={`mailto:${SHOP_CONTACT.email}`}
                className="underline underline-offset-4 hover:text-white"
              >
                {SHOP_CONTACT.email}
              </a>
            </li>
          </ul>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          {/* The box keeps the form's height while it loads, so nothing below moves. */}
          <LoadWhenNear label="Loading the contact form" reserve="h-[24.2rem]">
            <ContactForm idPrefix="home-contact" />
          </LoadWhenNear>
        </div>
      </div>
    </section>
  );
}
