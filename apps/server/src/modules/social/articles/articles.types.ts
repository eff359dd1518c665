import type { ModerationRegistry, SocialGraph, SocialNotifier } from '../social.types.js';

/**
 * Reposting an article makes a social post carrying it (`social_posts.article_id`): the posts slice owns that
 * table and provides this port. `created` is false when the user had already reposted it (the same post answers).
 * The port does not notify: the articles slice sends the `repost` notice to the article's author.
 */
export interface ArticleRepostPort {
  repost(userId: string, articleId: string): Promise<{ postId: string; created: boolean }>;
}

/** What `createSocialArticles(ctx, deps)` takes besides the AppContext. */
export type SocialArticlesDeps = {
  graph: SocialGraph;
  notifier: SocialNotifier;
  moderation: ModerationRegistry;
  reposts: ArticleRepostPort;
  /** Largest upload in bytes (ARTICLE_IMAGE_MAX_BYTES by default). */
  maxImageBytes?: number;
};
