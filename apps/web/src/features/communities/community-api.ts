import type { Community, CommunityPermissions } from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

const enc = encodeURIComponent;

/**
 * The communities calls every community screen shares (issue 16; docs/api.md "Communities"), and the cache tags
 * all of them use. Each screen injects its own endpoints into `communityApi` (so they share the tags): a change
 * invalidates what it affects, e.g. a ban invalidates 'CommunityMembers' and 'Community'.
 */
export const COMMUNITY_TAGS = [
  'Community',
  'CommunityLists',
  'CommunityMembers',
  'CommunityRoles',
  'CommunityRules',
  'CommunityLinks',
  'CommunityChannels',
  'CommunityInvites',
  'CommunityRequests',
  'CommunityBans',
  'CommunityAudit',
  'CommunityFeed',
] as const;

export const communityApi = api.enhanceEndpoints({ addTagTypes: COMMUNITY_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** The community page's address to the community (GET /community/by-handle/{handle}). */
    communityByHandle: build.query<Community, string>({
      query: (handle) => ({ url: `/community/by-handle/${enc(handle)}` }),
      providesTags: (r) => (r ? [{ type: 'Community', id: r.id }, 'Community'] : ['Community']),
    }),
    community: build.query<Community, string>({
      query: (id) => ({ url: `/community/${enc(id)}` }),
      providesTags: (_r, _e, id) => [{ type: 'Community', id }, 'Community'],
    }),
    communityPermissions: build.query<CommunityPermissions, string>({
      query: (id) => ({ url: `/community/${enc(id)}/permissions` }),
      providesTags: ['Community', 'CommunityRoles'],
    }),
  }),
});

// Marked here, where they are defined: the page, the settings page and a post's community line each show their own
// not-found state, and any of them may be the first page of a visit (before another module could mark them).
markQuietEndpoints('communityByHandle', 'community');

export const { useCommunityByHandleQuery, useCommunityQuery, useCommunityPermissionsQuery } = communityApi;
