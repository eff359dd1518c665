import type { ReportTargetKind, SocialNoticeType, SocialRelation } from '@tradedesk/contracts';

/**
 * The seams between the social slices (profiles and graph, posts, feed and ideas, articles, messaging,
 * moderation). Each slice is built from the AppContext plus the ports it is handed in `social.plugin.ts`; its
 * tests hand it fakes or the real services.
 */

/** The social graph, implemented by the profiles slice over `social_follows`, `social_follow_requests`, `social_blocks`. */
export interface SocialGraph {
  relation(viewerId: string, otherId: string): Promise<SocialRelation>;
  /**
   * Whether `viewerId` may see `ownerId`'s posts, comments, articles and lists: false when either blocks the
   * other, when the owner's audience is `nobody`, or when it is followers-only (private) and the viewer is not an
   * accepted follower. Always true for the owner.
   */
  canSeeContent(viewerId: string, ownerId: string): Promise<boolean>;
  /** A block in either direction. */
  blockedEither(a: string, b: string): Promise<boolean>;
  isFollowing(followerId: string, followeeId: string): Promise<boolean>;
  /** Mutual follows. */
  areFriends(a: string, b: string): Promise<boolean>;
  /** Resolves `@username` mentions (case-insensitive) to ids; unknown names are left out. */
  usersByUsername(usernames: string[]): Promise<{ id: string; username: string }[]>;
  /** Summaries of people as `viewerId` sees them (ProfileSummary), in the order of `ids`; unknown ids left out. */
  summaries(viewerId: string, ids: string[]): Promise<import('@tradedesk/contracts').ProfileSummary[]>;
}

/** A social notification; the moderation slice implements it over notify(): switch checked, self and blocked skipped. */
export type SocialNotice = {
  type: SocialNoticeType;
  recipientId: string;
  /** Who did it (null for moderation notices). */
  actorId: string | null;
  title: string;
  body: string;
  /** In-app path, e.g. `/community/posts/{id}`. */
  link: string | null;
  data?: Record<string, unknown>;
};
export interface SocialNotifier {
  notify(notice: SocialNotice): Promise<void>;
}

/** What moderation knows of a reported item. */
export type ModerationTarget = {
  ownerId: string;
  /** A short plain-text excerpt for the staff queue. */
  excerpt: string;
  /** In-app path to the item. */
  link: string | null;
};

/** Each content slice registers one per kind it owns. */
export interface ModerationTargetHandler {
  /** The item if `viewerId` may see it (so may report it), else null (the report answers 404). */
  findVisible(viewerId: string, id: string): Promise<ModerationTarget | null>;
  /** The item whatever its state (staff queue), else null. */
  findAny(id: string): Promise<ModerationTarget | null>;
  /** Hides the item from everyone but its owner (true) or restores it (false). */
  setModerated(id: string, hidden: boolean): Promise<void>;
}

export interface ModerationRegistry {
  register(kind: ReportTargetKind, handler: ModerationTargetHandler): void;
  /** Records a report by `reporterId` (404 when the item is not visible to them); may auto-hide the item. */
  report(
    reporterId: string,
    kind: ReportTargetKind,
    id: string,
    body: import('@tradedesk/contracts').ReportBody,
  ): Promise<import('@tradedesk/contracts').ReportResult>;
}
