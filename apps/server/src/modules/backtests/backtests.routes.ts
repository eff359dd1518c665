import {
  backtestBodySchema,
  backtestGraphInvalidDetailsSchema,
  backtestListSchema,
  backtestParamsSchema,
  backtestSchema,
  backtestValidateBodySchema,
  errorBodySchema,
  graphValidationSchema,
  okSchema,
  strategyBacktestParamsSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { BacktestsService } from './backtests.service.js';

const tags = ['backtests'];
const strategyNotFound = {
  404: errorBodySchema.describe('No strategy of the caller has this id (BACKTEST_STRATEGY_NOT_FOUND)'),
};
const notFound = { 404: errorBodySchema.describe('No backtest of the caller has this id (BACKTEST_NOT_FOUND)') };

/** Backtests of a strategy's node graph (issue 12 item 4) and the graph validator. */
export function backtestsRoutes(deps: { backtests: BacktestsService }): FastifyPluginAsyncZod {
  const { backtests } = deps;
  return async (app) => {
    app.post(
      '/strategies/:id/backtests',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Backtests the strategy’s saved graph over a symbol, timeframe and date range',
          description:
            'Runs inside the request (at most BACKTEST_MAX_BARS closed bars) over the bars the chart history serves: ' +
            'the simulated market, or the caller’s imported candles where they cover the range. A signal on a ' +
            'closed bar fills at the next bar’s open through the virtual broker’s rules; the trades go through ' +
            'the metrics engine. Answers 201 with the result: done, or failed with its error. A graph with ' +
            'problems is a 422 whose details list them.',
          params: strategyBacktestParamsSchema,
          body: backtestBodySchema,
          response: {
            201: backtestSchema,
            ...strategyNotFound,
            422: errorBodySchema.describe(
              `BACKTEST_GRAPH_INVALID (details: ${Object.keys(backtestGraphInvalidDetailsSchema.shape).join(', ')}), BACKTEST_NO_BARS or BACKTEST_TOO_MANY_BARS`,
            ),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await backtests.run(authOf(request).userId, request.params.id, request.body)),
    );

    app.get(
      '/strategies/:id/backtests',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The strategy’s backtests, newest first, without their trades, report and equity curve',
          params: strategyBacktestParamsSchema,
          response: { 200: backtestListSchema, ...strategyNotFound },
        },
      },
      async (request) => ({ backtests: await backtests.list(authOf(request).userId, request.params.id) }),
    );

    app.get(
      '/backtests/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A backtest with its trades, metrics report and equity curve',
          params: backtestParamsSchema,
          response: { 200: backtestSchema, ...notFound },
        },
      },
      async (request) => backtests.get(authOf(request).userId, request.params.id),
    );

    app.delete(
      '/backtests/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a backtest',
          params: backtestParamsSchema,
          response: { 200: okSchema, ...notFound },
        },
      },
      async (request) => {
        await backtests.remove(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/backtests/validate',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The server’s checks of a strategy graph: the problems a backtest would refuse it for',
          body: backtestValidateBodySchema,
          response: { 200: graphValidationSchema },
        },
      },
      async (request) => backtests.validate(request.body.graph),
    );
  };
}
