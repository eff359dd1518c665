import type {
  Chart,
  ChartShare,
  ChartTemplate,
  ChartTemplateKind,
  ChartTemplateList,
  ChartTimeframe,
  IndicatorCalculation,
  SharedChart,
  TemplateSettings,
} from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';
import type { ChartIndicatorState } from '../indicators/model';

const snake = (key: string) => key.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

/** A template's appearance as the API takes it (snake_case keys, unset ones left out). */
export function settingsBody(settings: TemplateSettings): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [snake(k), v]),
  );
}

/** The chart's indicators as the API takes them: the chart's key as `id`, shown or not as `visible`. */
export function indicatorsBody(list: readonly ChartIndicatorState[]) {
  return list.map((i) => ({ id: i.key, name: i.name, settings: i.settings, styles: i.styles, visible: !i.hidden }));
}

/** A saved indicator (from a template or a shared chart) as the chart holds it. */
export function indicatorState(i: ChartTemplate['indicators'][number]): ChartIndicatorState {
  return { key: i.id, name: i.name, settings: i.settings, styles: i.styles, hidden: !i.visible };
}

export type TemplateInput = {
  name?: string;
  settings?: TemplateSettings;
  indicators?: readonly ChartIndicatorState[];
};

/**
 * A template's body, sent as text: the base query turns every object key into snake_case, but an indicator's
 * inputs and styles are keyed by the catalogue's ids (`lineWidth`, `stdDev`) and travel as they are.
 */
function templateBody(input: TemplateInput & { kind?: ChartTemplateKind }) {
  return {
    body: JSON.stringify({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.kind ? { kind: input.kind } : {}),
      ...(input.settings ? { settings: settingsBody(input.settings) } : {}),
      ...(input.indicators ? { indicators: indicatorsBody(input.indicators) } : {}),
    }),
    headers: { 'content-type': 'application/json' },
  };
}

/** What a shared link shows: the chart's view on the screen now. */
export type ShareArgs = {
  chartId: string;
  timeframe: ChartTimeframe;
  indicators: readonly ChartIndicatorState[];
  chartType?: TemplateSettings['chartType'];
};

const listTag = (kind: ChartTemplateKind) => ({ type: 'ChartTemplates' as const, id: kind });

/**
 * The chart tools' calls: templates (`/templates`, chart and indicator kinds, one default of each) and a
 * saved chart's public link (`/charts/{id}/share`, read by anyone at `/charts/share/{token}`).
 */
export const toolsApi = api.enhanceEndpoints({ addTagTypes: ['ChartTemplates', 'SavedChart'] }).injectEndpoints({
  endpoints: (build) => ({
    chartTemplates: build.query<ChartTemplate[], ChartTemplateKind>({
      query: (kind) => ({ url: '/templates', params: { kind } }),
      transformResponse: (answer: ChartTemplateList) => answer.templates,
      providesTags: (_r, _e, kind) => [listTag(kind)],
    }),
    createTemplate: build.mutation<ChartTemplate, TemplateInput & { name: string; kind: ChartTemplateKind }>({
      query: (input) => ({ url: '/templates', method: 'POST', ...templateBody(input) }),
      invalidatesTags: (_r, _e, { kind }) => [listTag(kind)],
    }),
    updateTemplate: build.mutation<ChartTemplate, TemplateInput & { id: string; kind: ChartTemplateKind }>({
      query: ({ id, kind: _kind, ...input }) => ({
        url: `/templates/${encodeURIComponent(id)}`,
        method: 'PUT',
        ...templateBody(input),
      }),
      invalidatesTags: (_r, _e, { kind }) => [listTag(kind)],
    }),
    deleteTemplate: build.mutation<void, { id: string; kind: ChartTemplateKind }>({
      query: ({ id }) => ({ url: `/templates/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, _e, { kind }) => [listTag(kind)],
    }),
    setDefaultTemplate: build.mutation<ChartTemplate, { id: string; kind: ChartTemplateKind }>({
      query: ({ id }) => ({ url: `/templates/${encodeURIComponent(id)}/default`, method: 'PUT' }),
      invalidatesTags: (_r, _e, { kind }) => [listTag(kind)],
    }),
    savedChart: build.query<Chart, string>({
      query: (id) => ({ url: `/charts/${encodeURIComponent(id)}` }),
      providesTags: (_r, _e, id) => [{ type: 'SavedChart', id }],
    }),
    shareChart: build.mutation<ChartShare, ShareArgs>({
      query: ({ chartId, ...view }) => ({
        url: `/charts/${encodeURIComponent(chartId)}/share`,
        method: 'POST',
        // As text, like a template's body: indicator inputs keep the catalogue's keys.
        body: JSON.stringify({
          timeframe: view.timeframe,
          indicators: indicatorsBody(view.indicators),
          ...(view.chartType ? { settings: { chart_type: view.chartType } } : {}),
        }),
        headers: { 'content-type': 'application/json' },
      }),
      invalidatesTags: (_r, _e, { chartId }) => [{ type: 'SavedChart', id: chartId }],
    }),
    unshareChart: build.mutation<void, { chartId: string }>({
      query: ({ chartId }) => ({ url: `/charts/${encodeURIComponent(chartId)}/share`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, _e, { chartId }) => [{ type: 'SavedChart', id: chartId }],
    }),
    sharedChart: build.query<SharedChart, string>({
      query: (token) => ({ url: `/charts/share/${encodeURIComponent(token)}` }),
    }),
    /** One indicator of a shared chart over its public candles, for a signed-out visitor. */
    sharedIndicator: build.query<
      IndicatorCalculation,
      { token: string; indicatorId: string; limit: number; startTime: number }
    >({
      // The query string is written here: the parameter is camelCase (`startTime`) as on the history route.
      query: ({ token, indicatorId, limit, startTime }) => ({
        url: `/charts/share/${encodeURIComponent(token)}/indicators/${encodeURIComponent(indicatorId)}?${new URLSearchParams({ limit: String(limit), startTime: String(startTime) })}`,
      }),
    }),
  }),
});

// Each dialog shows its own failure where it happened (on the form, in the list), not as a global toast.
markQuietEndpoints(
  'chartTemplates',
  'createTemplate',
  'updateTemplate',
  'deleteTemplate',
  'setDefaultTemplate',
  'savedChart',
  'shareChart',
  'unshareChart',
  'sharedChart',
  'sharedIndicator',
);

export const {
  useChartTemplatesQuery,
  useCreateTemplateMutation,
  useUpdateTemplateMutation,
  useDeleteTemplateMutation,
  useSetDefaultTemplateMutation,
  useSavedChartQuery,
  useShareChartMutation,
  useUnshareChartMutation,
  useSharedChartQuery,
  useSharedIndicatorQuery,
} = toolsApi;
