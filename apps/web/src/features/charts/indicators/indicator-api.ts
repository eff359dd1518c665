import type {
  IndicatorCalculation,
  IndicatorCollection,
  IndicatorCollectionsResponse,
  IndicatorGroupId,
  IndicatorList,
} from '@tradedesk/contracts';
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
/** The user's indicator collections; `version` 0 and `missing` while none are saved (the store's 404). */
export type IndicatorCollectionsState = { list: IndicatorCollection[]; version: number; missing: boolean };

const COLLECTIONS_URL = '/user-data/v1/store/indicators/indicatorCollections';

export const indicatorApi = api.enhanceEndpoints({ addTagTypes: ['IndicatorCollections'] }).injectEndpoints({
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
    indicatorCollections: build.query<IndicatorCollectionsState, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const r = await baseQuery({ url: COLLECTIONS_URL, host: 'userData' } as never);
        if (r.error) {
          if ((r.error as { status?: unknown }).status === 404)
            return { data: { list: [], version: 0, missing: true } };
          return { error: r.error };
        }
        const payload = (r.data as IndicatorCollectionsResponse).payload;
        return { data: { list: payload.list, version: payload.version, missing: false } };
      },
      providesTags: ['IndicatorCollections'],
    }),
    saveIndicatorCollections: build.mutation<
      IndicatorCollectionsState,
      { version: number; list: IndicatorCollection[] }
    >({
      query: ({ version, list }) => ({
        url: COLLECTIONS_URL,
        method: 'PUT',
        host: 'userData',
        body: { version, list: list.map((c) => ({ id: c.id, tab_name: c.tabName, indicators: c.indicators })) },
      }),
      transformResponse: (r: IndicatorCollectionsResponse) => ({
        list: r.payload.list,
        version: r.payload.version,
        missing: false,
      }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(
          (r) => r.data,
          () => null,
        );
        if (saved) await dispatch(indicatorApi.util.upsertQueryData('indicatorCollections', undefined, saved));
      },
      // A 409 (saved in another tab) reads them again.
      invalidatesTags: (_r, error) => (error ? ['IndicatorCollections'] : []),
    }),
  }),
});

// The chart shows an indicator that failed in its legend row; the settings dialog shows the field's message.
markQuietEndpoints('indicatorList', 'indicatorCalculation', 'indicatorCollections', 'saveIndicatorCollections');

export const {
  useIndicatorListQuery,
  useIndicatorCalculationQuery,
  useLazyIndicatorCalculationQuery,
  useIndicatorCollectionsQuery,
  useSaveIndicatorCollectionsMutation,
} = indicatorApi;
