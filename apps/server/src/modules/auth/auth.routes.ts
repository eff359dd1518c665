import {
  activateResponseSchema,
  emailBodySchema,
  loginBodySchema,
  loginOptionsSchema,
  loginResponseSchema,
  loginTwoFactorBodySchema,
  mailAcceptedSchema,
  okSchema,
  refreshBodySchema,
  refreshResponseSchema,
  resetBodySchema,
  signUpBodySchema,
  signUpResponseSchema,
  type TokenKind,
  tokenBodySchema,
  usernameAvailabilitySchema,
  usernameParamsSchema,
  verifyBodySchema,
  verifyResponseSchema,
} from '@tradedesk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { isMailboxServed } from '../dev-mailbox/dev-mailbox.plugin.js';
import type { UsersService } from '../users/users.service.js';
import { accessTokenOf, clearAuthCookies, refreshTokenOf, setAuthCookies, setPairCookies } from './auth.cookies.js';
import { deviceOf } from './auth.device.js';
import { authError } from './auth.errors.js';
import { acquisitionOf, toAuthTokens, toAuthUser } from './auth.mapper.js';
import type { RateLimiter } from './auth.rate-limit.js';
import type { AuthService, LoginResult } from './auth.service.js';
import type { RegistrationService } from './registration.service.js';

const tags = ['auth'];
const mailAccepted = (message: string) => ({ ok: true as const, message });

export function authRoutes(deps: {
  config: AppConfig;
  auth: AuthService;
  registration: RegistrationService;
  users: UsersService;
  limit: RateLimiter;
}): FastifyPluginAsyncZod {
  const { config, auth, registration, users, limit } = deps;
  const meta = (request: FastifyRequest) => ({ device: deviceOf(request.headers['user-agent']), ip: request.ip });

  function answerLogin(reply: FastifyReply, result: LoginResult, returnTokens: boolean | undefined) {
    if (result.status === 'two_factor_required') {
      return {
        status: result.status,
        challengeToken: result.challengeToken,
        expiresAt: result.expiresAt.toISOString(),
      };
    }
    setAuthCookies(reply, result.issued, config);
    return {
      status: result.status,
      user: toAuthUser(result.user),
      sessionId: result.issued.sessionId,
      accessExpiresAt: result.issued.main.accessExpiresAt.toISOString(),
      ...(returnTokens ? { tokens: toAuthTokens(result.issued) } : {}),
    };
  }

  return async (app) => {
    app.post(
      '/customer',
      {
        config: limit('signUp'),
        schema: {
          tags,
          summary: 'Sign up: creates a pending account and mails its activation link (valid 48 h)',
          description:
            'The answer is the same (202) whether or not the email address already has an account, so it does not ' +
            'tell who has one: the owner of an existing address is mailed instead (a pending account gets a new ' +
            'activation link, an active one a note with the sign-in and reset links). A taken username is a 409 ' +
            '(username availability is public). The password must pass the password rule (not common, not the ' +
            'email or username): 400 AUTH_PASSWORD_WEAK otherwise. At most 10 sign-ups per address and hour. ' +
            'The referral code (cookie `referral_code` or `ref`) and tracking parameters (cookies utm_*, gclid, fbclid) are stored on the account.',
          body: signUpBodySchema,
          response: { 202: signUpResponseSchema },
        },
      },
      async (request, reply) => {
        const b = request.body;
        await registration.signUp({
          email: b.email,
          password: b.password,
          username: b.username,
          firstName: b.first_name,
          lastName: b.last_name,
          ...acquisitionOf(request.cookies),
        });
        return reply.status(202).send({
          ok: true as const,
          message: `Check your inbox at ${b.email}: we sent a mail with the next step.`,
        });
      },
    );

    app.get(
      '/profile/username/:username',
      {
        schema: {
          tags,
          summary: 'Whether a username is free (case-insensitive)',
          params: usernameParamsSchema,
          response: { 200: usernameAvailabilitySchema },
        },
      },
      async (request) => ({
        username: request.params.username,
        available: await registration.isUsernameAvailable(request.params.username),
      }),
    );

    app.post(
      '/customer/activate',
      {
        schema: {
          tags,
          summary: 'Activates an account with the token of the emailed link',
          body: tokenBodySchema,
          response: { 200: activateResponseSchema },
        },
      },
      async (request) => ({ user: toAuthUser(await registration.activate(request.body.token)) }),
    );

    app.post(
      '/customer/resend',
      {
        config: limit('resend'),
        schema: {
          tags,
          summary: 'Mails a new activation link (same answer whether or not the address has a pending account)',
          body: emailBodySchema,
          response: { 200: mailAcceptedSchema },
        },
      },
      async (request) => {
        await registration.resendActivation(request.body.email);
        return mailAccepted('If this address has an account waiting for activation, a new link is on its way.');
      },
    );

    app.post(
      '/customer/forgot',
      {
        config: limit('forgot'),
        schema: {
          tags,
          summary: 'Mails a password reset link valid 1 h (same answer whether or not the address has an account)',
          body: emailBodySchema,
          response: { 200: mailAcceptedSchema },
        },
      },
      async (request) => {
        await registration.forgotPassword(request.body.email);
        return mailAccepted('If this address has an account, a link to reset the password is on its way.');
      },
    );

    app.post(
      '/customer/reset',
      {
        config: limit('reset'),
        schema: {
          tags,
          summary: 'Sets a new password with the emailed token; signs out every session',
          body: resetBodySchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await registration.resetPassword(request.body.token, request.body.password);
        return { ok: true as const };
      },
    );

    app.post(
      '/customer/login',
      {
        config: limit('login'),
        schema: {
          tags,
          summary: 'Signs in: sets the session cookies, or asks for the second factor',
          description:
            'With `return_tokens: true` the body also carries both token pairs (API clients). When two-factor ' +
            'authentication is on the answer is `two_factor_required` with a challenge for POST /customer/login/2fa.',
          body: loginBodySchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await auth.login(request.body, meta(request));
        return answerLogin(reply, result, request.body.return_tokens);
      },
    );

    app.post(
      '/customer/login/2fa',
      {
        config: limit('loginTwoFactor'),
        schema: {
          tags,
          summary: 'Finishes a two-factor sign-in with a TOTP or recovery code (5 attempts, 5 minutes)',
          body: loginTwoFactorBodySchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (request, reply) => {
        const b = request.body;
        const result = await auth.loginTwoFactor({ challengeToken: b.challenge_token, code: b.code }, meta(request));
        return answerLogin(reply, result, b.return_tokens);
      },
    );

    app.get(
      '/customer/login/options',
      {
        schema: {
          tags,
          summary: 'Sign-in options of this server: Google sign-in, dev mailbox',
          response: { 200: loginOptionsSchema },
        },
      },
      async () => ({ google: Boolean(config.google), mailbox: isMailboxServed(config) }),
    );

    app.post(
      '/customer/refresh',
      {
        schema: {
          tags,
          summary: 'Rotates a token pair (refresh token from X-Refresh-Token or the cookie)',
          description:
            'A refresh token presented a second time revokes the whole session (401 AUTH_REFRESH_REUSED). ' +
            'Header callers also get the new tokens in the body.',
          body: refreshBodySchema,
          response: { 200: refreshResponseSchema },
        },
      },
      async (request, reply) => {
        const kind: TokenKind = request.body?.kind ?? 'main';
        const presented = refreshTokenOf(request, kind);
        try {
          if (!presented) {
            throw authError(
              'AUTH_REQUIRED',
              'The refresh token is missing: send it in the X-Refresh-Token header or the refresh cookie.',
            );
          }
          const result = await auth.refresh(presented.token, kind);
          setPairCookies(reply, kind, result.pair, config);
          return {
            kind,
            sessionId: result.sessionId,
            accessExpiresAt: result.pair.accessExpiresAt.toISOString(),
            refreshExpiresAt: result.pair.refreshExpiresAt.toISOString(),
            ...(presented.fromHeader
              ? { tokens: { accessToken: result.pair.accessToken, refreshToken: result.pair.refreshToken } }
              : {}),
          };
        } catch (error) {
          // A refresh that fails ends the browser's signed-in state (spec section 4).
          if (error instanceof AppError && error.category === 'unauthenticated') clearAuthCookies(reply, config);
          throw error;
        }
      },
    );

    app.post(
      '/customer/verify',
      {
        schema: {
          tags,
          summary: 'Confirms that an access token is valid and its session live',
          description: 'The token comes from `access` in the body, else `Authorization: Bearer`, else the cookie.',
          body: verifyBodySchema,
          response: { 200: verifyResponseSchema },
        },
      },
      async (request) => {
        const token = request.body?.access || accessTokenOf(request);
        const claims = await auth.authenticateAccess(token);
        const user = await users.findById(claims.userId);
        if (!user) throw authError('AUTH_SESSION_REVOKED', 'This session was signed out.');
        return { user: toAuthUser(user), sessionId: claims.sessionId, accessExpiresAt: claims.expiresAt.toISOString() };
      },
    );

    app.get(
      '/customer/logout',
      {
        // A GET that changes state: a link on another site must not sign anyone out (platform/auth/same-origin).
        config: { stateChanging: true },
        schema: {
          tags,
          summary: 'Signs out: revokes the current session and clears the cookies (200 even when signed out)',
          description:
            'Browsers: only from a TradeDesk page (same origin, or a typed address); a request from another ' +
            'site is refused with 403 CROSS_SITE_REQUEST and signs nobody out. Bearer clients are not affected.',
          response: { 200: okSchema },
        },
      },
      async (request, reply) => {
        await auth.logout({
          accessToken: accessTokenOf(request),
          refreshToken: refreshTokenOf(request, 'main')?.token,
        });
        clearAuthCookies(reply, config);
        return { ok: true as const };
      },
    );
  };
}
