import type { Review } from '@partsmith/contract';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { Stars } from '../../../components/ui/stars.tsx';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="flex h-full flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center shadow-sm">
      <ResponsiveImage
        src={review.image}
        alt=""
        width={80}
        height={80}
        sizes="80px"
        className="h-20 w-20 rounded-full object-cover ring-4 ring-orange-100"
      />
      <h3 className="text-lg font-bold text-slate-900">{review.name}</h3>
      <p className="text-slate-700">{review.type}</p>
      <Stars rating={review.rating} className="mt-auto" />
    </article>
  );
}
