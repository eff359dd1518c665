import {
  CHART_DEFAULTS,
  CHART_MAX_PER_USER,
  type Chart,
  type ChartConvertResult,
  type ChartFetch,
  type ChartShare,
  type ConvertChartBody,
  type CreateChartBody,
  defaultChartSettings,
  type ShareChartBody,
  type SharedChart,
  type UpdateChartBody,
} from '@tradedesk/contracts';
import type { Clock } from '../../platform/clock.js';
import { newId, newToken } from '../../platform/ids.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import { applySettings, normalizeIndicators, resolveInstrument } from './chart-inputs.js';
import { type ChartingEvents, noChartingEvents } from './charting-events.js';
import { chartNotFound, chartsError, versionConflict } from './charts.errors.js';
import type { ChartsRepository, ChartWithShare } from './charts.repository.js';
import type { ChartShareRow } from './charts.table.js';
import type { DrawingsRepository } from './drawings.repository.js';
import { toDrawing } from './drawings.service.js';
import type { TemplatesRepository } from './templates.repository.js';
import { toTemplate } from './templates.service.js';

export function toChart(row: ChartWithShare): Chart {
  return {
    id: row.id,
    name: row.name,
    source: row.source as Chart['source'],
    symbol: row.symbol,
    timeframe: row.timeframe as Chart['timeframe'],
    // settings saved before a key existed get its default
    settings: { ...defaultChartSettings, ...row.settings },
    indicators: row.indicators,
    version: row.version,
    shareToken: row.shareToken,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toShare(row: ChartShareRow): ChartShare {
  return {
    token: row.token,
    chartId: row.chartId,
    timeframe: row.timeframe as ChartShare['timeframe'],
    settings: { ...defaultChartSettings, ...row.settings },
    indicators: row.indicators,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saved charts: ownership (another user's chart is answered as missing), instruments and indicators checked
 * against the catalogues, saves conditional on the version the client read, and the public share link.
 */
export function createChartsService(deps: {
  repo: ChartsRepository;
  drawings: DrawingsRepository;
  templates: TemplatesRepository;
  clock: Clock;
  events?: ChartingEvents;
  limits?: { maxCharts: number };
  /** The plan's indicators per chart (billing); absent in tests of the rules alone. */
  entitlements?: PlanGate;
}) {
  const { repo, drawings, templates, clock } = deps;
  const events = deps.events ?? noChartingEvents;
  const maxCharts = deps.limits?.maxCharts ?? CHART_MAX_PER_USER;

  async function owned(userId: string, id: string): Promise<ChartWithShare> {
    const row = await repo.find(userId, id);
    if (!row) throw chartNotFound();
    return row;
  }

  /** A template_id in the settings must name one of the caller's chart templates. */
  async function checkTemplate(userId: string, settings: CreateChartBody['settings']): Promise<void> {
    const id = settings?.template_id;
    if (!id) return;
    const template = await templates.find(userId, id);
    if (template?.kind !== 'chart') {
      throw chartsError.onField(
        'settings.template_id',
        'TEMPLATE_NOT_FOUND',
        'No chart template of yours has the id given in settings.template_id.',
      );
    }
  }

  async function save(
    userId: string,
    id: string,
    version: number,
    patch: Parameters<ChartsRepository['updateAtVersion']>[3],
  ) {
    const current = await owned(userId, id);
    if (version !== current.version) throw versionConflict('CHART_VERSION_CONFLICT', 'chart', version, current.version);
    if (!(await repo.updateAtVersion(userId, id, version, { ...patch, updatedAt: clock.now() }))) {
      // another save won the race between the read and the write
      const now = await owned(userId, id);
      throw versionConflict('CHART_VERSION_CONFLICT', 'chart', version, now.version);
    }
    const saved = await owned(userId, id);
    events(userId, { resource: 'chart', id, version: saved.version });
    return saved;
  }

  return {
    async list(userId: string, symbol?: string): Promise<Chart[]> {
      return (await repo.list(userId, symbol)).map(toChart);
    },

    async get(userId: string, id: string): Promise<Chart> {
      return toChart(await owned(userId, id));
    },

    /** The caller's most recently saved chart of an instrument (`broker` is the instrument's source). */
    async ofInstrument(userId: string, broker: Chart['source'], symbol: string): Promise<Chart> {
      const instrument = resolveInstrument(symbol, broker, { symbol: 'symbol', source: 'broker' });
      const row = await repo.latestOf(userId, instrument.source, instrument.symbol);
      if (!row) throw chartsError('CHART_NOT_FOUND', `You have no saved chart of ${instrument.symbol}.`);
      return toChart(row);
    },

    async create(userId: string, body: CreateChartBody): Promise<Chart> {
      const instrument = resolveInstrument(body.symbol ?? CHART_DEFAULTS.symbol, body.source);
      const indicators = normalizeIndicators(body.indicators ?? []);
      await checkTemplate(userId, body.settings);
      if (indicators.length > 0)
        await deps.entitlements?.assertBelow(userId, 'indicators_per_chart', indicators.length - 1);
      if ((await repo.count(userId)) >= maxCharts) {
        throw chartsError(
          'CHART_LIMIT_REACHED',
          `You already keep ${maxCharts} saved charts, the most allowed; delete one before saving another.`,
        );
      }
      const timeframe = body.timeframe ?? CHART_DEFAULTS.timeframe;
      const now = clock.now();
      const id = newId();
      await repo.insert({
        id,
        userId,
        name: body.name ?? `${instrument.symbol} ${timeframe}`,
        source: instrument.source,
        symbol: instrument.symbol,
        timeframe,
        settings: applySettings(defaultChartSettings, body.settings),
        indicators,
        version: 1,
        createdAt: now,
        updatedAt: now,
      });
      return toChart(await owned(userId, id));
    },

    async update(userId: string, id: string, body: UpdateChartBody): Promise<Chart> {
      const current = await owned(userId, id);
      const patch: Parameters<ChartsRepository['updateAtVersion']>[3] = {};
      if (body.symbol !== undefined || body.source !== undefined) {
        const instrument = resolveInstrument(body.symbol ?? current.symbol, body.source);
        patch.symbol = instrument.symbol;
        patch.source = instrument.source;
      }
      if (body.name !== undefined) patch.name = body.name;
      if (body.timeframe !== undefined) patch.timeframe = body.timeframe;
      if (body.settings !== undefined) {
        await checkTemplate(userId, body.settings);
        patch.settings = applySettings(toChart(current).settings, body.settings);
      }
      if (body.indicators !== undefined) {
        patch.indicators = normalizeIndicators(body.indicators);
        // a downgrade keeps a chart's indicators; only adding past the plan's number is refused
        if (patch.indicators.length > current.indicators.length)
          await deps.entitlements?.assertBelow(userId, 'indicators_per_chart', patch.indicators.length - 1);
      }
      return toChart(await save(userId, id, body.version, patch));
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw chartNotFound();
      events(userId, { resource: 'chart', id, version: null });
    },

    /** Switches the chart to another instrument; its drawings stay with each symbol and come back with it. */
    async convert(userId: string, id: string, body: ConvertChartBody): Promise<ChartConvertResult> {
      const instrument = resolveInstrument(body.symbol, body.source);
      const patch: Parameters<ChartsRepository['updateAtVersion']>[3] = {
        symbol: instrument.symbol,
        source: instrument.source,
      };
      if (body.timeframe) patch.timeframe = body.timeframe;
      const saved = toChart(await save(userId, id, body.version, patch));
      const list = await drawings.list(userId, id, saved.symbol);
      return { chart: saved, drawings: list.map(toDrawing) };
    },

    /** Everything the chart screen opens with: chart, instrument, drawings of its symbol and its template. */
    async fetch(userId: string, id: string): Promise<ChartFetch> {
      const chart = toChart(await owned(userId, id));
      const [list, chosen] = await Promise.all([
        drawings.list(userId, id, chart.symbol),
        chart.settings.templateId ? templates.find(userId, chart.settings.templateId) : undefined,
      ]);
      const template =
        (chosen?.kind === 'chart' ? chosen : undefined) ?? (await templates.findDefault(userId, 'chart'));
      return {
        chart,
        instrument: resolveInstrument(chart.symbol, undefined),
        drawings: list.map(toDrawing),
        template: template ? toTemplate(template) : null,
      };
    },

    /** Creates the chart's public link, or updates what it shows (the token stays). */
    async share(userId: string, id: string, body: ShareChartBody): Promise<ChartShare> {
      const chart = toChart(await owned(userId, id));
      const existing = await repo.findShare(userId, id);
      const now = clock.now();
      const row = await repo.upsertShare({
        chartId: id,
        userId,
        token: existing?.token ?? newToken(24),
        timeframe: body?.timeframe ?? chart.timeframe,
        settings: applySettings(chart.settings, body?.settings ?? undefined),
        indicators: body?.indicators ? normalizeIndicators(body.indicators) : chart.indicators,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      });
      return toShare(row);
    },

    async unshare(userId: string, id: string): Promise<void> {
      await owned(userId, id);
      if (!(await repo.deleteShare(userId, id))) {
        throw chartsError('CHART_SHARE_NOT_FOUND', 'This chart is not shared.');
      }
    },

    /**
     * One indicator of a shared chart as shared (its catalogue name, inputs and styles) with the chart's
     * instrument and the shared timeframe; an unknown token or indicator id is not found.
     */
    async sharedIndicator(token: string, indicatorId: string) {
      const found = await repo.findByToken(token);
      if (!found) throw chartsError('CHART_SHARE_NOT_FOUND', 'This share link does not exist or was revoked.');
      const indicator = found.share.indicators.find((i) => i.id === indicatorId);
      if (!indicator) throw chartsError('CHART_SHARE_NOT_FOUND', 'The shared chart has no indicator with this id.');
      const { chart, share } = found;
      return {
        symbol: chart.symbol,
        source: chart.source as SharedChart['source'],
        timeframe: share.timeframe as SharedChart['timeframe'],
        indicator,
      };
    },

    /** The public, read-only view of a shared chart; a revoked or unknown token is not found. */
    async shared(token: string): Promise<SharedChart> {
      const found = await repo.findByToken(token);
      if (!found) throw chartsError('CHART_SHARE_NOT_FOUND', 'This share link does not exist or was revoked.');
      const { share, chart } = found;
      const list = await drawings.listOfChart(chart.id, chart.symbol);
      return {
        token: share.token,
        name: chart.name,
        source: chart.source as SharedChart['source'],
        symbol: chart.symbol,
        timeframe: share.timeframe as SharedChart['timeframe'],
        settings: { ...defaultChartSettings, ...share.settings },
        indicators: share.indicators,
        instrument: resolveInstrument(chart.symbol, undefined),
        drawings: list.map((row) => {
          const { chartId: _omit, ...rest } = toDrawing(row);
          return rest;
        }),
        sharedAt: share.createdAt.toISOString(),
      };
    },
  };
}
export type ChartsService = ReturnType<typeof createChartsService>;
