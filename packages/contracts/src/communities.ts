import { z } from 'zod';
import { profileSummarySchema, socialPageQuerySchema, socialPageSchema } from './social.js';
import { line, multiline } from './text.js';
import { accountColorSchema } from './trading-accounts.js';

/**
 * Communities (issue 16; spec sections 1, 2, 3 "Community creation data", "Community role", "Community", 6, 7
 * "Community and social"). Wire: bodies and queries snake_case, answers camelCase. Paths under `/api/community`
 * (and the legacy `/api/communities/{id}/moderators|ratings`), documented in docs/api.md "Communities".
 *
 * Who sees what:
 * - `public`: listed in the directory; anyone signed in sees the page, its feed, public channels, rules and links,
 *   and joins at once.
 * - `private`: listed with its name, handle, image, description, categories and member count; its feed, channels
 *   and members are for members only; joining is a request a member with `manage_members` accepts or rejects.
 * - `hidden`: not listed and 404 on every route for everyone who is not a member or holds no open invite.
 * - A banned person is not a member, cannot join, request or accept an invite, and is refused on every write path
 *   (403 COMMUNITY_BANNED); a community being deleted (the grace period) is seen only by its owner.
 *
 * Permissions are data (`COMMUNITY_PERMISSIONS`); every check is made by the server's one access service
 * (`apps/server/src/modules/communities/communities.access.ts`). Roles are ordered by `position` (higher is more
 * powerful); the Owner role is the highest and holds every permission. Nobody may edit, assign, unassign or act on
 * a role equal to or above their own highest role, nor act on a member whose highest role is equal to or above it.
 */

export const COMMUNITY_PAGE_DEFAULTS = { page: 1, limit: 10 } as const;
export const communityPageQuerySchema = socialPageQuerySchema;
export { socialPageSchema as communityPageSchema };

export const communityIdParamsSchema = z.object({ id: z.uuid('id must be a community id (a UUID).') });

// ---- permissions ----------------------------------------------------------------------------------

/** The permission catalogue (docs/api.md "Community permissions" explains each). */
export const COMMUNITY_PERMISSIONS = [
  'manage_community',
  'manage_roles',
  'manage_members',
  'ban_members',
  'moderate_posts',
  'pin_posts',
  'manage_rules_links',
  'manage_channels',
  'invite_members',
  'view_audit_log',
  'post',
  'comment',
  'use_channels',
  'view_private_channels',
] as const;
export type CommunityPermission = (typeof COMMUNITY_PERMISSIONS)[number];

/** What each permission allows, as shown in the role editor's checklist. */
export const COMMUNITY_PERMISSION_INFO: Record<CommunityPermission, { label: string; description: string }> = {
  manage_community: {
    label: 'Manage community',
    description: 'Edit the name, image, banner, description, categories, visibility and display settings.',
  },
  manage_roles: {
    label: 'Manage roles',
    description: 'Create, edit and delete roles below their own, and set the default role.',
  },
  manage_members: {
    label: 'Manage members',
    description: 'Remove members, accept or reject join requests, assign and unassign roles below their own.',
  },
  ban_members: { label: 'Ban members', description: 'Ban and unban members whose roles are below their own.' },
  moderate_posts: {
    label: 'Moderate posts',
    description: "Delete other members' posts, comments and channel messages.",
  },
  pin_posts: { label: 'Pin posts', description: 'Pin and unpin posts in the community feed.' },
  manage_rules_links: {
    label: 'Manage rules and links',
    description: 'Add, edit, reorder and delete rules and links.',
  },
  manage_channels: { label: 'Manage channels', description: 'Create, edit and delete channels.' },
  invite_members: { label: 'Invite members', description: 'Invite people and create invite links.' },
  view_audit_log: { label: 'View audit log', description: 'See the log of moderation and role actions.' },
  post: { label: 'Post', description: 'Write posts in the community feed.' },
  comment: { label: 'Comment', description: 'Comment on community posts.' },
  use_channels: { label: 'Use channels', description: 'Read and write in text channels.' },
  view_private_channels: { label: 'View private channels', description: 'See every private channel.' },
};

/** What the built-in roles hold when a community is created. */
export const MODERATOR_PERMISSIONS: CommunityPermission[] = [
  'manage_members',
  'ban_members',
  'moderate_posts',
  'pin_posts',
  'invite_members',
  'view_audit_log',
  'post',
  'comment',
  'use_channels',
  'view_private_channels',
];
export const MEMBER_PERMISSIONS: CommunityPermission[] = ['post', 'comment', 'use_channels', 'invite_members'];

const permissionSchema = z.enum(COMMUNITY_PERMISSIONS, {
  error: `permissions must be names from the catalogue: ${COMMUNITY_PERMISSIONS.join(', ')}.`,
});

/** GET /community/{id}/permissions: the catalogue and what the caller holds here. */
export const communityPermissionsSchema = z.object({
  catalogue: z.array(z.object({ name: z.enum(COMMUNITY_PERMISSIONS), label: z.string(), description: z.string() })),
  mine: z.array(z.enum(COMMUNITY_PERMISSIONS)),
});
export type CommunityPermissions = z.infer<typeof communityPermissionsSchema>;

// ---- communities ----------------------------------------------------------------------------------

export const COMMUNITY_TYPES = [
  'trading_group',
  'education',
  'signals',
  'prop_challenge',
  'investing',
  'other',
] as const;
export const COMMUNITY_SIZES = ['just_starting', '1_50', '51_500', '501_5000', 'over_5000'] as const;
export const COMMUNITY_PLATFORMS = ['discord', 'telegram', 'skool', 'whatsapp', 'facebook', 'slack', 'other'] as const;
export const COMMUNITY_VISIBILITIES = ['public', 'private', 'hidden'] as const;
export type CommunityVisibility = (typeof COMMUNITY_VISIBILITIES)[number];

/** The directory's categories (GET /community/categories/list). */
export const COMMUNITY_CATEGORIES = [
  { id: 'forex', name: 'Forex' },
  { id: 'stocks', name: 'Stocks' },
  { id: 'crypto', name: 'Crypto' },
  { id: 'commodities', name: 'Commodities' },
  { id: 'indices', name: 'Indices' },
  { id: 'options', name: 'Options' },
  { id: 'prop_firms', name: 'Prop firms' },
  { id: 'day_trading', name: 'Day trading' },
  { id: 'swing_trading', name: 'Swing trading' },
  { id: 'algorithmic', name: 'Algorithmic trading' },
  { id: 'technical_analysis', name: 'Technical analysis' },
  { id: 'fundamentals', name: 'Fundamentals' },
  { id: 'education', name: 'Education' },
  { id: 'psychology', name: 'Psychology' },
] as const;
export const COMMUNITY_CATEGORY_IDS = COMMUNITY_CATEGORIES.map((c) => c.id) as [string, ...string[]];
export const communityCategorySchema = z.object({ id: z.string(), name: z.string(), communities: z.number().int() });

/** A handle: 3-30 lower-case letters, digits, `_` or `-`, starting with a letter (the page is /communities/{handle}). */
export const COMMUNITY_HANDLE_PATTERN = /^[a-z][a-z0-9_-]{2,29}$/;
export const communityHandleSchema = z
  .string({ error: 'handle is required.' })
  .trim()
  .toLowerCase()
  .regex(
    COMMUNITY_HANDLE_PATTERN,
    'handle must be 3 to 30 lower-case letters, digits, _ or -, starting with a letter.',
  );

const categoriesField = z
  .array(z.enum(COMMUNITY_CATEGORY_IDS, { error: `categories must be ids from GET /community/categories/list.` }))
  .max(3, 'categories must hold at most 3 categories.');

/**
 * POST /community: the wizard's data, sent once at its last step (spec "Community creation data"). The image and
 * banner are uploaded right after creation (PUT /community/{id}/image|banner, multipart).
 */
export const createCommunityBodySchema = z.strictObject({
  type: z.enum(COMMUNITY_TYPES, { error: `type must be one of ${COMMUNITY_TYPES.join(', ')}.` }),
  existing_community_url: z
    .url({ error: 'existing_community_url must be a web address (https://...).', protocol: /^https?$/ })
    .max(300, 'existing_community_url must be at most 300 characters.')
    .optional(),
  community_size: z.enum(COMMUNITY_SIZES, { error: `community_size must be one of ${COMMUNITY_SIZES.join(', ')}.` }),
  platforms: z
    .array(z.enum(COMMUNITY_PLATFORMS, { error: `platforms must be from ${COMMUNITY_PLATFORMS.join(', ')}.` }))
    .max(COMMUNITY_PLATFORMS.length, 'platforms lists each platform at most once.')
    .default([]),
  visibility: z.enum(COMMUNITY_VISIBILITIES, { error: 'visibility must be public, private or hidden.' }),
  name: line('name', 60, { min: 3 }),
  handle: communityHandleSchema,
  description: multiline('description', 1000).default(''),
  categories: categoriesField.min(1, 'categories must hold at least one category.'),
});
export type CreateCommunityBody = z.infer<typeof createCommunityBodySchema>;

/** GET /community/by-handle/{handle}: the community page's address to the community (404 as GET /community/{id}). */
export const communityHandleParamsSchema = z.object({
  handle: line('handle', 60),
});

/** GET /community/handle-available?handle=: checked as the person types. */
export const handleAvailableQuerySchema = z.object({
  handle: line('handle', 60),
});
export const handleAvailabilitySchema = z.object({
  handle: z.string(),
  available: z.boolean(),
  /** Why not, as a sentence (taken, reserved or malformed); null when available. */
  reason: z.string().nullable(),
});

/** GET /community?search&page&limit&category: the directory (public and private; hidden only to its members). */
export const communityListQuerySchema = communityPageQuerySchema.extend({
  search: line('search', 60).optional(),
  category: z
    .enum(COMMUNITY_CATEGORY_IDS, { error: 'category must be an id from GET /community/categories/list.' })
    .optional(),
});
export type CommunityListQuery = z.infer<typeof communityListQuerySchema>;

/** How the caller stands with a community. */
export const COMMUNITY_MEMBERSHIPS = ['none', 'member', 'requested', 'invited', 'banned'] as const;
export const communityRoleRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
  position: z.number().int(),
});

/** A community in lists (directory, joined, owned, spotlight). */
export const communitySummarySchema = z.object({
  id: z.uuid(),
  handle: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  visibility: z.enum(COMMUNITY_VISIBILITIES),
  categories: z.array(z.string()),
  memberCount: z.number().int(),
  membership: z.enum(COMMUNITY_MEMBERSHIPS),
  /** The caller pinned it to the top of their joined list. */
  pinned: z.boolean(),
  createdAt: z.string(),
});
export type CommunitySummary = z.infer<typeof communitySummarySchema>;
export const communitySummaryPageSchema = socialPageSchema(communitySummarySchema);

export const communitySettingsSchema = z.object({
  /** Display tab: show the member count and the display roles' groups in the member list. */
  showMemberCount: z.boolean(),
  showOnlineMembers: z.boolean(),
  /** Accent colour of the community page. */
  accentColor: z.string(),
  /** Shown to new members on the community page. */
  welcomeMessage: z.string(),
});
export type CommunitySettings = z.infer<typeof communitySettingsSchema>;

/** GET /community/{id}: the page. Parts a non-member may not see (private) are empty; `limited` says so. */
export const communitySchema = communitySummarySchema.extend({
  type: z.enum(COMMUNITY_TYPES),
  communitySize: z.enum(COMMUNITY_SIZES),
  platforms: z.array(z.enum(COMMUNITY_PLATFORMS)),
  existingCommunityUrl: z.string().nullable(),
  owner: profileSummarySchema,
  settings: communitySettingsSchema,
  limited: z.boolean(),
  /** The caller's roles here (empty when not a member). */
  myRoles: z.array(communityRoleRefSchema),
  /** The caller's permissions here (what the web shows). */
  myPermissions: z.array(z.enum(COMMUNITY_PERMISSIONS)),
  /** The member must accept the rules before their first post or message (null when not a member or no rules). */
  mustAcceptRules: z.boolean(),
  /** Set while the deletion's grace period runs: the instant it is purged. */
  deletionScheduledFor: z.string().nullable(),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
});
export type Community = z.infer<typeof communitySchema>;

/** PUT /community/{id}/settings (tab Overall and Display). Every field optional; visibility changes are audited. */
export const updateCommunitySettingsBodySchema = z.strictObject({
  name: line('name', 60, { min: 3 }).optional(),
  description: multiline('description', 1000).optional(),
  categories: categoriesField.min(1, 'categories must hold at least one category.').optional(),
  visibility: z.enum(COMMUNITY_VISIBILITIES, { error: 'visibility must be public, private or hidden.' }).optional(),
  show_member_count: z.boolean({ error: 'show_member_count must be true or false.' }).optional(),
  show_online_members: z.boolean({ error: 'show_online_members must be true or false.' }).optional(),
  accent_color: accountColorSchema('accent_color').optional(),
  welcome_message: multiline('welcome_message', 500).optional(),
});
export type UpdateCommunitySettingsBody = z.infer<typeof updateCommunitySettingsBodySchema>;

/** DELETE /community/{id}: the owner types the handle to confirm; purged after the grace period unless restored. */
export const deleteCommunityBodySchema = z.strictObject({
  /** The community's handle, typed to confirm. */
  confirm: line('confirm', 60),
});
export const COMMUNITY_DELETE_GRACE_DAYS = 7;

/** Member notification preferences (GET/PUT /community/{id}/notifications). */
export const COMMUNITY_NOTIFICATION_LEVELS = ['all', 'mentions', 'none'] as const;
export const communityNotificationPrefsSchema = z.object({
  level: z.enum(COMMUNITY_NOTIFICATION_LEVELS),
  newPosts: z.boolean(),
  announcements: z.boolean(),
});
export const updateCommunityNotificationPrefsBodySchema = z.strictObject({
  level: z.enum(COMMUNITY_NOTIFICATION_LEVELS, { error: 'level must be all, mentions or none.' }).optional(),
  new_posts: z.boolean({ error: 'new_posts must be true or false.' }).optional(),
  announcements: z.boolean({ error: 'announcements must be true or false.' }).optional(),
});

/** GET /community/{id}/feed: page, filter and sort (spec section 7). */
export const COMMUNITY_FEED_FILTERS = ['from_anyone', 'people_you_follow'] as const;
export const communityFeedQuerySchema = communityPageQuerySchema.extend({
  filter: z
    .enum(COMMUNITY_FEED_FILTERS, { error: 'filter must be from_anyone or people_you_follow.' })
    .default('from_anyone'),
  sort: z.enum(['recent', 'top'], { error: 'sort must be recent or top.' }).default('recent'),
});

// ---- roles ----------------------------------------------------------------------------------------

export const COMMUNITY_ROLE_KINDS = ['owner', 'moderator', 'member', 'custom'] as const;
export const DEFAULT_ROLE_COLOR = '#8861E4';

/** A role (spec "Community role"). `members`: how many hold it. */
export const communityRoleSchema = z.object({
  roleId: z.uuid(),
  communityId: z.uuid(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  /** Shown as its own group in the member list. */
  display: z.boolean(),
  permissions: z.array(z.enum(COMMUNITY_PERMISSIONS)),
  kind: z.enum(COMMUNITY_ROLE_KINDS),
  position: z.number().int(),
  /** New members get it. */
  isDefault: z.boolean(),
  members: z.number().int(),
  /** Whether the caller may edit or delete it (below their highest role and they hold manage_roles). */
  editable: z.boolean(),
  /**
   * Whether the caller may give it to a member they outrank (manage_members, below their highest role, and, unless
   * they are the owner, it grants nothing they lack). Taking it away needs only the first two.
   */
  assignable: z.boolean(),
});
export type CommunityRole = z.infer<typeof communityRoleSchema>;

export const communityRoleParamsSchema = communityIdParamsSchema.extend({
  roleId: z.uuid('roleId must be a role id (a UUID).'),
});

export const createCommunityRoleBodySchema = z.strictObject({
  name: line('name', 40, { min: 1 }),
  description: multiline('description', 300).default(''),
  color: accountColorSchema('color').default(DEFAULT_ROLE_COLOR),
  display: z.boolean({ error: 'display must be true or false.' }).default(false),
  permissions: z.array(permissionSchema).max(COMMUNITY_PERMISSIONS.length).default([]),
});
export const updateCommunityRoleBodySchema = z.strictObject({
  name: line('name', 40, { min: 1 }).optional(),
  description: multiline('description', 300).optional(),
  color: accountColorSchema('color').optional(),
  display: z.boolean({ error: 'display must be true or false.' }).optional(),
  permissions: z.array(permissionSchema).max(COMMUNITY_PERMISSIONS.length).optional(),
  /** Moves the role to this position (1 is lowest); must stay below the caller's highest role. */
  position: z.number({ error: 'position must be a whole number from 1.' }).int().min(1).optional(),
});
export const assignRoleBodySchema = z.strictObject({
  member_id: z.uuid('member_id must be a member id (a user UUID).'),
  role_id: z.uuid('role_id must be a role id (a UUID).'),
});
export const defaultRoleBodySchema = z.strictObject({ role_id: z.uuid('role_id must be a role id (a UUID).') });
export const transferOwnershipBodySchema = z.strictObject({
  member_id: z.uuid('member_id must be a member id (a user UUID).'),
  /** The community's handle, typed to confirm. */
  confirm: line('confirm', 60),
});

// ---- members, bans, requests, invites, moderators ----------------------------------------------------

export const communityMemberSchema = z.object({
  user: profileSummarySchema,
  roles: z.array(communityRoleRefSchema),
  joinedAt: z.string(),
  /** Whether the caller may remove, ban or change roles of this member (hierarchy and permissions). */
  manageable: z.boolean(),
});
export type CommunityMember = z.infer<typeof communityMemberSchema>;
export const communityMemberPageSchema = socialPageSchema(communityMemberSchema);
/** GET /community/{id}/members?page&limit&search (search only when non-empty) and member-list/{roleId}. */
export const communityMembersQuerySchema = communityPageQuerySchema.extend({ search: line('search', 60).optional() });
export const communityMemberParamsSchema = communityIdParamsSchema.extend({
  memberId: z.uuid('memberId must be a member id (a user UUID).'),
});
export const communityCustomerParamsSchema = communityIdParamsSchema.extend({
  customerId: z.uuid('customerId must be a user id (a UUID).'),
});

export const banBodySchema = z.strictObject({
  reason: multiline('reason', 500).default(''),
  /** Days until the ban ends; none: until lifted. */
  duration_days: z
    .number({ error: 'duration_days must be a whole number of days from 1 to 3650.' })
    .int('duration_days must be a whole number of days from 1 to 3650.')
    .min(1, 'duration_days must be a whole number of days from 1 to 3650.')
    .max(3650, 'duration_days must be a whole number of days from 1 to 3650.')
    .optional(),
});
export const communityBanSchema = z.object({
  user: profileSummarySchema,
  reason: z.string(),
  bannedBy: profileSummarySchema.nullable(),
  createdAt: z.string(),
  /** Null: until lifted. */
  until: z.string().nullable(),
});
export const communityBanPageSchema = socialPageSchema(communityBanSchema);

export const joinResultSchema = z.object({ status: z.enum(['joined', 'requested']), community: communitySchema });

export const joinRequestSchema = z.object({
  id: z.uuid(),
  user: profileSummarySchema,
  message: z.string(),
  createdAt: z.string(),
});
export const joinRequestPageSchema = socialPageSchema(joinRequestSchema);
export const joinBodySchema = z.strictObject({ message: multiline('message', 300).optional() });
export const communityRequestParamsSchema = communityIdParamsSchema.extend({
  requestId: z.uuid('requestId must be a join request id (a UUID).'),
});

/** An invite: to one person (invite/{customerId}) or a link anyone holding it may use. */
export const communityInviteSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['person', 'link']),
  /** The invited person (kind person). */
  invitee: profileSummarySchema.nullable(),
  createdBy: profileSummarySchema,
  /** The token to share (only to those who may invite); `/communities/invite/{token}` in the web. */
  token: z.string(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type CommunityInvite = z.infer<typeof communityInviteSchema>;
export const communityInvitePageSchema = socialPageSchema(communityInviteSchema);
export const INVITE_DEFAULT_HOURS = 7 * 24;
export const createInviteLinkBodySchema = z.strictObject({
  expires_in_hours: z
    .number({ error: 'expires_in_hours must be a whole number of hours from 1 to 720.' })
    .int('expires_in_hours must be a whole number of hours from 1 to 720.')
    .min(1, 'expires_in_hours must be a whole number of hours from 1 to 720.')
    .max(720, 'expires_in_hours must be a whole number of hours from 1 to 720.')
    .default(INVITE_DEFAULT_HOURS),
  max_uses: z
    .number({ error: 'max_uses must be a whole number from 1 to 100.' })
    .int('max_uses must be a whole number from 1 to 100.')
    .min(1, 'max_uses must be a whole number from 1 to 100.')
    .max(100, 'max_uses must be a whole number from 1 to 100.')
    .default(1),
});
export const acceptInviteBodySchema = z.strictObject({
  token: z
    .string({ error: 'token must be the invite token.' })
    .min(10, 'token must be the invite token.')
    .max(200, 'token must be the invite token.'),
});
/** GET /community/invites/{token}: what the invite leads to, for the accept page (404 when used up or expired). */
export const invitePreviewSchema = z.object({
  community: communitySummarySchema,
  invitedBy: profileSummarySchema,
  expiresAt: z.string(),
});
export const communityInviteParamsSchema = communityIdParamsSchema.extend({
  inviteId: z.uuid('inviteId must be an invite id (a UUID).'),
});

/** Legacy moderators (/communities/{id}/moderators): an offer the member approves or denies. */
export const communityModeratorSchema = z.object({
  user: profileSummarySchema,
  status: z.enum(['pending', 'approved']),
  addedBy: profileSummarySchema.nullable(),
  createdAt: z.string(),
});
export const communityModeratorListSchema = z.object({ items: z.array(communityModeratorSchema) });

/** Legacy ratings (/communities/{id}/ratings): members rate 1-5 with an optional review. */
export const communityRatingBodySchema = z.strictObject({
  rating: z
    .number({ error: 'rating must be a whole number from 1 to 5.' })
    .int('rating must be a whole number from 1 to 5.')
    .min(1, 'rating must be a whole number from 1 to 5.')
    .max(5, 'rating must be a whole number from 1 to 5.'),
  review: multiline('review', 1000).default(''),
});
export const communityRatingSchema = z.object({
  user: profileSummarySchema,
  rating: z.number().int(),
  review: z.string(),
  updatedAt: z.string(),
});
export const communityRatingsSchema = socialPageSchema(communityRatingSchema).extend({
  average: z.number().nullable(),
  mine: communityRatingSchema.nullable(),
});

// ---- rules and links ------------------------------------------------------------------------------

export const communityRuleSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
});
export type CommunityRule = z.infer<typeof communityRuleSchema>;
export const communityRuleBodySchema = z.strictObject({
  title: line('title', 100, { min: 1 }),
  description: multiline('description', 1000).default(''),
});
export const updateCommunityRuleBodySchema = z.strictObject({
  title: line('title', 100, { min: 1 }).optional(),
  description: multiline('description', 1000).optional(),
});
export const communityLinkSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  url: z.string(),
  position: z.number().int(),
});
export type CommunityLink = z.infer<typeof communityLinkSchema>;
const linkUrl = z
  .url({ error: 'url must be a web address (https://...).', protocol: /^https?$/ })
  .max(500, 'url must be at most 500 characters.');
export const communityLinkBodySchema = z.strictObject({ title: line('title', 60, { min: 1 }), url: linkUrl });
export const updateCommunityLinkBodySchema = z.strictObject({
  title: line('title', 60, { min: 1 }).optional(),
  url: linkUrl.optional(),
});
/** PUT .../rules/reorder and .../links/reorder: every id of the list, once, in the new order. */
export const reorderBodySchema = z.strictObject({
  ids: z.array(z.uuid('ids must be ids (UUIDs).')).min(1, 'ids must list every item.').max(100),
});
export const communityItemParamsSchema = communityIdParamsSchema.extend({
  itemId: z.uuid('itemId must be an id (a UUID).'),
});

// ---- audit log -----------------------------------------------------------------------------------

export const COMMUNITY_AUDIT_ACTIONS = [
  'community.created',
  'community.updated',
  'community.deletion_scheduled',
  'community.deletion_cancelled',
  'community.ownership_transferred',
  'role.created',
  'role.updated',
  'role.deleted',
  'role.assigned',
  'role.unassigned',
  'role.default_set',
  'role.default_removed',
  'member.joined',
  'member.left',
  'member.removed',
  'member.banned',
  'member.unbanned',
  'request.accepted',
  'request.rejected',
  'invite.created',
  'invite.revoked',
  'invite.accepted',
  'moderator.added',
  'moderator.approved',
  'moderator.denied',
  'moderator.revoked',
  'rule.created',
  'rule.updated',
  'rule.deleted',
  'rules.reordered',
  'link.created',
  'link.updated',
  'link.deleted',
  'links.reordered',
  'channel.created',
  'channel.updated',
  'channel.deleted',
  'post.pinned',
  'post.unpinned',
  'post.deleted',
  'comment.deleted',
  'message.deleted',
] as const;
export type CommunityAuditAction = (typeof COMMUNITY_AUDIT_ACTIONS)[number];
export const communityAuditEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(COMMUNITY_AUDIT_ACTIONS),
  actor: profileSummarySchema.nullable(),
  /** The member acted on, if any. */
  target: profileSummarySchema.nullable(),
  /** A sentence for people: "ada banned bob for 7 days: spam". */
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const communityAuditPageSchema = socialPageSchema(communityAuditEntrySchema);

// ---- live events -----------------------------------------------------------------------------------

/** On the `user` channel: the caller's access to a community changed (banned, removed, joined, role changed). */
export const COMMUNITY_ACCESS_EVENT = 'community.access';
export const communityAccessEventSchema = z.object({
  communityId: z.uuid(),
  change: z.enum(['joined', 'left', 'removed', 'banned', 'unbanned', 'roles_changed', 'deleted']),
  /** A sentence to show (for banned: with the reason). */
  message: z.string(),
});
export type CommunityAccessEvent = z.infer<typeof communityAccessEventSchema>;

// ---- errors --------------------------------------------------------------------------------------

export const communityErrorCodes = [
  'COMMUNITY_NOT_FOUND',
  'COMMUNITY_FORBIDDEN',
  'COMMUNITY_BANNED',
  'COMMUNITY_NOT_MEMBER',
  'COMMUNITY_HANDLE_TAKEN',
  'COMMUNITY_CONFIRM_MISMATCH',
  'COMMUNITY_ALREADY_MEMBER',
  'COMMUNITY_OWNER_CANNOT_LEAVE',
  'COMMUNITY_ROLE_NOT_FOUND',
  'COMMUNITY_ROLE_HIERARCHY',
  'COMMUNITY_ROLE_PROTECTED',
  'COMMUNITY_MEMBER_NOT_FOUND',
  'COMMUNITY_REQUEST_NOT_FOUND',
  'COMMUNITY_INVITE_NOT_FOUND',
  'COMMUNITY_INVITE_INVALID',
  'COMMUNITY_RULES_NOT_ACCEPTED',
  'COMMUNITY_ITEM_NOT_FOUND',
  'COMMUNITY_REORDER_MISMATCH',
  'COMMUNITY_CHANNEL_NOT_FOUND',
  'COMMUNITY_CHANNEL_READ_ONLY',
  'COMMUNITY_MESSAGE_NOT_FOUND',
  'COMMUNITY_LIMIT',
  'COMMUNITY_UPLOAD_INVALID',
  'COMMUNITY_CHANNEL_NAME_TAKEN',
  'COMMUNITY_CURSOR_INVALID',
  'COMMUNITY_RATE_LIMITED',
  'COMMUNITY_UPLOAD_TYPE',
  'COMMUNITY_UPLOAD_TOO_LARGE',
  'COMMUNITY_PERSON_NOT_FOUND',
  'COMMUNITY_PERSON_BANNED',
  'COMMUNITY_BAN_NOT_FOUND',
  'COMMUNITY_MODERATOR_OFFER_NOT_FOUND',
  'COMMUNITY_ALREADY_MODERATOR',
] as const;
export type CommunityErrorCode = (typeof communityErrorCodes)[number];

// ---- core slice (directory, categories, spotlight) -------------------------------------------------

/** GET /community/categories/list: every category with how many listed communities (public, private) carry it. */
export const communityCategoryListSchema = z.object({ items: z.array(communityCategorySchema) });
export type CommunityCategory = z.infer<typeof communityCategorySchema>;
/** GET /community/spotlight: up to 6 public communities (most members joined in the last 30 days, then most members). */
export const communitySummaryListSchema = z.object({ items: z.array(communitySummarySchema) });
export const COMMUNITY_SPOTLIGHT_SIZE = 6;
export const COMMUNITY_SPOTLIGHT_DAYS = 30;
/** Handles that would clash with the web's pages under /communities/... (POST /community answers 409). */
export const COMMUNITY_RESERVED_HANDLES = [
  'new',
  'invite',
  'settings',
  'admin',
  'api',
  'create',
  'discover',
  'joined',
  'owned',
] as const;
export type CommunityNotificationPrefs = z.infer<typeof communityNotificationPrefsSchema>;
export type JoinResult = z.infer<typeof joinResultSchema>;
export type JoinRequest = z.infer<typeof joinRequestSchema>;
// ---- roles slice (S2) ----------------------------------------------------------------------------

/** GET /community/{id}/roles: every role, highest first. */
export const communityRoleListSchema = z.object({ items: z.array(communityRoleSchema) });
export type CommunityRoleList = z.infer<typeof communityRoleListSchema>;

// ---- members slice: invites and moderators -------------------------------------------------------------

/** GET /community/invites/{token}: the token as shared in `/communities/invite/{token}`. */
export const communityInviteTokenParamsSchema = z.object({
  token: z
    .string({ error: 'token must be the invite token.' })
    .min(10, 'token must be the invite token.')
    .max(200, 'token must be the invite token.'),
});

/** POST /community/accept-invite: the caller is a member now (membership `member`). */
export const acceptInviteResultSchema = z.object({ status: z.literal('joined'), community: communitySummarySchema });
export type AcceptInviteResult = z.infer<typeof acceptInviteResultSchema>;
// ---- content slice: rules and links lists, rules acceptance, limits, feed posts ---------------------

/** The most rules, links and pinned posts a community holds (409 COMMUNITY_LIMIT past them). */
export const COMMUNITY_RULES_MAX = 30;
export const COMMUNITY_LINKS_MAX = 20;
export const COMMUNITY_PINNED_POSTS_MAX = 5;
/** GET /community/{id}/rules (and the answer of reorder): every rule in order. */
export const communityRuleListSchema = z.object({ items: z.array(communityRuleSchema) });
/** GET /community/{id}/links (and the answer of reorder): every link in order. */
export const communityLinkListSchema = z.object({ items: z.array(communityLinkSchema) });
/** POST /community/{id}/rules/accept: when the member accepted (the first time; accepting again keeps it). */
export const rulesAcceptanceSchema = z.object({ rulesAcceptedAt: z.string() });
/** POST/DELETE /community/{id}/posts/{postId}/pin. */
export const communityPostParamsSchema = communityIdParamsSchema.extend({
  postId: z.uuid('postId must be a post id (a UUID).'),
});
