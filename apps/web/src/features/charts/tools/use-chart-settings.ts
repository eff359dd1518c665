import { layoutChartCounts } from '@tradedesk/contracts';
import { useCallback } from 'react';
import { z } from 'zod';
import { useAppDispatch } from '../../../app/hooks';
import { userDataApi, useWorkspaceDocumentQuery } from '../../../shared/user-data/user-data-api';
import { DEFAULT_TIMEFRAME, TIMEFRAMES, type Timeframe } from '../model/timeframes';

/** The user's chart settings, kept in the user-data store as the workspace document "chart-settings". */
export type ChartSettings = {
  /** The timeframe /chart opens with when the link names none. */
  defaultTimeframe: Timeframe;
  /** How many charts a new layout has (1, 2, 4 or 8). */
  defaultLayout: (typeof layoutChartCounts)[number];
  autosave: boolean;
  /** Show trading-journal entries on the chart (kept until the journal exists). */
  journal: boolean;
};

export const CHART_SETTINGS_NAME = 'chart-settings';
const VERSION = 1;
export const defaultChartSettings: ChartSettings = {
  defaultTimeframe: DEFAULT_TIMEFRAME,
  defaultLayout: 1,
  autosave: true,
  journal: false,
};

const timeframeIds = TIMEFRAMES.map((t) => t.id) as [Timeframe, ...Timeframe[]];
const schema = z.object({
  defaultTimeframe: z.enum(timeframeIds).catch(defaultChartSettings.defaultTimeframe),
  defaultLayout: z
    .number()
    .refine((n): n is ChartSettings['defaultLayout'] => (layoutChartCounts as readonly number[]).includes(n))
    .catch(defaultChartSettings.defaultLayout),
  autosave: z.boolean().catch(defaultChartSettings.autosave),
  journal: z.boolean().catch(defaultChartSettings.journal),
});

/** A saved document read leniently: an unknown shape version or a bad field gives that field's default. */
export function readChartSettings(version: number | undefined, state: unknown): ChartSettings {
  if (version !== VERSION) return defaultChartSettings;
  const parsed = schema.safeParse(state);
  return parsed.success ? (parsed.data as ChartSettings) : defaultChartSettings;
}

/**
 * The chart settings and a save that answers whether it worked. They follow the user to every browser; nothing
 * saved yet (404) gives the defaults (15 minutes, one chart, autosave on, journal off).
 */
export function useChartSettings(options: { skip?: boolean } = {}) {
  const dispatch = useAppDispatch();
  const query = useWorkspaceDocumentQuery(CHART_SETTINGS_NAME, { skip: options.skip });
  const settings = readChartSettings(query.data?.version, query.data?.state);
  // A missing document (404) is the defaults, not a failure.
  const loaded = query.isSuccess || query.isError;

  const save = useCallback(
    async (next: ChartSettings): Promise<boolean> => {
      const result = await dispatch(
        userDataApi.endpoints.saveWorkspaceDocument.initiate({
          name: CHART_SETTINGS_NAME,
          version: VERSION,
          state: next,
        }),
      );
      return !('error' in result);
    },
    [dispatch],
  );

  return { settings, loaded, save };
}
