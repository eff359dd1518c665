import {
  assignRoleBodySchema,
  communityIdParamsSchema,
  communityMemberPageSchema,
  communityMemberSchema,
  communityMembersQuerySchema,
  communityPermissionsSchema,
  communityRoleListSchema,
  communityRoleParamsSchema,
  communityRoleSchema,
  createCommunityRoleBodySchema,
  defaultRoleBodySchema,
  errorBodySchema,
  okSchema,
  transferOwnershipBodySchema,
  updateCommunityRoleBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { RolesService } from './roles.service.js';

const tags = ['communities'];
const ok = { ok: true as const };

const notFound = errorBodySchema.describe(
  'No community the caller can see has this id (COMMUNITY_NOT_FOUND), or no role of it has this roleId (COMMUNITY_ROLE_NOT_FOUND)',
);
const readForbidden = errorBodySchema.describe(
  'A private community and the caller is not a member (COMMUNITY_NOT_MEMBER), or the caller is banned (COMMUNITY_BANNED)',
);
const writeForbidden = (permission: string) =>
  errorBodySchema.describe(
    `The caller is not a member (COMMUNITY_NOT_MEMBER), is banned (COMMUNITY_BANNED), lacks ${permission} ` +
      '(COMMUNITY_FORBIDDEN), or the role or member is equal to or above their highest role (COMMUNITY_ROLE_HIERARCHY)',
  );
const ownerProtected = errorBodySchema.describe('The Owner role cannot be changed this way (COMMUNITY_ROLE_PROTECTED)');
const invalid = errorBodySchema.describe('The body or query is invalid; details.fields names each field');

/** Roles and permissions of a community (issue 16 S2; spec section 6 "Community roles"). */
export function rolesRoutes(deps: { roles: RolesService }): FastifyPluginAsyncZod {
  const { roles } = deps;
  return async (app) => {
    const auth = { preHandler: app.authenticate };

    app.get(
      '/community/:id/roles',
      {
        ...auth,
        schema: {
          tags,
          summary:
            'The roles of a community, highest first, with their member counts and whether the caller may edit each',
          params: communityIdParamsSchema,
          response: { 200: communityRoleListSchema, 403: readForbidden, 404: notFound },
        },
      },
      async (request) => roles.list(authOf(request).userId, request.params.id),
    );

    app.post(
      '/community/:id/roles',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Creates a role just below the caller’s highest role (manage_roles)',
          description:
            'Roles at or above that position (but Owner) move up by one. Only the owner grants permissions they do not hold themselves. At most 50 roles (409 COMMUNITY_LIMIT).',
          params: communityIdParamsSchema,
          body: createCommunityRoleBodySchema,
          response: {
            201: communityRoleSchema,
            400: invalid,
            403: writeForbidden('manage_roles or one of the permissions granted'),
            404: notFound,
            409: errorBodySchema.describe('The community has 50 roles already (COMMUNITY_LIMIT)'),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await roles.create(authOf(request).userId, request.params.id, request.body)),
    );

    app.get(
      '/community/:id/roles/:roleId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'One role of a community (whoever may read the community)',
          params: communityRoleParamsSchema,
          response: { 200: communityRoleSchema, 403: readForbidden, 404: notFound },
        },
      },
      async (request) => roles.get(authOf(request).userId, request.params.id, request.params.roleId),
    );

    app.put(
      '/community/:id/roles/:roleId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Edits a role below the caller’s highest role (manage_roles); position moves stay below it too',
          description:
            'The owner may rename, describe, colour and display the Owner role; its permissions and position never change (409).',
          params: communityRoleParamsSchema,
          body: updateCommunityRoleBodySchema,
          response: {
            200: communityRoleSchema,
            400: invalid,
            403: writeForbidden('manage_roles or one of the permissions granted'),
            404: notFound,
            409: ownerProtected,
          },
        },
      },
      async (request) => roles.update(authOf(request).userId, request.params.id, request.params.roleId, request.body),
    );

    app.delete(
      '/community/:id/roles/:roleId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Deletes a role below the caller’s highest role (manage_roles); its holders lose it',
          params: communityRoleParamsSchema,
          response: { 200: okSchema, 403: writeForbidden('manage_roles'), 404: notFound, 409: ownerProtected },
        },
      },
      async (request) => {
        await roles.remove(authOf(request).userId, request.params.id, request.params.roleId);
        return ok;
      },
    );

    for (const [path, give] of [
      ['/community/:id/assign-role', true],
      ['/community/:id/unassign-role', false],
    ] as const) {
      app.post(
        path,
        {
          ...auth,
          schema: {
            tags,
            summary: give
              ? 'Gives a member a role below the caller’s highest role (manage_members)'
              : 'Takes a role below the caller’s highest role from a member (manage_members)',
            description:
              'The member must be outranked by the caller, unless the caller changes their own roles. The Owner role moves only by transfer-ownership (409). Idempotent; answers the member with their roles now.',
            params: communityIdParamsSchema,
            body: assignRoleBodySchema,
            response: {
              200: communityMemberSchema,
              400: invalid,
              403: writeForbidden('manage_members'),
              404: errorBodySchema.describe(
                'No community the caller can see has this id, role_id is not a role of it, or member_id is not a member',
              ),
              409: ownerProtected,
            },
          },
        },
        async (request) =>
          give
            ? roles.assign(authOf(request).userId, request.params.id, request.body)
            : roles.unassign(authOf(request).userId, request.params.id, request.body),
      );
    }

    app.get(
      '/community/:id/permissions',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The permission catalogue with labels and descriptions, and the permissions the caller holds here',
          params: communityIdParamsSchema,
          response: { 200: communityPermissionsSchema, 404: notFound },
        },
      },
      async (request) => roles.permissions(authOf(request).userId, request.params.id),
    );

    app.get(
      '/community/:id/member-list/:roleId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The members holding a role, by joining date (search on username and names when non-empty)',
          params: communityRoleParamsSchema,
          querystring: communityMembersQuerySchema,
          response: { 200: communityMemberPageSchema, 400: invalid, 403: readForbidden, 404: notFound },
        },
      },
      async (request) =>
        roles.memberList(authOf(request).userId, request.params.id, request.params.roleId, request.query),
    );

    app.put(
      '/community/:id/default-role',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Makes a role below the caller’s highest a default role: new members get it (manage_roles)',
          params: communityIdParamsSchema,
          body: defaultRoleBodySchema,
          response: {
            200: communityRoleSchema,
            400: invalid,
            403: writeForbidden('manage_roles'),
            404: notFound,
            409: ownerProtected,
          },
        },
      },
      async (request) => roles.setDefault(authOf(request).userId, request.params.id, request.body.role_id),
    );

    app.delete(
      '/community/:id/default-role/:roleId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Stops giving a role to new members (manage_roles; a role below the caller’s highest)',
          params: communityRoleParamsSchema,
          response: {
            200: communityRoleSchema,
            403: writeForbidden('manage_roles'),
            404: notFound,
            409: ownerProtected,
          },
        },
      },
      async (request) => roles.removeDefault(authOf(request).userId, request.params.id, request.params.roleId),
    );

    app.post(
      '/community/:id/transfer-ownership',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Hands the community to another member (the owner; confirm is the handle)',
          description:
            'The member gets the Owner role and becomes the owner; the old owner keeps the Moderator role and their other roles.',
          params: communityIdParamsSchema,
          body: transferOwnershipBodySchema,
          response: {
            200: okSchema,
            400: errorBodySchema.describe(
              'confirm is not the handle (COMMUNITY_CONFIRM_MISMATCH) or the body is invalid',
            ),
            403: errorBodySchema.describe('The caller is not the owner (COMMUNITY_FORBIDDEN) or not a member'),
            404: errorBodySchema.describe(
              'No community the caller can see has this id, or member_id is not a member (COMMUNITY_MEMBER_NOT_FOUND)',
            ),
            409: errorBodySchema.describe('member_id is the owner already (COMMUNITY_ROLE_PROTECTED)'),
          },
        },
      },
      async (request) => {
        await roles.transferOwnership(authOf(request).userId, request.params.id, request.body);
        return ok;
      },
    );
  };
}
