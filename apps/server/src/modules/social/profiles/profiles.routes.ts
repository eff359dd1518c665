import {
  blockedPageSchema,
  errorBodySchema,
  followRequestPageSchema,
  followRequestQuerySchema,
  followResultSchema,
  okSchema,
  profileIdParamsSchema,
  profileSummaryPageSchema,
  profileUsernameParamsSchema,
  reportBodySchema,
  reportResultSchema,
  searchTermParamsSchema,
  socialPageQuerySchema,
  socialProfileSchema,
  trackRecordBodySchema,
  trackRecordResultSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { ProfilesService } from './profiles.service.js';

const tags = ['social'];
const notFound = errorBodySchema.describe(
  'No profile with this id is visible to the caller (SOCIAL_PROFILE_NOT_FOUND)',
);
const idNotFound = { 404: notFound };
const ok = { ok: true as const };

/** Profiles, follows, follow requests and blocks (spec section 7 "Community and social": Profile). */
export function profilesRoutes(deps: { profiles: ProfilesService }): FastifyPluginAsyncZod {
  const { profiles } = deps;
  return async (app) => {
    const auth = { preHandler: app.authenticate };

    app.get(
      '/profile/requests',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Follow requests waiting for the caller (incoming) or sent by the caller (outgoing), newest first',
          querystring: followRequestQuerySchema,
          response: { 200: followRequestPageSchema },
        },
      },
      async (request) => {
        const { direction, ...page } = request.query;
        return profiles.requests(authOf(request).userId, direction, page);
      },
    );

    app.post(
      '/profile/requests/:id/accept',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Accepts the follow request of the person {id}: they follow the caller from now on',
          params: profileIdParamsSchema,
          response: {
            200: okSchema,
            404: errorBodySchema.describe('No request of {id} waits (SOCIAL_REQUEST_NOT_FOUND)'),
          },
        },
      },
      async (request) => {
        await profiles.accept(authOf(request).userId, request.params.id);
        return ok;
      },
    );

    app.post(
      '/profile/requests/:id/reject',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Rejects the follow request of the person {id}',
          params: profileIdParamsSchema,
          response: {
            200: okSchema,
            404: errorBodySchema.describe('No request of {id} waits (SOCIAL_REQUEST_NOT_FOUND)'),
          },
        },
      },
      async (request) => {
        await profiles.reject(authOf(request).userId, request.params.id);
        return ok;
      },
    );

    app.delete(
      '/profile/requests/:id/revoke',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Withdraws the caller’s own pending follow request to the person {id}',
          params: profileIdParamsSchema,
          response: {
            200: okSchema,
            404: errorBodySchema.describe('No request to {id} waits (SOCIAL_REQUEST_NOT_FOUND)'),
          },
        },
      },
      async (request) => {
        await profiles.revoke(authOf(request).userId, request.params.id);
        return ok;
      },
    );

    app.get(
      '/profile/search/:term',
      {
        ...auth,
        schema: {
          tags,
          summary: 'People whose username or name contains the term: username prefixes first, then name prefixes',
          description: 'Leaves out people who block the caller, hidden (`nobody`) and moderated profiles.',
          params: searchTermParamsSchema,
          querystring: socialPageQuerySchema,
          response: { 200: profileSummaryPageSchema },
        },
      },
      async (request) => profiles.search(authOf(request).userId, request.params.term, request.query),
    );

    app.get(
      '/profile/by-username/:username',
      {
        ...auth,
        schema: {
          tags,
          summary: 'A profile by its username (case-insensitive), as GET /profile/{id} answers it',
          params: profileUsernameParamsSchema,
          response: { 200: socialProfileSchema, 404: notFound },
        },
      },
      async (request) => profiles.profileByUsername(authOf(request).userId, request.params.username),
    );

    app.put(
      '/profile/track-record',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Publishes one of the caller’s trading accounts as the profile’s track record (null: none)',
          description:
            'The figures are computed by the metrics engine whenever the profile is read; nothing is typed in.',
          body: trackRecordBodySchema,
          response: {
            200: trackRecordResultSchema,
            404: errorBodySchema.describe('account_id is not an account of the caller'),
          },
        },
      },
      async (request) => profiles.publishTrackRecord(authOf(request).userId, request.body.account_id),
    );

    app.get(
      '/profile/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'A profile as the caller may see it (the limited view for a private or hidden one)',
          params: profileIdParamsSchema,
          response: { 200: socialProfileSchema, ...idNotFound },
        },
      },
      async (request) => profiles.profile(authOf(request).userId, request.params.id),
    );

    for (const side of ['followers', 'following'] as const) {
      app.get(
        `/profile/:id/${side}`,
        {
          ...auth,
          schema: {
            tags,
            summary:
              side === 'followers' ? 'The people who follow a profile, newest first' : 'The people a profile follows',
            params: profileIdParamsSchema,
            querystring: socialPageQuerySchema,
            response: {
              200: profileSummaryPageSchema,
              403: errorBodySchema.describe('The profile is private to the caller (SOCIAL_PROFILE_PRIVATE)'),
              ...idNotFound,
            },
          },
        },
        async (request) => profiles.connections(authOf(request).userId, request.params.id, side, request.query),
      );
    }

    app.post(
      '/profile/:id/follow',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Follows a public profile at once, or asks to follow a private one',
          params: profileIdParamsSchema,
          response: {
            200: followResultSchema,
            403: errorBodySchema.describe('The profile is shown to nobody (SOCIAL_FOLLOW_CLOSED)'),
            ...idNotFound,
            409: errorBodySchema.describe('The caller blocks this person (SOCIAL_FOLLOW_BLOCKING)'),
            422: errorBodySchema.describe('The caller’s own id (SOCIAL_FOLLOW_SELF)'),
          },
        },
      },
      async (request) => profiles.follow(authOf(request).userId, request.params.id),
    );

    app.delete(
      '/profile/:id/unfollow',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Stops following a person (or withdraws a pending request to them)',
          params: profileIdParamsSchema,
          response: { 200: okSchema, ...idNotFound },
        },
      },
      async (request) => {
        await profiles.unfollow(authOf(request).userId, request.params.id);
        return ok;
      },
    );

    app.delete(
      '/profile/:id/follower',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Removes a person who follows the caller',
          params: profileIdParamsSchema,
          response: { 200: okSchema, 404: errorBodySchema.describe('{id} does not follow the caller') },
        },
      },
      async (request) => {
        await profiles.removeFollower(authOf(request).userId, request.params.id);
        return ok;
      },
    );

    app.post(
      '/profile/:id/report',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Reports a profile to the moderators with a reason (once per person; again updates it)',
          params: profileIdParamsSchema,
          body: reportBodySchema,
          response: { 200: reportResultSchema, ...idNotFound },
        },
      },
      async (request) => profiles.report(authOf(request).userId, request.params.id, request.body),
    );

    app.post(
      '/customer/block/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Blocks a person: the follows and requests between the two end; they no longer see the caller',
          params: profileIdParamsSchema,
          response: { 200: okSchema, ...idNotFound },
        },
      },
      async (request) => {
        await profiles.block(authOf(request).userId, request.params.id);
        return ok;
      },
    );

    app.post(
      '/customer/unblock/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Unblocks a person (follows ended by the block do not come back)',
          params: profileIdParamsSchema,
          response: { 200: okSchema, 404: errorBodySchema.describe('The caller does not block {id}') },
        },
      },
      async (request) => {
        await profiles.unblock(authOf(request).userId, request.params.id);
        return ok;
      },
    );

    app.get(
      '/customer/blocked',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The people the caller blocks, newest first',
          querystring: socialPageQuerySchema,
          response: { 200: blockedPageSchema },
        },
      },
      async (request) => profiles.blocked(authOf(request).userId, request.query),
    );
  };
}
