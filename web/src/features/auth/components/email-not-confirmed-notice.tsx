import { useId } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSendVerificationEmail } from '../api/send-verification-email.ts';

export interface UnconfirmedUser {
  email: string;
  /** From the session; a confirmed address needs no notice. */
  emailVerified?: boolean;
  role?: string;
}

export const NOTICE_HEADING = 'Please confirm your e-mail address';
export const RESEND_LABEL = 'Send the link again';
export const linkSentMessage = (email: string) => `We sent a new link to ${email}.`;

/**
 * What Better Auth's `?error=` on the way back from a confirmation link means. A switch, not a
 * lookup table: a code such as "toString" must not find an object's own methods.
 */
export function confirmationLinkError(code: string | null): string | null {
  switch (code) {
    case 'TOKEN_EXPIRED':
      return 'That confirmation link has expired. Send yourself a new one below.';
    case 'INVALID_TOKEN':
      return 'That confirmation link is not valid. Send yourself a new one below.';
    default:
      return null;
  }
}

/** Admins are exempt from the server's check, so they are not asked to confirm. */
const needsConfirmation = (user: UnconfirmedUser) =>
  user.emailVerified !== true && user.role !== 'admin';

function Notice({ user, className }: { user: UnconfirmedUser; className: string }) {
  const headingId = useId();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const resend = useSendVerificationEmail();
  // Once a new link is on its way, the old link's error no longer matters.
  const linkError = resend.isSuccess ? null : confirmationLinkError(searchParams.get('error'));
  const failure =
    resend.error instanceof ApiError
      ? resend.error.message
      : 'Something went wrong. Please try again.';
  const result = resend.isPending
    ? 'Sending a new link, please wait.'
    : resend.isSuccess
      ? linkSentMessage(user.email)
      : resend.isError
        ? failure
        : '';

  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-box border border-amber-300 bg-amber-50 p-4 text-slate-900 shadow-sm sm:p-5 ${className}`}
    >
      <div className="flex gap-3">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mt-0.5 hidden h-6 w-6 shrink-0 text-amber-700 sm:block"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M3 6h18v12H3zM3 7l9 6 9-6" />
        </svg>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-bold">
            {NOTICE_HEADING}
          </h2>
          {linkError && (
            <p className="mt-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 font-medium text-red-800">
              {linkError}
            </p>
          )}
          <p className="mt-1 text-slate-800">
            Your address <strong className="break-all text-slate-900">{user.email}</strong> is not
            confirmed yet. Ordering, paying, reviewing and uploading images need a confirmed
            address: open the link we mailed you.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
            {/* Disabled in the server's copy of the page until the app runs it (decision 038). */}
            <ReadyFieldset>
              <button
                type="button"
                className="btn btn-sm border-amber-700 bg-white text-slate-900 hover:bg-amber-100"
                disabled={resend.isPending}
                onClick={() => resend.mutate({ email: user.email, callbackURL: pathname })}
              >
                {resend.isPending ? '...' : RESEND_LABEL}
              </button>
            </ReadyFieldset>
            <p
              role="status"
              className={`min-w-0 text-sm font-medium ${resend.isError ? 'text-red-800' : 'text-green-900'}`}
            >
              {result}
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * Shown to a signed-in customer whose e-mail address is not confirmed yet: what that blocks, and
 * a button that mails the confirmation link again (back to this page). Nothing otherwise.
 */
export function EmailNotConfirmedNotice({
  user,
  className = '',
}: {
  user: UnconfirmedUser;
  className?: string;
}) {
  if (!needsConfirmation(user)) return null;
  return <Notice user={user} className={className} />;
}
