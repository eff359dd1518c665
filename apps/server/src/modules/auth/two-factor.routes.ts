import {
  okSchema,
  passwordBodySchema,
  recoveryCodesSchema,
  twoFactorConfirmBodySchema,
  twoFactorDisableBodySchema,
  twoFactorSetupSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { RateLimiter } from './auth.rate-limit.js';
import type { TwoFactorService } from './two-factor.service.js';

const tags = ['auth'];
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];

export function twoFactorRoutes(deps: { twoFactor: TwoFactorService; limit: RateLimiter }): FastifyPluginAsyncZod {
  const { twoFactor, limit } = deps;
  return async (app) => {
    app.post(
      '/customer/2fa/setup',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'Starts two-factor setup: a new TOTP secret, its otpauth URL and a QR code (PNG data URL)',
          security,
          response: { 200: twoFactorSetupSchema },
        },
      },
      async (request) => twoFactor.setup(authOf(request).userId),
    );

    app.post(
      '/customer/2fa/confirm',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'Turns two-factor on with a first code; answers the 10 single-use recovery codes',
          security,
          body: twoFactorConfirmBodySchema,
          response: { 200: recoveryCodesSchema },
        },
      },
      async (request) => twoFactor.confirm(authOf(request).userId, request.body.code),
    );

    app.post(
      '/customer/2fa/disable',
      {
        onRequest: app.authenticate,
        preHandler: limit.hook('passwordCheck'),
        schema: {
          tags,
          summary: 'Turns two-factor off (password and a TOTP or recovery code)',
          security,
          body: twoFactorDisableBodySchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await twoFactor.disable(authOf(request).userId, request.body.password, request.body.code);
        return { ok: true as const };
      },
    );

    app.post(
      '/customer/2fa/recovery-codes',
      {
        onRequest: app.authenticate,
        preHandler: limit.hook('passwordCheck'),
        schema: {
          tags,
          summary: 'Replaces the recovery codes with 10 new ones (password required)',
          security,
          body: passwordBodySchema,
          response: { 200: recoveryCodesSchema },
        },
      },
      async (request) => twoFactor.regenerateRecoveryCodes(authOf(request).userId, request.body.password),
    );
  };
}
