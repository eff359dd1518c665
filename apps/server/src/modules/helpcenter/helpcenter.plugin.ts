import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { createHelpDocs } from './docs/docs.plugin.js';
import { helpSearchRoutes } from './helpcenter.routes.js';
import type { HelpCenterDeps, HelpSearchSource } from './helpcenter.types.js';
import { createHelpPosts } from './posts/posts.plugin.js';
import { createHelpTickets } from './tickets/tickets.plugin.js';

/**
 * The help center (README "Help center and staff console", docs/architecture.md "Help center"): the user guide,
 * bugs and feature requests, announcements, updates and tutorials, support tickets, and the search across them.
 * The slices meet only through `helpcenter.types.ts`; each slice's tests mount only their own part.
 */
export async function registerHelpCenter(app: FastifyInstance, ctx: AppContext, deps: HelpCenterDeps) {
  const docs = createHelpDocs(ctx, deps);
  const posts = createHelpPosts(ctx, deps);
  const tickets = createHelpTickets(ctx, deps);
  const slices = [docs, posts, tickets];
  const sources = slices.map((s) => s.search).filter((s): s is HelpSearchSource => s !== undefined);
  const routes: FastifyPluginAsync[] = [...slices.map((s) => s.routes), helpSearchRoutes({ sources })];
  for (const r of routes) await app.register(r, { prefix: '/api' });
  app.addHook('onClose', async () => {
    for (const s of slices) await s.close?.();
  });
  return { docs, posts, tickets };
}
export type HelpCenterModule = Awaited<ReturnType<typeof registerHelpCenter>>;
