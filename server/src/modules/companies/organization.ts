import { APIError } from 'better-auth/api';
import { organization } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyMembers } from '../../db/schema/companies.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { button, mailDocument, note, para } from '../../mail/simple-mail.ts';
import { MAIL_TEXT_LIMITS, oneLine } from '../../lib/customer-text.ts';
import { companyAccess, companyRoles } from './roles.ts';

/** How long an invitation's link works. */
const INVITATION_SECONDS = 7 * 24 * 60 * 60;

/** The path of the page that accepts an invitation (web: the companyInvitation page). */
export const invitationPath = (id: string) => `/company/invitations/${encodeURIComponent(id)}`;

export const ONE_COMPANY_MESSAGE =
  'You already belong to a company: a customer belongs to at most one. Leave it first.';

interface OrganizationDeps {
  db: Db;
  publicUrl: string;
  /** Sends an account mail; a mail server's failure is logged, never shown to the caller. */
  sendMail(what: string, message: MailMessage): Promise<void>;
}

async function belongsToACompany(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return Boolean(row);
}

/**
 * Companies on Better Auth's organization plugin (issue 49): a confirmed customer creates one
 * (becoming its owner) and invites colleagues by e-mail; an invitation is accepted through its
 * link by the invited address once signed in and confirmed. A customer belongs to at most one
 * company (the plugin's limit for creating, hooks for joining, a unique index behind both).
 */
export function companyOrganization({ db, publicUrl, sendMail }: OrganizationDeps) {
  const refuseSecondCompany = async (userId: string) => {
    if (await belongsToACompany(db, userId))
      throw new APIError('FORBIDDEN', { message: ONE_COMPANY_MESSAGE });
  };
  return organization({
    ac: companyAccess,
    roles: companyRoles,
    creatorRole: 'owner',
    allowUserToCreateOrganization: (user) => user.emailVerified === true,
    organizationLimit: 1,
    membershipLimit: 500,
    invitationLimit: 200,
    invitationExpiresIn: INVITATION_SECONDS,
    cancelPendingInvitationsOnReInvite: true,
    requireEmailVerificationOnInvitation: true,
    // Companies are closed by the shop, not by their members: their orders and invoices stay.
    disableOrganizationDeletion: true,
    schema: {
      organization: { modelName: 'companies' },
      member: { modelName: 'companyMembers' },
      invitation: { modelName: 'companyInvitations' },
    },
    organizationHooks: {
      beforeAddMember: async ({ member }) => refuseSecondCompany(member.userId),
      beforeAcceptInvitation: async ({ user }) => refuseSecondCompany(user.id),
    },
    async sendInvitationEmail({ id, email, role, organization: company, inviter }) {
      const url = new URL(invitationPath(id), publicUrl).toString();
      const who = oneLine(inviter.user.name, MAIL_TEXT_LIMITS.name);
      const name = oneLine(company.name, MAIL_TEXT_LIMITS.name);
      const as = role === 'admin' ? 'an admin' : `a ${role}`;
      const ignore = `If you do not know ${who} or ${name}, ignore this mail: nothing happens without the link.`;
      await sendMail('a company invitation', {
        to: email,
        subject: `${who} invites you to ${name} on Partsmith`,
        text:
          `Hello,\n\n${who} invites you to join ${name} on Partsmith as ${as}.\n` +
          `Open this link to accept (it works for 7 days). Sign in, or create an account with this address first:\n\n${url}\n\n` +
          `${ignore}\n`,
        html: mailDocument(
          `Join ${name} on Partsmith`,
          para(`${who} invites you to join ${name} on Partsmith as ${as}.`) +
            para(
              'Accept with the button below; the link works for 7 days. ' +
                'Sign in, or create an account with this address first.',
            ) +
            button(url, 'Accept the invitation') +
            note(ignore),
        ),
      });
    },
  });
}
