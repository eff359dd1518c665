import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.js';
import { createArticleCommentsService } from './article-comments.service.js';
import { articleMediaRoutes } from './article-media.routes.js';
import { createArticleMediaService } from './article-media.service.js';
import { createArticleAccess } from './articles.access.js';
import { createArticlesRepository } from './articles.repository.js';
import { articlesRoutes } from './articles.routes.js';
import { createArticlesService } from './articles.service.js';
import type { SocialArticlesDeps } from './articles.types.js';

/**
 * Articles under /community/articles: drafts, publishing, images, likes, comments, the public link, reposts
 * (through the posts slice's port) and reports (its handlers registered for kinds 'article' and 'article_comment').
 * Mount under /api.
 */
export function createSocialArticles(ctx: Pick<AppContext, 'db' | 'clock' | 'storage'>, deps: SocialArticlesDeps) {
  const repo = createArticlesRepository(ctx.db);
  const access = createArticleAccess({ repo, graph: deps.graph });
  const service = createArticlesService({
    repo,
    access,
    graph: deps.graph,
    notifier: deps.notifier,
    reposts: deps.reposts,
    storage: ctx.storage,
    clock: ctx.clock,
  });
  const comments = createArticleCommentsService({
    repo,
    access,
    graph: deps.graph,
    notifier: deps.notifier,
    moderation: deps.moderation,
    clock: ctx.clock,
  });
  const media = createArticleMediaService({ repo, access, storage: ctx.storage, clock: ctx.clock });
  deps.moderation.register('article', service.moderationHandler);
  deps.moderation.register('article_comment', comments.moderationHandler);
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(articlesRoutes({ articles: service, comments, moderation: deps.moderation }));
    await app.register(articleMediaRoutes({ media, maxBytes: deps.maxImageBytes }));
  };
  return { service, comments, media, moderationHandler: service.moderationHandler, routes };
}
export type SocialArticles = ReturnType<typeof createSocialArticles>;
