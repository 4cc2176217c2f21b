import { expect } from 'vitest';
import type { MailMessage } from '../src/mail/mailer.ts';
import type { TestApp } from './helpers.ts';

/** The invitation's id from the newest invitation mail to `email` (companies, issue 49). */
export function invitationId(sent: Pick<MailMessage, 'to' | 'text'>[], email: string): string {
  const mail = [...sent]
    .reverse()
    .find((m) => m.to === email && String(m.text).includes('/company/invitations/'));
  const id = String(mail?.text).match(/\/company\/invitations\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error(`no invitation was mailed to ${email}`);
  return id;
}

/**
 * A call to the app as the browser holding `cookie` would send it (its Origin, for Better Auth's
 * writes); no cookie: an anonymous visitor.
 */
export const callWith =
  (t: () => TestApp) =>
  (
    cookie: string | null,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t().app.inject({
      method,
      url,
      headers: { origin: t().config.publicUrl, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });

type Call = (
  who: string,
  method: 'POST',
  url: string,
  payload?: object,
) => ReturnType<ReturnType<typeof callWith>>;

/**
 * `who` joins the company `companyId()` in `role`: `inviter` (its owner or an admin) invites
 * `email`, and `who` accepts the mailed invitation. `call` calls as a person by name.
 */
export const joinWith =
  (
    call: Call,
    sent: Pick<MailMessage, 'to' | 'text'>[],
    companyId: () => string,
    inviter: string,
  ) =>
  async (who: string, email: string, role: string) => {
    const invited = await call(inviter, 'POST', '/api/auth/organization/invite-member', {
      email,
      role,
      organizationId: companyId(),
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const accepted = await call(who, 'POST', '/api/auth/organization/accept-invitation', {
      invitationId: invitationId(sent, email),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  };
