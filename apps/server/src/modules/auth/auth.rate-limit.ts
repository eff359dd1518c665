import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppConfig } from '../../config.js';
import { rateLimitStoreOf } from '../../platform/limits/rate-limit-store.js';
import { authError } from './auth.errors.js';

const MINUTE = 60_000;

/** '42 seconds' under two minutes, else whole minutes (rounded up, as Retry-After is). */
export function waitText(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/** Limits of the routes that guess secrets or send mail (keys include the IP; login also the email). */
const limits = {
  login: { max: 10, timeWindow: MINUTE, keyGenerator: (r) => `login:${r.ip}:${emailOf(r)}` },
  // signed-in routes that check the password (a stolen session must not guess it freely)
  passwordCheck: {
    max: 10,
    timeWindow: 15 * MINUTE,
    keyGenerator: (r) => (r.auth ? `password:${r.auth.userId}` : `password-ip:${r.ip}`),
  },
  loginTwoFactor: { max: 10, timeWindow: MINUTE, keyGenerator: (r) => `login2fa:${r.ip}` },
  forgot: { max: 5, timeWindow: 15 * MINUTE, keyGenerator: (r) => `forgot:${r.ip}:${emailOf(r)}` },
  resend: { max: 5, timeWindow: 15 * MINUTE, keyGenerator: (r) => `resend:${r.ip}:${emailOf(r)}` },
  reset: { max: 10, timeWindow: 15 * MINUTE, keyGenerator: (r) => `reset:${r.ip}` },
  // A household or office signs up a few accounts; a script signing up hundreds is refused.
  signUp: { max: 10, timeWindow: 60 * MINUTE, keyGenerator: (r) => `signup:${r.ip}` },
} satisfies Record<string, RateLimitOptions>;
export type RateLimitName = keyof typeof limits;

/**
 * Registers @fastify/rate-limit in the calling (encapsulated) plugin, opt-in per route, and returns
 * the route `config` for a named limit. Counters live in the app's limiter store (`ctx.limits`): in
 * Redis when REDIS_URL is set, so every API process behind the balancer counts the same attempts.
 */
export type RateLimiter = {
  /** Route `config` applying the named limit. */
  (name: RateLimitName): Record<string, unknown>;
  /** The named limit as a preHandler, for a route that needs a second limit or a set order. */
  hook(name: RateLimitName): preHandlerAsyncHookHandler;
};

export async function registerAuthRateLimits(
  app: FastifyInstance,
  config: Pick<AppConfig, 'rateLimit'>,
): Promise<RateLimiter> {
  if (!config.rateLimit) return Object.assign((_name: RateLimitName) => ({}), { hook: () => async () => {} });
  await app.register(fastifyRateLimit, {
    global: false,
    // After validation, so the key can use the parsed email.
    hook: 'preHandler',
    // A limiter outage (Redis away) lets requests through rather than failing every sign-in.
    skipOnError: true,
    store: rateLimitStoreOf(app.ctx.limits),
    errorResponseBuilder: (_request, context) =>
      authError('RATE_LIMITED', `Too many attempts. Try again in ${waitText(context.ttl)}.`),
  });
  // One hook per limit, so every route using it counts in the same store. (@fastify/rate-limit runs a
  // single limit per request: a route gets either its config limit or a hook, not both.)
  const hooks = new Map<RateLimitName, preHandlerAsyncHookHandler>();
  const hook = (name: RateLimitName) => {
    let h = hooks.get(name);
    if (!h) {
      h = app.rateLimit(limits[name]);
      hooks.set(name, h);
    }
    return h;
  };
  return Object.assign((name: RateLimitName) => ({ rateLimit: limits[name] }), { hook });
}
