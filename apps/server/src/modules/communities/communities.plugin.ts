import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import type { CommunityPostsLink } from '../social/posts/posts.ports.js';
import type { SocialGraph, SocialNotifier } from '../social/social.types.js';
import { createCommunityChannels } from './channels/channels.plugin.js';
import { createCommunityAccess } from './communities.access.js';
import type { CommunitySliceDeps } from './communities.types.js';
import { createCommunityContent } from './content/content.plugin.js';
import { createCommunityCore } from './core/core.plugin.js';
import { createCommunityMembers } from './members/members.plugin.js';
import { createCommunityRoles } from './roles/roles.plugin.js';

export type CommunitiesDeps = {
  graph: SocialGraph;
  notifier: SocialNotifier;
  /** The social posts slice (community posts, the community feed's view); absent, community posts are refused. */
  posts?: CommunityPostsLink;
  /** The plan's communities owned (billing). */
  entitlements?: PlanGate;
};

/**
 * Communities (README "Communities", docs/architecture.md "Communities"): the one access service and the slices
 * built on it (core, roles, members and moderation, rules, links and the feed, channels), mounted under /api. Each
 * slice's tests mount only their own part on an app built `withoutCommunities`.
 */
export async function registerCommunities(app: FastifyInstance, ctx: AppContext, deps: CommunitiesDeps) {
  const access = createCommunityAccess(ctx);
  const slice: CommunitySliceDeps = { access, graph: deps.graph, notifier: deps.notifier };
  const routes: FastifyPluginAsync[] = [];

  // each slice: build it from (ctx, slice), push its routes
  const channels = createCommunityChannels(ctx, slice);
  routes.push(channels.routes);
  const core = createCommunityCore(ctx, slice, {
    log: app.log,
    entitlements: deps.entitlements,
    onVisibilityChanged: (id) => channels.channels.communityAccessChanged(id),
  });
  ctx.jobs.register(core.job);
  routes.push(core.routes);
  const roles = createCommunityRoles(ctx, slice);
  routes.push(roles.routes);
  const members = createCommunityMembers(ctx, slice);
  routes.push(members.routes);
  // content: rules and links (and the rules lookup of requireWrite), ratings (`content.ratingOf` is the core
  // slice's rating port), the community feed and pins, and the gate handed to the posts slice
  const content = createCommunityContent(ctx, slice, deps.posts);
  core.setRatingLookup(content.ratingOf);
  routes.push(content.routes);

  for (const r of routes) await app.register(r, { prefix: '/api' });
  return { access, slice, core, roles, members, content, channels };
}
export type CommunitiesModule = Awaited<ReturnType<typeof registerCommunities>>;
