// The /parts page's filters: the category, the attributes' values, the price range and stock.
import type { SearchFacets } from '@partsmith/contract';
import { useId, type FormEvent } from 'react';
import { href, Link } from 'react-router';

/** The price range's two boxes: their params and labels. */
const PRICE_BOUNDS = [
  ['minPrice', 'From'],
  ['maxPrice', 'To'],
] as const;

/** The yes-or-no filters: their params (`true` when ticked) and labels. */
const TOGGLES = [
  ['inStock', 'In stock only'],
  // The footer's "Specials" (issue 48): the parts with volume prices.
  ['volume', 'On volume price only'],
] as const;

/** The search's own params: a change of any of them starts the list again. */
export type Change = (params: URLSearchParams) => void;

/** A copy of the URL's params with `change` made. */
export function changed(current: URLSearchParams, change: Change) {
  const next = new URLSearchParams(current);
  // Another search has other pages: it starts at its first.
  next.delete('page');
  change(next);
  return next;
}

export function CategoryFacet({
  facets,
  params,
}: {
  facets: SearchFacets['categories'];
  params: URLSearchParams;
}) {
  const to = (slug: string | null) => {
    const next = changed(params, (p) => {
      // Another category has other attributes: their filters go.
      for (const key of [...p.keys()]) if (key.startsWith('f.')) p.delete(key);
      if (slug) p.set('category', slug);
      else p.delete('category');
    });
    return `${href('/parts')}?${next}`;
  };
  const chosen = params.get('category');
  const link = 'flex justify-between gap-2 rounded-lg px-3 py-2 hover:bg-slate-100';
  return (
    <nav aria-label="Categories">
      <h2 className="mb-2 text-lg font-bold text-slate-900">Category</h2>
      <ul className="flex flex-col gap-1">
        <li>
          <Link
            to={to(null)}
            aria-current={chosen ? undefined : 'page'}
            className={`${link} ${chosen ? 'text-slate-700' : 'font-bold text-slate-900'}`}
          >
            All parts
          </Link>
        </li>
        {facets.map((c) => (
          <li key={c.slug}>
            <Link
              to={to(c.slug)}
              aria-current={c.selected ? 'page' : undefined}
              className={`${link} ${c.selected ? 'bg-orange-50 font-bold text-slate-900' : 'text-slate-700'}`}
            >
              <span>{c.name}</span>
              <span className="tabular-nums">{c.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AttributeFacets({
  facets,
  params,
  setParams,
}: {
  facets: SearchFacets['attributes'];
  params: URLSearchParams;
  setParams: (next: URLSearchParams) => void;
}) {
  const toggle = (key: string, value: string, on: boolean) =>
    setParams(
      changed(params, (p) => {
        const name = `f.${key}`;
        const values = p.getAll(name).filter((v) => v !== value);
        p.delete(name);
        for (const v of on ? [...values, value] : values) p.append(name, v);
      }),
    );
  return (
    <>
      {facets
        .filter((f) => f.values.length > 0)
        .map((facet) => (
          <fieldset key={facet.key} className="border-t border-slate-200 pt-4">
            <legend className="mb-2 font-bold text-slate-900">{facet.label}</legend>
            <ul className="flex flex-col gap-1">
              {facet.values.map((v) => {
                const label =
                  facet.type === 'boolean'
                    ? v.value === 'true'
                      ? 'Yes'
                      : 'No'
                    : `${v.value}${facet.unit ? ` ${facet.unit}` : ''}`;
                return (
                  <li key={v.value}>
                    <label className="flex cursor-pointer items-center gap-2 py-1 text-slate-800">
                      <input
                        type="checkbox"
                        className="size-4 accent-orange-700"
                        // From the URL, not the answer: ticked at once, while the new counts load.
                        checked={params.getAll(`f.${facet.key}`).includes(v.value)}
                        onChange={(e) => toggle(facet.key, v.value, e.currentTarget.checked)}
                      />
                      <span className="flex-1">{label}</span>
                      <span className="text-sm text-slate-700 tabular-nums">{v.count}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
    </>
  );
}

export function PriceAndStock({
  params,
  setParams,
}: {
  params: URLSearchParams;
  setParams: (next: URLSearchParams) => void;
}) {
  const id = useId();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setParams(
      changed(params, (p) => {
        for (const [name] of PRICE_BOUNDS) {
          const value = String(form.get(name) ?? '').trim();
          if (value) p.set(name, value);
          else p.delete(name);
        }
      }),
    );
  };
  return (
    <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
      <form onSubmit={apply} aria-labelledby={`${id}-price`} className="flex flex-col gap-2">
        <h2 id={`${id}-price`} className="font-bold text-slate-900">
          Price (USD)
        </h2>
        <div className="flex items-end gap-2">
          {PRICE_BOUNDS.map(([name, label]) => (
            <label key={name} className="flex flex-col text-sm text-slate-700">
              {label}
              <input
                name={name}
                inputMode="decimal"
                defaultValue={params.get(name) ?? ''}
                key={params.get(name)}
                className="input input-bordered input-sm w-20"
              />
            </label>
          ))}
          <button type="submit" className="btn btn-sm btn-outline">
            Apply
          </button>
        </div>
      </form>
      {TOGGLES.map(([name, label]) => (
        <label key={name} className="flex cursor-pointer items-center gap-2 text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-orange-700"
            checked={params.get(name) === 'true'}
            onChange={(e) =>
              setParams(
                changed(params, (p) => {
                  if (e.currentTarget.checked) p.set(name, 'true');
                  else p.delete(name);
                }),
              )
            }
          />
          {label}
        </label>
      ))}
    </div>
  );
}
