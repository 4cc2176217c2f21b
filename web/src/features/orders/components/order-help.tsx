import { ORDER_TOPICS, type OrderTopic } from '@partsmith/contract/constants';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { fieldBorder, FormField } from '../../../components/ui/form-field.tsx';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.tsx';
import { formError } from '../../../lib/error-text.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useSendOrderMessage } from '../api/send-order-message.ts';

/** Its checks load with zod on first focus or submit (docs/decisions/038), not with the page. */
const messageFields = lazyZodResolver(() =>
  import('@partsmith/contract').then((c) => c.OrderMessageBody),
);

const TOPICS = Object.entries(ORDER_TOPICS) as [OrderTopic, string][];

/** What the box suggests to write, by topic. */
const PLACEHOLDERS: Record<OrderTopic, string> = {
  missing: 'Which part, and how many are missing?',
  damaged: 'Which part, and what is damaged? A photo helps: we ask for it in our reply.',
  'wrong-part': 'Which part did you receive, and which did you order?',
  return: 'Which parts, how many, and why? We reply with how to send them back.',
  question: 'What would you like to know about this order?',
};

/**
 * The buyer's way to the shop about one order: what it is about (something missing, a damaged
 * part, the wrong part, a return, another question) and the message. It reaches the shop's
 * Messages with the order's number; the answer comes by e-mail.
 */
export function OrderHelp({
  orderId,
  number,
  email,
}: {
  orderId: string;
  number: string;
  email: string;
}) {
  const ids = { heading: useId(), topic: useId(), message: useId() };
  const empty = { topic: '' as OrderTopic, message: '' };
  const send = useSendOrderMessage();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm({ resolver: messageFields, defaultValues: empty });
  const topic = useWatch({ control, name: 'topic' });

  const onSubmit = handleSubmit((body) => {
    setSent(false);
    send.mutate(
      { id: orderId, body },
      {
        onSuccess: () => {
          setSent(true);
          reset(empty);
        },
      },
    );
  });
  const serverError = formError(send.error, errors.root?.message);

  return (
    <section
      aria-labelledby={ids.heading}
      className="rounded-box bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <h2 id={ids.heading} className="text-xl font-bold text-slate-900">
        Need help with this order?
      </h2>
      <p className="mt-1 mb-4 text-slate-700">
        Something missing, damaged or not what you ordered, or parts to send back: tell us here and
        we reply to {email}, usually within one working day.
      </p>
      <form noValidate onSubmit={onSubmit} onFocus={messageFields.preload}>
        <ReadyFieldset>
          <div className="grid gap-4 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
            <FormField id={ids.topic} label="What is it about?" error={errors.topic?.message}>
              {(props) => (
                <select
                  {...props}
                  className={`select w-full border bg-white ${fieldBorder(!!errors.topic)}`}
                  {...register('topic')}
                >
                  <option value="">Choose one</option>
                  {TOPICS.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id={ids.message} label="Your message" error={errors.message?.message}>
              {(props) => (
                <textarea
                  {...props}
                  rows={4}
                  placeholder={topic ? PLACEHOLDERS[topic] : 'Tell us what happened.'}
                  className={`textarea w-full border ${fieldBorder(!!errors.message)}`}
                  {...register('message')}
                />
              )}
            </FormField>
          </div>
          {serverError && (
            <div role="alert" className="alert alert-error mt-4">
              {serverError}
            </div>
          )}
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <button type="submit" className="btn btn-primary" disabled={send.isPending}>
              {send.isPending && <span aria-hidden="true" className="spinner size-5" />}
              Send to the shop
            </button>
            <p role="status" className="text-sm font-medium text-green-800">
              {sent && (
                <>
                  Sent. We will answer about order{' '}
                  <span className="whitespace-nowrap">{number}</span> by e-mail.
                </>
              )}
            </p>
          </div>
        </ReadyFieldset>
      </form>
    </section>
  );
}
