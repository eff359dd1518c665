import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { createBackgroundMail } from '../../platform/mail/background-mail.js';
import type { UsersService } from '../users/users.service.js';
import { createAuthCleanup } from './auth.cleanup.js';
import { accessTokenOf, tradingCredentialOf } from './auth.cookies.js';
import { registerAuthRateLimits } from './auth.rate-limit.js';
import { createAuthCleanupRepository, createAuthRepository } from './auth.repository.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createRegistrationService } from './registration.service.js';
import { sessionsRoutes } from './sessions.routes.js';
import { createSignInThrottle, throttleEmail } from './sign-in-throttle.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { createTwoFactorService } from './two-factor.service.js';

/**
 * Authentication: sign-up, links, login (with 2FA), token pairs, sessions. Returns the service other
 * modules use, the guards to decorate on the app, and the routes (mount under /api).
 */
export function createAuthModule(ctx: AppContext, deps: { users: UsersService }) {
  let log: FastifyBaseLogger | undefined;
  const repo = createAuthRepository(ctx.db);
  const background = createBackgroundMail({
    onError: (err, purpose) => log?.error({ err, purpose }, 'could not send a mail'),
  });
  const throttle = createSignInThrottle({
    store: ctx.limits,
    clock: ctx.clock,
    mailer: ctx.mailer,
    background,
    publicUrl: ctx.config.publicUrl,
    enforce: ctx.config.rateLimit,
    onStoreError: (err) => log?.error({ err }, 'sign-in limits unavailable; the attempt was let through'),
  });
  const twoFactor = createTwoFactorService({ repo, users: deps.users, clock: ctx.clock, throttle });
  const service = createAuthService({
    repo,
    users: deps.users,
    twoFactor,
    throttle,
    clock: ctx.clock,
    bus: ctx.bus,
    config: ctx.config,
  });
  const registration = createRegistrationService({
    repo,
    users: deps.users,
    clock: ctx.clock,
    mailer: ctx.mailer,
    background,
    config: ctx.config,
    onPasswordReset: async (user) => {
      await throttle.forgetAccount(throttleEmail(user.email), user.id);
      await service.revokeAllSessions(user.id, 'password_reset');
    },
  });

  // Singleton work: only the leader process deletes spent links, challenges, tokens and sessions.
  const cleanup = createAuthCleanup({
    repo: createAuthCleanupRepository(ctx.db),
    clock: ctx.clock,
    log: { info: (obj, msg) => log?.info(obj, msg) },
  });
  ctx.jobs.register(cleanup.job);

  /** preHandler guard: a valid main access token (Bearer or cookie) of a live session, else 401. */
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const { userId, sessionId } = await service.authenticateAccess(accessTokenOf(request));
    request.auth = { userId, sessionId };
  }

  /** preHandler of public routes: the caller when credentials are sent (checked as above), else signed out. */
  async function authenticateOptional(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (accessTokenOf(request) === undefined) return;
    await authenticate(request, reply);
  }

  /**
   * preHandler of the trading calls (spec section 7, "bearer trading token"): a trading access token as
   * `Authorization: Bearer` or in its cookie; a browser without a trading cookie may use its main session
   * cookie, since both pairs belong to the same session. Else 401.
   */
  async function authenticateTrading(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const credential = tradingCredentialOf(request);
    const { userId, sessionId } = await service.authenticateAccess(credential?.token, credential?.kind ?? 'trading');
    request.auth = { userId, sessionId };
  }

  async function verifyAccessToken(token: string): Promise<AuthContext | null> {
    return service.verifyAccessToken(token);
  }

  const routes: FastifyPluginAsyncZod = async (app) => {
    log = app.log;
    // preClose: module onClose hooks run after app.ts has closed the database.
    app.addHook('preClose', async () => {
      await background.drain();
    });
    const limit = await registerAuthRateLimits(app, ctx.config);
    await app.register(authRoutes({ config: ctx.config, auth: service, registration, users: deps.users, limit }));
    await app.register(sessionsRoutes({ config: ctx.config, auth: service }));
    await app.register(twoFactorRoutes({ twoFactor, limit }));
  };

  return {
    service,
    registration,
    twoFactor,
    cleanup,
    authenticate,
    authenticateOptional,
    authenticateTrading,
    verifyAccessToken,
    routes,
  };
}
export type AuthModule = ReturnType<typeof createAuthModule>;
