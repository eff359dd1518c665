import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { ChartsService } from '../charts/charts.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { ProfileImagesService } from '../settings/profile-images.service.js';
import type { StaffModule } from '../staff/staff.plugin.js';
import type { UsersService } from '../users/users.service.js';
import { createSocialArticles } from './articles/articles.plugin.js';
import { createSocialFeed, type SocialFeedDeps } from './feed/feed.plugin.js';
import { createSocialMessenger } from './messenger/messenger.plugin.js';
import { createSocialModeration } from './moderation/moderation.plugin.js';
import { createSocialNotifier } from './moderation/social-notifier.js';
import { createHttpGifProvider } from './posts/gifs.js';
import { createSocialPosts } from './posts/posts.plugin.js';
import type { CommunityPostsGate, CommunityPostsLink } from './posts/posts.ports.js';
import { createSocialGraph } from './profiles/profiles.graph.js';
import { createSocialProfiles, type SocialProfilesDeps } from './profiles/profiles.plugin.js';

export type SocialDeps = {
  users: UsersService;
  notifications: Pick<NotificationsService, 'notify'>;
  images: ProfileImagesService;
  accounts: SocialProfilesDeps['accounts'];
  metrics: SocialProfilesDeps['metrics'];
  market: SocialFeedDeps['market'];
  charts: Pick<ChartsService, 'get' | 'share'>;
  /** Who is staff and the audit log: moderation's staff actions use them. */
  staff?: Pick<StaffModule, 'access' | 'audit'>;
};

/**
 * The social community (README "Social"): profiles and the graph, posts, the feed with verified ideas and
 * bookmarks, articles, messaging and moderation, wired together here. Slices that need each other late (the feed
 * builds pages with the posts' `view`, posts attach the feed's trade ideas) are joined through closures. Each
 * slice's tests mount only their own parts (`withoutSocial`).
 */
export async function registerSocial(app: FastifyInstance, ctx: AppContext, deps: SocialDeps) {
  const graph = createSocialGraph(ctx);
  const notifier = createSocialNotifier({
    notify: (userId, input) => deps.notifications.notify(userId, input),
    users: deps.users,
    graph,
    log: app.log,
  });
  const moderation = createSocialModeration(ctx, { notifier, ...(deps.staff ? { staff: deps.staff } : {}) });

  // posts and feed need each other (views, trade ideas, bookmarks): joined through closures, both built before
  // any request arrives
  let posts: ReturnType<typeof createSocialPosts> | undefined;
  let articles: ReturnType<typeof createSocialArticles> | undefined;
  const feed = createSocialFeed(ctx, {
    view: (viewerId, rows) => (posts ? posts.service.view(viewerId, rows) : Promise.resolve([])),
    market: deps.market,
  });
  const profiles = createSocialProfiles(ctx, {
    images: deps.images,
    accounts: deps.accounts,
    metrics: deps.metrics,
    notifier,
    moderation: moderation.registry,
    figures: { ideasStats: (userId) => feed.ideasStats(userId), postCount: (v, o) => feed.postCount(v, o) },
    log: app.log,
  });
  moderation.registry.register('profile', profiles.moderation);
  const gifs = ctx.config.gifProvider;
  // communities are registered after social: their gate (who reads, posts, comments and moderates in a community)
  // joins the posts slice through this closure; until it is set, community posts are refused
  let communityGate: CommunityPostsGate | undefined;
  posts = createSocialPosts(ctx, {
    graph: profiles.graph,
    notifier,
    moderation: moderation.registry,
    trades: feed.ideas,
    bookmarkedOf: (userId, postIds) => feed.bookmarks.bookmarkedOf(userId, postIds),
    charts: {
      async shareLive(userId, chartId) {
        const chart = await deps.charts.get(userId, chartId);
        const share = await deps.charts.share(userId, chartId, undefined);
        return {
          kind: 'live',
          token: share.token,
          symbol: chart.symbol,
          timeframe: share.timeframe ?? chart.timeframe,
        };
      },
    },
    gifProvider: gifs ? createHttpGifProvider({ url: gifs.url, key: gifs.key }) : undefined,
    articleCards: (ids) => (articles ? articles.service.cards(ids) : Promise.resolve(new Map())),
    community: () => communityGate,
  });
  const postsService = posts.service;
  articles = createSocialArticles(ctx, {
    graph: profiles.graph,
    notifier,
    moderation: moderation.registry,
    reposts: {
      async repost(userId, articleId) {
        const { post, created } = await postsService.repostArticle(userId, articleId);
        return { postId: post.id, created };
      },
    },
  });
  const messenger = createSocialMessenger(ctx, { graph: profiles.graph, notifier, moderation: moderation.registry });

  for (const routes of [
    profiles.routes,
    posts.routes,
    feed.routes,
    articles.routes,
    messenger.routes,
    moderation.routes,
  ]) {
    await app.register(routes, { prefix: '/api' });
  }
  const unknownStaff = await moderation.start();
  if (unknownStaff.length > 0) {
    app.log.warn({ emails: unknownStaff }, 'STAFF_EMAILS names addresses without an account yet');
  }
  const communityPosts: CommunityPostsLink = {
    view: postsService.view,
    useCommunityGate(gate) {
      communityGate = gate;
    },
  };
  return { graph: profiles.graph, notifier, profiles, posts, feed, articles, messenger, moderation, communityPosts };
}
export type SocialModule = Awaited<ReturnType<typeof registerSocial>>;
