import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSignIn } from '../api/sign-in.ts';
import { AuthField } from './auth-field.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { PillMessage } from './pill-message.tsx';
import { panelSubmit, type AuthPanelProps } from './sign-up-panel.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.tsx';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';

/** The form's checks: zod and the contract load when the form is first focused (decision 018). */
const signInFields = lazyZodResolver(() => import('@partsmith/contract').then((c) => c.SignInBody));

/** "Sign in": Email, Password, 'Forgot your password?' (docs/spec.md, Validation rules). */
export function SignInPanel({
  headingRef,
  returnTo,
  message,
  onMessage,
  startWithForgot = false,
}: AuthPanelProps & { startWithForgot?: boolean }) {
  const signIn = useSignIn();
  const [forgot, setForgot] = useState(startWithForgot);
  const forgotButton = useRef<HTMLButtonElement>(null);
  const closedForgot = useRef(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({
    resolver: signInFields,
    defaultValues: { email: '', password: '' },
  });

  // Back from the reset form: focus returns to the link that opened it.
  useEffect(() => {
    if (!forgot && closedForgot.current) {
      closedForgot.current = false;
      forgotButton.current?.focus();
    }
  }, [forgot]);

  const onSubmit = handleSubmit(...panelSubmit(signIn, onMessage));

  return (
    <div className="flex min-h-full flex-col justify-center gap-5 px-6 py-8 sm:px-10 lg:px-12">
      {forgot ? (
        <ForgotPasswordForm
          defaultEmail={getValues('email')}
          onBack={() => {
            closedForgot.current = true;
            setForgot(false);
          }}
        />
      ) : (
        <>
          <h2
            id="signin-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-center text-3xl font-extrabold tracking-tight text-slate-900 focus:outline-none"
          >
            Sign in
          </h2>
          <SocialButtons returnTo={returnTo} onMessage={onMessage} />
          {message && <PillMessage message={message} onDismiss={() => onMessage(null)} />}
          <p className="divider my-0 text-sm text-slate-700">or use your account</p>
          <form
            noValidate
            onFocus={signInFields.preload}
            onSubmit={onSubmit}
            aria-labelledby="signin-heading"
            className="flex flex-col gap-4"
          >
            <ReadyFieldset>
              <AuthField
                id="signin-email"
                label="Email"
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
                registration={register('email')}
                error={errors.email?.message}
              />
              <AuthField
                id="signin-password"
                label="Password"
                type="password"
                autoComplete="current-password"
                registration={register('password')}
                error={errors.password?.message}
              />
              <button
                ref={forgotButton}
                type="button"
                className="link -mt-1 self-end text-sm font-semibold text-slate-800 hover:text-primary"
                onClick={() => {
                  onMessage(null);
                  setForgot(true);
                }}
              >
                Forgot your password?
              </button>
              <span role="status" className="sr-only">
                {signIn.isPending ? 'Signing you in, please wait.' : ''}
              </span>
              <button
                type="submit"
                className="btn btn-primary mt-1 w-full rounded-full text-base font-bold tracking-wider uppercase md:w-auto md:self-center md:px-12"
                disabled={signIn.isPending}
              >
                {signIn.isPending ? '...' : 'Sign In'}
              </button>
            </ReadyFieldset>
          </form>
        </>
      )}
    </div>
  );
}
