import type { CataloguePart } from '@partsmith/contract';
import { href, Link } from 'react-router';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { formatDollars } from '../../../lib/money.ts';
import { CompareToggle } from './compare-toggle.tsx';
import { canBuy } from './part-page-head.ts';

/**
 * A part in a search's results or among related parts: its picture and name lead to its page;
 * "Add to compare" puts it in the comparison. `priority`: a card of the first screen, its
 * picture asked for at once (not when near).
 */
export function ResultCard({ part, priority }: { part: CataloguePart; priority?: boolean }) {
  const inStock = canBuy(part);
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
      <div className="bg-slate-50">
        <ResponsiveImage
          src={part.image}
          alt=""
          width={400}
          height={300}
          sizes="(min-width: 1024px) 280px, (min-width: 640px) 45vw, 90vw"
          className="aspect-[4/3] h-auto w-full object-contain p-4"
          priority={priority}
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-bold text-slate-900">
          {/* The link covers the card (its ::after), so the picture leads to the page too. */}
          <Link
            to={href('/parts/:partsId', { partsId: part._id })}
            className="after:absolute after:inset-0 hover:underline"
          >
            {part.name}
          </Link>
        </h3>
        <p className="mt-auto flex items-center justify-between gap-2">
          <span className="text-lg font-bold text-primary">{formatDollars(part.price)}</span>
          <span
            className={`text-sm font-semibold ${inStock ? 'text-emerald-800' : 'text-amber-900'}`}
          >
            {inStock ? 'In stock' : 'Out of stock'}
          </span>
        </p>
        <CompareToggle partId={part._id} partName={part.name} />
      </div>
    </article>
  );
}
