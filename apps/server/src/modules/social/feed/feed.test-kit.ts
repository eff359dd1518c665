import type { Post } from '@tradedesk/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { newId } from '../../../platform/ids.js';
import { users } from '../../users/users.table.js';
import { type SocialPostRow, socialBlocks, socialFollows, socialPosts } from '../social.table.js';
import type { TradeIdeasPort } from './ideas.service.js';

/**
 * A stand-in for the posts slice's `view` (until the merge): full postSchema objects in a constant number of
 * queries (authors, ideas, bookmarks), so the feed's routes and its query count are tested end to end.
 */
export function minimalView(
  db: Db,
  ports: { ideas: TradeIdeasPort; bookmarkedOf: (userId: string, postIds: readonly string[]) => Promise<Set<string>> },
) {
  return async (viewerId: string, rows: SocialPostRow[]): Promise<Post[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const authorIds = [...new Set(rows.map((r) => r.authorId))];
    const [authors, ideas, bookmarked] = await Promise.all([
      db.select().from(users).where(inArray(users.id, authorIds)),
      ports.ideas.figures(ids),
      ports.bookmarkedOf(viewerId, ids),
    ]);
    const byId = new Map(authors.map((a) => [a.id, a]));
    return rows.map((r) => {
      const a = byId.get(r.authorId);
      const base = {
        id: r.id,
        author: {
          id: r.authorId,
          username: a?.username ?? '',
          displayName: a?.username ?? '',
          avatarUrl: null,
          isPublic: a?.isPublic ?? true,
          following: false,
        },
        content: r.content,
        createdAt: r.createdAt.toISOString(),
        editedAt: null,
        pinned: r.pinnedAt !== null,
        visibility: r.visibility,
        communityId: null,
        replyAccess: r.replyAccess,
        commentsClosed: r.commentsClosed,
        hidden: r.hiddenAt !== null,
        mentions: [],
        symbols: r.symbols,
        hashtags: r.hashtags,
        media: [],
        gif: null,
        chart: null,
        poll: null,
        trade: ideas.get(r.id) ?? null,
        article: null,
        counts: { likes: r.likeCount, comments: r.commentCount, reposts: r.repostCount },
        liked: false,
        favorited: false,
        bookmarked: bookmarked.has(r.id),
        reposted: false,
        canComment: true,
        canEdit: r.authorId === viewerId,
        canDelete: r.authorId === viewerId,
      };
      return { ...base, repostOf: null, isRepost: false };
    });
  };
}

export async function insertPost(
  db: Db,
  p: {
    authorId: string;
    at: Date;
    content?: string;
    symbols?: { ticker: string; source: string }[];
    hashtags?: string[];
    likes?: number;
    hidden?: boolean;
    pinned?: boolean;
  },
): Promise<string> {
  const id = newId();
  await db.insert(socialPosts).values({
    id,
    authorId: p.authorId,
    content: p.content ?? `<p>post ${id}</p>`,
    contentText: p.content ?? `post ${id}`,
    symbols: p.symbols ?? [],
    hashtags: p.hashtags ?? [],
    likeCount: p.likes ?? 0,
    hiddenAt: p.hidden ? p.at : null,
    pinnedAt: p.pinned ? p.at : null,
    createdAt: p.at,
  });
  return id;
}

export async function follow(db: Db, followerId: string, followeeId: string) {
  await db.insert(socialFollows).values({ followerId, followeeId, createdAt: new Date() });
}
export async function block(db: Db, blockerId: string, blockedId: string) {
  await db.insert(socialBlocks).values({ blockerId, blockedId, createdAt: new Date() });
}
export async function setAudience(
  db: Db,
  userId: string,
  audience: { visibility: 'everyone' | 'followers' | 'nobody'; isPublic: boolean },
) {
  await db.update(users).set(audience).where(eq(users.id, userId));
}
