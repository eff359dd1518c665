import type {
  Community,
  CommunityChannel,
  CommunityInvite,
  CommunityLink,
  CommunityMember,
  CommunityRole,
  CommunityRule,
  communityAuditEntrySchema,
  communityBanSchema,
  joinRequestSchema,
  ProfileSummary,
  ProfileSummaryPage,
} from '@tradedesk/contracts';
import type { z } from 'zod';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';
import { communityApi } from '../community-api';

export type Paged<T> = { items: T[]; page: number; limit: number; total: number };
export type CommunityBan = z.infer<typeof communityBanSchema>;
export type JoinRequest = z.infer<typeof joinRequestSchema>;
export type CommunityAuditEntry = z.infer<typeof communityAuditEntrySchema>;
export type OrderedKind = 'rules' | 'links';

type Id = { id: string };
type PageArgs = { page?: number; limit?: number };
/** A search is sent only when it holds something (spec section 5). */
type SearchArgs = PageArgs & { search?: string };

const enc = encodeURIComponent;
const base = (id: string) => `/community/${enc(id)}`;
const none = () => undefined;

/** Query parameters without the empty search: the server applies a search only when one is sent. */
export function pageParams(args: SearchArgs): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (args.page !== undefined) out.page = args.page;
  if (args.limit !== undefined) out.limit = args.limit;
  const search = args.search?.trim();
  if (search) out.search = search;
  return out;
}

/** The body of PUT /community/{id}/settings (tabs Overall and Display): only the fields that changed. */
export type SettingsBody = {
  name?: string;
  description?: string;
  categories?: string[];
  visibility?: Community['visibility'];
  show_member_count?: boolean;
  show_online_members?: boolean;
  accent_color?: string;
  welcome_message?: string;
};

export type RoleBody = {
  name: string;
  description: string;
  color: string;
  display: boolean;
  permissions: string[];
};

export type ChannelBody = {
  name: string;
  topic: string;
  kind: CommunityChannel['kind'];
  private: boolean;
  role_ids: string[];
};

/**
 * The community settings screen's calls (issue 16 slice W3; docs/api.md "Communities"), injected into the shared
 * `communityApi` so a change invalidates what the community page shows too. Names start with `settings` so they
 * cannot clash with the page's and the directory's endpoints in the one API.
 */
export const settingsApi = communityApi.injectEndpoints({
  endpoints: (build) => ({
    // ---- overall and display
    settingsUpdate: build.mutation<unknown, Id & { body: SettingsBody }>({
      query: ({ id, body }) => ({ url: `${base(id)}/settings`, method: 'PUT', body }),
      invalidatesTags: ['Community', 'CommunityLists'],
    }),
    settingsUploadImage: build.mutation<unknown, Id & { kind: 'image' | 'banner'; file: File }>({
      query: ({ id, kind, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `${base(id)}/${kind}`, method: 'PUT', body };
      },
      invalidatesTags: ['Community', 'CommunityLists'],
    }),
    settingsRemoveImage: build.mutation<void, Id & { kind: 'image' | 'banner' }>({
      query: ({ id, kind }) => ({ url: `${base(id)}/${kind}`, method: 'DELETE' }),
      transformResponse: none,
      invalidatesTags: ['Community', 'CommunityLists'],
    }),
    settingsTransferOwnership: build.mutation<unknown, Id & { memberId: string; confirm: string }>({
      query: ({ id, memberId, confirm }) => ({
        url: `${base(id)}/transfer-ownership`,
        method: 'POST',
        body: { member_id: memberId, confirm },
      }),
      invalidatesTags: ['Community', 'CommunityLists', 'CommunityMembers', 'CommunityRoles', 'CommunityAudit'],
    }),
    settingsDeleteCommunity: build.mutation<unknown, Id & { confirm: string }>({
      query: ({ id, confirm }) => ({ url: base(id), method: 'DELETE', body: { confirm } }),
      invalidatesTags: ['Community', 'CommunityLists', 'CommunityAudit'],
    }),
    settingsRestoreCommunity: build.mutation<unknown, string>({
      query: (id) => ({ url: `${base(id)}/restore`, method: 'POST' }),
      invalidatesTags: ['Community', 'CommunityLists', 'CommunityAudit'],
    }),

    // ---- members, bans, join requests
    settingsMembers: build.query<Paged<CommunityMember>, Id & SearchArgs>({
      query: ({ id, ...args }) => ({ url: `${base(id)}/members`, params: pageParams(args) }),
      providesTags: ['CommunityMembers'],
    }),
    settingsAssignRole: build.mutation<unknown, Id & { memberId: string; roleId: string; assign: boolean }>({
      query: ({ id, memberId, roleId, assign }) => ({
        url: `${base(id)}/${assign ? 'assign-role' : 'unassign-role'}`,
        method: 'POST',
        body: { member_id: memberId, role_id: roleId },
      }),
      invalidatesTags: ['CommunityMembers', 'CommunityRoles', 'CommunityAudit'],
    }),
    settingsRemoveMember: build.mutation<void, Id & { memberId: string }>({
      query: ({ id, memberId }) => ({ url: `${base(id)}/remove/${enc(memberId)}`, method: 'DELETE' }),
      transformResponse: none,
      invalidatesTags: ['CommunityMembers', 'Community', 'CommunityRoles', 'CommunityAudit'],
    }),
    settingsBans: build.query<Paged<CommunityBan>, Id & PageArgs>({
      query: ({ id, ...args }) => ({ url: `${base(id)}/banmembers`, params: pageParams(args) }),
      providesTags: ['CommunityBans'],
    }),
    settingsBan: build.mutation<unknown, Id & { userId: string; reason: string; durationDays?: number }>({
      query: ({ id, userId, reason, durationDays }) => ({
        url: `${base(id)}/ban/${enc(userId)}`,
        method: 'POST',
        body: durationDays === undefined ? { reason } : { reason, duration_days: durationDays },
      }),
      invalidatesTags: [
        'CommunityBans',
        'CommunityMembers',
        'Community',
        'CommunityRoles',
        'CommunityRequests',
        'CommunityInvites',
        'CommunityAudit',
      ],
    }),
    settingsUnban: build.mutation<void, Id & { userId: string }>({
      query: ({ id, userId }) => ({ url: `${base(id)}/unban/${enc(userId)}`, method: 'DELETE' }),
      transformResponse: none,
      invalidatesTags: ['CommunityBans', 'CommunityAudit'],
    }),
    settingsRequests: build.query<Paged<JoinRequest>, Id & PageArgs>({
      query: ({ id, ...args }) => ({ url: `${base(id)}/requests`, params: pageParams(args) }),
      providesTags: ['CommunityRequests'],
    }),
    settingsAnswerRequest: build.mutation<unknown, Id & { requestId: string; accept: boolean }>({
      query: ({ id, requestId, accept }) => ({
        url: `${base(id)}/${accept ? 'accept' : 'reject'}/${enc(requestId)}`,
        method: 'POST',
      }),
      invalidatesTags: ['CommunityRequests', 'CommunityMembers', 'Community', 'CommunityRoles', 'CommunityAudit'],
    }),

    // ---- invites
    settingsInvites: build.query<Paged<CommunityInvite>, Id & PageArgs>({
      query: ({ id, ...args }) => ({ url: `${base(id)}/invites`, params: pageParams(args) }),
      providesTags: ['CommunityInvites'],
    }),
    settingsInvitePerson: build.mutation<CommunityInvite, Id & { userId: string }>({
      query: ({ id, userId }) => ({ url: `${base(id)}/invite/${enc(userId)}`, method: 'POST' }),
      invalidatesTags: ['CommunityInvites', 'CommunityAudit'],
    }),
    settingsCreateInviteLink: build.mutation<CommunityInvite, Id & { expiresInHours: number; maxUses: number }>({
      query: ({ id, expiresInHours, maxUses }) => ({
        url: `${base(id)}/invite-links`,
        method: 'POST',
        body: { expires_in_hours: expiresInHours, max_uses: maxUses },
      }),
      invalidatesTags: ['CommunityInvites', 'CommunityAudit'],
    }),
    settingsRevokeInvite: build.mutation<void, Id & { inviteId: string }>({
      query: ({ id, inviteId }) => ({ url: `${base(id)}/invites/${enc(inviteId)}`, method: 'DELETE' }),
      transformResponse: none,
      invalidatesTags: ['CommunityInvites', 'CommunityAudit'],
    }),
    /** People to invite (GET /profile/search/{term}); the caller skips it while the term is empty. */
    settingsPeopleSearch: build.query<ProfileSummary[], string>({
      query: (term) => ({ url: `/profile/search/${enc(term)}`, params: { limit: 10 } }),
      transformResponse: (r: ProfileSummaryPage) => r.items,
    }),

    // ---- roles
    settingsRoles: build.query<CommunityRole[], string>({
      query: (id) => ({ url: `${base(id)}/roles` }),
      transformResponse: (r: { items: CommunityRole[] }) => r.items,
      providesTags: ['CommunityRoles'],
    }),
    settingsCreateRole: build.mutation<CommunityRole, Id & { body: RoleBody }>({
      query: ({ id, body }) => ({ url: `${base(id)}/roles`, method: 'POST', body }),
      invalidatesTags: ['CommunityRoles', 'Community', 'CommunityAudit'],
    }),
    settingsUpdateRole: build.mutation<CommunityRole, Id & { roleId: string; body: Partial<RoleBody> }>({
      query: ({ id, roleId, body }) => ({ url: `${base(id)}/roles/${enc(roleId)}`, method: 'PUT', body }),
      invalidatesTags: ['CommunityRoles', 'CommunityMembers', 'Community', 'CommunityAudit'],
    }),
    settingsDeleteRole: build.mutation<void, Id & { roleId: string }>({
      query: ({ id, roleId }) => ({ url: `${base(id)}/roles/${enc(roleId)}`, method: 'DELETE' }),
      transformResponse: none,
      invalidatesTags: ['CommunityRoles', 'CommunityMembers', 'Community', 'CommunityChannels', 'CommunityAudit'],
    }),
    settingsDefaultRole: build.mutation<unknown, Id & { roleId: string; isDefault: boolean }>({
      query: ({ id, roleId, isDefault }) =>
        isDefault
          ? { url: `${base(id)}/default-role`, method: 'PUT', body: { role_id: roleId } }
          : { url: `${base(id)}/default-role/${enc(roleId)}`, method: 'DELETE' },
      invalidatesTags: ['CommunityRoles', 'CommunityAudit'],
    }),
    settingsRoleMembers: build.query<Paged<CommunityMember>, Id & { roleId: string } & SearchArgs>({
      query: ({ id, roleId, ...args }) => ({ url: `${base(id)}/member-list/${enc(roleId)}`, params: pageParams(args) }),
      providesTags: ['CommunityMembers', 'CommunityRoles'],
    }),

    // ---- rules and links
    settingsOrdered: build.query<Array<CommunityRule | CommunityLink>, Id & { kind: OrderedKind }>({
      query: ({ id, kind }) => ({ url: `${base(id)}/${kind}` }),
      transformResponse: (r: { items: Array<CommunityRule | CommunityLink> }) => r.items,
      providesTags: (_r, _e, { kind }) => [kind === 'rules' ? 'CommunityRules' : 'CommunityLinks'],
    }),
    settingsSaveOrdered: build.mutation<
      unknown,
      Id & { kind: OrderedKind; itemId?: string; body: { title: string; description?: string; url?: string } }
    >({
      query: ({ id, kind, itemId, body }) =>
        itemId
          ? { url: `${base(id)}/${kind}/${enc(itemId)}`, method: 'PUT', body }
          : { url: `${base(id)}/${kind}`, method: 'POST', body },
      invalidatesTags: (_r, _e, { kind }) => [
        kind === 'rules' ? 'CommunityRules' : 'CommunityLinks',
        'Community',
        'CommunityAudit',
      ],
    }),
    settingsDeleteOrdered: build.mutation<void, Id & { kind: OrderedKind; itemId: string }>({
      query: ({ id, kind, itemId }) => ({ url: `${base(id)}/${kind}/${enc(itemId)}`, method: 'DELETE' }),
      transformResponse: none,
      invalidatesTags: (_r, _e, { kind }) => [
        kind === 'rules' ? 'CommunityRules' : 'CommunityLinks',
        'Community',
        'CommunityAudit',
      ],
    }),
    /** Every id of the list, once, in the new order; the list shows the new order at once and keeps it. */
    settingsReorder: build.mutation<unknown, Id & { kind: OrderedKind; ids: string[] }>({
      query: ({ id, kind, ids }) => ({ url: `${base(id)}/${kind}/reorder`, method: 'PUT', body: { ids } }),
      async onQueryStarted({ id, kind, ids }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          settingsApi.util.updateQueryData('settingsOrdered', { id, kind }, (items) => {
            const byId = new Map(items.map((i) => [i.id, i]));
            const next = ids.flatMap((i) => byId.get(i) ?? []).map((item, n) => ({ ...item, position: n + 1 }));
            if (next.length === items.length) return next;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_r, _e, { kind }) => [kind === 'rules' ? 'CommunityRules' : 'CommunityLinks', 'CommunityAudit'],
    }),

    // ---- channels
    settingsChannels: build.query<CommunityChannel[], string>({
      query: (id) => ({ url: `${base(id)}/channels` }),
      transformResponse: (r: { items: CommunityChannel[] }) => r.items,
      providesTags: ['CommunityChannels'],
    }),
    settingsSaveChannel: build.mutation<CommunityChannel, Id & { channelId?: string; body: ChannelBody }>({
      query: ({ id, channelId, body }) =>
        channelId
          ? { url: `${base(id)}/channels/${enc(channelId)}`, method: 'PUT', body }
          : { url: `${base(id)}/channels`, method: 'POST', body },
      invalidatesTags: ['CommunityChannels', 'CommunityAudit'],
    }),
    settingsDeleteChannel: build.mutation<void, Id & { channelId: string }>({
      query: ({ id, channelId }) => ({ url: `${base(id)}/channels/${enc(channelId)}`, method: 'DELETE' }),
      transformResponse: none,
      invalidatesTags: ['CommunityChannels', 'CommunityAudit'],
    }),

    // ---- audit
    settingsAudit: build.query<Paged<CommunityAuditEntry>, Id & PageArgs>({
      query: ({ id, ...args }) => ({ url: `${base(id)}/audit`, params: pageParams(args) }),
      providesTags: ['CommunityAudit'],
    }),
  }),
});

// Each answers where it was asked: the tab's error state, the dialog's or the form's alert.
markQuietEndpoints(
  'settingsUpdate',
  'settingsUploadImage',
  'settingsRemoveImage',
  'settingsTransferOwnership',
  'settingsDeleteCommunity',
  'settingsRestoreCommunity',
  'settingsMembers',
  'settingsAssignRole',
  'settingsRemoveMember',
  'settingsBans',
  'settingsBan',
  'settingsUnban',
  'settingsRequests',
  'settingsAnswerRequest',
  'settingsInvites',
  'settingsInvitePerson',
  'settingsCreateInviteLink',
  'settingsRevokeInvite',
  'settingsRoles',
  'settingsCreateRole',
  'settingsUpdateRole',
  'settingsDeleteRole',
  'settingsDefaultRole',
  'settingsRoleMembers',
  'settingsOrdered',
  'settingsSaveOrdered',
  'settingsDeleteOrdered',
  'settingsReorder',
  'settingsChannels',
  'settingsSaveChannel',
  'settingsDeleteChannel',
  'settingsAudit',
);

export const {
  useSettingsUpdateMutation,
  useSettingsUploadImageMutation,
  useSettingsRemoveImageMutation,
  useSettingsTransferOwnershipMutation,
  useSettingsDeleteCommunityMutation,
  useSettingsRestoreCommunityMutation,
  useSettingsMembersQuery,
  useSettingsAssignRoleMutation,
  useSettingsRemoveMemberMutation,
  useSettingsBansQuery,
  useSettingsBanMutation,
  useSettingsUnbanMutation,
  useSettingsRequestsQuery,
  useSettingsAnswerRequestMutation,
  useSettingsInvitesQuery,
  useSettingsInvitePersonMutation,
  useSettingsCreateInviteLinkMutation,
  useSettingsRevokeInviteMutation,
  useSettingsPeopleSearchQuery,
  useSettingsRolesQuery,
  useSettingsCreateRoleMutation,
  useSettingsUpdateRoleMutation,
  useSettingsDeleteRoleMutation,
  useSettingsDefaultRoleMutation,
  useSettingsRoleMembersQuery,
  useSettingsOrderedQuery,
  useSettingsSaveOrderedMutation,
  useSettingsDeleteOrderedMutation,
  useSettingsReorderMutation,
  useSettingsChannelsQuery,
  useSettingsSaveChannelMutation,
  useSettingsDeleteChannelMutation,
  useSettingsAuditQuery,
} = settingsApi;
