import {
  banBodySchema,
  communityAuditPageSchema,
  communityBanPageSchema,
  communityBanSchema,
  communityCustomerParamsSchema,
  communityIdParamsSchema,
  communityMemberPageSchema,
  communityMemberParamsSchema,
  communityMembersQuerySchema,
  communityPageQuerySchema,
  errorBodySchema,
  okSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { MembersService } from './members.service.js';

const tags = ['communities'];
const ok = { ok: true as const };
export const communityNotFound = errorBodySchema.describe(
  'No community the caller can see has this id (COMMUNITY_NOT_FOUND)',
);
export const refused = (what: string) =>
  errorBodySchema.describe(
    `${what}: not a member (COMMUNITY_NOT_MEMBER), banned (COMMUNITY_BANNED), lacking the permission (COMMUNITY_FORBIDDEN) or not outranking the member (COMMUNITY_ROLE_HIERARCHY)`,
  );

/** Members, removal, bans and the audit log (spec section 7 "Community and social"). */
export function membersRoutes(deps: { members: MembersService }): FastifyPluginAsyncZod {
  const { members } = deps;
  return async (app) => {
    const auth = { preHandler: app.authenticate };

    app.get(
      '/community/:id/members',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Members: the owner first, then by highest role, then who joined first',
          description:
            '`search` (only when non-empty) matches the username, first or last name. `manageable`: the caller may remove, ban or change roles of the member.',
          params: communityIdParamsSchema,
          querystring: communityMembersQuerySchema,
          response: {
            200: communityMemberPageSchema,
            403: errorBodySchema.describe(
              'A private community the caller is not a member of (COMMUNITY_NOT_MEMBER), or banned (COMMUNITY_BANNED)',
            ),
            404: communityNotFound,
          },
        },
      },
      async (request) => members.members(authOf(request).userId, request.params.id, request.query),
    );

    app.delete(
      '/community/:id/remove/:memberId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Removes a member the caller outranks (manage_members); they may join again',
          params: communityMemberParamsSchema,
          response: {
            200: okSchema,
            403: refused('The caller may not remove this member'),
            404: errorBodySchema.describe(
              'Unknown community (COMMUNITY_NOT_FOUND) or member (COMMUNITY_MEMBER_NOT_FOUND)',
            ),
          },
        },
      },
      async (request) => {
        await members.remove(authOf(request).userId, request.params.id, request.params.memberId);
        return ok;
      },
    );

    app.get(
      '/community/:id/banmembers',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Bans in force, newest first (ban_members)',
          params: communityIdParamsSchema,
          querystring: communityPageQuerySchema,
          response: {
            200: communityBanPageSchema,
            403: refused('The caller may not see bans'),
            404: communityNotFound,
          },
        },
      },
      async (request) => members.bans(authOf(request).userId, request.params.id, request.query),
    );

    app.post(
      '/community/:id/ban/:customerId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Bans a person (ban_members): a member the caller outranks, or someone who is not a member',
          description:
            'Removes the membership, the join request, open personal invites and any moderator offer in the same transaction. Without `duration_days` the ban lasts until lifted; banning again replaces the reason and the end. The person is told live (`community.access`, change `banned`).',
          params: communityCustomerParamsSchema,
          body: banBodySchema,
          response: {
            200: communityBanSchema,
            403: refused('The caller may not ban this person'),
            404: errorBodySchema.describe(
              'Unknown community (COMMUNITY_NOT_FOUND) or person (COMMUNITY_PERSON_NOT_FOUND)',
            ),
          },
        },
      },
      async (request) =>
        members.ban(authOf(request).userId, request.params.id, request.params.customerId, request.body),
    );

    app.delete(
      '/community/:id/unban/:customerId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Lifts a ban (ban_members)',
          params: communityCustomerParamsSchema,
          response: {
            200: okSchema,
            403: refused('The caller may not lift bans'),
            404: errorBodySchema.describe(
              'Unknown community (COMMUNITY_NOT_FOUND) or no ban (COMMUNITY_BAN_NOT_FOUND)',
            ),
          },
        },
      },
      async (request) => {
        await members.unban(authOf(request).userId, request.params.id, request.params.customerId);
        return ok;
      },
    );

    app.get(
      '/community/:id/audit',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The audit log of moderation and role actions, newest first (view_audit_log)',
          params: communityIdParamsSchema,
          querystring: communityPageQuerySchema,
          response: {
            200: communityAuditPageSchema,
            403: refused('The caller may not see the audit log'),
            404: communityNotFound,
          },
        },
      },
      async (request) => members.audit(authOf(request).userId, request.params.id, request.query),
    );
  };
}
