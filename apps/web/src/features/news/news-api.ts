import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type {
  CreateNewsFolderBody,
  NewsFolder,
  NewsFolderList,
  NewsItem,
  NewsPage,
  NewsProvider,
  NewsProviderList,
  NewsReadAllAnswer,
  NewsReadAllOption,
  NewsRecent,
  NewsSentiment,
  NewsSort,
  NewsUnread,
  UpdateNewsFolderBody,
} from '@tradedesk/contracts';
import { api } from '../../app/api';
import type { RootState } from '../../app/store';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

/** What a news list shows: every item, or the read-later ones (favorites), with the screen's filters. */
export type NewsListArgs = {
  list: 'all' | 'favorites';
  sort: NewsSort;
  sentiments: NewsSentiment[];
  search: string;
  /** Provider or folder ids (spec section 7 `segments[]`). */
  segments: string[];
  /** Instrument ids the items mention: the chart's news tab. */
  symbols: string[];
};

/** The query of GET /market/news (and /favorites) for a list and a page; sentiments lowercased (spec section 5). */
export function newsListParams(args: NewsListArgs, cursor: string): Record<string, string> {
  const params: Record<string, string> = { sort: args.sort };
  if (args.sentiments.length) params.sentiments = args.sentiments.map((s) => s.toLowerCase()).join(',');
  if (args.search.trim()) params.search = args.search.trim();
  if (args.segments.length) params.segments = args.segments.join(',');
  if (args.symbols.length) params.symbols = args.symbols.join(',');
  if (cursor) params.cursor = cursor;
  return params;
}

type Draft = { unread?: boolean; isSaved?: boolean };

/**
 * The news area (packages/contracts/src/news.ts): items by cursor pages (infinite scroll), read later, recently
 * watched, unread counts, folders and providers. Reading and saving patch every cached copy of the item at once,
 * so the list, the reader and the chart's tab agree without a reload.
 */
export const newsApi = api
  .enhanceEndpoints({ addTagTypes: ['NewsList', 'NewsFavorites', 'NewsRecent', 'NewsUnread', 'NewsFolders'] })
  .injectEndpoints({
    endpoints: (build) => ({
      newsList: build.infiniteQuery<NewsPage, NewsListArgs, string>({
        infiniteQueryOptions: {
          initialPageParam: '',
          getNextPageParam: (last) => last.nextCursor ?? undefined,
        },
        query: ({ queryArg, pageParam }) => ({
          url: queryArg.list === 'favorites' ? '/market/news/favorites' : '/market/news',
          params: newsListParams(queryArg, pageParam),
        }),
        providesTags: (_r, _e, args) => (args.list === 'favorites' ? ['NewsFavorites'] : ['NewsList']),
      }),
      newsRecent: build.query<NewsItem[], void>({
        query: () => ({ url: '/market/news/recent' }),
        transformResponse: (answer: NewsRecent) => answer.items,
        providesTags: ['NewsRecent'],
      }),
      newsUnread: build.query<NewsUnread, void>({
        query: () => ({ url: '/market/news/unread' }),
        providesTags: ['NewsUnread'],
      }),
      newsProviders: build.query<NewsProvider[], void>({
        query: () => ({ url: '/market/news/providers' }),
        transformResponse: (answer: NewsProviderList) => answer.providers,
      }),
      newsFolders: build.query<NewsFolder[], void>({
        query: () => ({ url: '/market/news/folders' }),
        transformResponse: (answer: NewsFolderList) => answer.folders,
        providesTags: ['NewsFolders'],
      }),
      createNewsFolder: build.mutation<NewsFolder, CreateNewsFolderBody>({
        query: (body) => ({ url: '/market/news/folders', method: 'POST', body }),
        invalidatesTags: (_r, error) => (error ? [] : ['NewsFolders']),
      }),
      updateNewsFolder: build.mutation<NewsFolder, { id: string; body: UpdateNewsFolderBody }>({
        query: ({ id, body }) => ({ url: `/market/news/folders/${encodeURIComponent(id)}`, method: 'PUT', body }),
        // Opening or closing a folder shows at once; a failure puts it back.
        async onQueryStarted({ id, body }, { dispatch, queryFulfilled }) {
          const patch = dispatch(
            newsApi.util.updateQueryData('newsFolders', undefined, (folders) => {
              const folder = folders.find((f) => f.id === id);
              if (!folder) return;
              if (body.name !== undefined) folder.name = body.name;
              if (body.color !== undefined) folder.color = body.color;
              if (body.is_open !== undefined) folder.isOpen = body.is_open;
            }),
          );
          await queryFulfilled.catch(() => patch.undo());
        },
        invalidatesTags: (_r, error) => (error ? [] : ['NewsFolders']),
      }),
      deleteNewsFolder: build.mutation<void, string>({
        query: (id) => ({ url: `/market/news/folders/${encodeURIComponent(id)}`, method: 'DELETE' }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error) => (error ? [] : ['NewsFolders']),
      }),
      /**
       * Opens an item (GET read/{id}): the server marks it read and puts it first in recently watched. A query, so
       * the reader can show the answer and saving patches it like every other copy; asked again at each opening.
       */
      newsArticle: build.query<NewsItem, string>({
        query: (id) => ({ url: `/market/news/article/read/${encodeURIComponent(id)}` }),
        keepUnusedDataFor: 0,
        async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
          const read = await queryFulfilled.then(
            () => true,
            () => false,
          );
          if (!read) return;
          patchItem(dispatch, getState() as RootState, id, { unread: false });
          dispatch(newsApi.util.invalidateTags(['NewsUnread', 'NewsRecent']));
        },
      }),
      saveNews: build.mutation<unknown, string>({
        query: (id) => ({ url: `/market/news/article/${encodeURIComponent(id)}/save`, method: 'PUT' }),
        async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
          const undo = patchItem(dispatch, getState() as RootState, id, { isSaved: true });
          await queryFulfilled.catch(undo);
        },
        invalidatesTags: (_r, error) => (error ? [] : ['NewsFavorites']),
      }),
      unsaveNews: build.mutation<unknown, string>({
        query: (id) => ({ url: `/market/news/article/${encodeURIComponent(id)}/unsave`, method: 'DELETE' }),
        async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
          const undo = patchItem(dispatch, getState() as RootState, id, { isSaved: false });
          await queryFulfilled.catch(undo);
        },
        invalidatesTags: (_r, error) => (error ? [] : ['NewsFavorites']),
      }),
      readAllNews: build.mutation<NewsReadAllAnswer, { option: NewsReadAllOption; segments?: string[] }>({
        query: (body) => ({ url: '/market/news/read-all', method: 'PUT', body }),
        invalidatesTags: (_r, error) => (error ? [] : ['NewsList', 'NewsFavorites', 'NewsRecent', 'NewsUnread']),
      }),
    }),
  });

type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** Sets fields of one item in every cached list, the recent list and the last opened copy; gives the undo. */
function patchItem(dispatch: AppDispatch, state: RootState, id: string, fields: Draft): () => void {
  const undos: (() => void)[] = [];
  const apply = (item: NewsItem) => {
    if (item.id === id) Object.assign(item, fields);
  };
  for (const args of newsApi.util.selectCachedArgsForQuery(state, 'newsList')) {
    const patch = dispatch(
      newsApi.util.updateQueryData('newsList', args, (data) => {
        for (const page of data.pages) page.items.forEach(apply);
      }),
    );
    undos.push(patch.undo);
  }
  undos.push(dispatch(newsApi.util.updateQueryData('newsRecent', undefined, (items) => items.forEach(apply))).undo);
  undos.push(dispatch(newsApi.util.updateQueryData('newsArticle', id, apply)).undo);
  return () => {
    for (const undo of undos) undo();
  };
}

// The screen shows these failures itself (the list's error state, the save toast with what went wrong).
markQuietEndpoints('newsList', 'newsRecent', 'newsArticle', 'saveNews', 'unsaveNews');

export const {
  useNewsListInfiniteQuery,
  useNewsRecentQuery,
  useNewsUnreadQuery,
  useNewsProvidersQuery,
  useNewsFoldersQuery,
  useCreateNewsFolderMutation,
  useUpdateNewsFolderMutation,
  useDeleteNewsFolderMutation,
  useNewsArticleQuery,
  useSaveNewsMutation,
  useUnsaveNewsMutation,
  useReadAllNewsMutation,
} = newsApi;
