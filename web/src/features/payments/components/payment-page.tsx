import type { PaymentConfig } from '@partsmith/contract';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { href, Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useOrder } from '../../../lib/get-order.ts';
import { useMarkPaid } from '../api/mark-paid.ts';
import { usePaymentConfig } from '../api/payment-config.ts';
import { usePaymentIntent } from '../api/payment-intent.ts';
import type { CardFormProps } from './card-form-parts.tsx';
import { CARD, OrderSummary } from './payment-order-summary.tsx';
import { TestCardForm } from './test-card-form.tsx';

/** The spec's text, misspelling corrected (docs/spec.md, Differences from the specification). */
export const PAYMENT_SUCCESS = 'Your Payment is Received Successfully';
/** Stripe's libraries come with this chunk, fetched only when the provider is Stripe. */
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

export interface Payer {
  name: string;
  email: string;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      className={`${CARD} mx-auto flex max-w-xl flex-col items-center gap-4 p-8 text-center`}
    >
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </section>
  );
}

function RetryBox({
  message,
  onRetry,
  busy,
}: {
  message: string;
  onRetry: () => void;
  busy: boolean;
}) {
  return (
    <div className="flex flex-col items-start gap-3">
      <p role="alert" className="font-medium text-error">
        {message}
      </p>
      <button
        type="button"
        className="btn btn-outline btn-primary"
        disabled={busy}
        onClick={onRetry}
      >
        {busy && <span aria-hidden="true" className="spinner size-5" />}
        Try again
      </button>
    </div>
  );
}

function FormSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">Loading the card form</span>
      <div aria-hidden="true" className="skeleton-pulse h-12 w-full" />
      <div aria-hidden="true" className="skeleton-pulse h-10 w-full" />
      <div aria-hidden="true" className="skeleton-pulse h-10 w-full" />
      <div aria-hidden="true" className="skeleton-pulse h-12 w-full" />
    </div>
  );
}

function CardForm({ config, ...props }: CardFormProps & { config: PaymentConfig }) {
  if (config.provider === 'stripe') {
    if (!config.publishableKey) {
      return (
        <p role="alert" className="font-medium text-error">
          Card payments are not set up on this shop yet. Please try again later.
        </p>
      );
    }
    return (
      <Suspense fallback={<FormSkeleton />}>
        <StripeCardForm publishableKey={config.publishableKey} {...props} />
      </Suspense>
    );
  }
  return <TestCardForm {...props} />;
}

/** /dashboard/payment/:id: the order summary and the card form. */
export function PaymentPage({ user }: { user: Payer }) {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const config = usePaymentConfig();
  const markPaid = useMarkPaid(id);
  /** The provider's payment id once the card was charged (recorded or not yet). */
  const [charged, setCharged] = useState<string | null>(null);
  /** The recorded payment of this visit: the success message shows while it is set. */
  const [receipt, setReceipt] = useState<string | null>(null);
  const successRef = useRef<HTMLParagraphElement>(null);

  const data = order.data;
  const needsIntent = !!data && !data.paid && data.total > 0 && charged === null;
  const intent = usePaymentIntent(id, needsIntent);

  const name = data?.name;
  const number = data?.number;
  useEffect(() => {
    document.title =
      name && number ? `Pay for order ${number}: ${name} | Partsmith` : 'Payment | Partsmith';
  }, [name, number]);

  // The form is gone after a success: focus goes to the message, not to the top of the page.
  useEffect(() => {
    if (receipt) successRef.current?.focus();
  }, [receipt]);

  // 409: the order was paid meanwhile (another tab): show it as it is now.
  const intentConflict = intent.error instanceof ApiError && intent.error.status === 409;
  const refetchOrder = order.refetch;
  useEffect(() => {
    if (intentConflict) void refetchOrder();
  }, [intentConflict, refetchOrder]);

  const record = (transactionId: string) => {
    setCharged(transactionId);
    markPaid.mutate(transactionId, {
      onSuccess: (answer) => {
        if (answer.paid) setReceipt(answer.transactionId ?? transactionId);
      },
    });
  };

  const notFound = order.error instanceof ApiError && [400, 403, 404].includes(order.error.status);
  if (notFound) {
    return (
      <Problem title="We could not find this order">
        <p className="text-slate-700">
          It may have been deleted, or it belongs to another account. Your own orders are in My
          Orders.
        </p>
        <Link to={href('/dashboard/my-orders')} className="btn btn-primary">
          Go to My Orders
        </Link>
      </Problem>
    );
  }

  if (order.isPending) {
    return (
      <div role="status" className="grid gap-6 lg:grid-cols-2">
        <span className="sr-only">Loading your order</span>
        <div aria-hidden="true" className="skeleton-pulse h-32 w-full lg:col-span-2" />
        <div aria-hidden="true" className="skeleton-pulse h-80 w-full" />
        <div aria-hidden="true" className="skeleton-pulse h-80 w-full" />
      </div>
    );
  }

  if (!data) {
    return (
      <Problem title="We could not load this order">
        <RetryBox
          message={messageOf(order.error)}
          busy={order.isFetching}
          onRetry={() => void order.refetch()}
        />
      </Problem>
    );
  }

  const paidBefore = data.paid && receipt === null;
  const recordFailed =
    charged !== null &&
    receipt === null &&
    !markPaid.isPending &&
    (markPaid.isError || markPaid.data?.paid === false);

  let panel: ReactNode;
  if (receipt !== null) {
    panel = (
      <Link to={href('/dashboard/my-orders')} className="btn btn-primary self-start">
        Back to My Orders
      </Link>
    );
  } else if (paidBefore) {
    panel = (
      <div className="flex flex-col gap-3">
        <p className="text-lg font-bold text-green-900">This order is paid. Thank you!</p>
        {data.transactionId && (
          <p className="text-slate-900">
            Transaction id: <code className="font-mono break-all">{data.transactionId}</code>
          </p>
        )}
        <Link to={href('/dashboard/my-orders')} className="btn btn-primary mt-2 self-start">
          Back to My Orders
        </Link>
      </div>
    );
  } else if (data.total <= 0) {
    panel = <p className="text-slate-900">There is nothing to pay on this order.</p>;
  } else if (recordFailed) {
    panel = (
      <RetryBox
        message={`Your card was charged, but we could not record the payment on your order yet: ${
          markPaid.isError
            ? messageOf(markPaid.error)
            : 'the payment provider has not confirmed it.'
        } Please try again.`}
        busy={markPaid.isPending}
        onRetry={() => record(charged)}
      />
    );
  } else if (config.isPending) {
    panel = <FormSkeleton />;
  } else if (config.isError) {
    panel = (
      <RetryBox
        message={messageOf(config.error)}
        busy={config.isFetching}
        onRetry={() => void config.refetch()}
      />
    );
  } else {
    panel = (
      <div className="flex flex-col gap-4">
        <CardForm
          config={config.data}
          clientSecret={intent.data?.clientSecret ?? null}
          amount={data.total}
          defaultName={user.name}
          email={user.email}
          locked={charged !== null}
          recording={markPaid.isPending}
          onSucceeded={record}
        />
        {intent.isError && !intentConflict && (
          <RetryBox
            message={`We could not start the payment: ${messageOf(intent.error)}`}
            busy={intent.isFetching}
            onRetry={() => void intent.refetch()}
          />
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="relative overflow-hidden rounded-box bg-slate-900 px-6 py-7 text-slate-100 sm:px-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 -right-16 h-56 w-56 rounded-full bg-orange-500/25 blur-3xl"
        />
        <p className="text-sm font-semibold tracking-wider text-orange-300 uppercase">Payment</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-white">
          Hello, {user.name || data.userName}
        </h1>
        <p className="mt-2 text-slate-200">
          {paidBefore || receipt !== null
            ? `Your order ${data.number} of ${data.name} is paid.`
            : `Please pay for your order ${data.number} of ${data.name}.`}
        </p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <OrderSummary order={data} paid={data.paid || receipt !== null} />
        <section aria-labelledby="pay-heading" className={`${CARD} flex flex-col gap-5 p-5 sm:p-6`}>
          <h2 id="pay-heading" className="text-xl font-bold text-slate-900">
            Pay by card
          </h2>
          <div role="status">
            {receipt !== null && (
              <div className="rounded-lg border border-green-300 bg-green-50 p-4">
                <p
                  ref={successRef}
                  tabIndex={-1}
                  className="text-lg font-bold text-green-900 focus:outline-none"
                >
                  {PAYMENT_SUCCESS}
                </p>
                <p className="mt-1 text-slate-900">
                  Your transaction id: <code className="font-mono break-all">{receipt}</code>
                </p>
              </div>
            )}
          </div>
          {panel}
        </section>
      </div>
    </div>
  );
}
