import type { MetricsDirection, MetricsResponse, MetricsSession, StrategyList } from '@tradedesk/contracts';
import { api } from '../../app/api';

export type MetricsArgs = {
  /** A trading account id, or `all` for every account of the user together. */
  account: string;
  /** Calendar days (yyyy-mm-dd) in `tz`, both inclusive. */
  from?: string;
  to?: string;
  symbol?: string;
  direction?: MetricsDirection;
  session?: MetricsSession;
  strategy?: string;
  /** An approach id: trades the journal links to that approach. */
  approach?: string;
  /** A checklist item id: trades whose approach's checklist has it, met (`checklist=followed`, the default) or not. */
  checklist_item?: string;
  checklist?: 'followed' | 'broke';
  /** Trades reviewed in the journal (annotated) or not. */
  reviewed?: 'true' | 'false';
  /** Reviewed trades that met every checklist item of their approach with no mistake, or the others. */
  discipline?: 'followed' | 'broke';
  /** The user's time zone: days, hours and weeks are theirs. */
  tz?: string;
};

/**
 * Performance metrics of closed trades (spec section 7 "Metrics": GET /trading/metrics/{accountID}). Closing a
 * trade invalidates the trades tag of features/trading, so the figures are read again with the history.
 */
export const metricsApi = api.enhanceEndpoints({ addTagTypes: ['Trades', 'Strategies'] }).injectEndpoints({
  endpoints: (build) => ({
    metrics: build.query<MetricsResponse, MetricsArgs>({
      query: ({ account, ...params }) => ({ url: `/trading/metrics/${encodeURIComponent(account)}`, params }),
      providesTags: ['Trades'],
    }),
    /**
     * The names of the user's strategies (the 100 changed last), for the strategy filter: the trades carry the id
     * of the strategy the journal links them to. The strategies screen's changes invalidate the same tag.
     */
    strategyNames: build.query<Record<string, string>, void>({
      query: () => ({ url: '/strategies', params: { page: 1, limit: 100 } }),
      transformResponse: (list: StrategyList) => Object.fromEntries(list.items.map((s) => [s.id, s.name])),
      providesTags: [{ type: 'Strategies', id: 'LIST' }],
    }),
  }),
});

export const { useMetricsQuery, useStrategyNamesQuery } = metricsApi;
