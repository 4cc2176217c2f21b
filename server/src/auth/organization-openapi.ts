import { z } from 'zod';
import { answer, json } from './openapi.ts';

/**
 * Companies are Better Auth organizations (issue 49, decision 063): the endpoints the shop's
 * pages call, for the OpenAPI description. Like the sign-in endpoints (auth/openapi.ts) they are
 * served by the one `/api/auth/*` route, so they are described here by hand, loosely: Better Auth
 * answers more fields than a client needs. Its other organization endpoints (teams, slugs, the
 * active member, ...) are its own: https://www.better-auth.com/docs/plugins/organization
 */

const Role = z
  .enum(['owner', 'admin', 'approver', 'buyer'])
  .describe('owner (the creator), admin (members, addresses, settings), approver, buyer');
const InvitedRole = z.enum(['admin', 'approver', 'buyer']);
const Id = z.string().min(1).max(100);

export const Company = z.looseObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  createdAt: z.string(),
});
export const Member = z.looseObject({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  role: Role,
  createdAt: z.string(),
});
export const Invitation = z.looseObject({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: Role,
  status: z.enum(['pending', 'accepted', 'rejected', 'canceled']),
  expiresAt: z.string(),
});
export const InvitationToYou = Invitation.extend({
  organizationName: z.string(),
  inviterEmail: z.string(),
});
export const FullCompany = Company.extend({
  members: z.array(
    Member.extend({
      user: z.looseObject({ id: z.string(), name: z.string(), email: z.string() }),
    }),
  ),
  invitations: z.array(Invitation),
});

const REFUSED = {
  400: answer('The body is not valid'),
  401: answer('Not signed in'),
  403: answer('Your role in the company does not allow it, or the rule of one company each'),
};

/** One POST endpoint of the plugin: its body, its answer, and what it may refuse. */
function post(
  operationId: string,
  summary: string,
  description: string,
  body: z.ZodType,
  ok: z.ZodType,
  signedIn: Record<string, string[]>[],
) {
  return {
    post: {
      tags: ['companies'],
      operationId,
      summary,
      description,
      security: signedIn,
      requestBody: { required: true, content: json(body, 'input') },
      responses: {
        200: answer('Done', ok),
        ...REFUSED,
        404: answer('No such company, member or invitation'),
      },
    },
  };
}

/** Path items keyed by path, in OpenAPI 3.0 form; `signedIn` is the security of a session. */
export function organizationPaths(signedIn: Record<string, string[]>[]) {
  const base = '/api/auth/organization';
  return {
    [`${base}/create`]: post(
      'createCompany',
      'Create a company (its creator becomes its owner)',
      'A confirmed customer who belongs to no company yet; a customer belongs to at most one.',
      z.object({ name: z.string().min(1).max(100), slug: z.string().min(1).max(100) }),
      Company,
      signedIn,
    ),
    [`${base}/get-full-organization`]: {
      get: {
        tags: ['companies'],
        operationId: 'getCompanyMembers',
        summary: 'Your company with its members and pending invitations',
        description: 'null when you belong to no company. The shop’s terms: GET /api/company.',
        security: signedIn,
        responses: {
          200: answer('Your company, or null', FullCompany.nullable()),
          401: REFUSED[401],
        },
      },
    },
    [`${base}/invite-member`]: post(
      'inviteToCompany',
      'Invite a colleague by e-mail (company owner and admins)',
      'Mails a link to the invitation page; it works for 7 days, for that address once confirmed. Inviting again replaces the pending invitation.',
      z.object({ email: z.email(), role: InvitedRole, organizationId: Id.optional() }),
      Invitation,
      signedIn,
    ),
    [`${base}/get-invitation`]: {
      get: {
        tags: ['companies'],
        operationId: 'getCompanyInvitation',
        summary: 'An invitation addressed to you, with its company’s and inviter’s names',
        security: signedIn,
        parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'string' } }],
        responses: {
          200: answer('The invitation', InvitationToYou),
          ...REFUSED,
          404: answer('No such invitation, or not for you'),
        },
      },
    },
    [`${base}/accept-invitation`]: post(
      'acceptCompanyInvitation',
      'Join the company of an invitation addressed to you',
      'Your e-mail address must be confirmed, and you must not belong to another company.',
      z.object({ invitationId: Id }),
      z.looseObject({ invitation: Invitation, member: Member }),
      signedIn,
    ),
    [`${base}/reject-invitation`]: post(
      'rejectCompanyInvitation',
      'Decline an invitation addressed to you',
      'The invitation is closed; the company may invite you again.',
      z.object({ invitationId: Id }),
      z.looseObject({ invitation: Invitation.nullable() }),
      signedIn,
    ),
    [`${base}/cancel-invitation`]: post(
      'cancelCompanyInvitation',
      'Withdraw a pending invitation (company owner and admins)',
      'Its link stops working at once.',
      z.object({ invitationId: Id }),
      Invitation,
      signedIn,
    ),
    [`${base}/update-member-role`]: post(
      'setCompanyRole',
      'Change a member’s role (company owner and admins)',
      'Roles: admin, approver, buyer; the owner stays the owner.',
      z.object({ memberId: Id, role: InvitedRole, organizationId: Id.optional() }),
      Member,
      signedIn,
    ),
    [`${base}/remove-member`]: post(
      'removeFromCompany',
      'Remove a member from the company (company owner and admins)',
      'They lose its addresses, orders and terms at once; their own orders stay theirs.',
      z.object({ memberIdOrEmail: z.string().min(1).max(320), organizationId: Id.optional() }),
      z.looseObject({ member: Member }),
      signedIn,
    ),
    [`${base}/leave`]: post(
      'leaveCompany',
      'Leave your company',
      'The owner cannot leave while the only owner.',
      z.object({ organizationId: Id }),
      z.looseObject({}),
      signedIn,
    ),
  };
}
