import { Link, href } from 'react-router';
import type { AdminWaiting } from '@partsmith/contract';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { useAdminWaiting } from '../api/get-admin-waiting.ts';

interface Task {
  key: keyof AdminWaiting;
  /** What one of them is called, and more than one. */
  one: string;
  many: string;
  /** The list that shows them, filtered as the count was made. */
  to: string;
}

const TASKS: Task[] = [
  {
    key: 'ordersToShip',
    one: 'order to ship',
    many: 'orders to ship',
    to: `${href('/dashboard/manage-orders')}?status=paid`,
  },
  {
    key: 'quotesToAnswer',
    one: 'quote request to answer',
    many: 'quote requests to answer',
    to: `${href('/dashboard/manage-quotes')}?state=requested`,
  },
  {
    key: 'newMessages',
    one: 'new message',
    many: 'new messages',
    to: `${href('/dashboard/messages')}?handled=false`,
  },
  {
    key: 'overdueInvoices',
    one: 'invoice past due',
    many: 'invoices past due',
    to: href('/dashboard/companies'),
  },
  {
    key: 'lowStockParts',
    one: 'part low in stock',
    many: 'parts low in stock',
    to: href('/dashboard/overview'),
  },
];

/**
 * The admin's dashboard home, first: what waits for the staff now (orders to ship, quote
 * requests, new messages, invoices past due, parts running low), each a link to the list that
 * shows them. Read again whenever the dashboard opens.
 */
export function WaitingForYou() {
  const waiting = useAdminWaiting();
  const counts = waiting.data;
  return (
    <section aria-labelledby="waiting-heading" className="mt-8">
      <h2 id="waiting-heading" className="mb-4 text-xl font-bold text-slate-900">
        Waiting for you
      </h2>
      {waiting.isPending ? (
        <div
          role="status"
          aria-label="Counting what waits for you"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5"
        >
          {TASKS.map((task) => (
            <div key={task.key} className="skeleton-pulse h-24 w-full" />
          ))}
        </div>
      ) : !counts ? (
        <LoadFailed what="what waits for you" query={waiting} />
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
            {TASKS.map((task) => {
              const count = counts[task.key];
              return (
                <li
                  key={task.key}
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
                  </Link>
                </li>
              );
            })}
          </ul>
          {TASKS.every((task) => counts[task.key] === 0) && (
            <p className="mt-3 text-slate-700">
              You are all caught up: every paid order has shipped, every quote request is answered,
              every message handled, no invoice is past due and no part runs low.
            </p>
          )}
        </>
      )}
    </section>
  );
}
