import { z } from 'zod';

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
  'AUTH_SESSION_NOT_FOUND',
  'AUTH_MAIL_UNAVAILABLE',
  'USER_EMAIL_TAKEN',
  'USER_USERNAME_TAKEN',
  'RATE_LIMITED',
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];

// ---- fields -------------------------------------------------------------------------------------

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be a valid e-mail address'));

export const passwordSchema = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters')
  .regex(/\p{L}/u, 'must contain a letter')
  .regex(/\p{N}/u, 'must contain a digit');

/** A password typed to prove who you are: only bounded, the policy applies when it is chosen. */
export const currentPasswordSchema = z.string().min(1, 'is required').max(128, 'must be at most 128 characters');

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(30, 'must be at most 30 characters')
  .regex(/^[A-Za-z0-9_.]+$/, 'may contain only letters, digits, underscore and dot');

const personNameSchema = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');

/** An e-mailed single-use token or a login challenge token. */
const opaqueTokenSchema = z.string().min(1, 'is required').max(200, 'must be at most 200 characters');

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx). */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .min(6, 'must be a 6-digit code or a recovery code')
  .max(20, 'must be a 6-digit code or a recovery code');

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

// ---- sign-up and e-mailed links -----------------------------------------------------------------

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  username: usernameSchema,
  first_name: personNameSchema,
  last_name: personNameSchema,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;
export const signUpResponseSchema = z.object({ user: authUserSchema });

export const usernameParamsSchema = z.object({ username: usernameSchema });
export const usernameAvailabilitySchema = z.object({ username: z.string(), available: z.boolean() });

export const tokenBodySchema = z.object({ token: opaqueTokenSchema });
export const activateResponseSchema = z.object({ user: authUserSchema });
export const emailBodySchema = z.object({ email: emailSchema });
export const resetBodySchema = z.object({ token: opaqueTokenSchema, password: passwordSchema });
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
  challenge_token: opaqueTokenSchema,
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
    access: z.string().max(4096, 'must be at most 4096 characters').optional(),
    refresh: z.string().max(200, 'must be at most 200 characters').optional(),
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
export const sessionIdOptionalSchema = z.object({ id: z.uuid('must be a session id').optional() });
export const revokeSessionsResponseSchema = z.object({ revoked: z.number().int(), signedOut: z.boolean() });

// ---- two-factor ---------------------------------------------------------------------------------

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export const twoFactorConfirmBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code of your authenticator app'),
});
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const twoFactorDisableBodySchema = z.object({ password: currentPasswordSchema, code: twoFactorCodeSchema });
export const passwordBodySchema = z.object({ password: currentPasswordSchema });

// ---- dev mailbox (offline default for mail, see ARCHITECTURE section 7) -------------------------

export const mailboxQuerySchema = z.object({
  to: z.string().trim().max(254, 'must be at most 254 characters').optional(),
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
