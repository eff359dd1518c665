import {
  countriesAnswerSchema,
  exchangesAnswerSchema,
  marketStatusSchema,
  platformParamsSchema,
  platformSymbolsAnswerSchema,
  recommendationsAnswerSchema,
  recommendationsQuerySchema,
  sourcesAnswerSchema,
  specificationAnswerSchema,
  specificationParamsSchema,
  symbolAnswerSchema,
  symbolIdParamsSchema,
  symbolSearchQuerySchema,
  symbolSearchResultSchema,
  timeframesAnswerSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { foldArrayKeys } from '../../platform/query-arrays.js';
import type { MarketCatalogueService } from './market.catalogue.service.js';

const tags = ['market'];
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];
/** The catalogue is the same for everyone and changes only with a deployment. */
const CATALOGUE_CACHE = 'public, max-age=300';

/** The instrument catalogue, its search, sessions, platform symbol lists and related instruments. */
export function marketRoutes(deps: { catalogue: MarketCatalogueService }): FastifyPluginAsyncZod {
  const { catalogue } = deps;
  return async (app) => {
    app.addHook('preValidation', foldArrayKeys);

    app.get(
      '/market/symbols',
      {
        schema: {
          tags,
          summary: 'Searches the instrument catalogue, with the trending and markets tabs of the symbol search',
          description:
            '`search` matches ticker, name, description and currencies (every word must match; best matches first). ' +
            'The list filters `symbols` (id or SOURCE:TICKER), `exchanges`, `countries`, `sources`, `tickers` and ' +
            '`categories` take repeated keys (`sources=FOREX&sources=CRYPTO`), `sources[]=` keys or comma-separated ' +
            'values; filters combine with AND, values of one filter with OR. `limit` 1 to 500 (default 50). ' +
            '`trending` holds the 10 largest daily moves of the simulated market now.',
          querystring: symbolSearchQuerySchema,
          response: { 200: symbolSearchResultSchema },
        },
      },
      async (request) => catalogue.search(request.query),
    );

    app.get(
      '/market/symbols/:id',
      {
        schema: {
          tags,
          summary: 'One instrument with its contract specification, by id (EURUSD) or SOURCE:TICKER',
          params: symbolIdParamsSchema,
          response: { 200: symbolAnswerSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', CATALOGUE_CACHE);
        return catalogue.symbol(request.params.id);
      },
    );

    for (const [path, summary, schema, answer] of [
      ['/market/exchanges', 'Exchanges that list instruments, by name', exchangesAnswerSchema, catalogue.exchanges],
      ['/market/countries', 'Countries that have instruments, by name', countriesAnswerSchema, catalogue.countries],
      [
        '/market/sources',
        'Instrument sources (asset classes) with their counts',
        sourcesAnswerSchema,
        catalogue.sources,
      ],
      [
        '/market/timeframes',
        'Chart timeframes (1m 5m 15m 30m 1h 4h 1D 1W 1M) and the default (15m)',
        timeframesAnswerSchema,
        catalogue.timeframes,
      ],
    ] as const) {
      app.get(path, { schema: { tags, summary, response: { 200: schema } } }, async (_request, reply) => {
        reply.header('cache-control', CATALOGUE_CACHE);
        return answer();
      });
    }

    app.get(
      '/middleware/feed/market/:id/status',
      {
        schema: {
          tags,
          summary: 'Whether the instrument’s market is open now, with its next open and next close',
          description: 'Times are ISO 8601 UTC; `tradingHours` gives the weekly sessions in the exchange’s time zone.',
          params: symbolIdParamsSchema,
          response: { 200: marketStatusSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return catalogue.status(request.params.id);
      },
    );

    app.get(
      '/middleware/:platform/symbols',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The symbols a trading platform lists (served by the virtual broker)',
          description: `\`platform\` is one of virtual, mt4, mt5, ctrader, dxtrade, tradelocker, matchtrader; another is a 404.`,
          security,
          params: platformParamsSchema,
          response: { 200: platformSymbolsAnswerSchema },
        },
      },
      async (request) => catalogue.platformSymbols(request.params.platform),
    );

    app.get(
      '/middleware/:token/symbols/:symbol/specification',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The contract specification of a symbol on a trading account, with commission and session status',
          description:
            '`token` is the trading account’s platform token. Every account trades on the virtual broker over the ' +
            'simulated market, so the specification is the catalogue’s.',
          security,
          params: specificationParamsSchema,
          response: { 200: specificationAnswerSchema },
        },
      },
      async (request) => catalogue.specification(request.params.symbol),
    );

    app.get(
      '/middleware/symbol-recommendations',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Instruments related to a symbol, each with the reason',
          description:
            'Same base currency first, then the same sector (shares), then the most correlated in the market model ' +
            '(|correlation| ≥ 0.5). `limit` 1 to 100 (default 10).',
          security,
          querystring: recommendationsQuerySchema,
          response: { 200: recommendationsAnswerSchema },
        },
      },
      async (request) => catalogue.recommendations(request.query.symbol, request.query.limit),
    );
  };
}
