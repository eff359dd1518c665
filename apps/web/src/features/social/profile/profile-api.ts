import type {
  FollowRequestPage,
  FollowResult,
  ImageUploadResponse,
  ProfileBody,
  ProfileSummary,
  ProfileSummaryPage,
  ReportBody,
  ReportResult,
  SocialProfile,
} from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';
import { userUpdated } from '../../auth';

export type PageArgs = { page?: number; limit?: number };
export type RequestDirection = 'incoming' | 'outgoing';
export type SocialImageKind = 'avatar' | 'banner';

const imagePaths: Record<SocialImageKind, string> = {
  avatar: '/profile/settings/image',
  banner: '/profile/settings/banner',
};

const enc = encodeURIComponent;

/**
 * The community profile calls (issue 15; docs/api.md "Community and social"). Any change to a follow, a block or
 * the caller's own profile reloads the profiles and lists ('SocialProfile', 'SocialPeople'): counts and relations
 * on both sides move together.
 */
export const profileApi = api.enhanceEndpoints({ addTagTypes: ['SocialProfile', 'SocialPeople'] }).injectEndpoints({
  endpoints: (build) => ({
    /** A username to its profile id (GET /profile/by-username/{username}: case-insensitive, 404 when none). */
    profileIdByUsername: build.query<string, string>({
      query: (username) => ({ url: `/profile/by-username/${enc(username)}` }),
      transformResponse: (profile: SocialProfile) => profile.id,
      providesTags: ['SocialPeople'],
    }),
    socialProfile: build.query<SocialProfile, string>({
      query: (id) => ({ url: `/profile/${enc(id)}` }),
      providesTags: (_r, _e, id) => [{ type: 'SocialProfile', id }, 'SocialProfile'],
    }),
    followers: build.query<ProfileSummaryPage, { id: string } & PageArgs>({
      query: ({ id, ...params }) => ({ url: `/profile/${enc(id)}/followers`, params }),
      providesTags: ['SocialPeople'],
    }),
    following: build.query<ProfileSummaryPage, { id: string } & PageArgs>({
      query: ({ id, ...params }) => ({ url: `/profile/${enc(id)}/following`, params }),
      providesTags: ['SocialPeople'],
    }),
    followRequests: build.query<FollowRequestPage, { direction: RequestDirection } & PageArgs>({
      query: (params) => ({ url: '/profile/requests', params }),
      providesTags: ['SocialPeople'],
    }),
    searchPeople: build.query<ProfileSummary[], string>({
      query: (term) => ({ url: `/profile/search/${enc(term)}`, params: { limit: 10 } }),
      transformResponse: (r: ProfileSummaryPage) => r.items,
      providesTags: ['SocialPeople'],
    }),
    follow: build.mutation<FollowResult, string>({
      query: (id) => ({ url: `/profile/${enc(id)}/follow`, method: 'POST' }),
      invalidatesTags: ['SocialProfile', 'SocialPeople'],
    }),
    unfollow: build.mutation<void, string>({
      query: (id) => ({ url: `/profile/${enc(id)}/unfollow`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['SocialProfile', 'SocialPeople'],
    }),
    /** {id}: the person who asked to follow the caller. */
    acceptRequest: build.mutation<void, string>({
      query: (id) => ({ url: `/profile/requests/${enc(id)}/accept`, method: 'POST' }),
      transformResponse: () => undefined,
      invalidatesTags: ['SocialProfile', 'SocialPeople'],
    }),
    rejectRequest: build.mutation<void, string>({
      query: (id) => ({ url: `/profile/requests/${enc(id)}/reject`, method: 'POST' }),
      transformResponse: () => undefined,
      invalidatesTags: ['SocialProfile', 'SocialPeople'],
    }),
    /** {id}: the person the caller asked to follow: withdraws the request. */
    revokeRequest: build.mutation<void, string>({
      query: (id) => ({ url: `/profile/requests/${enc(id)}/revoke`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['SocialProfile', 'SocialPeople'],
    }),
    /** Removes someone who follows the caller. */
    removeFollower: build.mutation<void, string>({
      query: (id) => ({ url: `/profile/${enc(id)}/follower`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['SocialProfile', 'SocialPeople'],
    }),
    block: build.mutation<void, string>({
      query: (id) => ({ url: `/customer/block/${enc(id)}`, method: 'POST' }),
      transformResponse: () => undefined,
      invalidatesTags: ['SocialProfile', 'SocialPeople'],
    }),
    unblock: build.mutation<void, string>({
      query: (id) => ({ url: `/customer/unblock/${enc(id)}`, method: 'POST' }),
      transformResponse: () => undefined,
      invalidatesTags: ['SocialProfile', 'SocialPeople'],
    }),
    reportProfile: build.mutation<ReportResult, { id: string; body: ReportBody }>({
      query: ({ id, body }) => ({ url: `/profile/${enc(id)}/report`, method: 'POST', body }),
    }),
    /** PUT /profile: the same call as the settings page's public profile (it answers the configuration). */
    saveSocialProfile: build.mutation<unknown, ProfileBody>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      invalidatesTags: ['SocialProfile', 'SocialPeople', 'Configuration'],
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const ok = await queryFulfilled.then(
          () => true,
          () => false,
        );
        // The account menu and the "me" profile's links show the session's username.
        if (ok && body.username) dispatch(userUpdated({ username: body.username }));
      },
    }),
    uploadSocialImage: build.mutation<ImageUploadResponse, { kind: SocialImageKind; file: File }>({
      query: ({ kind, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: imagePaths[kind], method: 'PUT', body };
      },
      invalidatesTags: ['SocialProfile', 'Configuration'],
    }),
    /** Publishes one of the caller's accounts as the track record (null: none). */
    setTrackRecord: build.mutation<unknown, { accountId: string | null }>({
      query: ({ accountId }) => ({ url: '/profile/track-record', method: 'PUT', body: { account_id: accountId } }),
      invalidatesTags: ['SocialProfile'],
    }),
  }),
});

// Each answers where it was asked: the page's error state, the dialog's alert or the form's fields.
markQuietEndpoints(
  'profileIdByUsername',
  'socialProfile',
  'followers',
  'following',
  'followRequests',
  'reportProfile',
  'saveSocialProfile',
  'uploadSocialImage',
  'setTrackRecord',
);

export const {
  useProfileIdByUsernameQuery,
  useSocialProfileQuery,
  useFollowersQuery,
  useFollowingQuery,
  useFollowRequestsQuery,
  useSearchPeopleQuery,
  useFollowMutation,
  useUnfollowMutation,
  useAcceptRequestMutation,
  useRejectRequestMutation,
  useRevokeRequestMutation,
  useRemoveFollowerMutation,
  useBlockMutation,
  useUnblockMutation,
  useReportProfileMutation,
  useSaveSocialProfileMutation,
  useUploadSocialImageMutation,
  useSetTrackRecordMutation,
} = profileApi;
