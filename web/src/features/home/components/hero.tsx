import { HeroCarousel } from './hero-carousel.tsx';
import { TypedTagline } from './typed-tagline.tsx';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-slate-950 text-slate-100"
    >
      {/* A soft orange glow and a faint grid: a workshop feel without an image to load. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(234,88,12,0.28),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(30,41,59,0.9),transparent_60%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-[0.07] [background-image:linear-gradient(rgba(255,255,255,0.6)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.6)_1px,transparent_1px)] [background-size:48px_48px]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-20 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-16 lg:px-8 lg:py-24">
        <div className="flex flex-col items-start gap-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-orange-400/40 bg-orange-500/10 px-3 py-1 text-xs font-semibold tracking-wide text-orange-300 sm:text-sm">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-orange-400" />
            PC parts and tools, from the manufacturer
          </p>
          <TypedTagline id="hero-heading" />
          <p className="max-w-xl text-lg leading-relaxed text-slate-300">
            Partsmith designs and builds memory, motherboards, power supplies and the workshop tools
            to fit them. Everything you see is in stock in Austin and ships from our own factory.
          </p>
          <a href="#parts" className="btn btn-primary btn-lg px-8">
            Learn More
          </a>
        </div>
        <HeroCarousel />
      </div>
    </section>
  );
}
