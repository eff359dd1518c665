import type { Chart, ChartIndicator, Layout } from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';
import type { SavedDrawing } from '../chart-api';

/** GET /charts/{id}/fetch: the chart with what it opens with (the workspace reads chart and drawings). */
export type ChartFetch = { chart: Chart; drawings: SavedDrawing[] };

/** A saved chart's fields as the screen writes them (PUT /charts/{id}, POST /charts). */
export type ChartFields = {
  name?: string;
  symbol?: string;
  timeframe?: string;
  chartType?: string;
  indicators?: readonly ChartIndicator[];
};

/** A layout's slots and sync options as sent to /layouts (an unsaved chart's slot with its type and indicators). */
export type LayoutFields = {
  name?: string;
  count: number;
  direction: 'horizontal' | 'vertical';
  charts: {
    chartId: string | null;
    symbol: string;
    timeframe: string;
    type?: string;
    indicators?: readonly ChartIndicator[];
  }[];
  sync: Layout['sync'];
};

/**
 * The body as text: the base query would snake_case every key, but an indicator's inputs and styles are keyed
 * by the catalogue's own ids and travel as they are; only the request's own fields are snake_case here.
 */
function chartBody(fields: ChartFields & { version?: number }) {
  const body: Record<string, unknown> = {};
  if (fields.version !== undefined) body.version = fields.version;
  if (fields.name !== undefined) body.name = fields.name;
  if (fields.symbol !== undefined) body.symbol = fields.symbol;
  if (fields.timeframe !== undefined) body.timeframe = fields.timeframe;
  if (fields.chartType !== undefined) body.settings = { chart_type: fields.chartType };
  if (fields.indicators !== undefined) body.indicators = fields.indicators;
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/** As `chartBody`: text, so a slot's indicator inputs and styles keep their catalogue ids. */
function layoutBody(fields: LayoutFields & { version?: number }) {
  const body = {
    ...(fields.version !== undefined ? { version: fields.version } : {}),
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    count: fields.count,
    direction: fields.direction,
    charts: fields.charts.map((c) => ({
      chart_id: c.chartId,
      symbol: c.symbol,
      timeframe: c.timeframe,
      ...(c.type !== undefined ? { type: c.type } : {}),
      ...(c.indicators !== undefined ? { indicators: c.indicators } : {}),
    })),
    sync: fields.sync,
  };
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/** Saved charts (`/charts`) and layouts (`/layouts`) as the chart workspace and the dashboard use them. */
export const savedChartsApi = api.enhanceEndpoints({ addTagTypes: ['Charts', 'Layouts'] }).injectEndpoints({
  endpoints: (build) => ({
    savedCharts: build.query<Chart[], void>({
      query: () => ({ url: '/charts' }),
      transformResponse: (answer: { charts: Chart[] }) => answer.charts,
      providesTags: ['Charts'],
    }),
    chartFetch: build.query<ChartFetch, string>({
      query: (id) => ({ url: `/charts/${encodeURIComponent(id)}/fetch` }),
      // Each open is read fresh: another tab may have saved since.
      keepUnusedDataFor: 0,
    }),
    createChart: build.mutation<Chart, ChartFields>({
      query: (fields) => ({ url: '/charts', method: 'POST', ...chartBody(fields) }),
      invalidatesTags: ['Charts'],
    }),
    updateChart: build.mutation<Chart, ChartFields & { id: string; version: number }>({
      query: ({ id, ...fields }) => ({ url: `/charts/${encodeURIComponent(id)}`, method: 'PUT', ...chartBody(fields) }),
      invalidatesTags: ['Charts'],
    }),
    deleteChart: build.mutation<void, string>({
      query: (id) => ({ url: `/charts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['Charts'],
    }),
    layouts: build.query<Layout[], void>({
      query: () => ({ url: '/layouts' }),
      transformResponse: (answer: { layouts: Layout[] }) => answer.layouts,
      providesTags: ['Layouts'],
    }),
    layout: build.query<Layout, string>({
      query: (id) => ({ url: `/layouts/${encodeURIComponent(id)}` }),
      keepUnusedDataFor: 0,
    }),
    createLayout: build.mutation<Layout, LayoutFields & { name: string }>({
      query: (fields) => ({ url: '/layouts', method: 'POST', ...layoutBody(fields) }),
      invalidatesTags: ['Layouts'],
    }),
    updateLayout: build.mutation<Layout, LayoutFields & { id: string; version: number }>({
      query: ({ id, ...fields }) => ({
        url: `/layouts/${encodeURIComponent(id)}`,
        method: 'PUT',
        ...layoutBody(fields),
      }),
      invalidatesTags: ['Layouts'],
    }),
    renameLayout: build.mutation<Layout, { id: string; version: number; name: string }>({
      query: ({ id, version, name }) => ({
        url: `/layouts/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { version, name },
      }),
      invalidatesTags: ['Layouts'],
    }),
    deleteLayout: build.mutation<void, string>({
      query: (id) => ({ url: `/layouts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['Layouts'],
    }),
  }),
});

// Failed loads show in the workspace with a retry, and a failed save says so itself (a toast naming it).
markQuietEndpoints('chartFetch', 'updateChart', 'layout', 'updateLayout', 'renameLayout', 'deleteLayout');

export const {
  useSavedChartsQuery,
  useChartFetchQuery,
  useLazyChartFetchQuery,
  useCreateChartMutation,
  useUpdateChartMutation,
  useDeleteChartMutation,
  useLayoutsQuery,
  useLayoutQuery,
  useLazyLayoutQuery,
  useCreateLayoutMutation,
  useUpdateLayoutMutation,
  useRenameLayoutMutation,
  useDeleteLayoutMutation,
} = savedChartsApi;
