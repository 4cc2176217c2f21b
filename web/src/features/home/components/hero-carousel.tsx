import { useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { HERO_IMAGE } from '@partsmith/contract/images';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

export interface HeroSlide {
  src: string;
  alt: string;
}

/** Five static pictures (1200x675). The alt texts describe what each drawing shows. */
export const HERO_SLIDES: readonly HeroSlide[] = [
  // The first is preloaded by index.html (HERO_IMAGE).
  { src: HERO_IMAGE.src, alt: 'Partsmith DDR5 memory modules in a row' },
  { src: '/images/hero/slide-2.svg', alt: 'A Partsmith ATX motherboard seen from above' },
  { src: '/images/hero/slide-3.svg', alt: 'New arrivals: boxed parts marked NEW on a shelf' },
  { src: '/images/hero/slide-4.svg', alt: 'A finished desktop PC and monitor on an office desk' },
  {
    src: '/images/hero/slide-5.svg',
    alt: 'Screwdrivers, pliers, a wrench and a multimeter on a workshop pegboard',
  },
];

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <Icon strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </Icon>
  );
}

/**
 * A horizontal carousel built on CSS scroll-snap: swipe or scroll it natively, or use the
 * previous/next and dot buttons. No slider library, so the home page's first bundle stays small.
 * It never moves by itself.
 */
export function HeroCarousel({ slides = HERO_SLIDES }: { slides?: readonly HeroSlide[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  const count = slides.length;

  const goTo = (index: number) => {
    const element = scroller.current;
    if (!element || count === 0) return;
    const target = ((index % count) + count) % count;
    element.scrollTo({
      left: target * element.clientWidth,
      behavior: reducedMotion ? 'auto' : 'smooth',
    });
    setCurrent(target);
  };

  const onScroll = () => {
    const element = scroller.current;
    if (!element || element.clientWidth === 0) return;
    const index = Math.round(element.scrollLeft / element.clientWidth);
    setCurrent(Math.min(Math.max(index, 0), count - 1));
  };

  return (
    <div aria-roledescription="carousel" aria-label="Partsmith products" role="region">
      <div
        ref={scroller}
        role="group"
        aria-label="Product pictures, scroll sideways"
        // Focusable so keyboard users can scroll it with the arrow keys (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onScroll={onScroll}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl bg-slate-800 shadow-2xl ring-1 ring-white/10 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-orange-400 [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((slide, index) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            className="w-full shrink-0 snap-center snap-always"
          >
            <ResponsiveImage
              src={slide.src}
              alt={slide.alt}
              width={1200}
              height={675}
              sizes={HERO_IMAGE.sizes}
              priority={index === 0}
              className="aspect-video h-auto w-full object-cover"
              draggable={false}
            />
          </div>
        ))}
      </div>
      <div className="mt-4 flex items-center justify-between gap-4">
        <button
          type="button"
          className="btn btn-circle btn-sm border-white/20 bg-white/10 text-white hover:bg-white/20"
          aria-label="Previous picture"
          onClick={() => goTo(current - 1)}
        >
          <Chevron direction="left" />
        </button>
        <div className="flex items-center gap-1">
          {slides.map((slide, index) => (
            <button
              key={slide.src}
              type="button"
              className="group flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-orange-400"
              aria-label={`Show picture ${index + 1}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => goTo(index)}
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${
                  index === current
                    ? 'w-6 bg-orange-400'
                    : 'w-2.5 bg-slate-400 group-hover:bg-slate-200'
                }`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-circle btn-sm border-white/20 bg-white/10 text-white hover:bg-white/20"
          aria-label="Next picture"
          onClick={() => goTo(current + 1)}
        >
          <Chevron direction="right" />
        </button>
      </div>
    </div>
  );
}
