import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { formError } from '../../../lib/error-text.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useSendContact } from '../api/send-contact.ts';
import { fieldBorder, FormField } from '../../../components/ui/form-field.tsx';
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

/** Its checks load with zod on first focus or submit (docs/decisions/038), not with the page. */
const contactFields = lazyZodResolver(() =>
  import('@partsmith/contract').then((c) => c.ContactBody),
);

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

  const serverError = formError(send.error, errors.root?.message);

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
        <FormField id={ids.email} label="Email address" error={errors.email?.message}>
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@company.com"
              className={`input w-full border ${fieldBorder(!!errors.email)}`}
              {...register('email')}
            />
          )}
        </FormField>
        <FormField id={ids.subject} label="Subject" error={errors.subject?.message}>
          {(props) => (
            <input
              {...props}
              type="text"
              placeholder="What is it about?"
              className={`input w-full border ${fieldBorder(!!errors.subject)}`}
              {...register('subject')}
            />
          )}
        </FormField>
        <FormField id={ids.message} label="Message" error={errors.message?.message}>
          {(props) => (
            <textarea
              {...props}
              rows={5}
              placeholder="Tell us which parts you need, the quantities and your deadline."
              className={`textarea w-full border ${fieldBorder(!!errors.message)}`}
              {...register('message')}
            />
          )}
        </FormField>
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
