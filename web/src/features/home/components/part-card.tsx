import { useId } from 'react';
import { href, Link } from 'react-router';
import type { Part } from '@partsmith/contract';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { formatDollars } from '../../../lib/money.ts';

/** 'Price: $129.99'. The spec's '$-' prefix is dropped: it reads as a negative amount. */
export function formatPrice(price: number): string {
  return `Price: ${formatDollars(price)}`;
}

export function PartCard({ part }: { part: Part }) {
  const nameId = useId();
  const canOrder = part.availableQuantity >= part.minOrderQuantity;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
      <div className="bg-slate-50">
        <ResponsiveImage
          src={part.image}
          alt={part.name}
          width={400}
          height={300}
          // One, two or three cards a row in the 1280 px container; the picture has 24 px padding.
          sizes="(min-width: 1024px) 360px, (min-width: 768px) 45vw, 90vw"
          className="aspect-[4/3] h-auto w-full object-contain p-6 transition-transform duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 id={nameId} className="text-xl font-bold text-slate-900">
          {/* The part's own page; the link covers the card's picture too (its ::after). */}
          <Link
            to={href('/parts/:partsId', { partsId: part._id })}
            className="after:absolute after:inset-0 hover:underline"
          >
            {part.name}
          </Link>
        </h3>
        <p className="line-clamp-3 text-slate-700">{part.description}</p>
        <ul className="mt-auto space-y-1 text-sm text-slate-700">
          <li>
            Min Order Quantity:{' '}
            <span className="font-semibold text-slate-900">{part.minOrderQuantity}</span>
          </li>
          <li>
            Available Quantity:{' '}
            <span className="font-semibold text-slate-900">{part.availableQuantity}</span>
          </li>
        </ul>
        <div className="flex items-center justify-between gap-4 border-t border-slate-100 pt-4">
          <p className="text-lg font-bold text-primary">{formatPrice(part.price)}</p>
          {canOrder ? (
            <Link
              to={href('/purchase/:partsId', { partsId: part._id })}
              className="btn btn-primary relative z-10"
              aria-describedby={nameId}
            >
              Add To Cart
            </Link>
          ) : (
            <span className="inline-flex h-10 items-center rounded-lg bg-slate-100 px-4 text-sm font-semibold text-slate-700">
              Out of stock
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
