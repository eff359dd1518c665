import { customerEntitlementsSchema } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { EffectiveEntitlements } from './entitlements.js';

/** GET /customer/entitlements: the caller's plan, add-ons and what they grant together. */
export function entitlementsRoutes(deps: {
  entitlements: { effective(userId: string): Promise<EffectiveEntitlements> };
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/customer/entitlements',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['billing'],
          summary: 'The caller’s plan and add-ons and the entitlements they grant together (-1: unlimited)',
          response: { 200: customerEntitlementsSchema },
        },
      },
      async (request) => {
        const e = await deps.entitlements.effective(authOf(request).userId);
        return { planId: e.planId, planName: e.planName, addons: e.addons, entitlements: e.grants };
      },
    );
  };
}
