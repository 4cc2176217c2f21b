import type { Ref } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { SessionAnswer, SignUpBody } from '@partsmith/contract';
import { useSignUp } from '../api/sign-up.ts';
import { AuthField } from './auth-field.tsx';
import { PanelEmailField, PanelForm } from './panel-form.tsx';
import { errorText } from './pill-message.tsx';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';

/** The form's checks: zod and the contract load when the form is first focused (decision 038). */
const signUpFields = lazyZodResolver(() => import('@partsmith/contract').then((c) => c.SignUpBody));

export const NO_COOKIE_MESSAGE =
  'You are signed in, but your browser did not keep the session. Allow cookies for this shop and try again.';

export const confirmationLinkSent = (email: string) =>
  `We sent a confirmation link to ${email}. Open it to confirm your address.`;

export interface PanelHandlers {
  onSuccess: (session: SessionAnswer) => void;
  onError: (error: Error) => void;
}

/**
 * The two panels' submit handlers, for `handleSubmit(...panelSubmit(mutation, onMessage))`:
 * runs the sign-in or sign-up and puts what goes wrong in the panel's message, including checks
 * that could not load (offline, lazyZodResolver's root error). `onSucceeded` runs once the
 * server said yes, even if the browser did not keep the session.
 */
export function panelSubmit<Values>(
  mutation: { mutate: (values: Values, handlers: PanelHandlers) => void },
  onMessage: (message: string | null) => void,
  onSucceeded?: (values: Values) => void,
) {
  return [
    (values: Values) => {
      onMessage(null);
      mutation.mutate(values, {
        onSuccess: (session) => {
          onSucceeded?.(values);
          if (!session) onMessage(NO_COOKIE_MESSAGE);
        },
        onError: (error) => onMessage(errorText(error)),
      });
    },
    (invalid: FieldErrors) => {
      if (invalid.root?.message) onMessage(invalid.root.message);
    },
  ] as const;
}

export interface AuthPanelProps {
  headingRef: Ref<HTMLHeadingElement>;
  returnTo: string;
  message: string | null;
  onMessage: (message: string | null) => void;
}

/** "Create Account": Your Name, Email, Password (docs/spec.md, Validation rules). */
export function SignUpPanel(panel: AuthPanelProps) {
  const { returnTo, onMessage } = panel;
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: signUpFields,
    defaultValues: { name: '', email: '', password: '' },
  });

  // The mailed link brings the customer back to where the panel returns them now.
  const withLink = {
    mutate: (values: SignUpBody, handlers: PanelHandlers) =>
      signUp.mutate({ ...values, callbackURL: returnTo }, handlers),
  };
  const onSubmit = handleSubmit(
    ...panelSubmit(withLink, onMessage, ({ email }) => {
      // Sonner loads on demand (the login page's first paint does not need it); its toaster
      // lives in the app's providers, so the toast stays while the page returns the customer.
      void import('sonner').then(({ toast }) => toast.success(confirmationLinkSent(email)));
    }),
  );

  return (
    <div className="flex min-h-full flex-col justify-center gap-5 px-6 py-8 sm:px-10 lg:px-12">
      <PanelForm
        id="signup"
        heading="Create Account"
        divider="or use your e-mail to register"
        {...panel}
        onFocus={signUpFields.preload}
        onSubmit={onSubmit}
        pending={signUp.isPending}
        pendingText="Creating your account, please wait."
        submitLabel="Sign Up"
      >
        <AuthField
          id="signup-name"
          label="Your Name"
          type="text"
          autoComplete="name"
          registration={register('name')}
          error={errors.name?.message}
        />
        <PanelEmailField
          id="signup-email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <AuthField
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least eight characters."
          registration={register('password')}
          error={errors.password?.message}
        />
      </PanelForm>
    </div>
  );
}
