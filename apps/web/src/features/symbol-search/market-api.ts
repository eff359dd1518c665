import type {
  MarketSource,
  RecentInstrument,
  RecentInstrumentsResponse,
  SymbolSearchResult,
} from '@tradedesk/contracts';
import { api } from '../../app/api';

export type SymbolSearchArgs = {
  search?: string;
  sources?: string[];
  countries?: string[];
  exchanges?: string[];
  categories?: string[];
  limit?: number;
};

export type RecentInstrumentsState = { list: RecentInstrument[]; version: number };

type Sources = { sources: { id: MarketSource; label: string; instrumentCount: number }[] };
type Countries = { countries: { code: string; name: string; currency: string; instrumentCount: number }[] };
type Exchanges = {
  exchanges: { id: string; name: string; country: string | null; timeZone: string; instrumentCount: number }[];
};

/** Lists go out as commas (the server reads `key=a,b`); empty ones are left out. */
function listParam(values: string[] | undefined): string | undefined {
  return values && values.length > 0 ? values.join(',') : undefined;
}

/** The instrument catalogue (GET /market/symbols and its filters) and the recently opened instruments. */
export const marketApi = api.enhanceEndpoints({ addTagTypes: ['RecentInstruments'] }).injectEndpoints({
  endpoints: (build) => ({
    symbolSearch: build.query<SymbolSearchResult, SymbolSearchArgs>({
      query: (args) => ({
        url: '/market/symbols',
        params: {
          search: args.search?.trim() || undefined,
          sources: listParam(args.sources),
          countries: listParam(args.countries),
          exchanges: listParam(args.exchanges),
          categories: listParam(args.categories),
          limit: args.limit ?? 50,
        },
      }),
    }),
    marketSources: build.query<Sources, void>({ query: () => ({ url: '/market/sources' }) }),
    marketCountries: build.query<Countries, void>({ query: () => ({ url: '/market/countries' }) }),
    marketExchanges: build.query<Exchanges, void>({ query: () => ({ url: '/market/exchanges' }) }),
    recentInstruments: build.query<RecentInstrumentsState, void>({
      query: () => ({ url: '/user-data/v1/store/instrument/recentlyList', host: 'userData' }),
      transformResponse: (response: RecentInstrumentsResponse) => ({
        list: response.payload.list,
        version: response.payload.version,
      }),
      providesTags: ['RecentInstruments'],
    }),
    saveRecentInstruments: build.mutation<
      RecentInstrumentsState,
      { version: number; list: { symbol: string; source: string }[] }
    >({
      query: (body) => ({
        url: '/user-data/v1/store/instrument/recentlyList',
        method: 'PUT',
        host: 'userData',
        body,
      }),
      transformResponse: (response: RecentInstrumentsResponse) => ({
        list: response.payload.list,
        version: response.payload.version,
      }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(
          (r) => r.data,
          () => null,
        );
        if (saved) await dispatch(marketApi.util.upsertQueryData('recentInstruments', undefined, saved));
      },
    }),
  }),
});

export const {
  useSymbolSearchQuery,
  useMarketSourcesQuery,
  useMarketCountriesQuery,
  useMarketExchangesQuery,
  useRecentInstrumentsQuery,
  useSaveRecentInstrumentsMutation,
} = marketApi;
