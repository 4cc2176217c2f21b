import { useEffect, useState } from 'react';
import { href, Link, useNavigate, useParams } from 'react-router';
import { errorText } from '../../../lib/error-text.ts';
import { useAnswerInvitation, useInvitation } from '../api/invitation.ts';
import { CARD, roleLabel } from './company-text.ts';
import { NoticeLine } from './notice-line.tsx';

export const INVITATION_TITLE = 'Company invitation | Partsmith';
export const INVITATION_DECLINED = 'You declined the invitation.';
/** What to do when the invitation cannot be read or accepted. */
export const INVITATION_HELP =
  'Check that you are signed in with the address the invitation was sent to, and that it is confirmed. An invitation that expired or was cancelled no longer works: ask the company to invite you again. A customer belongs to one company at most: to join this one, leave yours first.';

function Help() {
  return (
    <>
      <p className="mt-2 text-slate-700">{INVITATION_HELP}</p>
      <p className="mt-3">
        <Link className="link link-primary" to={href('/dashboard/company')}>
          Go to your company page
        </Link>
      </p>
    </>
  );
}

/** /company/invitations/:invitationId: the link of an invitation mail, to accept or decline. */
export function InvitationPage() {
  const { invitationId = '' } = useParams();
  const invitation = useInvitation(invitationId);
  const answer = useAnswerInvitation();
  const navigate = useNavigate();
  const [declined, setDeclined] = useState(false);

  useEffect(() => {
    document.title = INVITATION_TITLE;
  }, []);

  const respond = (accept: boolean) =>
    answer.mutate(
      { invitationId, accept },
      {
        onSuccess: () => {
          if (accept) void navigate(href('/dashboard/company'));
          else setDeclined(true);
        },
      },
    );

  let body;
  if (invitation.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <span aria-hidden="true" className="spinner size-5" /> Loading the invitation…
      </p>
    );
  } else if (!invitation.data) {
    body = (
      <div role="alert">
        <p className="text-lg font-semibold text-slate-900">
          We could not open this invitation: {errorText(invitation.error)}
        </p>
        <Help />
      </div>
    );
  } else if (declined) {
    body = (
      <>
        <NoticeLine notice={{ ok: true, text: INVITATION_DECLINED }} />
        <p className="mt-3">
          <Link className="link link-primary" to={href('/dashboard')}>
            Go to your dashboard
          </Link>
        </p>
      </>
    );
  } else {
    const { inviterEmail, organizationName, role, email } = invitation.data;
    body = (
      <>
        <p className="text-lg text-slate-900">
          <strong className="break-all">{inviterEmail}</strong> invites you to{' '}
          <strong>{organizationName}</strong> as {roleLabel(role).toLowerCase()}.
        </p>
        <p className="mt-1 text-slate-700">
          The invitation is for <span className="break-all">{email}</span>.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={answer.isPending}
            onClick={() => respond(true)}
          >
            {answer.isPending && answer.variables.accept && (
              <span aria-hidden="true" className="spinner size-5" />
            )}
            Accept
          </button>
          <button
            type="button"
            className="btn btn-outline border-slate-300"
            disabled={answer.isPending}
            onClick={() => respond(false)}
          >
            Decline
          </button>
        </div>
        {answer.isError && (
          <div role="alert" className="mt-4">
            <p className="font-medium text-error">{errorText(answer.error)}</p>
            <Help />
          </div>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-900">Join a company</h1>
      <section className={CARD}>{body}</section>
    </div>
  );
}
