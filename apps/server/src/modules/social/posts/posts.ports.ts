import type { Gif, Post, PostChart, TradeIdea } from '@tradedesk/contracts';
import type { Db } from '../../../platform/db.js';
import type { CommunityGate } from '../../communities/communities.types.js';
import type { SocialPostRow } from '../social.table.js';
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
  /**
   * The communities' gate, once they are registered (they are built after social): who may read, post, comment
   * and moderate in a community. Without one (none yet, or a build without communities) community posts are
   * refused and nobody but their author sees one.
   */
  community?: () => CommunityPostsGate | undefined;
};

/** A moderator's deletion of someone's post or comment in a community, for its audit log. */
export type CommunityDeletion = {
  actorId: string;
  communityId: string;
  authorId: string;
  kind: 'post' | 'comment';
  postId: string;
  commentId?: string;
  excerpt: string;
};

/**
 * What the posts slice asks of the communities beyond `CommunityGate` (implemented by the communities content
 * slice over the one access service): lists, the community facts of posts as read, and audited deletions.
 */
export interface CommunityPostsGate extends CommunityGate {
  /** Which of these communities `userId` may read (lists leave out the posts of the others). */
  readable(userId: string, communityIds: string[]): Promise<Set<string>>;
  /** Of these authors, those whose posts and comments `userId` may delete there as a moderator. */
  moderatable(userId: string, communityId: string, authorIds: string[]): Promise<Set<string>>;
  /** Community posts as `viewerId` reads them: `pinned` is the community's pin, moderators may delete, comment by permission. */
  decorate(viewerId: string, posts: Post[]): Promise<Post[]>;
  /** Runs a moderator's deletion and writes its audit entry in one transaction. */
  audited<T>(deletion: CommunityDeletion, work: (tx: Db) => Promise<T>): Promise<T>;
}

/** What the communities get from the posts slice (handed over by `registerSocial`). */
export type CommunityPostsLink = {
  /** Full posts for many rows, as every other list builds them. */
  view(viewerId: string, rows: SocialPostRow[]): Promise<Post[]>;
  /** Plugs the communities' gate into the posts slice. */
  useCommunityGate(gate: CommunityPostsGate): void;
};
