import type { CommunitySummary, ProfileSummary } from '@tradedesk/contracts';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';
import { communityApi } from '../community-api';

const enc = encodeURIComponent;

/** GET /community/invites/{token} (contracts `invitePreviewSchema`). */
export type InvitePreview = { community: CommunitySummary; invitedBy: ProfileSummary; expiresAt: string };

export const inviteApi = communityApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * No cache tag: the accept that follows would refetch it, and the invite it just used up answers 410 (the page
     * is left for the community anyway).
     */
    invitePreview: build.query<InvitePreview, string>({
      query: (token) => ({ url: `/community/invites/${enc(token)}` }),
      keepUnusedDataFor: 0,
    }),
    /** POST /community/accept-invite: joins (private and hidden too); counts one use of the invite. */
    acceptInvite: build.mutation<unknown, string>({
      query: (token) => ({ url: '/community/accept-invite', method: 'POST', body: { token } }),
      invalidatesTags: ['CommunityLists', 'Community', 'CommunityInvites', 'CommunityMembers'],
    }),
  }),
});

// The page shows both failures itself (not found, expired or used, banned).
markQuietEndpoints('invitePreview', 'acceptInvite');

export const { useInvitePreviewQuery, useAcceptInviteMutation } = inviteApi;
