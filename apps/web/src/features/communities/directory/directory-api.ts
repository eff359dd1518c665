import type { Community, CommunitySummary } from '@tradedesk/contracts';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';
import { communityApi } from '../community-api';

const enc = encodeURIComponent;

export type CommunityPage = { items: CommunitySummary[]; page: number; limit: number; total: number };
export type CommunityCategory = { id: string; name: string; communities: number };
/** POST /community/{id}/join (contracts `joinResultSchema`). */
export type JoinResult = { status: 'joined' | 'requested'; community: Community };
export type DirectoryArgs = { search?: string; category?: string; page?: number; limit?: number };

/** A list answer as `{ items }` (the paged shape every list uses) or a bare array: both read as the items. */
function itemsOf<T>(answer: { items: T[] } | T[]): T[] {
  return Array.isArray(answer) ? answer : answer.items;
}

/** A page answer; a bare array (a short list the server does not page) reads as one page. */
function pageOf(answer: CommunityPage | CommunitySummary[]): CommunityPage {
  if (!Array.isArray(answer)) return answer;
  return { items: answer, page: 1, limit: answer.length, total: answer.length };
}

/**
 * The directory's calls (`/communities`: Your Community and Discover; docs/api.md "Communities"). Joining, a
 * request, its withdrawal and a pin change the lists and the community ('CommunityLists', 'Community').
 */
export const directoryApi = communityApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /community: search and category are sent only when non-empty. */
    communityDirectory: build.query<CommunityPage, DirectoryArgs>({
      query: ({ search, category, page, limit }) => ({
        url: '/community',
        params: {
          ...(search?.trim() ? { search: search.trim() } : {}),
          ...(category ? { category } : {}),
          page: page ?? 1,
          limit: limit ?? 12,
        },
      }),
      transformResponse: pageOf,
      providesTags: ['CommunityLists'],
    }),
    communityCategories: build.query<CommunityCategory[], void>({
      query: () => ({ url: '/community/categories/list' }),
      transformResponse: (r: { items: CommunityCategory[] } | CommunityCategory[]) => itemsOf(r),
      providesTags: ['CommunityLists'],
    }),
    /** The caller's communities, pinned first then by name (the server's order). */
    joinedCommunities: build.query<CommunityPage, { page?: number; limit?: number }>({
      query: ({ page, limit }) => ({ url: '/community/joined/list', params: { page: page ?? 1, limit: limit ?? 50 } }),
      transformResponse: pageOf,
      providesTags: ['CommunityLists'],
    }),
    ownedCommunities: build.query<CommunityPage, { page?: number; limit?: number }>({
      query: ({ page, limit }) => ({
        url: '/community/community-owner-list',
        params: { page: page ?? 1, limit: limit ?? 50 },
      }),
      transformResponse: pageOf,
      providesTags: ['CommunityLists'],
    }),
    spotlightCommunities: build.query<CommunitySummary[], void>({
      query: () => ({ url: '/community/spotlight' }),
      transformResponse: (r: { items: CommunitySummary[] } | CommunitySummary[]) => itemsOf(r),
      providesTags: ['CommunityLists'],
    }),
    /** Public: joined at once; private: a join request with an optional message. */
    joinCommunity: build.mutation<JoinResult, { id: string; message?: string }>({
      query: ({ id, message }) => ({
        url: `/community/${enc(id)}/join`,
        method: 'POST',
        body: message?.trim() ? { message: message.trim() } : {},
      }),
      invalidatesTags: ['CommunityLists', 'Community'],
    }),
    /** The caller withdraws their own join request. */
    withdrawJoinRequest: build.mutation<void, string>({
      query: (id) => ({ url: `/community/${enc(id)}/revoke`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['CommunityLists', 'Community'],
    }),
    pinCommunity: build.mutation<void, { id: string; pinned: boolean }>({
      query: ({ id, pinned }) => ({ url: `/community/${enc(id)}/pin`, method: pinned ? 'POST' : 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['CommunityLists'],
    }),
  }),
});

// Each answers where it was asked: the tab's error state or the button's toast.
markQuietEndpoints(
  'communityDirectory',
  'joinedCommunities',
  'ownedCommunities',
  'joinCommunity',
  'withdrawJoinRequest',
  'pinCommunity',
);

export const {
  useCommunityDirectoryQuery,
  useCommunityCategoriesQuery,
  useJoinedCommunitiesQuery,
  useOwnedCommunitiesQuery,
  useSpotlightCommunitiesQuery,
  useJoinCommunityMutation,
  useWithdrawJoinRequestMutation,
  usePinCommunityMutation,
} = directoryApi;
