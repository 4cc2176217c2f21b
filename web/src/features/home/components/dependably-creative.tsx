import { href, Link } from 'react-router';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';

/** Six static pictures (800x600). The alt texts describe what each drawing shows. */
export const GALLERY = [
  { src: '/images/gallery/1.svg', alt: 'An engineer testing a board at the lab bench' },
  { src: '/images/gallery/2.svg', alt: 'A robot arm placing memory modules on the assembly line' },
  { src: '/images/gallery/3.svg', alt: 'A quality check of a power supply under the magnifier' },
  { src: '/images/gallery/4.svg', alt: 'Screwdrivers and precision tools laid out on a mat' },
  { src: '/images/gallery/5.svg', alt: 'A finished PC built with Partsmith parts' },
  { src: '/images/gallery/6.svg', alt: 'Boxed orders ready to ship from the warehouse' },
] as const;

export function DependablyCreative() {
  return (
    <section
      aria-labelledby="creative-heading"
      className="below-fold bg-white [--fold-size:59rem] lg:[--fold-size:32rem]"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:px-8">
        <div className="flex flex-col items-start gap-5">
          <p className="text-sm font-bold uppercase tracking-widest text-primary">Who we are</p>
          <h2 id="creative-heading" className="text-3xl font-extrabold text-slate-900 sm:text-4xl">
            Dependably Creative
          </h2>
          <p className="text-lg leading-relaxed text-slate-700">
            We design every part in our own lab, build it on our own lines and test it before it
            leaves the factory. New ideas reach you fast, and they work the first time you switch
            the machine on.
          </p>
          <Link to={href('/info/:topic', { topic: 'about-us' })} className="btn btn-secondary">
            MORE ABOUT US
          </Link>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          {GALLERY.map((image) => (
            <li key={image.src} className="overflow-hidden rounded-xl bg-slate-200 shadow-sm">
              <ResponsiveImage
                src={image.src}
                alt={image.alt}
                width={800}
                height={600}
                // Two tiles a row on phones, three from 640 px, in 3/5 of the container on desktops.
                sizes="(min-width: 1024px) 240px, (min-width: 640px) 31vw, 47vw"
                className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-300 hover:scale-105"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
