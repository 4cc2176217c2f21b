import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@partsmith/contract';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useAuditLog } from '../api/get-audit-log.ts';
import { flattenPages } from '../api/paging.ts';
import { EmptyList, ListPage } from './list-states.tsx';
import { LoadMore } from './load-more.tsx';

/** Readable names for the contract's AUDIT_ACTIONS. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.role': 'Role changed',
  'user.delete': 'User deleted',
  'part.add': 'Part added',
  'part.update': 'Part updated',
  'part.delete': 'Part deleted',
  'part.import': 'Parts imported',
  'category.add': 'Category added',
  'category.update': 'Category changed',
  'category.delete': 'Category deleted',
  'company.update': 'Company terms changed',
  'invoice.payment': 'Invoice payment recorded',
  'price-list.save': 'Price list saved',
  'price-list.delete': 'Price list deleted',
  'synonym.save': 'Search word saved',
  'synonym.delete': 'Search word deleted',
  'order.ship': 'Order shipped',
  'order.delete': 'Order deleted',
  'order.refund': 'Order refunded',
  'order.refund-part': 'Order refunded in part',
  'quote.answer': 'Quote answered',
  'payment.refund': 'Payment refunded',
  'review.hide': 'Review hidden',
  'review.show': 'Review shown',
  'review.delete': 'Review deleted',
  'message.delete': 'Message deleted',
  'shipping-zone.save': 'Shipping zone saved',
  'shipping-zone.delete': 'Shipping zone deleted',
  'shipping-method.save': 'Shipping method saved',
  'shipping-method.delete': 'Shipping method deleted',
  'tax-rate.save': 'Tax rate saved',
  'tax-rate.delete': 'Tax rate deleted',
  'tax-exemption.save': 'Tax exemption recorded',
  'tax-exemption.delete': 'Tax exemption ended',
};

/** Badge colours per kind of target; every pair meets AA contrast. */
const ACTION_TONE: Record<string, string> = {
  user: 'border-sky-300 bg-sky-100 text-sky-900',
  part: 'border-orange-300 bg-orange-100 text-orange-900',
  order: 'border-emerald-300 bg-emerald-100 text-emerald-900',
  review: 'border-violet-300 bg-violet-100 text-violet-900',
};

const isAuditAction = (value: string | null): value is AuditAction =>
  (AUDIT_ACTIONS as readonly (string | null)[]).includes(value);

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatWhen(at: string) {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : when.format(date);
}

/** JSON pretty-printed; undefined (nothing recorded) reads as a dash. */
function pretty(value: unknown) {
  return value === undefined ? '—' : JSON.stringify(value, null, 2);
}

function Snapshot({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-semibold tracking-wider text-slate-700 uppercase">{label}</p>
      {/* Wrapped, never a scroll box: all of it is readable without a mouse. */}
      <pre className="rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-100 [overflow-wrap:anywhere]">
        {pretty(value)}
      </pre>
    </div>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const summaryId = useId();
  const tone = ACTION_TONE[entry.action.split('.')[0] ?? ''] ?? ACTION_TONE.part;
  return (
    <li className="grid gap-x-6 gap-y-2 p-4 md:grid-cols-[11rem_minmax(0,14rem)_9.5rem_minmax(0,1fr)] md:items-baseline">
      <p className="text-sm text-slate-700">
        <span className="sr-only">When: </span>
        <time dateTime={entry.at} className="font-medium text-slate-900">
          {formatWhen(entry.at)}
        </time>
      </p>
      <p className="text-sm break-all text-slate-800">
        <span className="sr-only">Who: </span>
        {entry.actorEmail}
      </p>
      <p>
        <span className="sr-only">Action: </span>
        <span className={`badge badge-sm font-semibold whitespace-nowrap ${tone}`}>
          {AUDIT_ACTION_LABELS[entry.action]}
        </span>
      </p>
      <p id={summaryId} className="min-w-0 break-words text-slate-900">
        {entry.summary}
      </p>
      {/* Under who/action/summary, as wide as they are together: room for two JSON panes. */}
      <details className="min-w-0 md:col-span-3 md:col-start-2">
        {/* Described by the summary line, so each toggle says which change it opens. */}
        <summary
          aria-describedby={summaryId}
          className="w-fit cursor-pointer rounded text-sm font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          Before / after
        </summary>
        <div className="mt-2 grid gap-3 lg:grid-cols-2">
          <Snapshot label="Before" value={entry.before} />
          <Snapshot label="After" value={entry.after} />
        </div>
      </details>
    </li>
  );
}

/**
 * /dashboard/audit-log: who did what in the admin pages, newest first, filtered by action (the
 * filter is in the address, ?action=, so a filtered view can be shared and survives a reload).
 */
export function AuditLogPage() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('action');
  const action = isAuditAction(raw) ? raw : undefined;
  const log = useAuditLog(action);
  const { items, total } = flattenPages(log.data);
  const selectId = useId();

  const onFilter = (value: string) => {
    setSearch(
      (params) => {
        const next = new URLSearchParams(params);
        if (isAuditAction(value)) next.set('action', value);
        else next.delete('action');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <ListPage
      pageName="Audit Log"
      eyebrow="Accountability"
      title="Audit log"
      actions={
        <div className="flex w-full flex-col gap-1 sm:w-auto">
          <label htmlFor={selectId} className="text-sm font-semibold text-slate-100">
            Action
          </label>
          <select
            id={selectId}
            className="select select-sm w-full border-slate-400 bg-white text-slate-900 sm:w-56"
            value={action ?? ''}
            onChange={(event) => onFilter(event.target.value)}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {AUDIT_ACTION_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      }
      query={log}
      what="the audit log"
      count={items.length}
      empty={
        <EmptyList title={action ? 'No entries for this action.' : 'Nothing recorded yet.'}>
          Every admin change to users, parts and orders is recorded here.
        </EmptyList>
      }
    >
      <div className="overflow-hidden rounded-box bg-white shadow-sm ring-1 ring-slate-900/5">
        <div
          aria-hidden="true"
          className="hidden gap-x-6 bg-slate-900 px-4 py-3 text-sm font-semibold text-slate-100 md:grid md:grid-cols-[11rem_minmax(0,14rem)_9.5rem_minmax(0,1fr)]"
        >
          <span>When</span>
          <span>Who</span>
          <span>Action</span>
          <span>Summary</span>
        </div>
        <ol
          aria-label="Audit entries, newest first"
          aria-busy={log.isPlaceholderData || undefined}
          className={`divide-y divide-slate-200 transition-opacity ${log.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {items.map((entry) => (
            <AuditItem key={entry._id} entry={entry} />
          ))}
        </ol>
      </div>
      <LoadMore
        shown={items.length}
        total={total}
        noun="entries"
        pages={log}
        paused={log.isPlaceholderData}
      />
    </ListPage>
  );
}
