import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSignIn } from '../api/sign-in.ts';
import { AuthField } from './auth-field.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { PanelEmailField, PanelForm } from './panel-form.tsx';
import { panelSubmit, type AuthPanelProps } from './sign-up-panel.tsx';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';

/** The form's checks: zod and the contract load when the form is first focused (decision 038). */
const signInFields = lazyZodResolver(() => import('@partsmith/contract').then((c) => c.SignInBody));

/** "Sign in": Email, Password, 'Forgot your password?' (docs/spec.md, Validation rules). */
export function SignInPanel({
  startWithForgot = false,
  ...panel
}: AuthPanelProps & { startWithForgot?: boolean }) {
  const { onMessage } = panel;
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
        <PanelForm
          id="signin"
          heading="Sign in"
          divider="or use your account"
          {...panel}
          onFocus={signInFields.preload}
          onSubmit={onSubmit}
          pending={signIn.isPending}
          pendingText="Signing you in, please wait."
          submitLabel="Sign In"
        >
          <PanelEmailField
            id="signin-email"
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
        </PanelForm>
      )}
    </div>
  );
}
