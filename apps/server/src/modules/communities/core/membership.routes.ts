import {
  communityIdParamsSchema,
  communityNotificationPrefsSchema,
  communityPageQuerySchema,
  communityRequestParamsSchema,
  errorBodySchema,
  joinBodySchema,
  joinRequestPageSchema,
  joinResultSchema,
  okSchema,
  updateCommunityNotificationPrefsBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import { forbidden, notFound, tags } from './core.routes.js';
import type { MembershipService } from './membership.service.js';

const ok = { ok: true as const };
const requestMissing = errorBodySchema.describe(
  'No community the caller can see has this id (COMMUNITY_NOT_FOUND), or no open request has requestId ' +
    '(COMMUNITY_REQUEST_NOT_FOUND)',
);
const notMember = forbidden('Members only');

/** Joining, leaving, join requests, pins and the member's notification preferences (spec section 7 "/community"). */
export function membershipRoutes(deps: { membership: MembershipService }): FastifyPluginAsyncZod {
  const { membership } = deps;
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.post(
      '/community/:id/join',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Joins a public community at once, or asks to join a private one (optional message)',
          description:
            'A hidden community is joined only through an invite: 404 without one, 403 with one (accept it). ' +
            'Asking again while a request is open updates its message.',
          params: communityIdParamsSchema,
          // No body at all is fine (Fastify leaves it null): the message is optional.
          body: joinBodySchema.nullish(),
          response: {
            200: joinResultSchema,
            403: errorBodySchema.describe(
              'The caller is banned (COMMUNITY_BANNED) or the community is joined by invitation (COMMUNITY_FORBIDDEN)',
            ),
            404: notFound,
            409: errorBodySchema.describe('The caller is already a member (COMMUNITY_ALREADY_MEMBER)'),
          },
        },
      },
      async (request) => membership.join(authOf(request).userId, request.params.id, request.body?.message ?? ''),
    );

    app.delete(
      '/community/:id/leave',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Leaves a community (the owner transfers ownership first)',
          params: communityIdParamsSchema,
          response: {
            200: okSchema,
            403: notMember,
            404: notFound,
            409: errorBodySchema.describe('The caller owns it (COMMUNITY_OWNER_CANNOT_LEAVE)'),
          },
        },
      },
      async (request) => {
        await membership.leave(authOf(request).userId, request.params.id);
        return ok;
      },
    );

    app.get(
      '/community/:id/requests',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Open requests to join, oldest first (manage_members)',
          params: communityIdParamsSchema,
          querystring: communityPageQuerySchema,
          response: { 200: joinRequestPageSchema, 403: forbidden('The caller lacks manage_members'), 404: notFound },
        },
      },
      async (request) => membership.requests(authOf(request).userId, request.params.id, request.query),
    );

    for (const answer of ['accept', 'reject'] as const) {
      app.post(
        `/community/:id/${answer}/:requestId`,
        {
          ...auth,
          schema: {
            tags,
            summary:
              answer === 'accept'
                ? 'Accepts a request to join: the person becomes a member with the default roles (manage_members)'
                : 'Rejects a request to join (manage_members)',
            description: 'Audited; the person is notified.',
            params: communityRequestParamsSchema,
            response: {
              200: okSchema,
              403: forbidden('The caller lacks manage_members, or the requester is banned'),
              404: requestMissing,
            },
          },
        },
        async (request) => {
          const { id, requestId } = request.params;
          const userId = authOf(request).userId;
          if (answer === 'accept') await membership.accept(userId, id, requestId);
          else await membership.reject(userId, id, requestId);
          return ok;
        },
      );
    }

    app.delete(
      '/community/:id/revoke',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Withdraws the caller’s own open request to join',
          params: communityIdParamsSchema,
          response: { 200: okSchema, 404: requestMissing },
        },
      },
      async (request) => {
        await membership.revoke(authOf(request).userId, request.params.id);
        return ok;
      },
    );

    for (const method of ['post', 'delete'] as const) {
      app[method](
        '/community/:id/pin',
        {
          ...auth,
          schema: {
            tags,
            summary:
              method === 'post'
                ? 'Pins the community to the top of the caller’s joined list (members)'
                : 'Unpins the community from the caller’s joined list (members)',
            params: communityIdParamsSchema,
            response: { 200: okSchema, 403: notMember, 404: notFound },
          },
        },
        async (request) => {
          await membership.pin(authOf(request).userId, request.params.id, method === 'post');
          return ok;
        },
      );
    }

    app.get(
      '/community/:id/notifications',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The caller’s notification preferences for this community (members)',
          params: communityIdParamsSchema,
          response: { 200: communityNotificationPrefsSchema, 403: notMember, 404: notFound },
        },
      },
      async (request) => membership.preferences(authOf(request).userId, request.params.id),
    );

    app.put(
      '/community/:id/notifications',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Changes the caller’s notification preferences for this community (only the fields sent)',
          params: communityIdParamsSchema,
          body: updateCommunityNotificationPrefsBodySchema,
          response: { 200: communityNotificationPrefsSchema, 403: notMember, 404: notFound },
        },
      },
      async (request) => membership.updatePreferences(authOf(request).userId, request.params.id, request.body),
    );
  };
}
