import {
  channelMessagePageSchema,
  channelMessageSchema,
  channelMessagesQuerySchema,
  channelReadSchema,
  communityChannelListSchema,
  communityChannelMessageParamsSchema,
  communityChannelParamsSchema,
  communityChannelSchema,
  communityIdParamsSchema,
  createCommunityChannelBodySchema,
  errorBodySchema,
  okSchema,
  postChannelMessageBodySchema,
  updateCommunityChannelBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { ChannelMessagesService } from './channel-messages.service.js';
import type { ChannelsService } from './channels.service.js';

const tags = ['communities'];
const base = '/community/:id/channels';
const communityMissing = errorBodySchema.describe(
  'No community the caller can see has this id (COMMUNITY_NOT_FOUND), or no channel of it they can see has ' +
    'channelId (COMMUNITY_CHANNEL_NOT_FOUND: private channels of other roles answer the same)',
);
const readRefused = errorBodySchema.describe(
  'COMMUNITY_BANNED (the caller is banned) or COMMUNITY_NOT_MEMBER (a private community: members only)',
);
const manageRefused = errorBodySchema.describe(
  'COMMUNITY_BANNED, COMMUNITY_NOT_MEMBER, or COMMUNITY_FORBIDDEN (the permission "Manage channels" is needed)',
);
const ok = { ok: true as const };

/**
 * Channels of a community (docs/api.md "Communities: channels"). Live messages on the WebSocket channel
 * `community-channel:<channelId>`; unread counts on `user` (community.channel_unread).
 */
export function channelsRoutes(deps: {
  channels: ChannelsService;
  messages: ChannelMessagesService;
}): FastifyPluginAsyncZod {
  const { channels, messages } = deps;
  return async (app) => {
    const preHandler = app.authenticate;

    app.get(
      base,
      {
        preHandler,
        schema: {
          tags,
          summary: 'The channels of a community the caller can see, in order, with their unread and mention counts',
          description:
            'Public channels, and private ones when the caller holds one of their roles, "View private channels" ' +
            'or the Owner role. Counts are zero for a non-member reading a public community.',
          params: communityIdParamsSchema,
          response: { 200: communityChannelListSchema, 403: readRefused, 404: communityMissing },
        },
      },
      async (request) => ({ items: await channels.list(authOf(request).userId, request.params.id) }),
    );

    app.post(
      base,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Creates a channel (Manage channels; audited), placed last',
          params: communityIdParamsSchema,
          body: createCommunityChannelBodySchema,
          response: {
            201: communityChannelSchema,
            403: manageRefused,
            404: errorBodySchema.describe(
              'COMMUNITY_NOT_FOUND, or COMMUNITY_ROLE_NOT_FOUND on role_ids (not roles of this community)',
            ),
            409: errorBodySchema.describe(
              'COMMUNITY_CHANNEL_NAME_TAKEN on name, or COMMUNITY_LIMIT (at most 50 channels)',
            ),
          },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return channels.create(authOf(request).userId, request.params.id, request.body);
      },
    );

    app.put(
      `${base}/:channelId`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Changes a channel: name, topic, kind, private and its roles, position (Manage channels; audited)',
          description: 'A channel made public loses its roles. `position` moves it (1 is first); the others follow.',
          params: communityChannelParamsSchema,
          body: updateCommunityChannelBodySchema,
          response: {
            200: communityChannelSchema,
            403: manageRefused,
            404: communityMissing,
            409: errorBodySchema.describe('COMMUNITY_CHANNEL_NAME_TAKEN on name'),
          },
        },
      },
      async (request) =>
        channels.update(authOf(request).userId, request.params.id, request.params.channelId, request.body),
    );

    app.delete(
      `${base}/:channelId`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Deletes a channel and its messages (Manage channels; audited)',
          params: communityChannelParamsSchema,
          response: { 200: okSchema, 403: manageRefused, 404: communityMissing },
        },
      },
      async (request) => {
        await channels.remove(authOf(request).userId, request.params.id, request.params.channelId);
        return ok;
      },
    );

    app.get(
      `${base}/:channelId/messages`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Messages of a channel, newest first; send `nextBefore` back as `before` for older ones',
          params: communityChannelParamsSchema,
          querystring: channelMessagesQuerySchema,
          response: {
            200: channelMessagePageSchema,
            400: errorBodySchema.describe('COMMUNITY_CURSOR_INVALID on before, or a malformed limit'),
            403: readRefused,
            404: communityMissing,
          },
        },
      },
      async (request) =>
        messages.list(authOf(request).userId, request.params.id, request.params.channelId, request.query),
    );

    app.post(
      `${base}/:channelId/messages`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Writes a message; `@username` mentions of members who see the channel are resolved and notified',
          description:
            'Needs "Use channels" and the rules accepted; announcements are read-only except for "Manage channels".',
          params: communityChannelParamsSchema,
          body: postChannelMessageBodySchema,
          response: {
            201: channelMessageSchema,
            403: errorBodySchema.describe(
              'COMMUNITY_BANNED, COMMUNITY_NOT_MEMBER, COMMUNITY_FORBIDDEN ("Use channels") or ' +
                'COMMUNITY_CHANNEL_READ_ONLY (announcements)',
            ),
            404: communityMissing,
            409: errorBodySchema.describe('COMMUNITY_RULES_NOT_ACCEPTED: accept the rules first'),
            429: errorBodySchema.describe('COMMUNITY_RATE_LIMITED: too many messages this minute'),
          },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return messages.post(authOf(request).userId, request.params.id, request.params.channelId, request.body.content);
      },
    );

    app.delete(
      `${base}/:channelId/messages/:messageId`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Deletes a message: its author, or "Moderate posts" over the author (audited); content emptied',
          params: communityChannelMessageParamsSchema,
          response: {
            200: okSchema,
            403: errorBodySchema.describe(
              'COMMUNITY_BANNED, COMMUNITY_NOT_MEMBER, COMMUNITY_FORBIDDEN ("Moderate posts") or ' +
                'COMMUNITY_ROLE_HIERARCHY (the author’s highest role is not below the caller’s)',
            ),
            404: errorBodySchema.describe(
              'COMMUNITY_NOT_FOUND, COMMUNITY_CHANNEL_NOT_FOUND or COMMUNITY_MESSAGE_NOT_FOUND',
            ),
          },
        },
      },
      async (request) => {
        const { id, channelId, messageId } = request.params;
        await messages.remove(authOf(request).userId, id, channelId, messageId);
        return ok;
      },
    );

    app.post(
      `${base}/:channelId/read`,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Marks a channel read up to now for the caller (a member): their unread and mention counts there',
          params: communityChannelParamsSchema,
          response: { 200: channelReadSchema, 403: readRefused, 404: communityMissing },
        },
      },
      async (request) => messages.read(authOf(request).userId, request.params.id, request.params.channelId),
    );
  };
}
