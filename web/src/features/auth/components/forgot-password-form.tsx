import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useRequestPasswordReset } from '../api/forgot-password.ts';
import { AuthField } from './auth-field.tsx';
import { errorText, PillMessage } from './pill-message.tsx';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';

/** The form's checks: zod and the contract load when the form is first focused (decision 038). */
const forgotPasswordFields = lazyZodResolver(() =>
  import('@partsmith/contract').then((c) => c.ForgotPasswordBody),
);

export const RESET_LINK_SENT =
  'If an account exists for that e-mail, a reset link is on its way. Check your inbox.';

/** The small inline form behind 'Forgot your password?'. */
export function ForgotPasswordForm({
  defaultEmail,
  onBack,
}: {
  defaultEmail: string;
  onBack: () => void;
}) {
  const request = useRequestPasswordReset();
  const heading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: forgotPasswordFields,
    defaultValues: { email: defaultEmail },
  });

  useEffect(() => heading.current?.focus(), []);

  const onSubmit = handleSubmit((values) => request.mutate(values));

  return (
    <form
      noValidate
      onFocus={forgotPasswordFields.preload}
      onSubmit={onSubmit}
      aria-labelledby="forgot-heading"
      className="flex flex-col gap-4"
    >
      <h2
        id="forgot-heading"
        ref={heading}
        tabIndex={-1}
        className="text-center text-3xl font-extrabold tracking-tight text-slate-900 focus:outline-none"
      >
        Reset your password
      </h2>
      <p className="text-center text-slate-700">
        Enter the e-mail of your account. We will send you a link to choose a new password.
      </p>
      <div role="status">
        {request.isSuccess && (
          <p className="rounded-box border border-green-300 bg-green-50 px-4 py-3 font-medium text-green-900">
            {RESET_LINK_SENT}
          </p>
        )}
      </div>
      {!request.isSuccess && (
        <>
          <AuthField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            registration={register('email')}
            error={errors.email?.message}
          />
          {request.isError && <PillMessage message={errorText(request.error)} />}
          {errors.root?.message && <PillMessage message={errors.root.message} />}
          <button
            type="submit"
            className="btn btn-primary w-full rounded-full font-bold md:w-auto md:self-center md:px-10"
            disabled={request.isPending}
          >
            {request.isPending ? '...' : 'Send reset link'}
          </button>
        </>
      )}
      <button
        type="button"
        className="link self-center font-semibold text-slate-800 hover:text-primary"
        onClick={onBack}
      >
        Back to sign in
      </button>
    </form>
  );
}
