import { useEffect, useId, useRef } from 'react';

/**
 * A bulk action's first line: a box that selects every row of the page that can be selected
 * (or none), checked when all are, neither when some are; and how many are selected.
 */
export function SelectAllBox({
  selectable,
  count,
  noun,
  onSelectAll,
}: {
  /** How many rows of this page can be selected. */
  selectable: number;
  /** How many are. */
  count: number;
  /** What a row is, one and many: ['part', 'parts']. */
  noun: readonly [string, string];
  onSelectAll: (all: boolean) => void;
}) {
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const all = count > 0 && count === selectable;
  // 'Some' is neither checked nor not: the box says so (it cannot in markup).
  useEffect(() => {
    if (box.current) box.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
      <label htmlFor={id} className="flex items-center gap-2 font-semibold text-slate-900">
        <input
          ref={box}
          id={id}
          type="checkbox"
          className="checkbox checkbox-sm border-slate-500"
          checked={all}
          disabled={selectable === 0}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        Select all {selectable} {selectable === 1 ? noun[0] : noun[1]} on this page
      </label>
      <p className="text-sm text-slate-700">
        {count === 0 ? 'None selected' : `${count} selected`}
      </p>
    </div>
  );
}
