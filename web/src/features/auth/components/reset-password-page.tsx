import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordForm } from '@partsmith/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { href, Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthField } from './auth-field.tsx';
import type { LoginLocationState } from './login-page.tsx';
import { errorText, PillMessage } from './pill-message.tsx';

export const PASSWORD_CHANGED = 'Your password is changed. Sign in with the new one.';

const SIGN_IN_STATE: LoginLocationState = { mode: 'signin' };
const NEW_LINK_STATE: LoginLocationState = { mode: 'signin', forgot: true };

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="bg-slate-100 px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-box bg-white p-6 shadow-xl ring-1 ring-slate-900/5 sm:p-10">
        {children}
      </div>
    </div>
  );
}

function Icon({ tone, d }: { tone: 'ok' | 'bad' | 'key'; d: string }) {
  const colors = {
    ok: 'bg-green-100 text-green-800',
    bad: 'bg-red-100 text-red-800',
    key: 'bg-orange-100 text-orange-800',
  }[tone];
  return (
    <span
      className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${colors}`}
      aria-hidden="true"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-7 w-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={d} />
      </svg>
    </span>
  );
}

/** The reset link was used, expired or is missing its token. */
function InvalidLink() {
  return (
    <div className="flex flex-col gap-4 text-center">
      <Icon
        tone="bad"
        d="M12 8v5M12 16.5v.5M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"
      />
      <h1 className="text-2xl font-extrabold text-slate-900">This reset link does not work</h1>
      <p role="alert" className="text-slate-800">
        The link was already used, has expired or is incomplete. Reset links work once and only for
        a short time.
      </p>
      <Link to={href('/login')} state={NEW_LINK_STATE} className="btn btn-primary rounded-full">
        Ask for a new link
      </Link>
      <Link to={href('/login')} state={SIGN_IN_STATE} className="link font-semibold text-slate-800">
        Back to sign in
      </Link>
    </div>
  );
}

function Changed() {
  return (
    <div className="flex flex-col gap-4 text-center">
      <Icon tone="ok" d="M20 6 9 17l-5-5" />
      <h1 className="text-2xl font-extrabold text-slate-900">Password changed</h1>
      <p role="status" className="text-slate-800">
        {PASSWORD_CHANGED}
      </p>
      <Link to={href('/login')} state={SIGN_IN_STATE} className="btn btn-primary rounded-full">
        Go to sign in
      </Link>
    </div>
  );
}

/** /reset-password?token=...: the page the reset e-mail links to. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');
  const reset = useResetPassword();
  const [tokenRejected, setTokenRejected] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { password: '', confirm: '' },
  });

  useEffect(() => {
    document.title = 'Reset password | Partsmith';
  }, []);

  const onSubmit = handleSubmit(({ password }) => {
    if (!token) return;
    reset.mutate(
      { newPassword: password, token },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && /token/i.test(error.message)) {
            setTokenRejected(true);
          }
        },
      },
    );
  });

  if (linkError || !token || tokenRejected) {
    return (
      <Card>
        <InvalidLink />
      </Card>
    );
  }
  if (reset.isSuccess) {
    return (
      <Card>
        <Changed />
      </Card>
    );
  }

  return (
    <Card>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="reset-heading"
        className="flex flex-col gap-4"
      >
        <Icon
          tone="key"
          d="M15.5 7.5a3.5 3.5 0 1 1-3.4 4.3L4 20H2v-2l1-1h2v-2h2l1.2-1.2A3.5 3.5 0 0 1 15.5 7.5z"
        />
        <h1 id="reset-heading" className="text-center text-2xl font-extrabold text-slate-900">
          Choose a new password
        </h1>
        <p className="text-center text-slate-800">
          Pick a password of at least eight characters that you do not use anywhere else.
        </p>
        <AuthField
          id="reset-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <AuthField
          id="reset-confirm"
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          registration={register('confirm')}
          error={errors.confirm?.message}
        />
        {reset.isError && !tokenRejected && <PillMessage message={errorText(reset.error)} />}
        <button
          type="submit"
          className="btn btn-primary mt-1 rounded-full font-bold"
          disabled={reset.isPending}
        >
          {reset.isPending ? '...' : 'Change password'}
        </button>
      </form>
    </Card>
  );
}
