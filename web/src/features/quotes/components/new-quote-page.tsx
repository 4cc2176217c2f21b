import type * as z from '@partsmith/contract/zod-subset';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { href, Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { FormField, fieldBorder } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formError } from '../../../lib/error-text.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { quotesRoot } from '../../../lib/query-keys.ts';
import { usePart } from '../../../lib/get-part.ts';
import { useRequestQuote } from '../api/request-quote.ts';
import type { QuoteRequestFields } from './quote-fields.ts';
import { FormFailure, LineField, LinesError, SubmitButton } from './quote-form-parts.tsx';
import { CARD, quotesPageTitle } from './quote-parts.tsx';
import { Loaded, QuotesPage, type LoadedProps } from './quotes-page.tsx';

export const NEW_QUOTE_TITLE = quotesPageTitle('Request a Quote');
export const QUOTE_REQUESTED = 'Your quote request is sent';

/** A part the request asks about, as the form starts with it. */
export interface DraftLine {
  partId: string;
  name: string;
  /** The part's minimum order: the least a line may ask for. */
  min: number;
  quantity: number;
}

/** The signed-in buyer's cart as lines of a request (the cart feature's, handed over by the route). */
export type LoadCartLines = () => Promise<DraftLine[]>;

type RequestValues = z.output<typeof QuoteRequestFields>;
const requestFields = lazyZodResolver(() =>
  import('./quote-fields.ts').then((m) => m.QuoteRequestFields),
);

/** `?quantity=` as a whole number of at least the part's minimum (else the minimum). */
function startQuantity(asked: string | null, min: number): number {
  const quantity = asked && /^\d{1,7}$/.test(asked) ? Number(asked) : 0;
  return quantity >= min ? quantity : min;
}

function NoLines() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-slate-400 bg-white p-8 text-center">
      <p className="text-lg font-semibold text-slate-900">There are no parts in this request.</p>
      <p className="max-w-md text-slate-700">
        Open a part from the shop and choose Request a quote on its page, or ask about everything in
        your cart from the cart page.
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to={href('/')} className="btn btn-primary">
          Browse the shop
        </Link>
        <Link to={href('/cart')} className="btn btn-outline btn-primary">
          Go to your cart
        </Link>
      </div>
    </div>
  );
}

/**
 * The request: each part with its quantity (at least its minimum order) and Remove, a message,
 * then POST /api/quotes and on to My Quotes. `initial` is read once: the form is drawn when it is
 * known.
 */
function QuoteRequestForm({ initial, notice }: { initial: DraftLine[]; notice?: ReactNode }) {
  const navigate = useNavigate();
  const request = useRequestQuote();
  const messageId = useId();
  const linesHeading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const parts = useMemo(() => new Map(initial.map((line) => [line.partId, line])), [initial]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: requestFields,
    defaultValues: {
      lines: initial.map((line) => ({ partId: line.partId, quantity: String(line.quantity) })),
      message: '',
    },
  });
  const { fields, remove } = useFieldArray({ control, name: 'lines' });

  const submit = (values: RequestValues) => {
    // The schema knows no part's minimum order: each line is checked against its own here.
    let first = true;
    values.lines.forEach((line, index) => {
      const min = parts.get(line.partId)?.min ?? 1;
      if (line.quantity < min) {
        setError(
          `lines.${index}.quantity`,
          { message: `Ask for at least ${min} units: the minimum order of this part.` },
          { shouldFocus: first },
        );
        first = false;
      }
    });
    if (!first) return;
    request.mutate(values, {
      onSuccess: (quote) => {
        toast.success(QUOTE_REQUESTED, {
          description: `Quote ${quote.number}: our sales engineers answer within one working day.`,
        });
        void navigate(href('/dashboard/quotes'));
      },
    });
  };

  const onRemove = (index: number, name: string) => {
    remove(index);
    setAnnouncement(`${name} was removed from the request.`);
    linesHeading.current?.focus();
  };

  return (
    <form
      noValidate
      aria-label="Request a quote"
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onFocus={requestFields.preload}
      className="flex flex-col gap-6"
    >
      <section aria-labelledby="quote-lines-heading" className="flex flex-col gap-3">
        <h2
          id="quote-lines-heading"
          ref={linesHeading}
          tabIndex={-1}
          className="text-xl font-bold text-slate-900 focus:outline-none"
        >
          Parts and quantities
        </h2>
        {notice}
        {fields.length === 0 ? (
          <NoLines />
        ) : (
          <ul className={`${CARD} divide-y divide-slate-200`}>
            {fields.map((field, index) => {
              const part = parts.get(field.partId);
              const name = part?.name ?? 'A part';
              const min = part?.min ?? 1;
              return (
                <li
                  key={field.id}
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6"
                >
                  <div className="min-w-0">
                    <h3 className="font-bold break-words text-slate-900">
                      <Link
                        to={href('/purchase/:partsId', {
                          partsId: encodeURIComponent(field.partId),
                        })}
                        className="underline-offset-4 hover:text-primary hover:underline"
                      >
                        {name}
                      </Link>
                    </h3>
                  </div>
                  <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
                    <LineField
                      id={`${messageId}-line-${index}`}
                      label="Quantity"
                      labelEnd={`of ${name}`}
                      error={errors.lines?.[index]?.quantity?.message}
                      hint={`At least ${min} units.`}
                      inputMode="numeric"
                      min={min}
                      step={1}
                      registration={register(`lines.${index}.quantity`)}
                    />
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm text-error sm:mt-6"
                      onClick={() => onRemove(index, name)}
                    >
                      Remove <span className="sr-only">{name}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <LinesError errors={errors.lines} />
      </section>

      <FormField
        id={messageId}
        label="Message (optional)"
        error={errors.message?.message}
        hint="What the parts are for, when you need them, anything that helps us price them. Up to 2000 characters."
      >
        {(props) => (
          <textarea
            {...props}
            rows={5}
            maxLength={2000}
            className={`textarea w-full border ${fieldBorder(!!errors.message)}`}
            {...register('message')}
          />
        )}
      </FormField>

      <FormFailure text={formError(request.error, errors.root?.message)} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <SubmitButton
          pending={request.isPending}
          className="btn btn-primary btn-lg w-full sm:w-auto"
        >
          Send the request
        </SubmitButton>
        <p className="text-sm text-slate-700">
          We answer by e-mail within one working day; the quote shows up in My Quotes.
        </p>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}

/** A query's answer for the form (`children`), the parts of the request loading till then. */
function Drafted<T>({
  query,
  what,
  children,
}: Pick<LoadedProps<T>, 'query' | 'what' | 'children'>) {
  return (
    <Loaded
      query={query}
      loading="Loading the parts of your request"
      rows={2}
      picture="h-12 w-12"
      what={what}
    >
      {children}
    </Loaded>
  );
}

/** `?from=cart`: the buyer's cart, each line with its quantity. */
function FromCart({ loadCart }: { loadCart: LoadCartLines }) {
  const cart = useQuery({
    queryKey: [quotesRoot, 'draft', 'cart'],
    queryFn: loadCart,
    // Read once for the form, and again on the next visit.
    staleTime: Infinity,
    gcTime: 0,
  });
  return (
    <Drafted query={cart} what="your cart">
      {(lines) => <QuoteRequestForm initial={lines} />}
    </Drafted>
  );
}

/** `?part=<id>&quantity=<n>`: one part, at the quantity the buyer had chosen. */
function FromPart({ partId, quantity }: { partId: string; quantity: string | null }) {
  const part = usePart(partId);
  const initial = useMemo(
    () =>
      part.data
        ? [
            {
              partId: part.data._id,
              name: part.data.name,
              min: part.data.minOrderQuantity,
              quantity: startQuantity(quantity, part.data.minOrderQuantity),
            },
          ]
        : [],
    [part.data, quantity],
  );
  // A malformed id (400) is as unknown as a deleted part (404).
  const gone =
    part.error instanceof ApiError && (part.error.status === 404 || part.error.status === 400);
  if (gone) {
    return (
      <QuoteRequestForm
        initial={[]}
        notice={
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
            The part you came from is not in our catalogue any more.
          </p>
        }
      />
    );
  }
  return (
    <Drafted query={part} what="the part">
      {() => <QuoteRequestForm initial={initial} />}
    </Drafted>
  );
}

/**
 * /dashboard/quotes/new: the request for a quote, its lines from `?part=<id>&quantity=<n>` (one
 * part) or `?from=cart` (the buyer's cart, through `loadCart`), else none yet.
 */
export function NewQuotePage({ loadCart }: { loadCart: LoadCartLines }) {
  const [params] = useSearchParams();
  const fromCart = params.get('from') === 'cart';
  const partId = params.get('part');

  let body: ReactNode;
  if (fromCart) body = <FromCart key="cart" loadCart={loadCart} />;
  else if (partId) {
    body = <FromPart key={partId} partId={partId} quantity={params.get('quantity')} />;
  } else body = <QuoteRequestForm initial={[]} />;

  return (
    <QuotesPage
      documentTitle={NEW_QUOTE_TITLE}
      eyebrow="Request for quote"
      title="Request a quote"
      intro="Tell us the parts and quantities you need. Our sales engineers send a quote within one working day."
      actions={
        <Link
          to={href('/dashboard/quotes')}
          className="btn btn-outline border-white text-white hover:bg-white hover:text-slate-900"
        >
          My Quotes
        </Link>
      }
    >
      {body}
    </QuotesPage>
  );
}
