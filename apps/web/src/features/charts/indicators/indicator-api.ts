import type { IndicatorCalculation, IndicatorGroupId, IndicatorList } from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';

export type IndicatorListArgs = { search?: string; group?: IndicatorGroupId };

export type CalculationArgs = {
  symbol: string;
  source: string;
  timeframe: string;
  name: string;
  settings: Record<string, number | string | boolean>;
  styles: Record<string, Record<string, number | string | boolean>>;
  /** The first loaded bar's time and the number of bars: the values line up with the chart's candles. */
  startTime?: number;
  limit: number;
};

/**
 * The indicator catalogue and calculations (docs/api.md#market-data). The calculation body is sent as text:
 * input and plot ids (`stdDev`) are the catalogue's and must not be snake_cased by the base query.
 */
export const indicatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    indicatorList: build.query<IndicatorList, IndicatorListArgs>({
      query: ({ search, group }) => {
        const q = new URLSearchParams({ page: '1', limit: '500' });
        if (search) q.set('search', search);
        if (group) q.set('group', group);
        return { url: `/indicators/list?${q}` };
      },
      keepUnusedDataFor: 300,
    }),
    indicatorCalculation: build.query<IndicatorCalculation, CalculationArgs>({
      query: (a) => ({
        url: '/indicators/calculation',
        method: 'POST',
        body: JSON.stringify({
          symbol: a.symbol,
          source: a.source,
          timeframe: a.timeframe,
          indicator_name: a.name,
          indicator_settings: a.settings,
          indicator_styles: a.styles,
          ...(a.startTime !== undefined ? { start_time: a.startTime } : {}),
          limit: a.limit,
        }),
        headers: { 'content-type': 'application/json' },
      }),
      keepUnusedDataFor: 60,
    }),
  }),
});

// The chart shows an indicator that failed in its legend row; the settings dialog shows the field's message.
markQuietEndpoints('indicatorList', 'indicatorCalculation');

export const { useIndicatorListQuery, useIndicatorCalculationQuery, useLazyIndicatorCalculationQuery } = indicatorApi;
