import { randomUUID } from 'node:crypto';
import { PASSWORD } from './live.ts';
import { everyone, fixed, signedIn, type RouteSpec } from './routes-common.ts';

/** A Better Auth endpoint's row: as a RouteSpec, and whether the call ends the caller's session. */
export interface AuthRouteSpec extends RouteSpec {
  /** The call signs out or revokes: it runs on a fresh session of the caller, not the cast's. */
  endsSession?: boolean;
}

/** An id of no company, invitation or member. */
const NO_ID = '00000000-0000-4000-8000-000000000000';
const unique = (label: string) => `${label}-${randomUUID()}@example.com`;
const RESET_BODY = { newPassword: 'a new long password', token: 'not-a-real-token' };

/**
 * Every endpoint Better Auth mounts under /api/auth (by its own path and method), with what
 * each caller must get. The access matrix fails on an endpoint without a row here, so a Better
 * Auth upgrade or a new plugin that adds one needs its row.
 */
export const AUTH_ROUTES: Record<string, AuthRouteSpec> = {
  'GET /ok': { expect: everyone(200), call: fixed('/api/auth/ok') },
  'GET /error': { expect: everyone(200), call: fixed('/api/auth/error') },
  'GET /get-session': { expect: everyone(200), call: fixed('/api/auth/get-session') },
  // Better Auth answers POST only with deferSessionRefresh, which the shop leaves off.
  'POST /get-session': { expect: everyone(405), call: fixed('/api/auth/get-session', {}) },
  'GET /list-sessions': { expect: signedIn(200), call: fixed('/api/auth/list-sessions') },
  'GET /list-accounts': { expect: signedIn(200), call: fixed('/api/auth/list-accounts') },
  'GET /account-info': {
    expect: signedIn(400),
    call: fixed('/api/auth/account-info?accountId=not-an-account'),
  },
  'GET /verify-email': {
    expect: everyone(401),
    call: fixed('/api/auth/verify-email?token=forged.jwt.value'),
  },
  'GET /reset-password/:token': {
    expect: everyone(302),
    call: fixed('/api/auth/reset-password/forged-token?callbackURL=%2Freset-password'),
  },
  'GET /delete-user/callback': {
    expect: everyone(404),
    call: fixed('/api/auth/delete-user/callback?token=forged'),
  },
  'GET /callback/:id': { expect: everyone(302), call: fixed('/api/auth/callback/github') },
  'POST /callback/:id': { expect: everyone(302), call: fixed('/api/auth/callback/github', {}) },
  'POST /sign-up/email': {
    expect: everyone(200),
    call: async (_live, _cast, role) => ({
      path: '/api/auth/sign-up/email',
      body: { name: 'New Account', email: unique(`matrix-${role}`), password: PASSWORD },
    }),
  },
  'POST /sign-in/email': {
    expect: everyone(401),
    call: async (_live, _cast, role) => ({
      path: '/api/auth/sign-in/email',
      body: { email: unique(`nobody-${role}`), password: 'not the password' },
    }),
  },
  'POST /sign-in/social': {
    expect: everyone(404),
    call: fixed('/api/auth/sign-in/social', { provider: 'github', callbackURL: '/' }),
  },
  'POST /sign-out': {
    expect: everyone(200),
    endsSession: true,
    call: fixed('/api/auth/sign-out', {}),
  },
  'POST /request-password-reset': {
    expect: everyone(200),
    call: fixed('/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    }),
  },
  'POST /reset-password': {
    expect: everyone(400),
    call: fixed('/api/auth/reset-password', RESET_BODY),
  },
  'POST /send-verification-email': {
    expect: [200, 400, 400, 400],
    call: async (_live, cast, role) => ({
      path: '/api/auth/send-verification-email',
      body: { email: role === 'anonymous' ? 'nobody@example.com' : cast[role].email },
    }),
  },
  'POST /update-user': {
    expect: signedIn(200),
    call: fixed('/api/auth/update-user', { name: 'Renamed User' }),
  },
  // The session has no field a caller may change: past the session check, "No fields to update".
  'POST /update-session': { expect: signedIn(400), call: fixed('/api/auth/update-session', {}) },
  'POST /change-password': {
    expect: signedIn(400),
    call: fixed('/api/auth/change-password', {
      currentPassword: 'not the password',
      newPassword: 'a new long password',
    }),
  },
  'POST /verify-password': {
    expect: signedIn(400),
    call: fixed('/api/auth/verify-password', { password: 'not the password' }),
  },
  'POST /change-email': {
    expect: signedIn(400),
    call: fixed('/api/auth/change-email', { newEmail: 'taken-over@example.com' }),
  },
  'POST /delete-user': { expect: signedIn(404), call: fixed('/api/auth/delete-user', {}) },
  'POST /revoke-session': {
    expect: signedIn(200),
    call: fixed('/api/auth/revoke-session', { token: 'not-a-session-token' }),
  },
  'POST /revoke-sessions': {
    expect: signedIn(200),
    endsSession: true,
    call: fixed('/api/auth/revoke-sessions', {}),
  },
  'POST /revoke-other-sessions': {
    expect: signedIn(200),
    endsSession: true,
    call: fixed('/api/auth/revoke-other-sessions', {}),
  },
  'POST /link-social': {
    expect: signedIn(404),
    call: fixed('/api/auth/link-social', { provider: 'github', callbackURL: '/' }),
  },
  'POST /unlink-account': {
    expect: signedIn(400),
    call: fixed('/api/auth/unlink-account', { accountId: 'not-an-account' }),
  },
  // With the customer's user id: nobody else gets (or refreshes) their provider tokens.
  'POST /get-access-token': {
    expect: signedIn(400),
    call: async (_live, cast) => ({
      path: '/api/auth/get-access-token',
      body: { accountId: 'not-an-account', userId: cast.customer.id },
    }),
  },
  'POST /refresh-token': {
    expect: signedIn(400),
    call: async (_live, cast) => ({
      path: '/api/auth/refresh-token',
      body: { accountId: 'not-an-account', userId: cast.customer.id },
    }),
  },
  // Companies (issue 49): Better Auth's organization plugin. Each row calls with an id of no
  // company, invitation or member, or a body it refuses, so the matrix changes no company.
  // The body is checked before the session.
  'POST /organization/create': {
    expect: everyone(400),
    call: fixed('/api/auth/organization/create', { name: 'No slug' }),
  },
  'POST /organization/update': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/update', { data: {}, organizationId: NO_ID }),
  },
  // Turned off (disableOrganizationDeletion): companies are closed by the shop.
  'POST /organization/delete': {
    expect: everyone(404),
    call: fixed('/api/auth/organization/delete', { organizationId: NO_ID }),
  },
  'POST /organization/set-active': {
    expect: signedIn(403),
    call: fixed('/api/auth/organization/set-active', { organizationId: NO_ID }),
  },
  'GET /organization/get-full-organization': {
    expect: signedIn(200),
    call: fixed('/api/auth/organization/get-full-organization'),
  },
  'GET /organization/list': { expect: signedIn(200), call: fixed('/api/auth/organization/list') },
  'POST /organization/check-slug': {
    expect: signedIn(200),
    call: fixed('/api/auth/organization/check-slug', { slug: `free-${NO_ID}` }),
  },
  'POST /organization/invite-member': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/invite-member', {
      email: 'someone@example.com',
      role: 'buyer',
      organizationId: NO_ID,
    }),
  },
  'POST /organization/cancel-invitation': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/cancel-invitation', { invitationId: NO_ID }),
  },
  'POST /organization/accept-invitation': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/accept-invitation', { invitationId: NO_ID }),
  },
  'GET /organization/get-invitation': {
    expect: signedIn(400),
    call: fixed(`/api/auth/organization/get-invitation?id=${NO_ID}`),
  },
  'POST /organization/reject-invitation': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/reject-invitation', { invitationId: NO_ID }),
  },
  'GET /organization/list-invitations': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/list-invitations'),
  },
  // Without a session Better Auth asks for an e-mail address (a server-side call's), 400.
  'GET /organization/list-user-invitations': {
    expect: [400, 200, 200, 200],
    call: fixed('/api/auth/organization/list-user-invitations'),
  },
  'GET /organization/get-active-member': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/get-active-member'),
  },
  'GET /organization/get-active-member-role': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/get-active-member-role'),
  },
  'POST /organization/remove-member': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/remove-member', {
      memberIdOrEmail: NO_ID,
      organizationId: NO_ID,
    }),
  },
  'POST /organization/update-member-role': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/update-member-role', {
      memberId: NO_ID,
      role: 'buyer',
      organizationId: NO_ID,
    }),
  },
  'POST /organization/leave': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/leave', { organizationId: NO_ID }),
  },
  'GET /organization/list-members': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/list-members'),
  },
  'POST /organization/has-permission': {
    expect: signedIn(400),
    call: fixed('/api/auth/organization/has-permission', { permissions: { order: ['approve'] } }),
  },
  'GET /organization/get-organization': {
    expect: signedIn(400),
    call: fixed(`/api/auth/organization/get-organization?organizationId=${NO_ID}`),
  },
};
