import { starsFor } from '@partsmith/contract';

const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';

/**
 * A review's stars: five orange ones when the rating is 3 or more, else two (docs/spec.md,
 * Business constants and limits).
 * Screen readers hear the real rating ("Rated 4 out of 5").
 */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const count = starsFor(rating);
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of 5`}
      className={`inline-flex items-center gap-0.5 text-orange-600 ${className}`}
    >
      {Array.from({ length: count }, (_, index) => (
        <svg
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-5 w-5"
          fill="currentColor"
        >
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}
