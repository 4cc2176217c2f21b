import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { formError } from '../../../lib/error-text.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useSubscribe } from '../api/subscribe.ts';

/** Its check loads with zod on first focus or submit (docs/decisions/038), not with the footer. */
const newsletterFields = lazyZodResolver(() =>
  import('@partsmith/contract').then((c) => c.NewsletterBody),
);

/** The footer's newsletter box: an email text box and a Subscribe button, on a dark background. */
export function NewsletterForm() {
  const id = useId();
  const emailId = `${id}-email`;
  const errorId = `${id}-email-error`;
  const subscribe = useSubscribe();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: newsletterFields, defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => {
    subscribe.mutate(values, {
      // The server's words, the same whether or not the address is on the list already: the
      // subscription counts once the link mailed to it is followed.
      onSuccess: (answer) => {
        toast.success(answer.message);
        reset({ email: '' });
      },
    });
  });

  const serverError = formError(subscribe.error, errors.root?.message);

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={newsletterFields.preload}
      aria-label="Newsletter"
      className="flex flex-col gap-2"
    >
      <label htmlFor={emailId} className="text-sm font-medium text-slate-200">
        Your email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          className={`input w-full min-w-0 border text-slate-900 ${errors.email ? 'border-2 border-red-400' : 'border-slate-500'}`}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? errorId : undefined}
          {...register('email')}
        />
        <button type="submit" className="btn btn-primary shrink-0" disabled={subscribe.isPending}>
          {subscribe.isPending && <span aria-hidden="true" className="spinner size-5" />}
          Subscribe
        </button>
      </div>
      {errors.email && (
        <p id={errorId} className="text-sm font-medium text-red-300">
          {errors.email.message}
        </p>
      )}
      {serverError && (
        <div role="alert" className="alert alert-error py-2 text-sm">
          {serverError}
        </div>
      )}
    </form>
  );
}
