import type { DrawingShape } from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';
import type { Candle } from './model/candles';
import type { Timeframe } from './model/timeframes';

/** Most bars one historical call answers (the feed's limit). */
export const MAX_HISTORY_LIMIT = 5000;
/** Bars asked for when a chart opens, and for each older page while scrolling left. */
export const HISTORY_PAGE = 1000;

export type HistoryArgs = {
  symbol: string;
  source: string;
  timeframe: Timeframe;
  limit: number;
  /** Unix seconds: the bars just before this time (older pages); without it, the latest bars. */
  endTime?: number;
};

/** The chart's view of a historical answer. */
export type History = {
  candles: Candle[];
  /** True when the bars come from the simulated market (the answer says so), so the chart labels them. */
  simulated: boolean;
};

/** GET /middleware/feed/historical's answer, as far as the chart reads it (docs/api.md#market-data). */
type HistoryAnswer = {
  candles: Candle[];
  /** "Simulated", "Imported" or "Mixed" (imported bars over part of the range). */
  dataSource: string;
};

/** The feed's answer as the chart uses it: the bars are (partly) simulated unless every one was imported. */
export function readHistory(answer: HistoryAnswer): History {
  return { candles: answer.candles, simulated: answer.dataSource !== 'Imported' };
}

/** A drawing as the drawings API stores it: the contract's shape with its id, chart and symbol. */
export type SavedDrawing = DrawingShape & {
  id: string;
  symbol: string;
  chartId: string | null;
  createdAt?: string;
  updatedAt?: string;
};

export type DrawingsArgs = { symbol: string; chartId: string | null };

type DrawingsAnswer = { drawings: SavedDrawing[] };

/**
 * A drawing's body. Sent as text: the base query turns object keys into snake_case, but a drawing's style
 * (`lineWidth`, `fillColor`, `fibLevels`) is the contract's serialisable model and travels as it is; only the
 * request's own fields are snake_case.
 */
function drawingBody(args: { symbol: string; chartId: string | null; shape: DrawingShape }) {
  const { tool, points, style, text, locked, hidden } = args.shape;
  return {
    body: JSON.stringify({
      ...(args.chartId ? { chart_id: args.chartId } : {}),
      symbol: args.symbol,
      tool,
      points,
      style,
      ...(text !== undefined ? { text } : {}),
      locked,
      hidden,
    }),
    headers: { 'content-type': 'application/json' },
  };
}

/**
 * The chart screen's calls: historical bars from the market feed and the drawings of a chart and symbol
 * (CRUD /drawings). Live bars come over the WebSocket (see hooks/use-live-bar.ts), not from here.
 */
export const chartApi = api.enhanceEndpoints({ addTagTypes: ['Drawings'] }).injectEndpoints({
  endpoints: (build) => ({
    historicalCandles: build.query<History, HistoryArgs>({
      // The query string is written here: the spec's parameter names are camelCase (`endTime`), and the base
      // query would turn `params` keys into snake_case.
      query: ({ symbol, source, timeframe, limit, endTime }) => {
        const q = new URLSearchParams({ symbol, source, timeframe, limit: String(limit) });
        if (endTime !== undefined) q.set('endTime', String(endTime));
        return { url: `/middleware/feed/historical?${q}` };
      },
      transformResponse: (answer: HistoryAnswer) => readHistory(answer),
      // A chart keeps its history while it stays open; a page scrolled past is dropped a minute after.
      keepUnusedDataFor: 60,
    }),
    drawings: build.query<SavedDrawing[], DrawingsArgs>({
      query: ({ symbol, chartId }) => ({ url: '/drawings', params: { symbol, chartId: chartId ?? undefined } }),
      transformResponse: (answer: DrawingsAnswer) => answer.drawings,
      providesTags: (_r, _e, { symbol, chartId }) => [{ type: 'Drawings', id: `${chartId ?? ''}:${symbol}` }],
    }),
    createDrawing: build.mutation<SavedDrawing, { symbol: string; chartId: string | null; shape: DrawingShape }>({
      query: (args) => ({ url: '/drawings', method: 'POST', ...drawingBody(args) }),
    }),
    updateDrawing: build.mutation<
      SavedDrawing,
      { id: string; symbol: string; chartId: string | null; shape: DrawingShape }
    >({
      query: ({ id, ...args }) => ({ url: `/drawings/${encodeURIComponent(id)}`, method: 'PUT', ...drawingBody(args) }),
    }),
    deleteDrawing: build.mutation<void, { id: string }>({
      query: ({ id }) => ({ url: `/drawings/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
    }),
  }),
});

// The chart shows its own failed state with a retry, and a drawing that could not be saved says so itself.
markQuietEndpoints('historicalCandles', 'drawings', 'createDrawing', 'updateDrawing', 'deleteDrawing');

export const {
  useHistoricalCandlesQuery,
  useDrawingsQuery,
  useCreateDrawingMutation,
  useUpdateDrawingMutation,
  useDeleteDrawingMutation,
} = chartApi;
