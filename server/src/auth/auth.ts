import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@partsmith/contract';
import { trustedOrigins, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  accounts,
  companies,
  companyInvitations,
  companyMembers,
  rateLimits,
  sessions,
  users,
  verifications,
} from '../db/schema/index.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { button, mailDocument, note, para } from '../mail/simple-mail.ts';
import { createCartService } from '../modules/cart/service.ts';
import { companyOrganization } from '../modules/companies/organization.ts';
import { VISITOR_CART_COOKIE, visitorCartIdOf } from '../modules/cart/visitor-cookie.ts';
import { promoteConfiguredAdmin } from '../modules/users/service.ts';
import { limitedPasswordHashing } from './password-hashing.ts';
import { redisRateLimitStorage } from './redis-rate-limit.ts';
import { userNameHooks } from './user-names.ts';
import { MAIL_TEXT_LIMITS, oneLine } from '../lib/customer-text.ts';

/** Better Auth reads the client address from this header only; the bridge sets it from the socket. */
export const CLIENT_IP_HEADER = 'x-partsmith-client-ip';
export const COOKIE_PREFIX = 'partsmith';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  log: FastifyBaseLogger;
  /** REDIS_URL: rate-limit counters there instead of the database. */
  redis: Redis | null;
  /** A completed password reset: the account's sign-in lock is lifted at once. */
  onPasswordReset(email: string): Promise<void>;
}

/** How long a confirmation link works. */
const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

/**
 * The shop's Better Auth: e-mail + password, Google (OpenID Connect, found through its issuer's
 * discovery document), GitHub and Facebook when their keys are set, sessions in the database in
 * httpOnly cookies, Bearer tokens for API clients, and rate limits stored where every instance
 * counts together (Redis when REDIS_URL is set, else the database).
 */
export function createAuth({ config, db, mailer, secret, log, redis, onPasswordReset }: AuthDeps) {
  const { google, github, facebook } = config.social;
  const carts = createCartService(db);
  const secureCookies = config.publicUrl.startsWith('https://');
  /** An account mail; a mail server's failure is logged, never shown to the caller. */
  const sendAccountMail = async (what: string, message: MailMessage) => {
    try {
      await mailer.send(message);
    } catch (err) {
      log.error({ err }, `could not send ${what}`);
    }
  };

  return betterAuth({
    appName: 'Partsmith',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        companies,
        companyMembers,
        companyInvitations,
      },
    }),
    // Reset and other links' tokens are kept hashed: a copy of the database cannot use them.
    verification: { storeIdentifier: 'hashed' },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Better Auth's scrypt hashes, a few at a time (docs/decisions/037).
      password: limitedPasswordHashing(),
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async onPasswordReset({ user }) {
        await onPasswordReset(user.email);
      },
      async sendResetPassword({ user, url }) {
        const hello = `Hello ${oneLine(user.name, MAIL_TEXT_LIMITS.name)},`;
        const asked =
          'Someone (hopefully you) asked to reset the password of your Partsmith account.';
        const ignore =
          'If you did not ask for this, ignore this mail: your password stays as it is.';
        await sendAccountMail('a password reset mail', {
          to: user.email,
          subject: 'Reset your Partsmith password',
          text:
            `${hello}\n\n${asked}\n` +
            `Open this link within one hour to choose a new password; it works once:\n\n${url}\n\n` +
            `${ignore}\n`,
          html: mailDocument(
            'Reset your password',
            para(hello) +
              para(asked) +
              para('Choose a new password with the button below, within one hour. It works once.') +
              button(url, 'Choose a new password') +
              note(ignore),
          ),
        });
      },
    },
    // Signing up signs the customer in at once; what costs the shop or others something waits
    // for the address to be confirmed (access 'verified', plugins/access.ts).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      async sendVerificationEmail({ user, url }) {
        const hello = `Hello ${oneLine(user.name, MAIL_TEXT_LIMITS.name)},`;
        const then = 'Once it is confirmed you can order parts, pay and post reviews.';
        const ignore =
          'If you did not create a Partsmith account, ignore this mail: nothing happens without the link.';
        await sendAccountMail('an e-mail confirmation link', {
          to: user.email,
          subject: 'Confirm your e-mail address for Partsmith',
          text:
            `${hello}\n\nPlease confirm that this is your e-mail address by opening this link ` +
            `(it works for 24 hours and signs you in):\n\n${url}\n\n${then}\n${ignore}\n`,
          html: mailDocument(
            'Confirm your e-mail address',
            para(hello) +
              para(
                'Please confirm that this is your e-mail address with the button below. ' +
                  'The link works for 24 hours and signs you in.',
              ) +
              button(url, 'Confirm my address') +
              para(then) +
              note(ignore),
          ),
        });
      },
      // ADMIN_EMAILS: an administrator only by proof of the address.
      async afterEmailVerification(user) {
        await promoteConfiguredAdmin(db, user.id, config.adminEmails);
      },
    },
    socialProviders: {
      ...(github
        ? { github: { clientId: github.clientId, clientSecret: github.clientSecret } }
        : {}),
      ...(facebook
        ? { facebook: { clientId: facebook.clientId, clientSecret: facebook.clientSecret } }
        : {}),
    },
    plugins: [
      // Only the signed value (`<token>.<signature>`, as in set-auth-token and the cookie): the
      // bare token is what the database, and so a backup, holds.
      bearer({ requireSignature: true }),
      companyOrganization({ db, publicUrl: config.publicUrl, sendMail: sendAccountMail }),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    account: {
      // Link a provider account to an existing one by e-mail only when the provider verified it.
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a revoked session (sign-out, role change, deletion) ends at once.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      ...(redis ? { customStorage: redisRateLimitStorage(redis) } : {}),
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 20 },
        // Generous enough for an office behind one address; sign-in has its per-account lock.
        '/sign-up/email': { window: 60, max: config.signUpLimit },
        '/request-password-reset': { window: 300, max: 5 },
        '/get-session': false,
      },
    },
    advanced: {
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: COOKIE_PREFIX,
    },
    hooks: {
      // Whenever a session is made (sign-in, sign-up, the confirmation link, a provider's
      // callback), a visitor's cart in the same browser joins the account's and its cookie goes.
      after: createAuthMiddleware(async (ctx) => {
        const session = ctx.context.newSession;
        if (!session) return;
        const cartId = visitorCartIdOf(ctx.headers?.get('cookie'), secret);
        if (!cartId) return;
        try {
          await carts.join(cartId, session.user.id);
        } catch (err) {
          // The sign-in stands; the cookie stays, so the next sign-in tries again.
          log.error({ err }, "could not join a visitor's cart to the account's");
          return;
        }
        ctx.setCookie(VISITOR_CART_COOKIE, '', {
          maxAge: 0,
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies,
        });
      }),
    },
    databaseHooks: {
      // Every account name, typed or from a provider, keeps the contract's rules (user-names.ts).
      user: userNameHooks,
      session: {
        create: {
          // ADMIN_EMAILS also promotes a confirmed account that existed before it was listed,
          // or one a social provider confirmed: never an unconfirmed sign-up (anyone could sign
          // up first with the owner's address).
          async after(session) {
            await promoteConfiguredAdmin(db, session.userId, config.adminEmails);
          },
        },
      },
    },
    logger: {
      log(level, message, ...args) {
        log[level]({ args }, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
