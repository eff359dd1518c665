import {
  communityCustomerParamsSchema,
  communityIdParamsSchema,
  communityModeratorListSchema,
  communityModeratorSchema,
  errorBodySchema,
  okSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import { communityNotFound, refused } from './members.routes.js';
import type { ModeratorsService } from './moderators.service.js';

const tags = ['communities'];
const ok = { ok: true as const };
const noOffer = errorBodySchema.describe(
  'Unknown community (COMMUNITY_NOT_FOUND) or no moderator offer waits for the caller (COMMUNITY_MODERATOR_OFFER_NOT_FOUND)',
);

/** Legacy moderators (spec section 7: `/communities/{id}/moderators`): offers a member approves or denies. */
export function moderatorsRoutes(deps: { moderators: ModeratorsService }): FastifyPluginAsyncZod {
  const { moderators } = deps;
  return async (app) => {
    const auth = { preHandler: app.authenticate };

    app.get(
      '/communities/:id/moderators',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Moderators (holding the Moderator role) and pending offers, approved first',
          params: communityIdParamsSchema,
          response: {
            200: communityModeratorListSchema,
            403: errorBodySchema.describe(
              'A private community the caller is not a member of (COMMUNITY_NOT_MEMBER), or banned (COMMUNITY_BANNED)',
            ),
            404: communityNotFound,
          },
        },
      },
      async (request) => moderators.list(authOf(request).userId, request.params.id),
    );

    app.post(
      '/communities/:id/moderators/approve',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The offered member accepts the Moderator role',
          params: communityIdParamsSchema,
          response: {
            200: communityModeratorSchema,
            403: errorBodySchema.describe('Not a member (COMMUNITY_NOT_MEMBER) or banned (COMMUNITY_BANNED)'),
            404: noOffer,
          },
        },
      },
      async (request) => moderators.approve(authOf(request).userId, request.params.id),
    );

    app.post(
      '/communities/:id/moderators/deny',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The offered member declines the Moderator role',
          params: communityIdParamsSchema,
          response: {
            200: okSchema,
            403: errorBodySchema.describe('Not a member (COMMUNITY_NOT_MEMBER) or banned (COMMUNITY_BANNED)'),
            404: noOffer,
          },
        },
      },
      async (request) => {
        await moderators.deny(authOf(request).userId, request.params.id);
        return ok;
      },
    );

    app.post(
      '/communities/:id/moderators/:customerId',
      {
        ...auth,
        schema: {
          tags,
          summary:
            'Offers the Moderator role to a member (manage_roles; the role below the caller; the member outranked)',
          description: 'The member is notified and approves or denies; an open offer is answered again.',
          params: communityCustomerParamsSchema,
          response: {
            201: communityModeratorSchema,
            403: refused('The caller may not offer the Moderator role to this member'),
            404: errorBodySchema.describe(
              'Unknown community (COMMUNITY_NOT_FOUND), member (COMMUNITY_MEMBER_NOT_FOUND) or no Moderator role (COMMUNITY_ROLE_NOT_FOUND)',
            ),
            409: errorBodySchema.describe('The member already holds the Moderator role (COMMUNITY_ALREADY_MODERATOR)'),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await moderators.offer(authOf(request).userId, request.params.id, request.params.customerId)),
    );

    app.delete(
      '/communities/:id/moderators/:customerId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Takes the Moderator role from a member the caller outranks, or withdraws the offer (manage_roles)',
          params: communityCustomerParamsSchema,
          response: {
            200: okSchema,
            403: refused('The caller may not revoke this moderator'),
            404: errorBodySchema.describe(
              'Unknown community (COMMUNITY_NOT_FOUND), member (COMMUNITY_MEMBER_NOT_FOUND), or neither role nor offer (COMMUNITY_MODERATOR_OFFER_NOT_FOUND)',
            ),
          },
        },
      },
      async (request) => {
        await moderators.revoke(authOf(request).userId, request.params.id, request.params.customerId);
        return ok;
      },
    );
  };
}
