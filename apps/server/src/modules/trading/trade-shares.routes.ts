import {
  errorBodySchema,
  sharedTradeSchema,
  shareTradeBodySchema,
  tradeParamsSchema,
  tradeShareParamsSchema,
  tradeShareSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guard.js';
import type { TradeSharesService } from './trade-shares.service.js';

const tags = ['trading'];
const notFound = { 404: errorBodySchema.describe('No such account or trade (TRADING_TRADE_NOT_FOUND)') };

/** Public cards of closed trades: the owner makes and revokes the link; anyone with it reads the card. */
export function tradeSharesRoutes(deps: { shares: TradeSharesService }): FastifyPluginAsyncZod {
  const { shares } = deps;
  return async (app) => {
    const onRequest = app.authenticateTrading;
    const path = '/trading/accounts/:tradingToken/trades/:tradeId/share';

    app.get(
      path,
      {
        onRequest,
        schema: {
          tags,
          summary: 'The public link of a closed trade, if it has one',
          params: tradeParamsSchema,
          response: { 200: z.object({ share: tradeShareSchema.nullable() }), ...notFound },
        },
      },
      async (request) => ({
        share: await shares.get(authOf(request).userId, request.params.tradingToken, request.params.tradeId),
      }),
    );

    app.post(
      path,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Makes the public link of a closed trade, or changes whether it shows money (the token stays)',
          description:
            'The card shows symbol, side, entry and exit, pips, the R multiple and the result as a percentage of ' +
            'the balance; never the volume; the net money result only with show_money: true.',
          params: tradeParamsSchema,
          body: shareTradeBodySchema,
          response: { 200: tradeShareSchema, 400: errorBodySchema.describe('The trade is still open'), ...notFound },
        },
      },
      async (request) =>
        shares.share(authOf(request).userId, request.params.tradingToken, request.params.tradeId, request.body),
    );

    app.delete(
      path,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Revokes the public link of a trade',
          params: tradeParamsSchema,
          response: { 204: z.null().describe('Revoked'), ...notFound },
        },
      },
      async (request, reply) => {
        await shares.revoke(authOf(request).userId, request.params.tradingToken, request.params.tradeId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/trading/trades/share/:token',
      {
        schema: {
          tags,
          summary: 'A shared closed trade, read-only, for anyone with the link (signed out too)',
          params: tradeShareParamsSchema,
          response: { 200: sharedTradeSchema, 404: errorBodySchema.describe('No shared trade has this token') },
        },
      },
      async (request) => shares.shared(request.params.token),
    );
  };
}
