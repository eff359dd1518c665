import type { SharedWatchlist, Watchlist, WatchlistList } from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

/**
 * The watchlist routes (spec section 7, "Watchlist"; docs/api.md). Every change answers the list, which
 * replaces the cached copy; creating, duplicating, deleting and the default reload the lists.
 */
export const watchlistsApi = api.enhanceEndpoints({ addTagTypes: ['Watchlists'] }).injectEndpoints({
  endpoints: (build) => ({
    watchlists: build.query<Watchlist[], void>({
      query: () => ({ url: '/watchlist' }),
      transformResponse: (r: WatchlistList) => r.watchlists,
      providesTags: ['Watchlists'],
    }),
    createWatchlist: build.mutation<Watchlist, { name?: string }>({
      query: (body) => ({ url: '/watchlist', method: 'POST', body }),
      invalidatesTags: ['Watchlists'],
    }),
    updateWatchlist: build.mutation<Watchlist, { id: string; name?: string; symbolIds?: string[]; shared?: boolean }>({
      query: ({ id, ...body }) => ({ url: `/watchlist/${id}`, method: 'PUT', body }),
      // The order shows at once; a refused reorder puts the list back.
      async onQueryStarted({ id, symbolIds }, { dispatch, queryFulfilled }) {
        const patch = symbolIds
          ? dispatch(
              watchlistsApi.util.updateQueryData('watchlists', undefined, (lists) => {
                const list = lists.find((l) => l.id === id);
                if (!list) return;
                const byId = new Map(list.symbols.map((s) => [s.id, s]));
                list.symbols = symbolIds.flatMap((sid) => byId.get(sid) ?? []);
              }),
            )
          : null;
        try {
          const { data } = await queryFulfilled;
          dispatch(replaceList(data));
        } catch {
          patch?.undo();
        }
      },
    }),
    deleteWatchlist: build.mutation<void, string>({
      query: (id) => ({ url: `/watchlist/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['Watchlists'],
    }),
    addWatchlistSymbol: build.mutation<Watchlist, { id: string; source: string; ticker: string }>({
      query: ({ id, ...body }) => ({ url: `/watchlist/${id}/symbol`, method: 'POST', body }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          (r) => r.data,
          () => null,
        );
        if (done) dispatch(replaceList(done));
      },
    }),
    removeWatchlistSymbol: build.mutation<Watchlist, { id: string; symbolId: string }>({
      query: ({ id, symbolId }) => ({ url: `/watchlist/${id}/symbol/${symbolId}`, method: 'DELETE' }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          (r) => r.data,
          () => null,
        );
        if (done) dispatch(replaceList(done));
      },
    }),
    duplicateWatchlist: build.mutation<Watchlist, string>({
      query: (id) => ({ url: `/watchlist/${id}/duplicate` }),
      invalidatesTags: ['Watchlists'],
    }),
    setDefaultWatchlist: build.mutation<Watchlist, string>({
      query: (id) => ({ url: `/watchlist/${id}/default`, method: 'PUT' }),
      invalidatesTags: ['Watchlists'],
    }),
    sharedWatchlist: build.query<SharedWatchlist, string>({
      query: (token) => ({ url: `/watchlist/share/${encodeURIComponent(token)}` }),
    }),
  }),
});

function replaceList(list: Watchlist) {
  return watchlistsApi.util.updateQueryData('watchlists', undefined, (lists) => {
    const index = lists.findIndex((l) => l.id === list.id);
    if (index >= 0) lists[index] = list;
  });
}

// The screen shows these failures where they happen (a duplicate symbol beside the list, a missing share link
// as the page's own state): the global error toast stays out of them.
markQuietEndpoints('addWatchlistSymbol', 'sharedWatchlist');

export const {
  useWatchlistsQuery,
  useCreateWatchlistMutation,
  useUpdateWatchlistMutation,
  useDeleteWatchlistMutation,
  useAddWatchlistSymbolMutation,
  useRemoveWatchlistSymbolMutation,
  useDuplicateWatchlistMutation,
  useSetDefaultWatchlistMutation,
  useSharedWatchlistQuery,
} = watchlistsApi;
