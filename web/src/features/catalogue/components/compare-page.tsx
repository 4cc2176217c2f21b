import type { CataloguePart, PartComparison } from '@partsmith/contract';
import { COMPARE_PARTS_MAX } from '@partsmith/contract/constants';
import { useEffect, type ReactNode } from 'react';
import { href, Link, useNavigate, useSearchParams } from 'react-router';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDollars } from '../../../lib/money.ts';
import { compareHref, removeFromCompare, useCompareList } from '../api/compare-list.ts';
import { compareIdsOf, missingOf, useCompareParts } from '../api/compare-parts.ts';
import { canBuy } from './part-page-head.ts';

export const COMPARE_TITLE = 'Compare parts | Partsmith';

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';
/** The row headers stay in view while the table scrolls sideways (a phone). */
const ROW_HEADER =
  'sticky left-0 z-10 w-32 min-w-28 border-r border-slate-200 p-3 text-left align-top font-semibold text-slate-800 sm:w-44';
const CELL = 'min-w-40 p-3 align-top text-slate-900';

/** Whether a row's values are not all the same (a part without the attribute counts too). */
const differs = (values: readonly (string | null)[]) => new Set(values).size > 1;

/** A part's value, or a dash that reads as "None". */
function Value({ value }: { value: string | null }) {
  if (value !== null) return <>{value}</>;
  return (
    <>
      <span aria-hidden="true" className="text-slate-500">
        —
      </span>
      <span className="sr-only">None</span>
    </>
  );
}

function Row({
  label,
  values,
  marked = false,
}: {
  label: string;
  values: readonly ReactNode[];
  /** The values differ: the row is tinted, and its header says so (screen readers read it too). */
  marked?: boolean;
}) {
  const tint = marked ? 'bg-amber-50' : 'bg-white';
  return (
    <tr className={`border-t border-slate-200 ${tint}`}>
      <th scope="row" className={`${ROW_HEADER} ${tint}`}>
        {label}
        {/* A space: the label and the note read as two words (the note's box is a block). */}
        {marked && ' '}
        {marked && (
          <span className="mt-1 block w-fit rounded-full bg-amber-200 px-2 py-0.5 text-xs font-bold text-amber-950">
            Differs
          </span>
        )}
      </th>
      {values.map((value, i) => (
        <td key={i} className={CELL}>
          {value}
        </td>
      ))}
    </tr>
  );
}

function PartHeader({ part, onRemove }: { part: CataloguePart; onRemove: () => void }) {
  return (
    <th scope="col" className={`${CELL} font-normal`}>
      <div className="flex flex-col gap-2">
        <ResponsiveImage
          src={part.image}
          alt=""
          width={160}
          height={120}
          sizes="160px"
          className="aspect-[4/3] h-auto w-40 max-w-full rounded-lg bg-slate-50 object-contain p-2"
        />
        <Link
          to={href('/parts/:partsId', { partsId: part._id })}
          className="font-bold break-words text-slate-900 underline-offset-4 hover:underline"
        >
          {part.name}
        </Link>
        <button type="button" className="btn btn-outline btn-xs w-fit" onClick={onRemove}>
          Remove<span className="sr-only">: {part.name}</span>
        </button>
      </div>
    </th>
  );
}

function ComparisonTable({
  comparison,
  onRemove,
}: {
  comparison: PartComparison;
  onRemove: (id: string) => void;
}) {
  const { parts, attributes } = comparison;
  return (
    // Scrolls sideways inside its box, not the page (a phone). Keys scroll it too: Tab moves
    // along its links and buttons, and Chromium lets a scroller without them take the focus.
    <div className={`${CARD} overflow-x-auto`}>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">
          {`${parts.length} parts side by side; rows whose values differ say "Differs"`}
        </caption>
        <thead>
          <tr>
            <td className={`${ROW_HEADER} bg-white`} />
            {parts.map((part) => (
              <PartHeader key={part._id} part={part} onRemove={() => onRemove(part._id)} />
            ))}
          </tr>
        </thead>
        <tbody>
          <Row label="Part number" values={parts.map((p) => p.sku || <Value value={null} />)} />
          <Row
            label="Price"
            values={parts.map((p) => (
              <span className="font-bold text-primary">{formatDollars(p.price)}</span>
            ))}
          />
          <Row
            label="Stock"
            values={parts.map((p) =>
              canBuy(p) ? (
                <span className="font-semibold text-emerald-800">
                  In stock: {p.availableQuantity}
                </span>
              ) : (
                <span className="font-semibold text-amber-900">Out of stock</span>
              ),
            )}
          />
          {attributes.map((row) => (
            <Row
              key={row.key}
              label={row.label}
              values={row.values.map((value) => (
                <Value value={value} />
              ))}
              marked={differs(row.values)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Where to go next when there is nothing (or too little) to compare. */
function HowToCompare({ ids }: { ids: readonly string[] }) {
  const chosen = useCompareList();
  return (
    <div className={`${CARD} flex flex-col items-start gap-4 p-6`}>
      <p className="text-lg text-slate-800">
        {ids.length === 1
          ? 'Add at least one more part to compare it with.'
          : `Choose 2 to ${COMPARE_PARTS_MAX} parts to see them side by side.`}
      </p>
      <p className="text-slate-700">
        In the parts list, press “Add to compare” on each part you want, then “Compare” at the
        bottom of the screen.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={href('/parts')} className="btn btn-primary">
          Browse the parts
        </Link>
        {chosen.length >= 2 && chosen.join() !== ids.join() && (
          <Link to={compareHref(chosen)} className="btn btn-outline">
            Compare your chosen parts ({chosen.length})
          </Link>
        )}
      </div>
    </div>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={`${CARD} flex flex-col items-start gap-4 p-6 text-slate-900`}>
      {children}
    </div>
  );
}

/**
 * /parts/compare?ids=a,b: 2 to 4 parts side by side, one column each (picture, name, Remove) and
 * one row per attribute their categories declare, the rows whose values differ marked. The URL
 * says which parts (a comparison can be shared); Remove takes a part out of it and out of this
 * browser's list (api/compare-list.ts).
 */
export function ComparePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ids = compareIdsOf(params);
  const comparison = useCompareParts(ids);
  useEffect(() => {
    document.title = COMPARE_TITLE;
  }, []);

  const show = (next: readonly string[]) => {
    void navigate(compareHref(next));
  };
  const remove = (...gone: string[]) => {
    gone.forEach(removeFromCompare);
    show(ids.filter((id) => !gone.includes(id)));
  };

  let body: ReactNode;
  if (ids.length < 2) body = <HowToCompare ids={ids} />;
  else if (ids.length > COMPARE_PARTS_MAX)
    body = (
      <Problem>
        <p>You can compare up to {COMPARE_PARTS_MAX} parts at a time.</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => show(ids.slice(0, COMPARE_PARTS_MAX))}
        >
          Compare the first {COMPARE_PARTS_MAX}
        </button>
      </Problem>
    );
  else if (comparison.data)
    body = <ComparisonTable comparison={comparison.data} onRemove={(id) => remove(id)} />;
  else if (comparison.isError) {
    const missing = missingOf(comparison.error instanceof ApiError && comparison.error.body);
    body = (
      <Problem>
        <p>
          {comparison.error instanceof ApiError
            ? comparison.error.message
            : 'We could not compare these parts.'}
        </p>
        <div className="flex flex-wrap gap-3">
          {missing.length > 0 ? (
            <button type="button" className="btn btn-primary" onClick={() => remove(...missing)}>
              {missing.length === 1 ? 'Remove it' : 'Remove them'} and compare the others
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void comparison.refetch()}
            >
              Try again
            </button>
          )}
          <Link to={href('/parts')} className="btn btn-outline">
            Browse the parts
          </Link>
        </div>
      </Problem>
    );
  } else
    body = (
      <div role="status" className={`${CARD} p-6`}>
        <span className="sr-only">Loading the parts to compare</span>
        <div aria-hidden="true" className="skeleton-pulse h-64 w-full" />
      </div>
    );

  return (
    <div className="min-h-[calc(100vh-4rem)] bg-slate-100">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:py-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Compare parts</h1>
        {comparison.data && (
          <p className="text-slate-700">
            Rows whose values differ are marked “Differs”.{' '}
            {ids.length < COMPARE_PARTS_MAX && (
              <Link to={href('/parts')} className="underline underline-offset-4">
                Add another part
              </Link>
            )}
          </p>
        )}
        {body}
      </div>
    </div>
  );
}
