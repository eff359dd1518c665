import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/**
 * The social community (README "Social"): profiles and the graph, posts, the feed, verified ideas and bookmarks,
 * articles, messaging and moderation, wired together here. Each slice's tests mount only their own parts.
 */
export async function registerSocial(
  _app: FastifyInstance,
  _ctx: AppContext,
  _deps: Record<string, unknown>,
): Promise<void> {
  // wired after the slices are merged
}
