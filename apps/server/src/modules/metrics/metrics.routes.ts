import { errorBodySchema, metricsParamsSchema, metricsQuerySchema, metricsResponseSchema } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { MetricsService } from './metrics.service.js';

/** GET /trading/metrics/{accountID} (spec section 7, "Metrics"), with the trading routes' bearer token. */
export function metricsRoutes(deps: { metrics: MetricsService }): FastifyPluginAsyncZod {
  const { metrics } = deps;
  return async (app) => {
    app.get(
      '/trading/metrics/:accountID',
      {
        onRequest: app.authenticateTrading,
        schema: {
          tags: ['trading'],
          summary: 'Performance metrics of an account’s closed trades, or of all the caller’s accounts together',
          description:
            'accountID is a trading account id or all (every account of the caller, in one currency: choose it ' +
            'with currency when they differ). from and to bound the close time (dates in tz, or the user’s time ' +
            'zone); symbol, direction, session and strategy filter the trades. Every bucket lists its trades.',
          params: metricsParamsSchema,
          querystring: metricsQuerySchema,
          response: {
            200: metricsResponseSchema,
            404: errorBodySchema.describe('No trading account of the caller has this id (TRADING_ACCOUNT_NOT_FOUND)'),
            422: errorBodySchema.describe('The accounts are kept in different currencies (METRICS_MIXED_CURRENCIES)'),
          },
        },
      },
      async (request) => metrics.metrics(authOf(request).userId, request.params.accountID, request.query),
    );
  };
}
