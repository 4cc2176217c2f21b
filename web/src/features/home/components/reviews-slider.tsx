import { useEffect, useId, useState, type CSSProperties } from 'react';
import type { Review } from '@partsmith/contract';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/pagination';
import { ReviewCard } from './review-card.tsx';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

/**
 * 1 slide under 640 px (gap 2), 2 from 768 px (gap 10), 3 from 1024 px (gap 10) (docs/spec.md,
 * Business constants and limits).
 */
export const REVIEW_BREAKPOINTS = {
  640: { slidesPerView: 1, spaceBetween: 2 },
  768: { slidesPerView: 2, spaceBetween: 10 },
  1024: { slidesPerView: 3, spaceBetween: 10 },
};

/** Loop mode needs more slides than the widest view shows (3), else Swiper warns and misbehaves. */
const LOOP_MIN_SLIDES = 4;

const sliderStyle = {
  paddingBottom: '3rem',
  '--swiper-pagination-color': '#c2410c',
  '--swiper-pagination-bullet-inactive-color': '#475569',
  '--swiper-pagination-bullet-inactive-opacity': '1',
  // 12 px dots 16 px apart: each dot is a 24 px target (WCAG 2.5.8).
  '--swiper-pagination-bullet-size': '12px',
  '--swiper-pagination-bullet-horizontal-gap': '8px',
} as CSSProperties;

/**
 * The reviews slider (Swiper). This module is loaded with React.lazy, so Swiper and its CSS are
 * not part of the home page's first bundle. Autoplay (1000 ms, continuing after interaction) has a
 * visible Pause/Play button (WCAG 2.2.2) and starts paused when the visitor prefers less motion.
 */
export function ReviewsSlider({ reviews }: { reviews: readonly Review[] }) {
  const reducedMotion = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(!reducedMotion);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const sliderId = useId();

  useEffect(() => {
    if (!swiper || swiper.destroyed || !swiper.autoplay) return;
    if (playing) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }, [swiper, playing]);

  return (
    <div>
      <Swiper
        id={sliderId}
        modules={[A11y, Autoplay, Pagination]}
        loop={reviews.length >= LOOP_MIN_SLIDES}
        rewind={reviews.length < LOOP_MIN_SLIDES}
        slidesPerView={1}
        spaceBetween={2}
        breakpoints={REVIEW_BREAKPOINTS}
        pagination={{ clickable: true }}
        autoplay={{ delay: 1000, disableOnInteraction: false }}
        a11y={{
          containerMessage: 'Customer reviews',
          paginationBulletMessage: 'Show review {{index}}',
          slideLabelMessage: 'Review {{index}} of {{slidesLength}}',
        }}
        onSwiper={setSwiper}
        style={sliderStyle}
        className="[&_.swiper-pagination-bullet:focus-visible]:outline-2 [&_.swiper-pagination-bullet:focus-visible]:outline-offset-2 [&_.swiper-pagination-bullet:focus-visible]:outline-orange-700"
      >
        {reviews.map((review) => (
          <SwiperSlide key={review._id} className="!h-auto">
            <ReviewCard review={review} />
          </SwiperSlide>
        ))}
      </Swiper>
      <div className="mt-2 flex justify-center">
        <button
          type="button"
          className="btn btn-sm btn-outline border-slate-400 text-slate-800 hover:border-slate-800 hover:bg-slate-800 hover:text-white"
          aria-controls={sliderId}
          onClick={() => setPlaying((p) => !p)}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d={playing ? 'M5 4h3v12H5zM12 4h3v12h-3z' : 'M6 4l10 6-10 6z'} />
          </svg>
          {playing ? 'Pause reviews' : 'Play reviews'}
        </button>
      </div>
    </div>
  );
}
