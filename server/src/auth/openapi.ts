import { z } from 'zod';
import {
  ApiError,
  SessionAnswer,
  SessionUser,
  SignInBody,
  SignOutAnswer,
  SignUpBody,
} from '@partsmith/contract';

/**
 * The Better Auth endpoints an API client needs, for the OpenAPI description. They are served by
 * the one `/api/auth/*` route (hidden from the description: a wildcard says nothing), so they are
 * described here by hand; the typed-client test calls them through the generated client and
 * checks the answers against these schemas. Better Auth's other endpoints (password reset,
 * social sign-in, ...) are its own: https://www.better-auth.com/docs
 */

/**
 * The contract's session user with the dates Better Auth adds; loose: Better Auth answers more
 * fields than a client needs, and may add some.
 */
export const AuthUser = SessionUser.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
}).loose();

export const SignUpAnswer = z.looseObject({ token: z.string().nullable(), user: AuthUser });

export const SignInAnswer = z.looseObject({
  redirect: z.boolean(),
  token: z.string(),
  url: z.string().nullish(),
  user: AuthUser,
});

/** The contract's session with the fields a client may use. */
export const AuthSession = SessionAnswer.unwrap()
  .shape.session.extend({ id: z.string(), userId: z.string(), token: z.string() })
  .loose();

/** null without a live session. */
export const GetSessionAnswer = z.looseObject({ user: AuthUser, session: AuthSession }).nullable();

const SignUpRequest = SignUpBody.extend({
  callbackURL: z.string().max(500).optional().describe('Where the confirmation link leads'),
});
const SignInRequest = SignInBody.extend({
  rememberMe: z.boolean().optional().describe('false: the session ends with the browser'),
  callbackURL: z.string().max(500).optional(),
});

/** A JSON body of a hand-described endpoint (here and in organization-openapi.ts). */
export const json = (schema: z.ZodType, io: 'input' | 'output') => ({
  'application/json': {
    schema: z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }),
  },
});
export const answer = (description: string, schema: z.ZodType = ApiError) => ({
  description,
  content: json(schema, 'output'),
});

const TOKEN_HEADER = {
  'set-auth-token': {
    description:
      'The signed session token, to send as `Authorization: Bearer <token>` (the bare `token` of the body is refused)',
    schema: { type: 'string' },
  },
};
const NOT_VALID = answer('The body is not valid');
const TOO_MANY = answer('Too many attempts; wait a moment');
const UNAVAILABLE = answer('The shared rate-limit counters are unreachable; try again shortly');

/** Path items keyed by path, in OpenAPI 3.0 form; `signedIn` is the security of a session. */
export function authPaths(signedIn: Record<string, string[]>[]) {
  return {
    '/api/auth/sign-up/email': {
      post: {
        tags: ['auth'],
        operationId: 'signUpEmail',
        summary: 'Create an account with e-mail and password (signs it in)',
        description:
          'Mails a confirmation link; orders, payments, reviews and uploads wait until it is followed.',
        security: [],
        requestBody: { required: true, content: json(SignUpRequest, 'input') },
        responses: {
          200: { ...answer('Signed up and signed in', SignUpAnswer), headers: TOKEN_HEADER },
          400: NOT_VALID,
          422: answer('An account with this e-mail address exists already'),
          429: TOO_MANY,
          503: UNAVAILABLE,
        },
      },
    },
    '/api/auth/sign-in/email': {
      post: {
        tags: ['auth'],
        operationId: 'signInEmail',
        summary: 'Sign in with e-mail and password',
        description:
          "Sets the session cookie, and carries the Bearer token in the `set-auth-token` header (the body's `token` is the bare session id, which is not accepted as a Bearer token). After three wrong passwords the account waits a while (429).",
        security: [],
        requestBody: { required: true, content: json(SignInRequest, 'input') },
        responses: {
          200: { ...answer('Signed in', SignInAnswer), headers: TOKEN_HEADER },
          400: NOT_VALID,
          401: answer('Wrong e-mail address or password'),
          429: TOO_MANY,
          503: UNAVAILABLE,
        },
      },
    },
    '/api/auth/get-session': {
      get: {
        tags: ['auth'],
        operationId: 'getSession',
        summary: 'The signed-in user and session (null when signed out)',
        // {}: anonymous callers are answered too (with null).
        security: [{}, ...signedIn],
        responses: { 200: answer('The session, or null', GetSessionAnswer) },
      },
    },
    '/api/auth/sign-out': {
      post: {
        tags: ['auth'],
        operationId: 'signOut',
        summary: 'End the current session (the cookie or Bearer token stops working)',
        // Without a session it answers success too: nothing to end.
        security: [{}, ...signedIn],
        responses: { 200: answer('Signed out', SignOutAnswer.loose()), 429: TOO_MANY },
      },
    },
  };
}
