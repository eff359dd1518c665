import type { FeedPage } from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';
import { postListTags } from '../posts/posts-api';

export type FeedFilter = 'people_you_follow' | 'from_anyone';
export type FeedSort = 'recent' | 'top';
export type FeedArgs = { filter: FeedFilter; sort: FeedSort };

/** The feed (GET /profile/feed: keyset pages by `nextCursor`) and its new-post count (GET /profile/feed/new). */
export const feedApi = api.enhanceEndpoints({ addTagTypes: ['Post', 'Posts'] }).injectEndpoints({
  endpoints: (build) => ({
    socialFeed: build.infiniteQuery<FeedPage, FeedArgs, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/profile/feed',
        params: { filter: queryArg.filter, sort: queryArg.sort, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      providesTags: (r) => (r ? postListTags(r.pages.flatMap((p) => p.items)) : ['Posts']),
    }),
    socialFeedNew: build.query<{ count: number }, { filter: FeedFilter; since: string }>({
      query: (params) => ({ url: '/profile/feed/new', params }),
      keepUnusedDataFor: 0,
    }),
  }),
});

markQuietEndpoints('socialFeed', 'socialFeedNew');

export const { useSocialFeedInfiniteQuery, useLazySocialFeedNewQuery } = feedApi;
