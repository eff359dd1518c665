import type { Gif, PostChart, TradeIdea } from '@tradedesk/contracts';
import type { Db } from '../../../platform/db.js';
import type { ModerationRegistry, SocialGraph, SocialNotifier } from '../social.types.js';

/** The trade body of POST /posts (`postTradeBodySchema`). */
export type PostTradeBody = { account_id: string; position_id?: string; order_id?: string };

/**
 * Verified trade ideas, provided by the feed/ideas slice. `attach` runs inside the post's transaction (`tx`), so a
 * refused trade (not the author's account, not virtual or prop) leaves no post behind.
 */
export interface TradeIdeasPort {
  attach(userId: string, postId: string, body: PostTradeBody, tx?: Db): Promise<unknown>;
  /** Live figures of the ideas among `postIds` (posts without a trade are left out), in one go. */
  figures(postIds: string[]): Promise<Map<string, TradeIdea>>;
  /** The idea's trade closed: the post may be hidden, never deleted. */
  isLocked(postId: string): Promise<boolean>;
}

/** Which of `postIds` the user bookmarked (the feed slice's bookmarks). */
export type BookmarkedOf = (userId: string, postIds: string[]) => Promise<Set<string>>;

/** A live chart attachment: the charts module's share link of one of the user's charts (404 AppError otherwise). */
export interface ChartSharePort {
  shareLive(userId: string, chartId: string): Promise<Extract<PostChart, { kind: 'live' }>>;
}

/** How a viewer stands to many authors at once (one query); the graph may offer it, else it is asked per author. */
export type AuthorAudience = { canSee: boolean; following: boolean; blocked: boolean };
export type AudienceBatch = {
  audienceOf(viewerId: string, ownerIds: string[]): Promise<Map<string, AuthorAudience>>;
};

/** An article card for a repost of an article (the articles slice). */
export type ArticleCard = { id: string; title: string; coverUrl: string | null };

/** A GIF source: the operator's provider (Giphy-style HTTP API) or the offline set "Our favorites". */
export interface GifProvider {
  readonly name: string;
  search(q: string): Promise<Gif[]>;
  favorites(): Promise<Gif[]>;
  /** A GIF of this provider by id (to attach it), null when unknown. */
  find(id: string): Promise<Gif | null>;
}

export type SocialPostsDeps = {
  graph: SocialGraph & Partial<AudienceBatch>;
  notifier: SocialNotifier;
  moderation: ModerationRegistry;
  trades: TradeIdeasPort;
  bookmarkedOf: BookmarkedOf;
  charts: ChartSharePort;
  /** The configured GIF provider; without one, only "Our favorites" (offline). */
  gifProvider?: GifProvider;
  /** Cards of reposted articles, in one go; without it, an article repost shows no card. */
  articleCards?: (ids: string[]) => Promise<Map<string, ArticleCard>>;
};
