import {
  AdminCompanyUpdate,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABEL,
  type AdminCompany,
  type PaymentTerms,
} from '@partsmith/contract/companies';
import { useId, useState, type FormEvent } from 'react';
import { FIELD_HINT, FIELD_LABEL } from '../../../components/ui/form-field.tsx';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useAdminPriceLists, useUpdateAdminCompany } from '../api/admin-companies.ts';
import { CARD, type Notice } from './company-text.ts';
import { NoticeLine } from './notice-line.tsx';

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

/**
 * A company's terms as the shop agrees them (payment terms, credit limit, price list, purchase
 * order rule) beside what it owes; saved, once confirmed, with only the fields that changed.
 */
export function TermsForm({ company }: { company: AdminCompany }) {
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
