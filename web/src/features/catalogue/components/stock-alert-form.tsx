import type { CataloguePart } from '@partsmith/contract';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { FIELD_ERROR, FIELD_LABEL, fieldBorder } from '../../../components/ui/form-field.tsx';
import { errorText, formError } from '../../../lib/error-text.ts';
import { useSession } from '../../../lib/get-session.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useCancelStockAlert, useSubscribeStockAlert } from '../api/stock-alerts.ts';

/** Its check loads with zod on first focus or submit (docs/decisions/038), not with the page. */
const emailFields = lazyZodResolver(() =>
  import('@partsmith/contract').then((c) => c.StockAlertEmailForm),
);

/** "Usually back within 12 days", or null when the part's lead time is not known. */
export function leadTimeText(days: number | null | undefined): string | null {
  if (days === null || days === undefined) return null;
  return days <= 1 ? 'Usually back within a day.' : `Usually back within ${days} days.`;
}

const SUCCESS = 'rounded-box bg-emerald-50 p-3 text-emerald-900';
const NOTE = 'rounded-box bg-sky-50 p-3 text-sky-950';

/** What the last request of the form did, as the live region says it. */
type Outcome =
  | { kind: 'subscribed'; email: string }
  | { kind: 'confirmation_sent'; email: string }
  | { kind: 'cancelled' };

function outcomeText(outcome: Outcome): ReactNode {
  switch (outcome.kind) {
    case 'subscribed':
      return `Done: we will email you at ${outcome.email} once, when this part is back in stock.`;
    case 'confirmation_sent':
      return (
        `Check your inbox at ${outcome.email}: follow the link we sent to confirm the alert ` +
        '(it works for 7 days). If you confirmed it before, you are on the list already.'
      );
    case 'cancelled':
      return 'Your alert is cancelled: we will not email you about this part.';
  }
}

/** A signed-in customer's button, and once subscribed, Cancel the alert. */
function CustomerAlert({
  partId,
  email,
  subscribed,
  onOutcome,
  onFailure,
}: {
  partId: string;
  email: string;
  subscribed: boolean;
  onOutcome: (outcome: Outcome) => void;
  onFailure: (error: unknown) => void;
}) {
  const subscribe = useSubscribeStockAlert();
  const cancel = useCancelStockAlert();
  const subscribeButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  // The button pressed goes away: the focus moves to the one that takes its place.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (subscribed ? cancelButton : subscribeButton).current?.focus();
  }, [subscribed]);

  const ask = () => {
    onFailure(null);
    subscribe.mutate(
      { partId },
      {
        onSuccess: (answer) => {
          moved.current = answer.status === 'subscribed';
          onOutcome({ kind: answer.status, email });
        },
        onError: onFailure,
      },
    );
  };
  // A failure leaves the alert as it was shown (subscribed), with the reason below.
  const stop = () => {
    onFailure(null);
    cancel.mutate(
      { partId },
      {
        onSuccess: () => {
          moved.current = true;
          onOutcome({ kind: 'cancelled' });
        },
        onError: onFailure,
      },
    );
  };

  if (subscribed)
    return (
      <button
        ref={cancelButton}
        type="button"
        className="btn btn-outline self-start"
        disabled={cancel.isPending}
        onClick={stop}
      >
        {cancel.isPending && <span aria-hidden="true" className="spinner size-5" />}
        Cancel the alert
      </button>
    );
  return (
    <button
      ref={subscribeButton}
      type="button"
      className="btn btn-primary self-start"
      disabled={subscribe.isPending}
      onClick={ask}
    >
      {subscribe.isPending && <span aria-hidden="true" className="spinner size-5" />}
      Email me when it is back
    </button>
  );
}

/** A visitor's address and button: the alert counts once the mailed link is followed. */
function VisitorAlert({
  partId,
  onOutcome,
  onFailure,
}: {
  partId: string;
  onOutcome: (outcome: Outcome) => void;
  onFailure: (error: unknown) => void;
}) {
  const id = useId();
  const emailId = `${id}-email`;
  const errorId = `${id}-email-error`;
  const subscribe = useSubscribeStockAlert();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: emailFields, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) => {
    onFailure(null);
    subscribe.mutate(
      { partId, email },
      {
        onSuccess: (answer) => {
          onOutcome({ kind: answer.status, email });
          reset({ email: '' });
        },
        // What was typed stays, to send again.
        onError: onFailure,
      },
    );
  });
  const checkError = formError(null, errors.root?.message);

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={emailFields.preload}
      aria-label="Email me when it is back"
      className="flex flex-col gap-2"
    >
      <label htmlFor={emailId} className={FIELD_LABEL}>
        Your email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          className={`input w-full min-w-0 border bg-white ${fieldBorder(!!errors.email)}`}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? errorId : undefined}
          {...register('email')}
        />
        <button type="submit" className="btn btn-primary shrink-0" disabled={subscribe.isPending}>
          {subscribe.isPending && <span aria-hidden="true" className="spinner size-5" />}
          Email me when it is back
        </button>
      </div>
      {errors.email && (
        <p id={errorId} className={FIELD_ERROR}>
          {errors.email.message}
        </p>
      )}
      {checkError && (
        <p role="alert" className={FIELD_ERROR}>
          {checkError}
        </p>
      )}
    </form>
  );
}

/**
 * What a part's page offers while the part is out of stock: its lead time when known, then one
 * mail when it is back. A signed-in customer asks with one button (for their own address) and
 * may cancel; a visitor gives an address, which the mailed link confirms. What happened is said
 * in a live region.
 */
export function StockAlertForm({ part }: { part: CataloguePart }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const session = useSession();
  const user = session.data?.user ?? null;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const lead = leadTimeText(part.leadTimeDays);
  const onOutcome = (next: Outcome) => {
    setOutcome(next);
    setFailure(null);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-box flex flex-col gap-3 bg-amber-50 p-4 ring-1 ring-amber-200"
    >
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Out of stock for now
      </h2>
      {lead && <p className="font-semibold text-slate-900">{lead}</p>}
      <p className="text-slate-800">We can email you once, when it is back in stock.</p>
      {session.isPending ? (
        // The session comes after the page (it is rendered for everybody alike): keep the room.
        <div aria-hidden="true" className="h-12" />
      ) : user ? (
        <CustomerAlert
          partId={part._id}
          email={user.email}
          subscribed={outcome?.kind === 'subscribed'}
          onOutcome={onOutcome}
          onFailure={setFailure}
        />
      ) : (
        <VisitorAlert partId={part._id} onOutcome={onOutcome} onFailure={setFailure} />
      )}
      <div role="status" aria-live="polite">
        {outcome && (
          <p className={outcome.kind === 'confirmation_sent' ? NOTE : SUCCESS}>
            {outcomeText(outcome)}
          </p>
        )}
      </div>
      {failure !== null && (
        <p role="alert" className="alert alert-error">
          {errorText(failure)}
        </p>
      )}
    </section>
  );
}

const noChange = () => () => {};

/**
 * What the part's page says after a link of a stock alert's mail (`?alert=`): the alert was
 * confirmed, or the link was not valid; the cancel link (`?alert=cancel&token=`) asks before it
 * cancels, since mail scanners open links. Read once the page is up: the server's HTML of a
 * part's page is one for everybody, whatever the query string.
 */
export function StockAlertNotice({ partId }: { partId?: string } = {}) {
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  const location = useLocation();
  const params = useParams();
  const id = partId ?? params.partsId ?? '';
  const cancel = useCancelStockAlert();
  const query = new URLSearchParams(hydrated ? location.search : '');
  const outcome = query.get('alert');
  const token = query.get('token') ?? '';

  let message: ReactNode = null;
  if (outcome === 'confirmed')
    message = (
      <p className={SUCCESS}>
        Your stock alert is confirmed: we will email you once, when this part is back in stock.
      </p>
    );
  else if (outcome === 'invalid')
    message = (
      <p className={NOTE}>
        This confirmation link does not work any more: it lasts 7 days, and a newer mail replaces
        it. Ask for the alert again on this page, then use the link in the newest mail.
      </p>
    );
  else if (outcome === 'cancel' && cancel.isSuccess)
    message = (
      <p className={SUCCESS}>
        Your stock alert is cancelled: we will not email you about this part.
      </p>
    );

  return (
    <div className="flex flex-col gap-3">
      {outcome === 'cancel' && token && id && !cancel.isSuccess && (
        <div className={`${NOTE} flex flex-col gap-3 sm:flex-row sm:items-center`}>
          <p>Do you want to cancel your stock alert for this part?</p>
          <button
            type="button"
            className="btn btn-outline shrink-0 bg-white"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate({ partId: id, token })}
          >
            {cancel.isPending && <span aria-hidden="true" className="spinner size-5" />}
            Cancel the alert
          </button>
        </div>
      )}
      <div role="status" aria-live="polite">
        {message}
      </div>
      {cancel.isError && (
        <p role="alert" className="alert alert-error">
          {errorText(cancel.error)}
        </p>
      )}
    </div>
  );
}
