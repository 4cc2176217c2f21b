import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useSendContact } from '../api/send-contact.ts';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.tsx';

export const CONTACT_SUCCESS =
  'Thanks! Your message reached our team. We answer within one working day.';

export interface ContactFormProps {
  /** Prefix for the element ids, unique on the page (the form can appear more than once). */
  idPrefix: string;
  defaultSubject?: string;
  /** Optional heading shown above the fields; it also names the form. */
  heading?: string;
}

/** Its checks load with zod on first focus or submit (docs/decisions/018), not with the page. */
const contactFields = lazyZodResolver(() =>
  import('@partsmith/contract').then((c) => c.ContactBody),
);

const FIELD_ERROR = 'mt-1 text-sm font-medium text-error';
/** Field outlines of at least 3:1 against white (WCAG 1.4.11), red when the value is wrong. */
const border = (invalid: boolean) => (invalid ? 'border-error' : 'border-slate-500');

/**
 * The contact form: e-mail address, subject, multi-line message, a Contact Us button.
 * The contract's ContactBody validates it here (loaded on demand) and again on the server.
 */
export function ContactForm({ idPrefix, defaultSubject = '', heading }: ContactFormProps) {
  const ids = {
    heading: `${idPrefix}-heading`,
    email: `${idPrefix}-email`,
    subject: `${idPrefix}-subject`,
    message: `${idPrefix}-message`,
  };
  const empty = { email: '', subject: defaultSubject, message: '' };
  const send = useSendContact();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: contactFields, defaultValues: empty });

  const onSubmit = handleSubmit((values) => {
    send.mutate(values, {
      onSuccess: () => {
        toast.success(CONTACT_SUCCESS);
        reset(empty);
      },
    });
  });

  const serverError = send.error
    ? send.error instanceof ApiError
      ? send.error.message
      : 'Something went wrong. Please try again.'
    : (errors.root?.message ?? null);

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={contactFields.preload}
      aria-labelledby={heading ? ids.heading : undefined}
      className="flex flex-col gap-5"
    >
      <ReadyFieldset>
        {heading && (
          <h2 id={ids.heading} className="text-2xl font-bold text-slate-900">
            {heading}
          </h2>
        )}
        <div>
          <label htmlFor={ids.email} className="mb-1 block font-semibold text-slate-900">
            Email address
          </label>
          <input
            id={ids.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            className={`input w-full border ${border(!!errors.email)}`}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${ids.email}-error` : undefined}
            {...register('email')}
          />
          {errors.email && (
            <p id={`${ids.email}-error`} className={FIELD_ERROR}>
              {errors.email.message}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.subject} className="mb-1 block font-semibold text-slate-900">
            Subject
          </label>
          <input
            id={ids.subject}
            type="text"
            placeholder="What is it about?"
            className={`input w-full border ${border(!!errors.subject)}`}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? `${ids.subject}-error` : undefined}
            {...register('subject')}
          />
          {errors.subject && (
            <p id={`${ids.subject}-error`} className={FIELD_ERROR}>
              {errors.subject.message}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.message} className="mb-1 block font-semibold text-slate-900">
            Message
          </label>
          <textarea
            id={ids.message}
            rows={5}
            placeholder="Tell us which parts you need, the quantities and your deadline."
            className={`textarea w-full border ${border(!!errors.message)}`}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${ids.message}-error` : undefined}
            {...register('message')}
          />
          {errors.message && (
            <p id={`${ids.message}-error`} className={FIELD_ERROR}>
              {errors.message.message}
            </p>
          )}
        </div>
        {serverError && (
          <div role="alert" className="alert alert-error">
            {serverError}
          </div>
        )}
        <button type="submit" className="btn btn-primary self-start px-8" disabled={send.isPending}>
          {send.isPending && <span aria-hidden="true" className="spinner size-5" />}
          Contact Us
        </button>
      </ReadyFieldset>
    </form>
  );
}
