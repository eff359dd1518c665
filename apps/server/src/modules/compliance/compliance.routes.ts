import {
  COMPLIANCE_PATH,
  complianceQuerySchema,
  complianceResponseSchema,
  errorBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { ComplianceService } from './compliance.service.js';

/** GET /journal/compliance (issue 12 item 7). Main API session (bearer access token or the web app's cookies). */
export function complianceRoutes(deps: { compliance: ComplianceService }): FastifyPluginAsyncZod {
  const { compliance } = deps;
  return async (app) => {
    app.get(
      COMPLIANCE_PATH,
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['journal'],
          summary: 'Rule compliance: trades that followed vs broke each strategy, approach and checklist item',
          description:
            'account_id is a trading account id or all (default; every account of the caller, in one currency: ' +
            'choose it with currency when they differ). from and to bound the close time (dates in tz, or the ' +
            'user’s time zone). Per strategy, approach and checklist item of the playbook: the reviewed trades ' +
            'that followed it and those that broke it (count, win rate, average R, net P/L); per mistake its ' +
            'trades; unreviewed trades apart; and the discipline score per day and ISO week.',
          querystring: complianceQuerySchema,
          response: {
            200: complianceResponseSchema,
            404: errorBodySchema.describe('No trading account of the caller has this id (TRADING_ACCOUNT_NOT_FOUND)'),
            422: errorBodySchema.describe('The accounts are kept in different currencies (METRICS_MIXED_CURRENCIES)'),
          },
        },
      },
      async (request) => compliance.compliance(authOf(request).userId, request.query),
    );
  };
}
