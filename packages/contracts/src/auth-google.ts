import { z } from 'zod';
import { opaque } from './text.js';

/** Where the browser starts Google sign-in (a full-page navigation, not a fetch). */
export const googleLoginPath = '/customer/login/google';
/** Where Google sends the browser back; register `${PUBLIC_URL}/api${googleCallbackPath}` as the redirect URI. */
export const googleCallbackPath = '/customer/login/google/callback';

/**
 * A path on this site: one leading slash, no scheme or host, no backslash, no control characters.
 * Anything else could turn the post-sign-in redirect into an open redirect (`//evil.example`, `/\evil.example`).
 */
export function isSameOriginPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return false;
  }
  return true;
}

export const googleLoginQuerySchema = z.object({
  redirect: opaque('Redirect', 512)
    .refine(isSameOriginPath, 'Redirect must be a path on this site starting with a single /.')
    .optional()
    .describe('Where to land after sign-in, e.g. /dashboard (default /)'),
});
export type GoogleLoginQuery = z.infer<typeof googleLoginQuerySchema>;

/** What the provider appends to the callback URL (Google also adds authuser, hd and prompt). */
export const googleCallbackQuerySchema = z.object({
  code: opaque('code', 2048).optional(),
  state: opaque('state', 512).optional(),
  iss: opaque('iss', 512).optional(),
  scope: opaque('scope', 1024).optional(),
  error: opaque('error', 256).optional(),
  error_description: opaque('error_description', 1024).optional(),
  error_uri: opaque('error_uri', 1024).optional(),
  authuser: opaque('authuser', 16).optional(),
  hd: opaque('hd', 256).optional(),
  prompt: opaque('prompt', 64).optional(),
  session_state: opaque('session_state', 512).optional(),
});
export type GoogleCallbackQuery = z.infer<typeof googleCallbackQuerySchema>;

/** A redirect: no body, the target is in the `Location` header. */
export const googleRedirectSchema = z.null().describe('Redirect; the target is in the Location header');

/**
 * Codes the callback puts in `${PUBLIC_URL}/sign-in?error=<code>` when Google sign-in fails,
 * so the sign-in page can explain what happened.
 */
export const googleSignInErrorCodes = [
  'AUTH_GOOGLE_DENIED',
  'AUTH_GOOGLE_STATE_INVALID',
  'AUTH_GOOGLE_EXCHANGE_FAILED',
  'AUTH_GOOGLE_EMAIL_MISSING',
  'AUTH_GOOGLE_EMAIL_NOT_VERIFIED',
  'AUTH_GOOGLE_ACCOUNT_CONFLICT',
  'AUTH_GOOGLE_UNAVAILABLE',
  'AUTH_GOOGLE_FAILED',
] as const;
export type GoogleSignInErrorCode = (typeof googleSignInErrorCodes)[number];
