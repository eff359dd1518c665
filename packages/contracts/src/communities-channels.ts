import { z } from 'zod';
import { communityIdParamsSchema } from './communities.js';
import { profileSummarySchema } from './social.js';
import { line, multiline } from './text.js';

/**
 * Community channels (issue 16 item 5): topic rooms inside a community. `text` channels take messages from members
 * holding `use_channels`; `announcements` are read by all members and written only by those with
 * `manage_channels` (or the Owner). A `private` channel is seen only by members holding one of its `roleIds`, or
 * `view_private_channels`. Live messages go over the WebSocket channel `community-channel:<channelId>`; unread
 * counts and mentions over the `user` channel.
 */

export const COMMUNITY_CHANNEL_KINDS = ['text', 'announcements'] as const;
export const communityChannelSchema = z.object({
  id: z.uuid(),
  communityId: z.uuid(),
  name: z.string(),
  topic: z.string(),
  kind: z.enum(COMMUNITY_CHANNEL_KINDS),
  private: z.boolean(),
  /** Roles that see a private channel (empty for public channels). */
  roleIds: z.array(z.uuid()),
  position: z.number().int(),
  /** Whether the caller may write here. */
  canWrite: z.boolean(),
  unread: z.number().int(),
  /** Unread messages that mention the caller. */
  mentions: z.number().int(),
  lastMessageAt: z.string().nullable(),
});
export type CommunityChannel = z.infer<typeof communityChannelSchema>;
export const communityChannelListSchema = z.object({ items: z.array(communityChannelSchema) });

/** A channel name: 1-30 lower-case letters, digits and dashes (like `#general`). */
export const CHANNEL_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,29}$/;
const channelName = z
  .string({ error: 'name is required.' })
  .trim()
  .toLowerCase()
  .regex(CHANNEL_NAME_PATTERN, 'name must be 1 to 30 lower-case letters, digits or dashes.');

export const createCommunityChannelBodySchema = z.strictObject({
  name: channelName,
  topic: line('topic', 200).default(''),
  kind: z.enum(COMMUNITY_CHANNEL_KINDS, { error: 'kind must be text or announcements.' }).default('text'),
  private: z.boolean({ error: 'private must be true or false.' }).default(false),
  role_ids: z.array(z.uuid('role_ids must be role ids (UUIDs).')).max(50).default([]),
});
export const updateCommunityChannelBodySchema = z.strictObject({
  name: channelName.optional(),
  topic: line('topic', 200).optional(),
  kind: z.enum(COMMUNITY_CHANNEL_KINDS, { error: 'kind must be text or announcements.' }).optional(),
  private: z.boolean({ error: 'private must be true or false.' }).optional(),
  role_ids: z.array(z.uuid('role_ids must be role ids (UUIDs).')).max(50).optional(),
  position: z.number({ error: 'position must be a whole number from 1.' }).int().min(1).optional(),
});
export const communityChannelParamsSchema = communityIdParamsSchema.extend({
  channelId: z.uuid('channelId must be a channel id (a UUID).'),
});
export const communityChannelMessageParamsSchema = communityChannelParamsSchema.extend({
  messageId: z.uuid('messageId must be a message id (a UUID).'),
});

export const channelMessageSchema = z.object({
  id: z.uuid(),
  channelId: z.uuid(),
  author: profileSummarySchema,
  /** Plain text; `@username` mentions are resolved to `mentions`. */
  content: z.string(),
  mentions: z.array(z.object({ id: z.uuid(), username: z.string() })),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Deleted by a moderator or its author: content emptied. */
  deleted: z.boolean(),
  /** Whether the caller may delete it (author, or moderate_posts over the author's roles). */
  deletable: z.boolean(),
});
export type ChannelMessage = z.infer<typeof channelMessageSchema>;
/** GET .../messages?before&limit: newest first; `nextBefore` is the cursor of the next (older) page. */
export const channelMessagesQuerySchema = z.object({
  before: line('before', 200).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100.' })
    .int('limit must be a whole number from 1 to 100.')
    .min(1, 'limit must be a whole number from 1 to 100.')
    .max(100, 'limit must be a whole number from 1 to 100.')
    .default(50),
});
export const channelMessagePageSchema = z.object({
  items: z.array(channelMessageSchema),
  nextBefore: z.string().nullable(),
});
export const postChannelMessageBodySchema = z.strictObject({ content: multiline('content', 2000, { min: 1 }) });

/** Live events on `community-channel:<channelId>`. */
export const CHANNEL_MESSAGE_EVENT = 'channel.message';
export const CHANNEL_MESSAGE_DELETED_EVENT = 'channel.message_deleted';
/**
 * On `community-channel:<id>` when who may read the channel changed (made private, its roles changed, deleted): the
 * server authorises its subscribers again and ends the subscriptions of those who may no longer read it.
 */
export const CHANNEL_ACCESS_CHANGED_EVENT = 'channel.access_changed';
/** On the `user` channel: a channel's unread and mention counts for the caller changed. */
export const CHANNEL_UNREAD_EVENT = 'community.channel_unread';
export const channelUnreadEventSchema = z.object({
  communityId: z.uuid(),
  channelId: z.uuid(),
  unread: z.number().int(),
  mentions: z.number().int(),
});
export const COMMUNITY_CHANNEL_WS_PREFIX = 'community-channel';

/** The data of CHANNEL_MESSAGE_EVENT: the message as everyone sees it (`deletable` false: ask GET for the caller's). */
export const channelMessageEventSchema = z.object({
  communityId: z.uuid(),
  channelId: z.uuid(),
  message: channelMessageSchema,
});
export type ChannelMessageEvent = z.infer<typeof channelMessageEventSchema>;
/** The data of CHANNEL_MESSAGE_DELETED_EVENT: show the message as deleted (content emptied). */
export const channelMessageDeletedEventSchema = z.object({
  communityId: z.uuid(),
  channelId: z.uuid(),
  messageId: z.uuid(),
});
export type ChannelMessageDeletedEvent = z.infer<typeof channelMessageDeletedEventSchema>;
export type ChannelUnreadEvent = z.infer<typeof channelUnreadEventSchema>;
/** POST .../channels/{channelId}/read: the caller's counts after marking it read (both 0). */
export const channelReadSchema = channelUnreadEventSchema;
/** Most channels a community may have. */
export const COMMUNITY_CHANNELS_MAX = 50;
