import type { AdminCompany } from '@partsmith/contract/companies';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { href, Link, useParams } from 'react-router';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { FIELD_LABEL } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useAdminCompany, useRecordInvoicePayment } from '../api/admin-companies.ts';
import { CARD, limitLabel, roleLabel, type Notice } from './company-text.ts';
import { TermsForm } from './company-terms-form.tsx';
import { dayLabel } from '../../../lib/day-label.ts';
import { NoticeLine } from './notice-line.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

export const COMPANY_DETAIL_TITLE = 'Company | Partsmith';

function MembersList({ company }: { company: AdminCompany }) {
  return (
    <section aria-labelledby="company-members-heading" className={CARD}>
      <h2 id="company-members-heading" className="text-xl font-bold text-slate-900">
        Members
      </h2>
      {company.memberList.length === 0 ? (
        <p className="mt-1 text-slate-700">No members.</p>
      ) : (
        <ScrollRegion label={`Members of ${company.name}`} className="mt-3">
          <table className="table min-w-[32rem] text-base">
            <caption className="sr-only">Members of {company.name}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Own limit</th>
              </tr>
            </thead>
            <tbody>
              {company.memberList.map((member) => (
                <tr key={member.id}>
                  <th scope="row" className="break-words">
                    {member.name}
                  </th>
                  <td className="break-all">{member.email}</td>
                  <td>{roleLabel(member.role)}</td>
                  <td>
                    {member.spendingLimit === null
                      ? 'The company’s'
                      : limitLabel(member.spendingLimit)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

type RecentOrder = AdminCompany['recentOrders'][number];

const APPROVAL_LABEL = { pending: 'Awaiting approval', approved: 'Approved', declined: 'Declined' };

function orderState(order: RecentOrder): string {
  const parts = [order.paid ? 'Paid' : 'Unpaid'];
  if (order.approval) parts.push(APPROVAL_LABEL[order.approval]);
  if (order.invoiceNumber) parts.push(`Invoice ${order.invoiceNumber}`);
  else if (order.paymentMethod === 'card') parts.push('By card');
  return parts.join(' · ');
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Records money received against an invoice on terms (the amount, the day it came, its
 * reference): the server never takes more than is owed and closes the invoice once it is paid.
 */
function RecordPayment({ order }: { order: RecentOrder }) {
  const id = useId();
  const record = useRecordInvoicePayment();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(String(order.total));
  const [paidAt, setPaidAt] = useState(today());
  const [reference, setReference] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  // Paid (its last payment recorded here, or before): the notice says so, or the word.
  if (order.paid && !notice) return <span>Paid</span>;
  if (!open)
    return (
      <button type="button" className="btn btn-sm btn-outline" onClick={() => setOpen(true)}>
        Record payment<span className="sr-only"> for {order.invoiceNumber}</span>
      </button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    if (!Number.isFinite(value) || value <= 0) {
      setNotice({ ok: false, text: 'Give the amount received, in dollars.' });
      return;
    }
    if (!reference.trim()) {
      setNotice({
        ok: false,
        text: 'Give the payment’s reference (a transfer’s, a cheque’s).',
      });
      return;
    }
    record.mutate(
      { invoiceNumber: order.invoiceNumber!, amount: value, paidAt, reference: reference.trim() },
      {
        onSuccess: (answer) =>
          setNotice({
            ok: true,
            text: answer.paid
              ? `Invoice ${answer.invoiceNumber} is paid.`
              : `Recorded. ${formatDollars(answer.owed)} is still owed on ${answer.invoiceNumber}.`,
          }),
        onError: (error) => setNotice({ ok: false, text: errorText(error) }),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-2"
      aria-label={`Payment for ${order.invoiceNumber}`}
    >
      <label htmlFor={`${id}-amount`} className={FIELD_LABEL}>
        Amount ($)
      </label>
      <input
        id={`${id}-amount`}
        className="input input-sm w-32"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <label htmlFor={`${id}-day`} className={FIELD_LABEL}>
        Received on
      </label>
      <input
        id={`${id}-day`}
        type="date"
        className="input input-sm w-40"
        value={paidAt}
        max={today()}
        onChange={(e) => setPaidAt(e.target.value)}
      />
      <label htmlFor={`${id}-reference`} className={FIELD_LABEL}>
        Reference
      </label>
      <input
        id={`${id}-reference`}
        className="input input-sm w-48"
        maxLength={100}
        value={reference}
        onChange={(e) => setReference(e.target.value)}
      />
      <button
        type="submit"
        className="btn btn-sm btn-primary w-fit"
        disabled={record.isPending || order.paid}
      >
        {record.isPending ? 'Recording…' : 'Record'}
      </button>
      {notice ? <NoticeLine notice={notice} /> : null}
    </form>
  );
}

function RecentOrders({ company }: { company: AdminCompany }) {
  return (
    <section aria-labelledby="company-orders-heading" className={CARD}>
      <h2 id="company-orders-heading" className="text-xl font-bold text-slate-900">
        Recent orders
      </h2>
      {company.recentOrders.length === 0 ? (
        <p className="mt-1 text-slate-700">The company has not ordered yet.</p>
      ) : (
        <ScrollRegion label={`Recent orders of ${company.name}`} className="mt-3">
          <table className="table min-w-[40rem] text-base">
            <caption className="sr-only">Recent orders of {company.name}</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Buyer</th>
                <th scope="col" className="text-right">
                  Total
                </th>
                <th scope="col">State</th>
                <th scope="col">Due</th>
                <th scope="col">Payment</th>
              </tr>
            </thead>
            <tbody>
              {company.recentOrders.map((order) => (
                <tr key={order._id}>
                  <th scope="row">{order.number}</th>
                  <td className="break-all">{order.userEmail}</td>
                  <td className="text-right">{formatDollars(order.total)}</td>
                  <td>{orderState(order)}</td>
                  <td>{order.dueDate ? dayLabel(order.dueDate) : '—'}</td>
                  <td>
                    {order.paymentMethod === 'invoice' && order.invoiceNumber ? (
                      <RecordPayment order={order} />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

/** /dashboard/companies/:companyId: a company's terms to set, its members, its latest orders. */
export function AdminCompanyPage() {
  const { companyId = '' } = useParams();
  const query = useAdminCompany(companyId);
  useEffect(() => {
    document.title = query.data ? `${query.data.name} | Partsmith` : COMPANY_DETAIL_TITLE;
  }, [query.data]);

  let body;
  if (query.isPending) {
    body = (
      <SkeletonList label="Loading the company" rows={3} className={CARD} picture="h-10 w-10" />
    );
  } else if (!query.data) {
    body = <LoadFailed what="the company" query={query} />;
  } else {
    body = (
      <>
        <TermsForm key={query.data._id} company={query.data} />
        <MembersList company={query.data} />
        <RecentOrders company={query.data} />
      </>
    );
  }

  return (
    <DashboardPage
      eyebrow="Business buyers"
      title={query.data?.name ?? 'Company'}
      intro="The payment terms the shop agrees with this company, its members and its latest orders."
    >
      <p>
        <Link className="link link-primary" to={href('/dashboard/companies')}>
          All companies
        </Link>
      </p>
      {body}
    </DashboardPage>
  );
}
