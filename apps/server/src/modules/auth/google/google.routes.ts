import {
  errorBodySchema,
  type GoogleSignInErrorCode,
  googleCallbackPath,
  googleCallbackQuerySchema,
  googleLoginPath,
  googleLoginQuerySchema,
  googleRedirectSchema,
  googleSignInErrorCodes,
} from '@tradedesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../../config.js';
import { AppError } from '../../../platform/errors.js';
import { setAuthCookies } from '../auth.cookies.js';
import { deviceOf } from '../auth.device.js';
import { acquisitionOf } from '../auth.mapper.js';
import { googleFlowCookieName, googleFlowCookieOptions } from './google.cookies.js';
import { googleError } from './google.errors.js';
import type { GoogleSignInService } from './google.service.js';

/** The one failure code the sign-in page gets; anything unexpected becomes AUTH_GOOGLE_FAILED. */
function failureCodeOf(error: unknown, log: FastifyBaseLogger): GoogleSignInErrorCode {
  const code = error instanceof AppError ? error.code : undefined;
  const known = (googleSignInErrorCodes as readonly string[]).includes(code ?? '');
  if (!known || code === 'AUTH_GOOGLE_FAILED') log.error({ err: error }, 'google sign-in failed');
  else if (code === 'AUTH_GOOGLE_UNAVAILABLE' || code === 'AUTH_GOOGLE_EXCHANGE_FAILED') {
    log.warn({ err: error, cause: error instanceof Error ? error.cause : undefined }, 'google sign-in failed');
  } else log.info({ code }, 'google sign-in refused');
  return known ? (code as GoogleSignInErrorCode) : 'AUTH_GOOGLE_FAILED';
}

/**
 * The two legs of Google sign-in. Both are browser navigations: the start answers a redirect to
 * Google; the callback always answers a redirect into the web app, with `?error=<code>` on failure.
 */
export function googleRoutes(deps: {
  config: AppConfig;
  service: GoogleSignInService | null;
  redirectUri: string;
}): FastifyPluginAsyncZod {
  const { config } = deps;
  const cookieOptions = googleFlowCookieOptions(config.env === 'production');
  const enabled = (): GoogleSignInService => {
    if (!deps.service) {
      throw googleError(
        'AUTH_GOOGLE_DISABLED',
        'Google sign-in is not enabled on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set).',
      );
    }
    return deps.service;
  };

  return async (app) => {
    app.get(
      googleLoginPath,
      {
        schema: {
          tags: ['auth'],
          summary: 'Start Google sign-in',
          description:
            'Navigate the browser here. Answers 302 to Google with PKCE, state and nonce kept in a short-lived ' +
            'HttpOnly cookie, together with the referral code (cookie `referral_code` or `ref`) and the tracking ' +
            'cookies (utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, fbclid) for a new account.',
          querystring: googleLoginQuerySchema,
          response: {
            302: googleRedirectSchema,
            400: errorBodySchema,
            404: errorBodySchema.describe('AUTH_GOOGLE_DISABLED: Google sign-in is not configured'),
            503: errorBodySchema.describe('AUTH_GOOGLE_UNAVAILABLE: the provider could not be reached'),
          },
        },
      },
      async (request, reply) => {
        // read while the browser is still on our site and sealed into the flow, so the callback does not depend on them
        const { referralCode, tracking } = acquisitionOf(request.cookies);
        const started = await enabled()
          .start({ redirect: request.query.redirect, acquisition: { referralCode: referralCode ?? null, tracking } })
          .catch((error: unknown) => {
            // the answer only says "unavailable"; the operator needs to know why (DNS, TLS, wrong issuer…)
            request.log.warn(
              { err: error, cause: error instanceof Error ? error.cause : undefined },
              'google discovery failed',
            );
            throw error;
          });
        reply.setCookie(googleFlowCookieName, started.flowCookie, cookieOptions);
        return reply.redirect(started.authorizationUrl, 302);
      },
    );

    app.get(
      googleCallbackPath,
      {
        schema: {
          tags: ['auth'],
          summary: 'Finish Google sign-in (Google redirects here)',
          description:
            'Checks state, PKCE and nonce, exchanges the code and signs the user in: the account linked to the ' +
            'Google account, else the account with the same verified email, else a new account. Answers 302 to ' +
            '`PUBLIC_URL` + the redirect given at the start with the session cookies set, or 302 to ' +
            '`PUBLIC_URL/sign-in?error=<code>` (AUTH_GOOGLE_DENIED, AUTH_GOOGLE_STATE_INVALID, ' +
            'AUTH_GOOGLE_EXCHANGE_FAILED, AUTH_GOOGLE_EMAIL_MISSING, AUTH_GOOGLE_EMAIL_NOT_VERIFIED, ' +
            'AUTH_GOOGLE_ACCOUNT_CONFLICT, AUTH_GOOGLE_UNAVAILABLE, AUTH_GOOGLE_FAILED).',
          querystring: googleCallbackQuerySchema,
          response: {
            302: googleRedirectSchema,
            400: errorBodySchema,
            404: errorBodySchema.describe('AUTH_GOOGLE_DISABLED: Google sign-in is not configured'),
          },
        },
      },
      async (request, reply) => {
        const service = enabled();
        // single use: whatever happens next, this sign-in attempt is over
        reply.clearCookie(googleFlowCookieName, { ...cookieOptions, maxAge: undefined });
        // the URL the provider redirected to, rebuilt on the registered redirect URI (the host the
        // request came in on may be a proxy's), with the parameters exactly as the provider sent them
        const callbackUrl = new URL(deps.redirectUri);
        callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
        try {
          const done = await service.complete({
            callbackUrl,
            query: request.query,
            flowCookie: request.cookies[googleFlowCookieName],
            meta: { device: deviceOf(request.headers['user-agent']), ip: request.ip },
          });
          if (done.status === 'two_factor_required') {
            // The second factor is still owed: the sign-in page asks for the code. The challenge rides in
            // the fragment so it never reaches a server log.
            const next = new URLSearchParams({ challenge: done.challengeToken, redirect: done.redirectPath });
            return reply.redirect(`${config.publicUrl}/sign-in#${next.toString()}`, 302);
          }
          setAuthCookies(reply, done.issued, config);
          return reply.redirect(`${config.publicUrl}${done.redirectPath}`, 302);
        } catch (error) {
          const code = failureCodeOf(error, request.log);
          return reply.redirect(`${config.publicUrl}/sign-in?error=${code}`, 302);
        }
      },
    );
  };
}
