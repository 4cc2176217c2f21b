import type { Order } from '@partsmith/contract';
import { href, Link } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import { dayLabel } from '../../../lib/day-label.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash.ts';
import { useCompanyApprovals } from '../api/approvals.ts';
import { CARD } from './company-text.ts';

function WaitingOrder({ order }: { order: Order }) {
  const label = order.number ?? order._id;
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">{order.name}</p>
        <p className="text-sm break-words text-slate-700">
          {label} · {order.userName} ({order.userEmail}) · placed {dayLabel(order.createdAt)}
          {order.poNumber && <> · PO {order.poNumber}</>}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-4">
        <span className="text-lg font-bold text-slate-900 tabular-nums">
          {formatDollars(order.total)}
        </span>
        <Link
          to={href('/dashboard/orders/:id', { id: order._id })}
          className="btn btn-primary btn-sm"
          aria-label={`Review order ${label}`}
        >
          Review
        </Link>
      </div>
    </li>
  );
}

/**
 * The company's orders above their buyer's spending limit that wait for an approver (to its
 * owner, admins and approvers): each with its buyer, total and a link to the order, where it is
 * approved or declined. The mail that asked may be lost: this list is where they are found.
 * Opened as `#company-approvals-heading`, the page scrolls to it once the list has loaded.
 */
export function CompanyApprovals() {
  const approvals = useCompanyApprovals(true);
  const waiting = approvals.data;
  // The dashboard's "orders to approve" opens the company's page here.
  useScrollToHash('company-approvals-heading', !approvals.isPending);
  return (
    <section aria-labelledby="company-approvals-heading" className={CARD}>
      <h2 id="company-approvals-heading" className="scroll-mt-24 text-xl font-bold text-slate-900">
        Orders waiting for your approval
        {waiting && waiting.length > 0 && `: ${waiting.length}`}
      </h2>
      {approvals.isPending ? (
        <SkeletonList
          label="Loading the orders waiting for approval"
          rows={2}
          className="mt-4 flex flex-col gap-4"
          picture="h-10 w-10 rounded"
        />
      ) : !waiting ? (
        <LoadFailed what="the orders waiting for approval" query={approvals} />
      ) : waiting.length === 0 ? (
        <p className="mt-2 text-slate-700">
          No order waits for approval. When a member orders above their spending limit, the order
          shows here and you get a mail.
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            Each is above its buyer’s spending limit: open it to approve or decline it. Its parts
            are kept until you decide.
          </p>
          <ul className="mt-2 divide-y divide-slate-200">
            {waiting.map((order) => (
              <WaitingOrder key={order._id} order={order} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
