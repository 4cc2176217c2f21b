import {
  AdminCompanyUpdate,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABEL,
  type AdminCompany,
  type PaymentTerms,
} from '@partsmith/contract/companies';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { href, Link, useParams } from 'react-router';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { FIELD_HINT, FIELD_LABEL } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import {
  useAdminCompany,
  useAdminPriceLists,
  useRecordInvoicePayment,
  useUpdateAdminCompany,
} from '../api/admin-companies.ts';
import { CARD, limitLabel, roleLabel, type Notice } from './company-text.ts';
import { dayLabel } from '../../../lib/day-label.ts';
import { NoticeLine } from './notice-line.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

export const COMPANY_DETAIL_TITLE = 'Company | Partsmith';
export const TERMS_SAVED = 'The terms are saved.';
export const NOTHING_CHANGED = 'Nothing to save: no field was changed.';

/** The fields of the terms form as they stand in their boxes. */
interface TermsFields {
  paymentTerms: PaymentTerms | '';
  creditLimit: string;
  poRequired: boolean;
  /** '' for none. */
  priceListId: string;
}

const fieldsOf = (company: AdminCompany): TermsFields => ({
  paymentTerms: company.paymentTerms ?? '',
  creditLimit: String(company.creditLimit),
  poRequired: company.poRequired,
  priceListId: company.priceListId ?? '',
});

/**
 * What changed between the company and the form, as PUT /api/admin/companies/:id takes it: only
 * those fields. A message when the credit limit is not valid.
 */
export function termsChanges(
  company: AdminCompany,
  fields: TermsFields,
): { body: AdminCompanyUpdate } | { error: string } {
  const body: AdminCompanyUpdate = {};
  const paymentTerms = fields.paymentTerms === '' ? null : fields.paymentTerms;
  if (paymentTerms !== company.paymentTerms) body.paymentTerms = paymentTerms;
  const text = fields.creditLimit.trim();
  const creditLimit = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(creditLimit)) return { error: 'The credit limit must be a number' };
  if (creditLimit !== company.creditLimit) body.creditLimit = creditLimit;
  if (fields.poRequired !== company.poRequired) body.poRequired = fields.poRequired;
  const priceListId = fields.priceListId === '' ? null : fields.priceListId;
  if (priceListId !== company.priceListId) body.priceListId = priceListId;
  const checked = AdminCompanyUpdate.safeParse(body);
  if (!checked.success) return { error: checked.error.issues[0]?.message ?? 'Check the terms' };
  return { body };
}

function TermsForm({ company }: { company: AdminCompany }) {
  const update = useUpdateAdminCompany(company._id);
  const priceLists = useAdminPriceLists();
  const [fields, setFields] = useState(() => fieldsOf(company));
  const [notice, setNotice] = useState<Notice>(null);
  const id = useId();
  const set = (changes: Partial<TermsFields>) => setFields((before) => ({ ...before, ...changes }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const changes = termsChanges(company, fields);
    if ('error' in changes) return setNotice({ ok: false, text: changes.error });
    if (Object.keys(changes.body).length === 0)
      return setNotice({ ok: true, text: NOTHING_CHANGED });
    const confirmed = await confirmDialog(
      `The new terms apply to ${company.name}'s next orders.`,
      'Yes, save them',
    );
    if (!confirmed) return;
    setNotice(null);
    update.mutate(changes.body, {
      onSuccess: () => setNotice({ ok: true, text: TERMS_SAVED }),
      onError: (error) => setNotice({ ok: false, text: errorText(error) }),
    });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className={CARD}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        Terms
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-slate-700">
        <dt className="font-semibold">Balance:</dt>
        <dd>{formatDollars(company.balance)}</dd>
        <dt className="font-semibold">Overdue:</dt>
        <dd>{formatDollars(company.overdue)}</dd>
      </dl>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex max-w-md flex-col gap-4"
      >
        <div>
          <label htmlFor={`${id}-terms`} className={FIELD_LABEL}>
            Payment terms
          </label>
          <select
            id={`${id}-terms`}
            className="select w-full border border-slate-500"
            value={fields.paymentTerms}
            onChange={(event) => set({ paymentTerms: event.target.value as PaymentTerms | '' })}
          >
            <option value="">None (card payment only)</option>
            {PAYMENT_TERMS.map((terms) => (
              <option key={terms} value={terms}>
                {PAYMENT_TERMS_LABEL[terms]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-credit`} className={FIELD_LABEL}>
            Credit limit ($)
          </label>
          <input
            id={`${id}-credit`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            className="input w-full border border-slate-500"
            aria-describedby={`${id}-credit-hint`}
            value={fields.creditLimit}
            onChange={(event) => set({ creditLimit: event.target.value })}
          />
          <p id={`${id}-credit-hint`} className={FIELD_HINT}>
            What the company may owe on unpaid invoices at once.
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-price-list`} className={FIELD_LABEL}>
            Price list
          </label>
          <select
            id={`${id}-price-list`}
            className="select w-full border border-slate-500"
            aria-describedby={`${id}-price-list-hint`}
            value={fields.priceListId}
            onChange={(event) => set({ priceListId: event.target.value })}
          >
            <option value="">None (list prices)</option>
            {/* The company's list before the lists are loaded, or when they could not be. */}
            {fields.priceListId &&
              !priceLists.data?.some((list) => list._id === fields.priceListId) && (
                <option value={fields.priceListId}>
                  {priceLists.isPending ? 'Its price list (loading…)' : 'Its current price list'}
                </option>
              )}
            {priceLists.data?.map((list) => (
              <option key={list._id} value={list._id}>
                {list.name}
              </option>
            ))}
          </select>
          <p id={`${id}-price-list-hint`} className={FIELD_HINT}>
            {priceLists.isError
              ? `The price lists could not be loaded: ${errorText(priceLists.error)}`
              : 'Its members pay the list’s prices where they are lower.'}
          </p>
        </div>
        <label className="flex items-center gap-2 font-semibold text-slate-900">
          <input
            type="checkbox"
            className="checkbox"
            checked={fields.poRequired}
            onChange={(event) => set({ poRequired: event.target.checked })}
          />
          Purchase order number required
        </label>
        <div>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending && <span aria-hidden="true" className="spinner size-5" />}
            Save terms
          </button>
        </div>
        <NoticeLine notice={notice} />
      </form>
    </section>
  );
}

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
