import type {
  ChannelMessage,
  CommunityChannel,
  CommunityLink,
  CommunityMember,
  CommunityRole,
  CommunityRule,
  CommunitySummary,
  communityNotificationPrefsSchema,
  communityRatingsSchema,
  joinResultSchema,
  PostPage,
} from '@tradedesk/contracts';
import type { z } from 'zod';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';
import { postListTags } from '../../social/posts/posts-api';
import { communityApi } from '../community-api';

export type CommunityNotificationPrefs = z.infer<typeof communityNotificationPrefsSchema>;
export type CommunityRatings = z.infer<typeof communityRatingsSchema>;
export type JoinResult = z.infer<typeof joinResultSchema>;
export type Paged<T> = { items: T[]; page: number; limit: number; total: number };
export type FeedFilter = 'from_anyone' | 'people_you_follow';
export type FeedSort = 'recent' | 'top';
export type ChannelMessagePage = { items: ChannelMessage[]; nextBefore: string | null };

const enc = encodeURIComponent;
const base = (id: string) => `/community/${enc(id)}`;
/** A list answered as `{ items }` (the contracts' habit for unpaged lists) or as a bare array. */
const itemsOf = <T>(r: { items: T[] } | T[]): T[] => (Array.isArray(r) ? r : r.items);

/**
 * The community page's calls (issue 16 slice W2; docs/api.md "Communities"). Named `page*` so the other community
 * screens, which call some of the same routes (join, members, rules), keep endpoints of their own when merged.
 * Every change invalidates the shared tags of `communityApi`: a join or leave reloads the community and the lists.
 */
export const communityPageApi = communityApi.enhanceEndpoints({ addTagTypes: ['Post', 'Posts'] }).injectEndpoints({
  endpoints: (build) => ({
    pageJoin: build.mutation<JoinResult, { id: string; message?: string }>({
      query: ({ id, message }) => ({ url: `${base(id)}/join`, method: 'POST', body: message ? { message } : {} }),
      invalidatesTags: (_r, e) => (e ? [] : ['Community', 'CommunityLists', 'CommunityMembers', 'CommunityChannels']),
    }),
    pageLeave: build.mutation<void, string>({
      query: (id) => ({ url: `${base(id)}/leave`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, e) => (e ? [] : ['Community', 'CommunityLists', 'CommunityMembers', 'CommunityChannels']),
    }),
    /** The caller withdraws their own join request. */
    pageRevokeRequest: build.mutation<void, string>({
      query: (id) => ({ url: `${base(id)}/revoke`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, e) => (e ? [] : ['Community', 'CommunityLists']),
    }),
    pageNotifications: build.query<CommunityNotificationPrefs, string>({
      query: (id) => ({ url: `${base(id)}/notifications` }),
      providesTags: (_r, _e, id) => [{ type: 'Community', id: `notifications-${id}` }],
    }),
    pageSetNotifications: build.mutation<
      CommunityNotificationPrefs,
      { id: string; level: 'all' | 'mentions' | 'none' }
    >({
      query: ({ id, level }) => ({ url: `${base(id)}/notifications`, method: 'PUT', body: { level } }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : [{ type: 'Community', id: `notifications-${id}` }]),
    }),
    pageFeed: build.query<PostPage, { id: string; page: number; limit: number; filter: FeedFilter; sort: FeedSort }>({
      query: ({ id, ...params }) => ({ url: `${base(id)}/feed`, params }),
      providesTags: (r) => (r ? [...postListTags(r.items), 'CommunityFeed'] : ['Posts', 'CommunityFeed']),
    }),
    pagePinPost: build.mutation<unknown, { id: string; postId: string; on: boolean }>({
      query: ({ id, postId, on }) => ({ url: `${base(id)}/posts/${enc(postId)}/pin`, method: on ? 'POST' : 'DELETE' }),
      invalidatesTags: (_r, e) => (e ? [] : ['CommunityFeed']),
    }),
    pageMembers: build.query<
      Paged<CommunityMember>,
      { id: string; page: number; limit: number; search: string; roleId: string | null }
    >({
      // the search is sent only when non-empty (spec section 5); a role shows that role's members
      query: ({ id, page, limit, search, roleId }) => ({
        url: roleId ? `${base(id)}/member-list/${enc(roleId)}` : `${base(id)}/members`,
        params: { page, limit, ...(search.trim() ? { search: search.trim() } : {}) },
      }),
      providesTags: ['CommunityMembers'],
    }),
    pageRoles: build.query<CommunityRole[], string>({
      query: (id) => ({ url: `${base(id)}/roles` }),
      transformResponse: itemsOf<CommunityRole>,
      providesTags: ['CommunityRoles'],
    }),
    pageRules: build.query<CommunityRule[], string>({
      query: (id) => ({ url: `${base(id)}/rules` }),
      transformResponse: (r: { items: CommunityRule[] } | CommunityRule[]) =>
        [...itemsOf(r)].sort((a, b) => a.position - b.position),
      providesTags: ['CommunityRules'],
    }),
    pageAcceptRules: build.mutation<unknown, string>({
      query: (id) => ({ url: `${base(id)}/rules/accept`, method: 'POST' }),
      // the community's mustAcceptRules, its channels' canWrite and its posts' canComment change
      invalidatesTags: (_r, e, id) => (e ? [] : [{ type: 'Community', id }, 'CommunityChannels', 'Post']),
    }),
    pageLinks: build.query<CommunityLink[], string>({
      query: (id) => ({ url: `${base(id)}/links` }),
      transformResponse: (r: { items: CommunityLink[] } | CommunityLink[]) =>
        [...itemsOf(r)].sort((a, b) => a.position - b.position),
      providesTags: ['CommunityLinks'],
    }),
    pageRatings: build.query<CommunityRatings, string>({
      query: (id) => ({ url: `/communities/${enc(id)}/ratings`, params: { page: 1, limit: 10 } }),
      providesTags: (_r, _e, id) => [{ type: 'Community', id: `ratings-${id}` }],
    }),
    pageRate: build.mutation<unknown, { id: string; rating: number | null }>({
      query: ({ id, rating }) =>
        rating === null
          ? { url: `/communities/${enc(id)}/ratings`, method: 'DELETE' }
          : { url: `/communities/${enc(id)}/ratings`, method: 'POST', body: { rating } },
      invalidatesTags: (_r, e, { id }) =>
        e
          ? []
          : [
              { type: 'Community', id },
              { type: 'Community', id: `ratings-${id}` },
            ],
    }),
    pageChannels: build.query<CommunityChannel[], string>({
      query: (id) => ({ url: `${base(id)}/channels` }),
      transformResponse: (r: { items: CommunityChannel[] } | CommunityChannel[]) =>
        [...itemsOf(r)].sort((a, b) => a.position - b.position),
      providesTags: ['CommunityChannels'],
    }),
    pageChannelMessages: build.query<ChannelMessagePage, { id: string; channelId: string; before?: string }>({
      query: ({ id, channelId, before }) => ({
        url: `${base(id)}/channels/${enc(channelId)}/messages`,
        params: { limit: 50, ...(before ? { before } : {}) },
      }),
      // the pane keeps the messages (older pages and live ones): nothing to cache
      keepUnusedDataFor: 0,
    }),
    pagePostMessage: build.mutation<ChannelMessage, { id: string; channelId: string; content: string }>({
      query: ({ id, channelId, content }) => ({
        url: `${base(id)}/channels/${enc(channelId)}/messages`,
        method: 'POST',
        body: { content },
      }),
    }),
    pageDeleteMessage: build.mutation<void, { id: string; channelId: string; messageId: string }>({
      query: ({ id, channelId, messageId }) => ({
        url: `${base(id)}/channels/${enc(channelId)}/messages/${enc(messageId)}`,
        method: 'DELETE',
      }),
      transformResponse: () => undefined,
    }),
    pageMarkChannelRead: build.mutation<unknown, { id: string; channelId: string }>({
      query: ({ id, channelId }) => ({ url: `${base(id)}/channels/${enc(channelId)}/read`, method: 'POST' }),
      async onQueryStarted({ id, channelId }, { dispatch, queryFulfilled }) {
        const ok = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!ok) return;
        dispatch(
          communityPageApi.util.updateQueryData('pageChannels', id, (draft) => {
            const c = draft.find((x) => x.id === channelId);
            if (c) {
              c.unread = 0;
              c.mentions = 0;
            }
          }),
        );
      },
    }),
    /** The caller's communities, for the composer's community target. */
    pageJoinedCommunities: build.query<CommunitySummary[], void>({
      query: () => ({ url: '/community/joined/list', params: { page: 1, limit: 50 } }),
      transformResponse: itemsOf<CommunitySummary>,
      providesTags: ['CommunityLists'],
    }),
  }),
});

// Each is answered in place: the page's error states, the dialog's alert, the composer's field.
markQuietEndpoints(
  'pageFeed',
  'pageMembers',
  'pageRoles',
  'pageRules',
  'pageLinks',
  'pageRatings',
  'pageChannels',
  'pageChannelMessages',
  'pagePostMessage',
  'pageAcceptRules',
  'pageNotifications',
  'pageJoinedCommunities',
);

export const {
  usePageJoinMutation,
  usePageLeaveMutation,
  usePageRevokeRequestMutation,
  usePageNotificationsQuery,
  usePageSetNotificationsMutation,
  usePageFeedQuery,
  usePagePinPostMutation,
  usePageMembersQuery,
  usePageRolesQuery,
  usePageRulesQuery,
  usePageAcceptRulesMutation,
  usePageLinksQuery,
  usePageRatingsQuery,
  usePageRateMutation,
  usePageChannelsQuery,
  useLazyPageChannelMessagesQuery,
  usePagePostMessageMutation,
  usePageDeleteMessageMutation,
  usePageMarkChannelReadMutation,
  usePageJoinedCommunitiesQuery,
} = communityPageApi;
