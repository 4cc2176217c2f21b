import { useId, type FormEventHandler, type ReactNode } from 'react';
import { formatDollars } from '../../../lib/money.ts';

/** What the payment page hands to either card form (test processor or Stripe). */
export interface CardFormProps {
  /** From create-payment-intent; null until it arrives. */
  clientSecret: string | null;
  /** The order's total in dollars, shown on the Pay button. */
  amount: number;
  /** Prefills the name on the card. */
  defaultName: string;
  email: string;
  /** The card was charged (or the order is paid): paying again is impossible. */
  locked: boolean;
  /** The page is recording the payment on the order (PATCH). */
  recording: boolean;
  /** Called with the provider's payment id once the card payment succeeded. */
  onSucceeded: (transactionId: string) => void;
}

/**
 * The Pay button is disabled until the card form is ready, a client secret
 * exists and no success message is shown. The hint says why while it waits.
 */
function PayButton({
  amount,
  ready,
  clientSecret,
  locked,
  busy,
  hintId,
}: {
  amount: number;
  ready: boolean;
  clientSecret: string | null;
  locked: boolean;
  busy: boolean;
  hintId: string;
}) {
  const waiting = !locked && (!ready || !clientSecret);
  return (
    <div className="flex flex-col gap-2">
      <button
        type="submit"
        className="btn btn-primary btn-lg w-full"
        disabled={waiting || locked || busy}
        aria-describedby={waiting ? hintId : undefined}
      >
        {(busy || waiting) && <span aria-hidden="true" className="spinner size-5" />}
        Pay {formatDollars(amount)}
      </button>
      {waiting && (
        <p id={hintId} className="text-center text-sm text-slate-700">
          Preparing a secure payment…
        </p>
      )}
    </div>
  );
}

/** The card provider's message, in red under the form. */
function CardError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-error"
    >
      {message}
    </p>
  );
}

/**
 * Either card form (test processor or Stripe): its fields, then the Pay button (busy while the
 * card is charged or the page records the payment) and the provider's message.
 */
export function CardFormFrame({
  card: { amount, clientSecret, locked, recording },
  ready,
  charging,
  error,
  onSubmit,
  describedBy,
  children,
}: {
  card: CardFormProps;
  /** The fields can take a card. */
  ready: boolean;
  charging: boolean;
  error: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  describedBy?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Card payment"
      aria-describedby={describedBy}
      className="flex flex-col gap-5"
    >
      {children}
      <PayButton
        amount={amount}
        ready={ready}
        clientSecret={clientSecret}
        locked={locked}
        busy={charging || recording}
        hintId={`${id}-hint`}
      />
      <CardError message={error} />
    </form>
  );
}
