import {
  historicalAnswerSchema,
  historicalQuerySchema,
  intradayQuerySchema,
  MAX_HISTORY_CANDLES,
} from '@tradedesk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { Clock } from '../../platform/clock.js';
import { marketError } from './market.errors.js';
import type { MarketHistoryService, SerialisedHistory } from './market.history.service.js';

const tags = ['market'];
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];

/**
 * Closed bars never change in the simulator; only a new import of the caller's could replace them, so they are
 * kept an hour ("private": the answer depends on the caller's imports). An answer holding the forming bar, or
 * one that later bars would join, is revalidated on every use (its ETag still saves the bytes).
 */
export const CLOSED_RANGE_CACHE = 'private, max-age=3600';
export const OPEN_RANGE_CACHE = 'private, no-cache';

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** Sends a serialised history answer with its ETag and cache policy; 304 when the client has it. */
function sendHistory(request: FastifyRequest, reply: FastifyReply, history: SerialisedHistory) {
  const { body, etag } = history;
  reply
    .header('etag', etag)
    .header('cache-control', history.closed ? CLOSED_RANGE_CACHE : OPEN_RANGE_CACHE)
    .header('vary', 'Authorization, Cookie');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Candle history of the simulated market, or of the caller's imported bars where they have them. */
export function historyRoutes(deps: { history: MarketHistoryService; clock: Clock }): FastifyPluginAsyncZod {
  const { history } = deps;
  return async (app) => {
    app.get(
      '/middleware/feed/historical',
      {
        // public market data (a shared chart opens signed out); a signed-in caller's own imports are theirs only
        preHandler: app.authenticateOptional,
        schema: {
          tags,
          summary: 'Candles of a symbol and timeframe: the latest ones, those from startTime, or those before endTime',
          description:
            `At most ${MAX_HISTORY_CANDLES} candles (\`limit\`, default 1000; more is a 400 naming limit). Without ` +
            '`startTime`: the latest `limit` bars up to now, the last one still forming. With `startTime` (unix ' +
            'seconds; milliseconds are accepted): bars from then on, oldest first. With `endTime`: the bars before it ' +
            '(for scrolling back). Times are unix seconds; daily and longer bars are stamped 00:00 UTC of their trade ' +
            'date, Monday or 1st. Bars come from the simulated market (`dataSource: "Simulated"`, label "Simulated ' +
            'market") except over `importedRanges`, where the caller’s imported bars (then the deployment’s) take ' +
            'their place. Signed out: the simulator and the deployment’s imports only; signed in, also the caller’s ' +
            'own imports. Answers carry an ETag (If-None-Match gives a 304) and `Cache-Control: private, ' +
            'max-age=3600` when every bar is final, `private, no-cache` when the forming bar is in or new bars would join.',
          querystring: historicalQuerySchema,
          response: { 200: historicalAnswerSchema },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const result = await history.serialised({
          userId: request.auth?.userId ?? null,
          symbol: q.symbol,
          source: q.source,
          timeframe: q.timeframe,
          limit: q.limit,
          endTime: q.endTime,
          ...(q.startTime !== undefined ? { mode: 'from', startTime: q.startTime } : { mode: 'latest' }),
        });
        return sendHistory(request, reply, result);
      },
    );

    app.get(
      '/feed/historical/intraday',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Intraday candles (1m to 4h) of a symbol between two times',
          description:
            'Bars with `from` ≤ time < `to` (unix seconds; `to` defaults to now). A range of more than ' +
            `${MAX_HISTORY_CANDLES} bars is a 400 naming \`to\`. Same answer, labels and cache headers as ` +
            '`/middleware/feed/historical`.',
          security,
          querystring: intradayQuerySchema,
          response: { 200: historicalAnswerSchema },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q.to !== undefined && q.to <= q.from) {
          throw marketError.onField('to', 'MARKET_RANGE_INVALID', 'to must be later than from.');
        }
        const to = q.to ?? Math.floor(deps.clock.now().getTime() / 1000) + 1;
        const result = await history.candles({
          userId: authOf(request).userId,
          symbol: q.symbol,
          timeframe: q.timeframe,
          limit: MAX_HISTORY_CANDLES,
          mode: 'from',
          startTime: q.from,
          endTime: to,
        });
        const candles = result.answer.candles;
        const lastBar = candles[candles.length - 1];
        if (candles.length === MAX_HISTORY_CANDLES && lastBar) {
          // a full answer may have been cut: see whether one more bar lies in range
          const more = await history.candles({
            userId: authOf(request).userId,
            symbol: q.symbol,
            timeframe: q.timeframe,
            limit: 1,
            mode: 'from',
            startTime: lastBar.time + 1,
            endTime: to,
          });
          if (more.answer.candles.length > 0) {
            throw marketError.onField(
              'to',
              'MARKET_RANGE_TOO_LARGE',
              `to must be closer to from: the range holds more than ${MAX_HISTORY_CANDLES} bars of ${q.timeframe}.`,
            );
          }
        }
        if (q.to === undefined) result.closed = false;
        return sendHistory(request, reply, history.serialise(result));
      },
    );
  };
}
