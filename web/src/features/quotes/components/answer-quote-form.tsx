import { MAX_ANSWER_MESSAGE, type Quote } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { useId } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField, fieldBorder } from '../../../components/ui/form-field.tsx';
import { formError } from '../../../lib/error-text.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useAnswerQuote } from '../api/answer-quote.ts';
import type { QuoteAnswerFields } from './quote-fields.ts';
import { FormFailure, LineField, LinesError, SubmitButton } from './quote-form-parts.tsx';
import { companyPriceOf } from './quote-parts.tsx';

export const QUOTE_SENT = 'The quote is sent';

/** How long an answer holds unless the admin says otherwise. */
const DEFAULT_DAYS = 14;
const DAY_MS = 86_400_000;

/** A UTC day as YYYY-MM-DD, `days` after today. */
export const utcDayFromToday = (days: number, now = Date.now()) =>
  new Date(now + days * DAY_MS).toISOString().slice(0, 10);

/** The form's last valid day: the answer's own while it holds, else today + 14 days. */
function startDay(quote: Quote): string {
  const today = utcDayFromToday(0);
  const given = quote.validUntil?.slice(0, 10);
  return given && given >= today ? given : utcDayFromToday(DEFAULT_DAYS);
}

type AnswerValues = z.output<typeof QuoteAnswerFields>;
const answerFields = lazyZodResolver(() =>
  import('./quote-fields.ts').then((m) => m.QuoteAnswerFields),
);

/** The line's total at the price typed so far (nothing while the price is not a number). */
function LineTotal({
  control,
  index,
  quantity,
}: {
  control: Control<z.input<typeof QuoteAnswerFields>>;
  index: number;
  quantity: number;
}) {
  const typed = useWatch({ control, name: `lines.${index}.unitPrice` });
  const price = typeof typed === 'string' && typed.trim() !== '' ? Number(typed) : NaN;
  return (
    <p className="text-sm text-slate-700 sm:text-right">
      Line total
      <span className="block text-lg font-bold text-slate-900 tabular-nums">
        {Number.isFinite(price) ? formatDollars(Math.round(price * 100 * quantity) / 100) : '—'}
      </span>
    </p>
  );
}

/**
 * A unit price for each line (the earlier answer's to start with, else the requester's company
 * price, else the list price; the company price is shown beside the list price), the last day
 * the prices hold and a message to the customer, then PUT /api/quotes/:id. Answering again
 * replaces the earlier answer, its message too.
 */
export function AnswerQuoteForm({
  quote,
  onAnswered,
}: {
  quote: Quote;
  /** After the server took the answer (the toast has said so). */
  onAnswered?: (quote: Quote) => void;
}) {
  const ids = useId();
  const answer = useAnswerQuote();
  const priced = quote.lines.flatMap((line) =>
    line.partId ? [{ ...line, partId: line.partId }] : [],
  );
  const gone = quote.lines.filter((line) => !line.partId);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: answerFields,
    defaultValues: {
      lines: priced.map((line) => ({
        partId: line.partId,
        unitPrice: String(line.unitPrice ?? line.companyPrice ?? line.listPrice),
      })),
      validUntil: startDay(quote),
      message: quote.answerMessage ?? '',
    },
  });

  const submit = async (values: AnswerValues) => {
    try {
      const answered = await answer.mutateAsync({ id: quote._id, body: values });
      toast.success(QUOTE_SENT, {
        description: `Quote ${quote.number} for ${quote.userName} (${quote.userEmail}).`,
      });
      onAnswered?.(answered);
    } catch {
      // Shown in the form (answer.error).
    }
  };

  return (
    <form
      noValidate
      aria-label={`Answer quote ${quote.number}`}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onFocus={answerFields.preload}
      className="flex flex-col gap-4"
    >
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {priced.map((line, index) => (
          <li
            key={line.partId}
            className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto_8rem] sm:items-start sm:gap-6"
          >
            <div className="min-w-0">
              <h3 className="font-bold break-words text-slate-900">{line.name}</h3>
              <p className="text-sm text-slate-700">
                {line.quantity} units, list price {formatDollars(line.listPrice)} each
              </p>
              {companyPriceOf(line) !== null && (
                <p className="text-sm font-semibold text-slate-900">
                  Company price {formatDollars(companyPriceOf(line)!)} each
                </p>
              )}
            </div>
            <LineField
              id={`${ids}-price-${index}`}
              label="Unit price"
              labelEnd={`for ${line.name}`}
              prefix="$"
              error={errors.lines?.[index]?.unitPrice?.message}
              inputMode="decimal"
              min={0.01}
              step={0.01}
              registration={register(`lines.${index}.unitPrice`)}
            />
            <LineTotal control={control} index={index} quantity={line.quantity} />
          </li>
        ))}
        {gone.map((line, index) => (
          <li key={`gone-${index}`} className="p-4">
            <p className="font-bold break-words text-slate-900">{line.name}</p>
            <p className="text-sm font-medium text-error">
              No longer in the catalogue: this quote cannot be priced.
            </p>
          </li>
        ))}
      </ul>
      <LinesError errors={errors.lines} />
      <FormField
        id={`${ids}-valid-until`}
        label="Valid until"
        error={errors.validUntil?.message}
        hint="The prices hold through the end of this day (UTC)."
      >
        {(props) => (
          <input
            {...props}
            type="date"
            min={utcDayFromToday(0)}
            className={`input w-full border sm:w-56 ${fieldBorder(!!errors.validUntil)}`}
            {...register('validUntil')}
          />
        )}
      </FormField>
      <FormField
        id={`${ids}-message`}
        label="Message to the customer"
        error={errors.message?.message}
        hint={`Optional: lead times, what the price includes, a substitute part. Shown with the quote and in its e-mail. Up to ${MAX_ANSWER_MESSAGE} characters.`}
      >
        {(props) => (
          <textarea
            {...props}
            rows={4}
            maxLength={MAX_ANSWER_MESSAGE}
            className={`textarea w-full border ${fieldBorder(!!errors.message)}`}
            {...register('message')}
          />
        )}
      </FormField>
      <FormFailure text={formError(answer.error, errors.root?.message)} />
      <SubmitButton pending={answer.isPending}>
        Send quote <span className="sr-only">{quote.number}</span>
      </SubmitButton>
    </form>
  );
}
