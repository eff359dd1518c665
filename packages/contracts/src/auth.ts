import { z } from 'zod';
import { line, opaque, secret } from './text.js';

export * from './auth-constants.js';

export const authErrorCodes = [
  'AUTH_REQUIRED',
  'AUTH_TOKEN_INVALID',
  'AUTH_TOKEN_EXPIRED',
  'AUTH_SESSION_REVOKED',
  'AUTH_BAD_CREDENTIALS',
  'AUTH_NOT_ACTIVATED',
  'AUTH_LINK_INVALID',
  'AUTH_LINK_USED',
  'AUTH_LINK_EXPIRED',
  'AUTH_ALREADY_ACTIVE',
  'AUTH_REFRESH_INVALID',
  'AUTH_REFRESH_EXPIRED',
  'AUTH_REFRESH_REUSED',
  'AUTH_CHALLENGE_INVALID',
  'AUTH_CHALLENGE_EXPIRED',
  'AUTH_CHALLENGE_EXHAUSTED',
  'AUTH_2FA_CODE_INVALID',
  'AUTH_2FA_ALREADY_ENABLED',
  'AUTH_2FA_NOT_ENABLED',
  'AUTH_2FA_NOT_STARTED',
  'AUTH_PASSWORD_INVALID',
  'AUTH_PASSWORD_WEAK',
  'AUTH_SESSION_NOT_FOUND',
  'AUTH_MAIL_UNAVAILABLE',
  'USER_EMAIL_TAKEN',
  'USER_USERNAME_TAKEN',
  'RATE_LIMITED',
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];

// ---- fields -------------------------------------------------------------------------------------
// Built from text.ts, so every field refuses control characters and broken Unicode with a sentence naming it.

export const emailSchema = line('Email', 254, { min: 1 }).pipe(z.email({ error: 'Enter a valid email address.' }));

/**
 * A new password, as chosen (sign-up, reset, change): only its length here. The rest of the rule (nothing
 * common, not the email or username) is `checkPasswordPolicy` in `@tradedesk/contracts/password-policy`, kept
 * out of this module because of its dictionary; the server applies it, the web loads it when a password is typed.
 * `label` names the field in messages.
 */
export function newPasswordSchema(label = 'Password') {
  return secret(label, { min: 8, max: 128 });
}
export const passwordSchema = newPasswordSchema();

/** A password typed to prove who you are: only bounded, the policy applies when it is chosen. */
export function currentPasswordSchemaFor(label: string) {
  return secret(label, { max: 128 });
}
export const currentPasswordSchema = currentPasswordSchemaFor('Password');

export const usernameSchema = line('Username', 30, { min: 3 }).regex(
  /^[A-Za-z0-9_.]+$/,
  'Username may contain only letters, digits, underscores and dots.',
);

const personNameSchema = (label: string) => line(label, 60, { min: 1 });

/** An emailed single-use token or a login challenge token. */
const opaqueTokenSchema = (label: string) => opaque(label, 200, { min: 1 });

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx). */
export const twoFactorCodeSchema = line('Authentication code', 20, { min: 1 }).min(
  6,
  'Authentication code must be the 6-digit code of your authenticator app or a recovery code.',
);

const isoDate = z.string();

// ---- shapes -------------------------------------------------------------------------------------

export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(['pending', 'active']),
  twoFactorEnabled: z.boolean(),
  /** The saved theme choice, applied by the web app when a session starts. */
  theme: z.enum(['dark', 'light', 'sync']),
  createdAt: isoDate,
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authTokensSchema = z.object({
  sessionId: z.string(),
  accessToken: z.string(),
  accessExpiresAt: isoDate,
  refreshToken: z.string(),
  refreshExpiresAt: isoDate,
  tradingAccessToken: z.string(),
  tradingAccessExpiresAt: isoDate,
  tradingRefreshToken: z.string(),
  tradingRefreshExpiresAt: isoDate,
});
export type AuthTokens = z.infer<typeof authTokensSchema>;

// ---- sign-up and emailed links -----------------------------------------------------------------

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  username: usernameSchema,
  first_name: personNameSchema('First name'),
  last_name: personNameSchema('Last name'),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;
/**
 * The same answer whether or not the address already has an account (its owner is mailed instead), so
 * sign-up does not tell strangers who has an account.
 */
export const signUpResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

export const usernameParamsSchema = z.object({ username: usernameSchema });
export const usernameAvailabilitySchema = z.object({ username: z.string(), available: z.boolean() });

export const tokenBodySchema = z.object({ token: opaqueTokenSchema('The link token') });
export const activateResponseSchema = z.object({ user: authUserSchema });
export const emailBodySchema = z.object({ email: emailSchema });
export const resetBodySchema = z.object({ token: opaqueTokenSchema('The link token'), password: passwordSchema });
/** The same answer whether or not the address belongs to an account. */
export const mailAcceptedSchema = z.object({ ok: z.literal(true), message: z.string() });

// ---- login, refresh, verify, logout -------------------------------------------------------------

export const loginBodySchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  /** API clients: also answer the tokens in the body (browsers use the cookies). */
  return_tokens: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginTwoFactorBodySchema = z.object({
  challenge_token: opaqueTokenSchema('The sign-in challenge'),
  code: twoFactorCodeSchema,
  return_tokens: z.boolean().optional(),
});

export const signedInSchema = z.object({
  status: z.literal('signed_in'),
  user: authUserSchema,
  sessionId: z.string(),
  accessExpiresAt: isoDate,
  tokens: authTokensSchema.optional(),
});
export const twoFactorRequiredSchema = z.object({
  status: z.literal('two_factor_required'),
  challengeToken: z.string(),
  expiresAt: isoDate,
});
export const loginResponseSchema = z.discriminatedUnion('status', [signedInSchema, twoFactorRequiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const tokenKindSchema = z.enum(['main', 'trading']);
export type TokenKind = z.infer<typeof tokenKindSchema>;
export const refreshBodySchema = z.object({ kind: tokenKindSchema.optional() }).nullish();
export const refreshResponseSchema = z.object({
  kind: tokenKindSchema,
  sessionId: z.string(),
  accessExpiresAt: isoDate,
  refreshExpiresAt: isoDate,
  /** Only for callers that sent the refresh token in X-Refresh-Token (cookie callers get cookies). */
  tokens: z.object({ accessToken: z.string(), refreshToken: z.string() }).optional(),
});

export const verifyBodySchema = z
  .object({
    access: opaque('The access token', 4096).optional(),
    refresh: opaque('The refresh token', 200).optional(),
  })
  .nullish();
export const verifyResponseSchema = z.object({ user: authUserSchema, sessionId: z.string(), accessExpiresAt: isoDate });

export const loginOptionsSchema = z.object({ google: z.boolean(), mailbox: z.boolean() });

// ---- sessions -----------------------------------------------------------------------------------

export const sessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate,
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export const sessionIdOptionalSchema = z.object({
  id: z.uuid({ error: 'The session id must be a UUID.' }).optional(),
});
export const revokeSessionsResponseSchema = z.object({ revoked: z.number().int(), signedOut: z.boolean() });

// ---- two-factor ---------------------------------------------------------------------------------

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export const twoFactorConfirmBodySchema = z.object({
  code: line('Authentication code', 20, { min: 1 }).regex(
    /^\d{6}$/,
    'Authentication code must be the 6-digit code of your authenticator app.',
  ),
});
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const twoFactorDisableBodySchema = z.object({ password: currentPasswordSchema, code: twoFactorCodeSchema });
export const passwordBodySchema = z.object({ password: currentPasswordSchema });

// ---- dev mailbox (offline default for mail, see docs/architecture.md section 7) -------------------------

export const mailboxQuerySchema = z.object({
  to: line('Recipient (to)', 254).optional(),
});
export const mailboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  createdAt: isoDate,
});
export const mailboxResponseSchema = z.object({ mails: z.array(mailboxMailSchema) });
