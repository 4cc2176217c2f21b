import { Link } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';

/** One kind of thing that waits: how it is counted and which list shows it. */
export interface WaitingTask<Counts> {
  /** Its count in the answer; null (a count that does not apply to this user): no tile. */
  count: (counts: Counts) => number | null;
  /** What one of them is called, and more than one. */
  one: string;
  many: string;
  /** The list that shows them, filtered as the count was made. */
  to: string;
  /** A line under the count (e.g. how many of them are past due), when there is one. */
  note?: (counts: Counts) => string | null;
}

/** What WaitingPanel reads of its query (TanStack Query's result). */
interface CountsQuery<Counts> {
  data: Counts | undefined;
  isPending: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * "Waiting for you" on the dashboard's home: each kind of work that waits as a tile with its
 * count, a link to the list that shows it. `hideZero`: a tile only for what is waiting (a
 * customer's); otherwise every tile, the empty ones grey (the staff's). `allClear` says so when
 * nothing waits.
 */
export function WaitingPanel<Counts>({
  query,
  tasks,
  hideZero = false,
  allClear,
}: {
  query: CountsQuery<Counts>;
  tasks: WaitingTask<Counts>[];
  hideZero?: boolean;
  allClear: string;
}) {
  const counts = query.data;
  const shown = counts
    ? tasks.flatMap((task) => {
        const count = task.count(counts);
        if (count === null || (hideZero && count === 0)) return [];
        return [{ task, count, note: task.note?.(counts) ?? null }];
      })
    : [];
  return (
    <section aria-labelledby="waiting-heading" className="mt-8">
      <h2 id="waiting-heading" className="mb-4 text-xl font-bold text-slate-900">
        Waiting for you
      </h2>
      {query.isPending ? (
        <div
          role="status"
          aria-label="Counting what waits for you"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5"
        >
          {(hideZero ? tasks.slice(0, 2) : tasks).map((task) => (
            <div key={task.one} className="skeleton-pulse h-24 w-full" />
          ))}
        </div>
      ) : !counts ? (
        <LoadFailed what="what waits for you" query={query} />
      ) : (
        <>
          {shown.length > 0 && (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
              {shown.map(({ task, count, note }) => (
                <li
                  key={task.one}
                  className={`relative flex flex-col rounded-box p-4 shadow-sm ring-1 transition hover:shadow-md hover:ring-orange-400 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary motion-reduce:transition-none ${
                    count > 0 ? 'bg-orange-50 ring-orange-200' : 'bg-white ring-slate-900/5'
                  }`}
                >
                  <Link
                    to={task.to}
                    className="flex flex-col after:absolute after:inset-0 after:rounded-box focus-visible:outline-none"
                  >
                    <span
                      className={`text-3xl font-extrabold tabular-nums ${
                        count > 0 ? 'text-orange-800' : 'text-slate-500'
                      }`}
                    >
                      {count.toLocaleString('en-US')}
                    </span>{' '}
                    <span className="mt-1 font-semibold text-slate-800">
                      {count === 1 ? task.one : task.many}
                    </span>
                    {note && (
                      <>
                        {', '}
                        <span className="mt-1 text-sm font-semibold text-red-800">{note}</span>
                      </>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {shown.every(({ count }) => count === 0) && (
            <p className={shown.length > 0 ? 'mt-3 text-slate-700' : 'text-slate-700'}>
              {allClear}
            </p>
          )}
        </>
      )}
    </section>
  );
}
