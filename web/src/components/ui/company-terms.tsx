import { useState } from 'react';
import { FIELD_HINT, FIELD_LABEL, FieldMessages, describedBy, fieldBorder } from './form-field.tsx';
import { formatDollars } from '../../lib/money.ts';
import { useMyCompanyAnswer } from '../../lib/my-company.ts';

export const INVOICED_DETAIL = 'It is invoiced to your company on its payment terms.';
export const AWAITING_APPROVAL_DETAIL =
  'It is above your spending limit: it waits for your company’s approval.';
export const PO_MAX = 40;

const TERMS_SHORT = { net30: 'Net 30', net60: 'Net 60' } as const;

export type Payment = 'card' | 'invoice';

/** What the buyer's company asks of their order: a PO number, and a choice to pay on terms. */
type CompanyAnswer = NonNullable<ReturnType<typeof useMyCompanyAnswer>['data']>['company'];

/** Why the purchase order number cannot be sent as it stands, or null. */
export function poNumberError(text: string, company: NonNullable<CompanyAnswer>): string | null {
  const po = text.trim();
  if (!po && company.terms.poRequired)
    return `Enter your purchase order number: ${company.name} requires one on every order.`;
  if (po.length > PO_MAX) return `A purchase order number has at most ${PO_MAX} characters.`;
  if (/\p{Cc}/u.test(po)) return 'A purchase order number is one line of text.';
  return null;
}

/**
 * A company member's order (issue 49), at the cart's checkout and a quote's acceptance: the PO
 * number its terms may require, and pay by card or, on payment terms, by invoice. No company
 * (or no answer): a card order, and the fields are not shown.
 */
export function useCompanyTerms(fieldId: string) {
  const company = useMyCompanyAnswer().data?.company ?? null;
  const onTerms = company?.terms.paymentTerms ?? null;
  const [poNumber, setPoNumber] = useState('');
  const [poError, setPoError] = useState<string | null>(null);
  const [payment, setPayment] = useState<Payment>('card');
  const paying: Payment = onTerms ? payment : 'card';
  return {
    company,
    onTerms,
    poNumber,
    poError,
    payment,
    paying,
    setPayment,
    setPoNumber(text: string) {
      setPoNumber(text);
      if (poError && company) setPoError(poNumberError(text, company));
    },
    /**
     * The body's PO number and payment, or null (the PO number is wrong: it says why, and takes
     * the focus).
     */
    bodyFields(): { poNumber?: string; payment?: Payment } | null {
      const problem = company ? poNumberError(poNumber, company) : null;
      setPoError(problem);
      if (problem) {
        document.getElementById(`${fieldId}-po`)?.focus();
        return null;
      }
      const po = poNumber.trim();
      return {
        ...(company && po ? { poNumber: po } : {}),
        ...(onTerms ? { payment: paying } : {}),
      };
    },
    /** Whether an order of `total` dollars waits for the company's approver. */
    awaitsApproval(total: number) {
      const limit = company?.mySpendingLimit ?? null;
      return limit !== null && total > limit;
    },
  };
}

/** The PO number field and the payment choice of useCompanyTerms (nothing without a company). */
export function CompanyTermsFields({
  terms,
  fieldId,
  total,
  disabled,
}: {
  terms: ReturnType<typeof useCompanyTerms>;
  fieldId: string;
  /** The order's total as priced now (dollars), to say when it is above the credit available. */
  total: number | undefined;
  disabled: boolean;
}) {
  const { company, onTerms, poError, payment } = terms;
  if (!company) return null;
  return (
    <>
      <div>
        <label htmlFor={`${fieldId}-po`} className={FIELD_LABEL}>
          Purchase order number
        </label>
        <input
          id={`${fieldId}-po`}
          className={`input w-full border ${fieldBorder(!!poError)}`}
          maxLength={PO_MAX}
          autoComplete="off"
          required={company.terms.poRequired}
          aria-invalid={poError ? true : undefined}
          aria-describedby={describedBy(!!poError && `${fieldId}-po-error`, `${fieldId}-po-hint`)}
          value={terms.poNumber}
          disabled={disabled}
          onChange={(event) => terms.setPoNumber(event.target.value)}
        />
        <FieldMessages
          id={`${fieldId}-po`}
          error={poError ?? undefined}
          hint={
            company.terms.poRequired
              ? `Required: ${company.name} asks for one on every order. It is printed on the invoice.`
              : 'Optional: printed on the order and its invoice.'
          }
        />
      </div>
      {onTerms && (
        <fieldset className="flex flex-col gap-2" disabled={disabled}>
          <legend className={FIELD_LABEL}>Payment</legend>
          {(['card', 'invoice'] as const).map((option) => (
            <label key={option} className="flex items-start gap-2 text-slate-900">
              <input
                type="radio"
                className="radio radio-primary mt-0.5 shrink-0"
                name={`${fieldId}-payment`}
                value={option}
                checked={payment === option}
                onChange={() => terms.setPayment(option)}
              />
              {option === 'card' ? (
                'Pay by card'
              ) : (
                <span>
                  Pay by invoice ({TERMS_SHORT[onTerms]}, {formatDollars(company.terms.available)}{' '}
                  of credit available)
                </span>
              )}
            </label>
          ))}
          {payment === 'invoice' && total !== undefined && total > company.terms.available && (
            <p className={FIELD_HINT}>
              This order is above the credit available: pay it by card, or ask the shop to raise the
              limit.
            </p>
          )}
        </fieldset>
      )}
    </>
  );
}
