import {
  INDICATOR_GROUP_IDS,
  type IndicatorCalculation,
  type IndicatorCalculationBody,
  type IndicatorList,
  type IndicatorListQueryInput,
} from '@tradedesk/contracts';
import {
  calculateSeries,
  type IndicatorFieldError,
  indicatorGroupCounts,
  listIndicators,
  resolveIndicatorStyles,
  toCandleArrays,
  toNullable,
  validateIndicatorSettings,
  volumeProfile,
} from '@tradedesk/core';
import { AppError } from '../../platform/errors.js';
import type { MarketHistoryService } from './market.history.service.js';

/** Fields of the request body the core's messages name by themselves; others are inside settings or styles. */
const TOP_LEVEL = new Set(['indicator_name', 'indicator_settings', 'indicator_styles']);

function invalid(errors: readonly IndicatorFieldError[], within: 'indicator_settings' | 'indicator_styles'): AppError {
  const fields = errors.map((e) => ({
    field: TOP_LEVEL.has(e.field) ? e.field : `${within}.${e.field}`,
    message: e.message,
  }));
  return new AppError('VALIDATION_FAILED', 'validation', fields[0]?.message ?? 'The indicator request is not valid.', {
    fields,
  });
}

/** The indicator catalogue and calculations over the history the caller sees. */
export function createIndicatorsService(deps: { history: MarketHistoryService }) {
  return {
    list(query: IndicatorListQueryInput): IndicatorList {
      const page = listIndicators({
        page: query.page,
        limit: query.limit,
        ...(query.search ? { search: query.search } : {}),
        ...(query.group ? { group: query.group } : {}),
      });
      const counts = indicatorGroupCounts();
      return {
        indicators: page.items as IndicatorList['indicators'],
        total: page.total,
        page: page.page,
        limit: page.limit,
        groups: INDICATOR_GROUP_IDS.map((id) => ({ id, count: counts[id] })),
      };
    },

    /**
     * Validates the indicator's settings and styles (400 naming the field), reads the candles as the history
     * route would, and computes the series aligned to them (or the volume profile over `scope`).
     */
    async calculate(userId: string | null, body: IndicatorCalculationBody): Promise<IndicatorCalculation> {
      const checked = validateIndicatorSettings(body.indicator_name, body.indicator_settings ?? undefined);
      if (!checked.ok) throw invalid(checked.errors, 'indicator_settings');
      const { entry, settings } = checked;
      const styled = resolveIndicatorStyles(entry.definition, body.indicator_styles ?? undefined);
      if (!styled.ok) throw invalid(styled.errors, 'indicator_styles');

      const { answer } = await deps.history.candles({
        userId,
        symbol: body.symbol,
        source: body.source,
        timeframe: body.timeframe,
        limit: body.limit,
        ...(body.start_time !== undefined ? { mode: 'from', startTime: body.start_time } : { mode: 'latest' }),
      });
      const arrays = toCandleArrays(answer.candles);
      const times = answer.candles.map((c) => c.time);
      const base = {
        symbol: answer.symbol,
        source: answer.source,
        timeframe: answer.timeframe,
        indicator: entry.definition.id,
        overlay: entry.definition.overlay,
        settings,
        dataSource: answer.dataSource,
        label: answer.label,
        times,
        levels: [...styled.styles.levels],
        fills: [...styled.styles.fills],
      };
      if (entry.kind === 'series') {
        const result = calculateSeries(entry, settings, arrays, styled.styles);
        return {
          ...base,
          kind: 'series',
          series: result.series.map((s) => ({
            id: s.id,
            title: s.title,
            style: s.style,
            offset: s.offset,
            values: toNullable(s.values),
          })),
          profile: null,
        };
      }
      const from = body.scope?.from ?? Number.NEGATIVE_INFINITY;
      const to = body.scope?.to ?? Number.POSITIVE_INFINITY;
      const first = times.findIndex((t) => t >= from);
      let lastIndex = -1;
      for (let i = times.length - 1; i >= 0; i--) {
        if (times[i]! <= to) {
          lastIndex = i;
          break;
        }
      }
      const profile = first >= 0 && lastIndex >= first ? volumeProfile(arrays, first, lastIndex, settings) : null;
      return {
        ...base,
        kind: 'profile',
        series: [],
        profile: profile && {
          from: times[profile.from]!,
          to: times[profile.to]!,
          low: profile.low,
          high: profile.high,
          rowHeight: profile.rowHeight,
          up: Array.from(profile.up),
          down: Array.from(profile.down),
          totalVolume: profile.totalVolume,
          poc: profile.poc,
          valueAreaLow: profile.valueAreaLow,
          valueAreaHigh: profile.valueAreaHigh,
        },
      };
    },
  };
}
export type IndicatorsService = ReturnType<typeof createIndicatorsService>;
