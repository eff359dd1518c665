import type { Post } from '@tradedesk/contracts';
import type { AppContext } from '../../../platform/context.js';
import type { SocialPostRow } from '../social.table.js';
import { createCommentsRepository } from './comments.repository.js';
import { createCommentsService } from './comments.service.js';
import { createGifsService, createOwnGifs } from './gifs.js';
import { createPostMediaService } from './media.service.js';
import type { SocialPostsDeps } from './posts.ports.js';
import { createPostsRepository } from './posts.repository.js';
import { postsRoutes } from './posts.routes.js';
import { createPostsService } from './posts.service.js';
import { createPostsView } from './posts.view.js';

export type { SocialPostsDeps } from './posts.ports.js';

/**
 * The posts slice: posts, comments, polls, media and GIFs, mounted under /api. Registers the `feed` WebSocket
 * channel (any signed-in user; FEED_POST_EVENT per new public post) and its moderation handlers ('post',
 * 'comment') with `deps.moderation`; `service.view(viewerId, rows)` builds full posts for the feed slice (and the
 * communities' feed), community posts completed by the communities' gate (`deps.community`).
 */
export function createSocialPosts(
  ctx: Pick<AppContext, 'db' | 'clock' | 'bus' | 'storage' | 'gateway' | 'config'>,
  deps: SocialPostsDeps,
) {
  const repo = createPostsRepository(ctx.db);
  const baseView = createPostsView({ repo, storage: ctx.storage, clock: ctx.clock, ports: deps });
  const view = async (viewerId: string, rows: SocialPostRow[]): Promise<Post[]> => {
    const posts = await baseView(viewerId, rows);
    const gate = deps.community?.();
    return gate && posts.some((p) => p.communityId) ? gate.decorate(viewerId, posts) : posts;
  };
  const service = createPostsService({ repo, clock: ctx.clock, bus: ctx.bus, ports: deps, view });
  const gifs = createGifsService({ own: createOwnGifs(ctx.storage), provider: deps.gifProvider });
  service.useGifLookup((provider, id) => gifs.find(provider, id));
  const comments = createCommentsService({
    repo: createCommentsRepository(ctx.db),
    posts: service,
    clock: ctx.clock,
    ports: deps,
  });
  const media = createPostMediaService({ repo, storage: ctx.storage, clock: ctx.clock });
  const moderation = { post: service.moderationHandler, comment: comments.moderationHandler };
  deps.moderation.register('post', moderation.post);
  deps.moderation.register('comment', moderation.comment);
  ctx.gateway.registerChannel('feed', ({ rest }) => rest === '');
  return {
    service,
    comments,
    media,
    gifs,
    moderation,
    routes: postsRoutes({ posts: service, comments, media, gifs, maxUploadBytes: ctx.config.uploadMaxBytes }),
  };
}
export type SocialPosts = ReturnType<typeof createSocialPosts>;
