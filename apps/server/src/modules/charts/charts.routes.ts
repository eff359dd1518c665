import {
  chartConvertResultSchema,
  chartFetchSchema,
  chartInstrumentParamsSchema,
  chartListSchema,
  chartSchema,
  chartShareSchema,
  chartsQuerySchema,
  convertChartBodySchema,
  createChartBodySchema,
  errorBodySchema,
  idParamsSchema,
  indicatorCalculationSchema,
  okSchema,
  shareChartBodySchema,
  sharedChartSchema,
  sharedIndicatorParamsSchema,
  sharedIndicatorQuerySchema,
  shareTokenParamsSchema,
  updateChartBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { IndicatorsService } from '../market/market.indicators.service.js';
import type { ChartsService } from './charts.service.js';

const tags = ['charts'];
const notFound = { 404: errorBodySchema.describe('No chart of the caller has this id (CHART_NOT_FOUND)') };
const conflict = {
  409: errorBodySchema.describe(
    'CHART_VERSION_CONFLICT: the chart was saved elsewhere since `version` was read; reload it. ' +
      'CHART_LIMIT_REACHED: the caller keeps the most charts allowed',
  ),
};

/** Saved charts and their public share links (spec section 7, "Chart"). */
export function chartsRoutes(deps: { charts: ChartsService; indicators: IndicatorsService }): FastifyPluginAsyncZod {
  const { charts, indicators } = deps;
  return async (app) => {
    app.get(
      '/charts',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s saved charts, most recently saved first',
          querystring: chartsQuerySchema,
          response: { 200: chartListSchema },
        },
      },
      async (request) => ({ charts: await charts.list(authOf(request).userId, request.query.symbol) }),
    );

    app.post(
      '/charts',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Saves a new chart (EURUSD, FOREX, 15m unless told otherwise)',
          description:
            'The symbol must be an instrument of the catalogue (the source follows from it; when given it must ' +
            'match). Indicators are checked against the indicator catalogue and saved with every input filled in.',
          body: createChartBodySchema,
          response: {
            201: chartSchema,
            404: errorBodySchema.describe('settings.template_id is not one of the caller’s chart templates'),
            409: conflict[409],
          },
        },
      },
      async (request, reply) => reply.status(201).send(await charts.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/charts/share/:token',
      {
        schema: {
          tags,
          summary: 'A shared chart, read-only, for anyone with the link (signed out too)',
          description:
            'Timeframe, settings and indicators as shared; the instrument and drawings as the chart has them now. ' +
            '404 once the owner revokes the link or deletes the chart.',
          params: shareTokenParamsSchema,
          response: { 200: sharedChartSchema, 404: errorBodySchema.describe('No shared chart has this token') },
        },
      },
      async (request) => charts.shared(request.params.token),
    );

    app.get(
      '/charts/share/:token/indicators/:indicatorId',
      {
        schema: {
          tags,
          summary: 'The values of one indicator of a shared chart, for anyone with the link (signed out too)',
          description:
            'The indicator as shared (inputs and styles) over the candles `GET /middleware/feed/historical` ' +
            'answers for the chart’s symbol and the shared timeframe with the same `limit` and `startTime` ' +
            '(public candles: the owner’s imported bars are not shown to others). Only the shared chart’s own ' +
            'indicators can be calculated here; any other is `POST /indicators/calculation`, signed in.',
          params: sharedIndicatorParamsSchema,
          querystring: sharedIndicatorQuerySchema,
          response: {
            200: indicatorCalculationSchema,
            404: errorBodySchema.describe('No shared chart has this token, or it has no indicator with this id'),
          },
        },
      },
      async (request) => {
        const { symbol, source, timeframe, indicator } = await charts.sharedIndicator(
          request.params.token,
          request.params.indicatorId,
        );
        return indicators.calculate(null, {
          symbol,
          source,
          timeframe,
          indicator_name: indicator.name,
          indicator_settings: indicator.settings,
          indicator_styles: indicator.styles,
          limit: request.query.limit,
          ...(request.query.startTime !== undefined ? { start_time: request.query.startTime } : {}),
        });
      },
    );

    app.get(
      '/charts/:broker/:symbol',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s most recently saved chart of an instrument (`broker` is its source, e.g. FOREX)',
          params: chartInstrumentParamsSchema,
          response: { 200: chartSchema, 404: errorBodySchema.describe('The caller has no saved chart of it') },
        },
      },
      async (request) => charts.ofInstrument(authOf(request).userId, request.params.broker, request.params.symbol),
    );

    app.get(
      '/charts/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A saved chart of the caller',
          params: idParamsSchema,
          response: { 200: chartSchema, ...notFound },
        },
      },
      async (request) => charts.get(authOf(request).userId, request.params.id),
    );

    app.put(
      '/charts/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Saves changes to a chart: send the version read; fields left out keep their value',
          description:
            '`settings` changes only the keys it carries; `indicators` replaces the list. A `version` other than ' +
            'the saved one is a 409 CHART_VERSION_CONFLICT (another tab saved first); the answer carries the new version.',
          params: idParamsSchema,
          body: updateChartBodySchema,
          response: { 200: chartSchema, ...notFound, ...conflict },
        },
      },
      async (request) => charts.update(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/charts/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a chart with its drawings and share link',
          params: idParamsSchema,
          response: { 200: okSchema, ...notFound },
        },
      },
      async (request) => {
        await charts.delete(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/charts/:id/convert',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Switches a chart to another instrument (and timeframe), keeping its settings and indicators',
          description:
            'Drawings belong to a chart and a symbol: the answer carries those of the new symbol, and the old ' +
            'symbol’s come back when the chart is switched back. Version-checked like PUT.',
          params: idParamsSchema,
          body: convertChartBodySchema,
          response: { 200: chartConvertResultSchema, ...notFound, ...conflict },
        },
      },
      async (request) => charts.convert(authOf(request).userId, request.params.id, request.body),
    );

    app.get(
      '/charts/:id/fetch',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A chart with everything its screen opens with: instrument, drawings of its symbol, template',
          params: idParamsSchema,
          response: { 200: chartFetchSchema, ...notFound },
        },
      },
      async (request) => charts.fetch(authOf(request).userId, request.params.id),
    );

    app.post(
      '/charts/:id/share',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Shares a chart through a public read-only link, or updates what the link shows',
          description:
            '`settings`, `indicators` and `timeframe` are what the link shows (left out: the chart’s own). The ' +
            'token stays the same on later calls; the link is `GET /charts/share/{token}`.',
          params: idParamsSchema,
          body: shareChartBodySchema,
          response: { 200: chartShareSchema, ...notFound },
        },
      },
      async (request) => charts.share(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/charts/:id/share',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Revokes a chart’s public link (it answers 404 from then on)',
          params: idParamsSchema,
          response: {
            200: okSchema,
            404: errorBodySchema.describe('No chart of the caller has this id, or it is not shared'),
          },
        },
      },
      async (request) => {
        await charts.unshare(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
