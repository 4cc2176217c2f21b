import { COMPARE_PARTS_MAX } from '@partsmith/contract/constants';
import { Link } from 'react-router';
import { clearCompare, compareHref, useCompareList } from '../api/compare-list.ts';

/**
 * The parts chosen to compare, at the bottom of the screen once there is one: how many, a link
 * to compare them, and Clear. Sticky rather than fixed: placed where a page's content ends, it
 * rides at the bottom of the screen while the content scrolls and rests below the content at its
 * end, so it never hides the last results or the footer. One line, small at 375 px.
 */
export function CompareTray() {
  const ids = useCompareList();
  if (ids.length === 0) return null;
  return (
    <aside
      aria-label="Parts to compare"
      className="sticky bottom-0 z-20 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        <p className="text-sm text-slate-800">
          {/* "1 of 4 parts": the noun goes with the 4. */}
          <strong className="tabular-nums">{ids.length}</strong> of {COMPARE_PARTS_MAX} parts chosen
          {ids.length === 1 && <span className="hidden sm:inline">: add one more to compare</span>}
        </p>
        <div className="flex items-center gap-2">
          <button type="button" className="btn btn-ghost btn-sm" onClick={clearCompare}>
            Clear
          </button>
          <Link to={compareHref(ids)} className="btn btn-primary btn-sm">
            Compare ({ids.length})
          </Link>
        </div>
      </div>
    </aside>
  );
}
