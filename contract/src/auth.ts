import * as z from './zod-subset.ts';
import { EmailField } from './common.ts';

/** OWASP ASVS 5.0 6.2.1 / NIST 800-63B: at least 8 characters (the spec said 6). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const NAME_MAX_LENGTH = 100;

/** A name is one line of text: line breaks and control characters would reach mails and PDFs. */
export const NAME_ONE_LINE_MESSAGE =
  'Write the name on one line, without line breaks, tabs or control characters';

export const NameField = z
  .string({ message: 'Name is Required' })
  .trim()
  .min(1, 'Name is Required')
  .max(NAME_MAX_LENGTH, 'Keep the name under 100 characters')
  // C0 and C1 control characters (line breaks included) and Unicode's line separators.
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*$/, NAME_ONE_LINE_MESSAGE);

export const PasswordField = z
  .string({ message: 'Password is Required' })
  .min(1, 'Password is Required')
  .min(PASSWORD_MIN_LENGTH, 'Must be eight characters or longer')
  .max(PASSWORD_MAX_LENGTH, 'Keep the password under 128 characters');

/** Sign-up's fields; sign-in's are below (docs/spec.md, Validation rules). */
export const SignUpBody = z.object({ name: NameField, email: EmailField, password: PasswordField });

/** What the profile page may change through Better Auth's update-user (other keys pass on). */
export const UpdateUserBody = z.looseObject({
  name: NameField.optional(),
  image: z.string({ message: 'Image must be a link' }).max(2000).nullable().optional(),
});
export type SignUpBody = z.input<typeof SignUpBody>;

export const SignInBody = z.object({ email: EmailField, password: PasswordField });
export type SignInBody = z.input<typeof SignInBody>;

/** POST /api/auth/send-verification-email: the confirmation link again (rate limited). */
export const ResendVerificationBody = z.object({
  email: EmailField,
  callbackURL: z.string().max(500).optional(),
});

/** What the server answers (403) to an account whose e-mail address is not confirmed yet. */
export const EMAIL_NOT_CONFIRMED_MESSAGE =
  'Please confirm your e-mail address first: open the link we mailed you, or send a new one.';

export const ForgotPasswordBody = z.object({ email: EmailField });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBody>;

export const ResetPasswordForm = z
  .object({ password: PasswordField, confirm: z.string({ message: 'Repeat the password' }) })
  .refine((v) => v.password === v.confirm, {
    message: 'The passwords do not match',
    path: ['confirm'],
  });
export type ResetPasswordForm = z.input<typeof ResetPasswordForm>;

export const Role = z.enum(['admin', 'customer']);
export type Role = z.infer<typeof Role>;

/** The signed-in user as the session answer carries it (Better Auth's user plus our role). */
export const SessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullish(),
  role: Role,
  /** Confirmed through the link mailed at sign-up (or by the social provider). */
  emailVerified: z.boolean().default(false),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** GET /api/auth/get-session: null when signed out. */
export const SessionAnswer = z
  .object({ user: SessionUser, session: z.object({ expiresAt: z.string() }) })
  .nullable();
export type SessionAnswer = z.infer<typeof SessionAnswer>;

/** POST /api/auth/sign-out (Better Auth's answer). */
export const SignOutAnswer = z.object({ success: z.boolean() });

/** GET /api/admin/:email: whether that account is an administrator. */
export const AdminCheck = z.object({ admin: z.boolean() });

/** PUT /api/user/:email's `{ token }` (own e-mail only), usable as a Bearer token. */
export const TokenAnswer = z.object({ token: z.string() });

export const EmailParams = z.object({ email: EmailField });

export { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from './constants.ts';

/** GET /api/auth-providers: which social sign-ins this shop has keys for. */
export const AuthProviders = z.object({
  google: z.boolean(),
  github: z.boolean(),
  facebook: z.boolean(),
});
export type AuthProviders = z.infer<typeof AuthProviders>;
