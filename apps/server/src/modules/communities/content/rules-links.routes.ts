import {
  communityIdParamsSchema,
  communityItemParamsSchema,
  communityLinkBodySchema,
  communityLinkListSchema,
  communityLinkSchema,
  communityRuleBodySchema,
  communityRuleListSchema,
  communityRuleSchema,
  errorBodySchema,
  okSchema,
  reorderBodySchema,
  rulesAcceptanceSchema,
  updateCommunityLinkBodySchema,
  updateCommunityRuleBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { ItemsService } from './items.service.js';

const tags = ['communities'];
const notFound = errorBodySchema.describe('COMMUNITY_NOT_FOUND: no community the caller can see has this id');
const itemNotFound = errorBodySchema.describe(
  'COMMUNITY_NOT_FOUND, or COMMUNITY_ITEM_NOT_FOUND: no item of this community has this id',
);
const forbidden = errorBodySchema.describe(
  'COMMUNITY_FORBIDDEN (needs "Manage rules and links"), COMMUNITY_NOT_MEMBER or COMMUNITY_BANNED',
);
const limit = errorBodySchema.describe('COMMUNITY_LIMIT: at most 30 rules or 20 links');
const mismatch = errorBodySchema.describe('COMMUNITY_REORDER_MISMATCH: ids must list every item exactly once');

/** Rules and links of a community: read by anyone who can see it, written with `manage_rules_links`. */
export function rulesLinksRoutes(deps: { items: ItemsService }): FastifyPluginAsyncZod {
  const { items } = deps;
  return async (app) => {
    const auth = { onRequest: app.authenticate };
    const me = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
    const { rules, links } = items;

    // ---- rules

    app.get(
      '/community/:id/rules',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The community rules in order',
          params: communityIdParamsSchema,
          response: { 200: communityRuleListSchema, 404: notFound },
        },
      },
      async (request) => ({ items: await rules.list(me(request), request.params.id) }),
    );

    app.post(
      '/community/:id/rules',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Adds a rule at the end (manage_rules_links; audited)',
          params: communityIdParamsSchema,
          body: communityRuleBodySchema,
          response: { 201: communityRuleSchema, 403: forbidden, 404: notFound, 409: limit },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await rules.create(me(request), request.params.id, request.body)),
    );

    app.put(
      '/community/:id/rules/reorder',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Puts the rules in the order of ids (every rule once; manage_rules_links; audited)',
          params: communityIdParamsSchema,
          body: reorderBodySchema,
          response: { 200: communityRuleListSchema, 400: mismatch, 403: forbidden, 404: notFound },
        },
      },
      async (request) => ({ items: await rules.reorder(me(request), request.params.id, request.body.ids) }),
    );

    app.post(
      '/community/:id/rules/accept',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The caller (a member) accepts the rules, asked before their first post, comment or message',
          params: communityIdParamsSchema,
          response: {
            200: rulesAcceptanceSchema,
            403: errorBodySchema.describe('COMMUNITY_NOT_MEMBER or COMMUNITY_BANNED'),
            404: notFound,
          },
        },
      },
      async (request) => items.acceptRules(me(request), request.params.id),
    );

    app.put(
      '/community/:id/rules/:itemId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Edits a rule (manage_rules_links; audited)',
          params: communityItemParamsSchema,
          body: updateCommunityRuleBodySchema,
          response: { 200: communityRuleSchema, 403: forbidden, 404: itemNotFound },
        },
      },
      async (request) => rules.update(me(request), request.params.id, request.params.itemId, request.body),
    );

    app.delete(
      '/community/:id/rules/:itemId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Deletes a rule; the others keep their order (manage_rules_links; audited)',
          params: communityItemParamsSchema,
          response: { 200: okSchema, 403: forbidden, 404: itemNotFound },
        },
      },
      async (request) => {
        await rules.remove(me(request), request.params.id, request.params.itemId);
        return { ok: true as const };
      },
    );

    // ---- links

    app.get(
      '/community/:id/links',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The community links in order',
          params: communityIdParamsSchema,
          response: { 200: communityLinkListSchema, 404: notFound },
        },
      },
      async (request) => ({ items: await links.list(me(request), request.params.id) }),
    );

    app.post(
      '/community/:id/links',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Adds a link at the end (manage_rules_links; audited)',
          params: communityIdParamsSchema,
          body: communityLinkBodySchema,
          response: { 201: communityLinkSchema, 403: forbidden, 404: notFound, 409: limit },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await links.create(me(request), request.params.id, request.body)),
    );

    app.put(
      '/community/:id/links/reorder',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Puts the links in the order of ids (every link once; manage_rules_links; audited)',
          params: communityIdParamsSchema,
          body: reorderBodySchema,
          response: { 200: communityLinkListSchema, 400: mismatch, 403: forbidden, 404: notFound },
        },
      },
      async (request) => ({ items: await links.reorder(me(request), request.params.id, request.body.ids) }),
    );

    app.put(
      '/community/:id/links/:itemId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Edits a link (manage_rules_links; audited)',
          params: communityItemParamsSchema,
          body: updateCommunityLinkBodySchema,
          response: { 200: communityLinkSchema, 403: forbidden, 404: itemNotFound },
        },
      },
      async (request) => links.update(me(request), request.params.id, request.params.itemId, request.body),
    );

    app.delete(
      '/community/:id/links/:itemId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Deletes a link; the others keep their order (manage_rules_links; audited)',
          params: communityItemParamsSchema,
          response: { 200: okSchema, 403: forbidden, 404: itemNotFound },
        },
      },
      async (request) => {
        await links.remove(me(request), request.params.id, request.params.itemId);
        return { ok: true as const };
      },
    );
  };
}
