import {
  indicatorCalculationBodySchema,
  indicatorCalculationSchema,
  indicatorListQuerySchema,
  indicatorListSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { IndicatorsService } from './market.indicators.service.js';

const tags = ['indicators'];
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];

/** The indicator catalogue and calculations (spec: `indicators/list`, `indicators/calculation`). */
export function indicatorsRoutes(deps: { indicators: IndicatorsService }): FastifyPluginAsyncZod {
  const { indicators } = deps;
  return async (app) => {
    app.get(
      '/indicators/list',
      {
        schema: {
          tags,
          summary: 'The indicator catalogue: inputs with defaults and bounds, plots with default styles',
          description:
            '`page` (default 1) and `limit` (default 100, at most 500); `search` matches id, name, short name and ' +
            'group; `group` is one of trend, oscillators, volume, volatility, priceAction, meanReversion.',
          querystring: indicatorListQuerySchema,
          response: { 200: indicatorListSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return indicators.list(request.query);
      },
    );

    app.post(
      '/indicators/calculation',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Computes an indicator over a symbol’s candles: series aligned to them, with their plot styles',
          description:
            'The candles are those `GET /middleware/feed/historical` answers for the same `symbol`, `timeframe`, ' +
            '`start_time` and `limit` (imported bars included); `times` lists them and every series has one value ' +
            'per candle (null during the warm-up). `indicator_settings` overrides inputs by id and ' +
            '`indicator_styles` overrides plot, level or fill styles by id; an unknown indicator, input or plot, or ' +
            'a value out of bounds, is a 400 naming the field (`indicator_settings.period`). `scope` ({ from, to }, ' +
            'bar times) is the range a volume profile covers.',
          security,
          body: indicatorCalculationBodySchema,
          response: { 200: indicatorCalculationSchema },
        },
      },
      async (request) => indicators.calculate(authOf(request).userId, request.body),
    );
  };
}
