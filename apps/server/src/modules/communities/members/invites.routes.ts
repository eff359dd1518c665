import {
  acceptInviteBodySchema,
  acceptInviteResultSchema,
  communityCustomerParamsSchema,
  communityIdParamsSchema,
  communityInvitePageSchema,
  communityInviteParamsSchema,
  communityInviteSchema,
  communityInviteTokenParamsSchema,
  communityPageQuerySchema,
  createInviteLinkBodySchema,
  errorBodySchema,
  invitePreviewSchema,
  okSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { InvitesService } from './invites.service.js';
import { communityNotFound, refused } from './members.routes.js';

const tags = ['communities'];
const ok = { ok: true as const };
const tokenGone = errorBodySchema.describe(
  'The invite has expired, was used up or was revoked (COMMUNITY_INVITE_INVALID)',
);

/** Invites to a person and invite links; the preview and accept of a token. */
export function invitesRoutes(deps: { invites: InvitesService }): FastifyPluginAsyncZod {
  const { invites } = deps;
  return async (app) => {
    const auth = { preHandler: app.authenticate };

    app.get(
      '/community/invites/:token',
      {
        ...auth,
        schema: {
          tags,
          summary: 'What an invite token leads to (the accept page)',
          description:
            'A personal invite previewed by anyone but the invited person answers 404. A hidden community shows itself to a holder of an open token; `community.membership` says `banned` when the caller is.',
          params: communityInviteTokenParamsSchema,
          response: {
            200: invitePreviewSchema,
            404: errorBodySchema.describe('No invite the caller can use has this token (COMMUNITY_INVITE_NOT_FOUND)'),
            410: tokenGone,
          },
        },
      },
      async (request) => invites.preview(authOf(request).userId, request.params.token),
    );

    app.post(
      '/community/accept-invite',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Joins a community with an invite token (public, private and hidden alike)',
          description:
            'Counts one use atomically; a member already answers 409 and no use is counted. The caller gets the default roles.',
          body: acceptInviteBodySchema,
          response: {
            200: acceptInviteResultSchema,
            403: errorBodySchema.describe('The caller is banned from the community (COMMUNITY_BANNED)'),
            404: errorBodySchema.describe('No invite the caller can use has this token (COMMUNITY_INVITE_NOT_FOUND)'),
            409: errorBodySchema.describe('The caller is already a member (COMMUNITY_ALREADY_MEMBER)'),
            410: tokenGone,
          },
        },
      },
      async (request) => invites.accept(authOf(request).userId, request.body.token),
    );

    app.post(
      '/community/:id/invite/:customerId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Invites a person (invite_members): a single-use token valid 7 days; they get a notification',
          description: 'An open personal invite to the same person is answered again instead of a new one.',
          params: communityCustomerParamsSchema,
          response: {
            201: communityInviteSchema,
            403: refused('The caller may not invite'),
            404: errorBodySchema.describe(
              'Unknown community (COMMUNITY_NOT_FOUND), or no person the caller may invite (COMMUNITY_PERSON_NOT_FOUND)',
            ),
            409: errorBodySchema.describe(
              'The person is a member (COMMUNITY_ALREADY_MEMBER) or banned (COMMUNITY_PERSON_BANNED)',
            ),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await invites.invitePerson(authOf(request).userId, request.params.id, request.params.customerId)),
    );

    app.post(
      '/community/:id/invite-links',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Creates an invite link (invite_members) with an expiry and a number of uses',
          params: communityIdParamsSchema,
          body: createInviteLinkBodySchema,
          response: { 201: communityInviteSchema, 403: refused('The caller may not invite'), 404: communityNotFound },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await invites.createLink(authOf(request).userId, request.params.id, request.body)),
    );

    app.get(
      '/community/:id/invites',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The invites that would admit someone now, newest first (invite_members)',
          description:
            'Not revoked, not used up, not expired, and made by someone who may still invite (a member, not banned, holding invite_members): the invites accept-invite would take.',
          params: communityIdParamsSchema,
          querystring: communityPageQuerySchema,
          response: {
            200: communityInvitePageSchema,
            403: refused('The caller may not see invites'),
            404: communityNotFound,
          },
        },
      },
      async (request) => invites.list(authOf(request).userId, request.params.id, request.query),
    );

    app.delete(
      '/community/:id/invites/:inviteId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Revokes an open invite: its creator, or a member with manage_members',
          params: communityInviteParamsSchema,
          response: {
            200: okSchema,
            403: refused('The caller may not revoke this invite'),
            404: errorBodySchema.describe(
              'Unknown community (COMMUNITY_NOT_FOUND) or invite (COMMUNITY_INVITE_NOT_FOUND)',
            ),
            410: errorBodySchema.describe('The invite has already ended (COMMUNITY_INVITE_INVALID)'),
          },
        },
      },
      async (request) => {
        await invites.revoke(authOf(request).userId, request.params.id, request.params.inviteId);
        return ok;
      },
    );
  };
}
