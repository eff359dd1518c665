import { createHash } from 'node:crypto';
import {
  accountSnapshotSchema,
  cancelOrderBodySchema,
  closeByBodySchema,
  closeByResultSchema,
  closePartiallyBodySchema,
  closePositionBodySchema,
  errorBodySchema,
  IDEMPOTENCY_KEY_MAX,
  modifyPositionBodySchema,
  placeOrderBodySchema,
  placeOrderResultSchema,
  platformAccountParamsSchema,
  platformTokenParamsSchema,
  positionResultSchema,
  tradeDetailSchema,
  tradeListSchema,
  tradeParamsSchema,
  tradesQuerySchema,
  tradingOrderSchema,
  tradingTokenParamsSchema,
} from '@tradedesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guard.js';
import type { OrdersService } from './orders.service.js';
import type { TradesService } from './trades.service.js';
import { tradingError } from './trading.errors.js';

const tags = ['trading'];
const notFound = (what: string) => ({ 404: errorBodySchema.describe(what) });

/** The Idempotency-Key of a request with the hash of its body, or undefined without the header. */
function idempotencyOf(request: FastifyRequest, body: unknown): { key: string; hash: string } | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key)) {
    throw tradingError(
      'TRADING_INVALID_FIELD',
      `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} printable characters without spaces.`,
      { fields: [{ field: 'Idempotency-Key', message: 'The Idempotency-Key header is not valid.' }] },
    );
  }
  return { key, hash: createHash('sha256').update(stableJson(body)).digest('hex') };
}

/** JSON with the keys of every object sorted, so the same body always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The virtual broker's calls of a platform token (spec section 7, "Trading (middleware)"), and the trade history. */
export function ordersRoutes(deps: { orders: OrdersService; trades: TradesService }): FastifyPluginAsyncZod {
  const { orders, trades } = deps;
  return async (app) => {
    const onRequest = app.authenticateTrading;
    const accountNotFound = notFound('No trading account of the caller has this platform token');

    app.get(
      '/middleware/:platformToken/accounts/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The account’s balance, equity, margin, open positions and pending orders',
          description: 'The id is 1 (the positions call), the account’s id or its account number.',
          params: platformAccountParamsSchema,
          response: { 200: accountSnapshotSchema, ...accountNotFound },
        },
      },
      async (request) => trades.snapshot(authOf(request).userId, request.params.platformToken, request.params.id),
    );

    app.put(
      '/middleware/:platformToken/orders',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Places an order, or modifies the pending order order_id',
          description:
            'Market orders fill at once at the ask (buy) or bid (sell); limit, stop and stop-limit orders wait. ' +
            'With an Idempotency-Key header, the same key and body answer the first answer again (with ' +
            'Idempotent-Replayed: true); the same key with another body answers 422.',
          params: platformTokenParamsSchema,
          headers: z.object({ 'idempotency-key': z.string().optional() }),
          body: placeOrderBodySchema,
          response: {
            200: placeOrderResultSchema,
            400: errorBodySchema.describe('The order is not valid (TRADING_INVALID_ORDER), naming the field'),
            ...accountNotFound,
            409: errorBodySchema.describe(
              'TRADING_MARKET_CLOSED, TRADING_SLIPPAGE_EXCEEDED, TRADING_ORDER_NOT_PENDING',
            ),
            422: errorBodySchema.describe(
              'TRADING_NOT_ENOUGH_MARGIN (details: required, freeMargin, currency) or TRADING_IDEMPOTENCY_MISMATCH',
            ),
          },
        },
      },
      async (request, reply) => {
        const answer = await orders.place(
          authOf(request).userId,
          request.params.platformToken,
          request.body,
          idempotencyOf(request, request.body),
        );
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(answer.status).send(answer.body as never);
      },
    );

    app.delete(
      '/middleware/:platformToken/orders',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Cancels a pending order',
          params: platformTokenParamsSchema,
          body: cancelOrderBodySchema,
          response: {
            200: z.object({ order: tradingOrderSchema }),
            ...notFound('No such account or order'),
            409: errorBodySchema.describe('TRADING_ORDER_NOT_PENDING'),
          },
        },
      },
      async (request) => orders.cancel(authOf(request).userId, request.params.platformToken, request.body.order_id),
    );

    const positionErrors = {
      ...notFound('No such account or position (TRADING_POSITION_NOT_FOUND)'),
      409: errorBodySchema.describe('TRADING_POSITION_CLOSED: already closed; TRADING_MARKET_CLOSED'),
    };

    app.put(
      '/middleware/:platformToken/orders/positions/close',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Closes a position at the bid (long) or ask (short)',
          params: platformTokenParamsSchema,
          body: closePositionBodySchema,
          response: { 200: positionResultSchema, ...positionErrors },
        },
      },
      async (request) => orders.close(authOf(request).userId, request.params.platformToken, request.body.position_id),
    );

    app.put(
      '/middleware/:platformToken/orders/positions/close-partially',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Closes part of a position (volume in lots)',
          params: platformTokenParamsSchema,
          body: closePartiallyBodySchema,
          response: { 200: positionResultSchema, 400: errorBodySchema, ...positionErrors },
        },
      },
      async (request) =>
        orders.closePartially(
          authOf(request).userId,
          request.params.platformToken,
          request.body.position_id,
          request.body.volume,
        ),
    );

    app.put(
      '/middleware/:platformToken/orders/positions/close-by',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Closes two opposite positions of one symbol against each other (hedging accounts)',
          description:
            'The smaller volume closes without crossing the spread: position_id at the opposite position’s open ' +
            'price (booking the pair’s result), the opposite at its own open price.',
          params: platformTokenParamsSchema,
          body: closeByBodySchema,
          response: { 200: closeByResultSchema, 400: errorBodySchema, ...positionErrors },
        },
      },
      async (request) =>
        orders.closeBy(
          authOf(request).userId,
          request.params.platformToken,
          request.body.position_id,
          request.body.opposite_position_id,
        ),
    );

    app.put(
      '/middleware/:platformToken/orders/positions/modify',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Sets or removes (null) a position’s stop loss, take profit and trailing stop',
          params: platformTokenParamsSchema,
          body: modifyPositionBodySchema,
          response: { 200: positionResultSchema, 400: errorBodySchema, ...positionErrors },
        },
      },
      async (request) => orders.modifyPosition(authOf(request).userId, request.params.platformToken, request.body),
    );

    app.get(
      '/trading/accounts/:tradingToken/trades',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The account’s trades (positions, open and closed), newest first, with filters and paging',
          description: 'tradingToken is the account’s platform token or its id.',
          params: tradingTokenParamsSchema,
          querystring: tradesQuerySchema,
          response: { 200: tradeListSchema, ...accountNotFound },
        },
      },
      async (request) => trades.list(authOf(request).userId, request.params.tradingToken, request.query),
    );

    app.get(
      '/trading/accounts/:tradingToken/trades/:tradeId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A trade with its deals and modification log',
          params: tradeParamsSchema,
          response: { 200: tradeDetailSchema, ...notFound('No such account or trade (TRADING_TRADE_NOT_FOUND)') },
        },
      },
      async (request) => trades.detail(authOf(request).userId, request.params.tradingToken, request.params.tradeId),
    );
  };
}
