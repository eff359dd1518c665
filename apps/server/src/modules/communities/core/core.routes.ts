import {
  communityCategoryListSchema,
  communityHandleParamsSchema,
  communityIdParamsSchema,
  communityListQuerySchema,
  communityPageQuerySchema,
  communitySchema,
  communitySummaryListSchema,
  communitySummaryPageSchema,
  createCommunityBodySchema,
  deleteCommunityBodySchema,
  errorBodySchema,
  handleAvailabilitySchema,
  handleAvailableQuerySchema,
  okSchema,
  updateCommunitySettingsBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { CommunityImages } from './core.images.js';
import type { CommunitiesService } from './core.service.js';

export const tags = ['communities'];
export const notFound = errorBodySchema.describe(
  'No community the caller can see has this id: unknown, hidden from them, or being deleted (COMMUNITY_NOT_FOUND)',
);
export const forbidden = (what: string) =>
  errorBodySchema.describe(
    `${what} (COMMUNITY_FORBIDDEN), a banned caller (COMMUNITY_BANNED) or a non-member (COMMUNITY_NOT_MEMBER)`,
  );
const ok = { ok: true as const };

/** Communities themselves (spec section 7 "/community"): directory, lists, creation, the page, settings, deletion. */
export function coreRoutes(deps: { communities: CommunitiesService; images: CommunityImages }): FastifyPluginAsyncZod {
  const { communities, images } = deps;
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get(
      '/community',
      {
        ...auth,
        schema: {
          tags,
          summary:
            'The directory: public and private communities (hidden ones only to their members), most members first',
          description:
            '`search` (name, handle, description) and `category` apply only when non-empty. Communities being ' +
            'deleted are left out. Each carries how the caller stands with it (`membership`).',
          querystring: communityListQuerySchema,
          response: { 200: communitySummaryPageSchema },
        },
      },
      async (request) => communities.directory(authOf(request).userId, request.query),
    );

    app.post(
      '/community',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Creates a community from the wizard’s data; the caller owns it (roles Owner, Moderator, Member)',
          description:
            'Sent once, at the wizard’s last step. Upload the image and banner afterwards with ' +
            'PUT /community/{id}/image and /banner.',
          body: createCommunityBodySchema,
          response: {
            201: communitySchema,
            409: errorBodySchema.describe('The handle is taken or reserved (COMMUNITY_HANDLE_TAKEN, field handle)'),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await communities.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/community/handle-available',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Whether a handle is free, as the wizard checks it while the person types',
          description: '`reason` says why not (malformed, reserved or taken); the handle answered is normalised.',
          querystring: handleAvailableQuerySchema,
          response: { 200: handleAvailabilitySchema },
        },
      },
      async (request) => communities.handleAvailability(request.query.handle),
    );

    app.get(
      '/community/categories/list',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The directory’s categories, each with how many listed communities carry it',
          response: { 200: communityCategoryListSchema },
        },
      },
      async () => communities.categories(),
    );

    app.get(
      '/community/joined/list',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The communities the caller is a member of: pinned ones first, then by name',
          querystring: communityPageQuerySchema,
          response: { 200: communitySummaryPageSchema },
        },
      },
      async (request) => communities.joined(authOf(request).userId, request.query),
    );

    app.get(
      '/community/community-owner-list',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The communities the caller owns (those being deleted too, so they can be restored), by name',
          querystring: communityPageQuerySchema,
          response: { 200: communitySummaryPageSchema },
        },
      },
      async (request) => communities.owned(authOf(request).userId, request.query),
    );

    app.get(
      '/community/spotlight',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Up to 6 public communities: the most members joined in the last 30 days, then the most members',
          response: { 200: communitySummaryListSchema },
        },
      },
      async (request) => communities.spotlight(authOf(request).userId),
    );

    app.get(
      '/community/by-handle/:handle',
      {
        ...auth,
        schema: {
          tags,
          summary: 'A community by its handle (the web page’s address), as GET /community/{id} answers it',
          params: communityHandleParamsSchema,
          response: { 200: communitySchema, 404: notFound },
        },
      },
      async (request) => communities.communityByHandle(authOf(request).userId, request.params.handle),
    );

    app.get(
      '/community/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'A community’s page as the caller may see it (`limited` for a private one’s non-members)',
          params: communityIdParamsSchema,
          response: { 200: communitySchema, 404: notFound },
        },
      },
      async (request) => communities.community(authOf(request).userId, request.params.id),
    );

    app.delete(
      '/community/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Schedules the community’s deletion (owner; `confirm` is the handle); purged after 7 days',
          description:
            'It disappears for everyone but the owner at once; members are told on their `user` channel. The ' +
            'owner can undo it with POST /community/{id}/restore until `deletionScheduledFor`.',
          params: communityIdParamsSchema,
          body: deleteCommunityBodySchema,
          response: {
            200: communitySchema,
            400: errorBodySchema.describe('confirm is not the handle (COMMUNITY_CONFIRM_MISMATCH, field confirm)'),
            403: forbidden('The caller is not the owner'),
            404: notFound,
          },
        },
      },
      async (request) => communities.scheduleDeletion(authOf(request).userId, request.params.id, request.body.confirm),
    );

    app.post(
      '/community/:id/restore',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Cancels the scheduled deletion while the grace period runs (owner)',
          params: communityIdParamsSchema,
          response: { 200: communitySchema, 403: forbidden('The caller is not the owner'), 404: notFound },
        },
      },
      async (request) => communities.restore(authOf(request).userId, request.params.id),
    );

    app.put(
      '/community/:id/settings',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Changes the Overall and Display settings (manage_community); only the fields sent',
          description: 'The audit log names the fields that changed (`community.updated`).',
          params: communityIdParamsSchema,
          body: updateCommunitySettingsBodySchema,
          response: {
            200: communitySchema,
            403: forbidden('The caller lacks manage_community'),
            404: notFound,
          },
        },
      },
      async (request) => communities.updateSettings(authOf(request).userId, request.params.id, request.body),
    );

    for (const kind of ['image', 'banner'] as const) {
      app.delete(
        `/community/:id/${kind}`,
        {
          ...auth,
          schema: {
            tags,
            summary: `Removes the community’s ${kind} (manage_community)`,
            params: communityIdParamsSchema,
            response: { 200: okSchema, 403: forbidden('The caller lacks manage_community'), 404: notFound },
          },
        },
        async (request) => {
          await images.remove(authOf(request).userId, request.params.id, kind);
          return ok;
        },
      );
    }
  };
}
