import type { ProfileSummary, ReportBody, ReportResult, ReportTargetKind } from '@tradedesk/contracts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { newId } from '../../../platform/ids.js';
import { users } from '../../users/users.table.js';
import { socialBlocks, socialFollows } from '../social.table.js';
import type {
  ModerationRegistry,
  ModerationTargetHandler,
  SocialGraph,
  SocialNotice,
  SocialNotifier,
} from '../social.types.js';
import type { ArticleRepostPort } from './articles.types.js';

/**
 * Stand-ins for the other slices' ports in the articles tests: a SocialGraph over the real graph tables (the
 * profiles slice implements the real one), a notifier and a moderation registry that record, a repost port.
 */
export function createArticlesFakes(db: Db) {
  const follows = (a: string, b: string) =>
    db
      .select({ n: sql<number>`1` })
      .from(socialFollows)
      .where(and(eq(socialFollows.followerId, a), eq(socialFollows.followeeId, b)))
      .then((r) => r.length > 0);
  const blockedEither = (a: string, b: string) =>
    db
      .select({ n: sql<number>`1` })
      .from(socialBlocks)
      .where(
        or(
          and(eq(socialBlocks.blockerId, a), eq(socialBlocks.blockedId, b)),
          and(eq(socialBlocks.blockerId, b), eq(socialBlocks.blockedId, a)),
        ),
      )
      .then((r) => r.length > 0);

  const graph: SocialGraph = {
    async relation() {
      throw new Error('not used by articles');
    },
    async canSeeContent(viewerId, ownerId) {
      if (viewerId === ownerId) return true;
      if (await blockedEither(viewerId, ownerId)) return false;
      const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
      if (!owner || owner.visibility === 'nobody') return false;
      if (owner.visibility === 'everyone' && owner.isPublic) return true;
      return follows(viewerId, ownerId);
    },
    blockedEither,
    isFollowing: follows,
    async areFriends(a, b) {
      return (await follows(a, b)) && (await follows(b, a));
    },
    async usersByUsername() {
      return [];
    },
    async summaries(viewerId, ids) {
      if (ids.length === 0) return [];
      const rows = await db.select().from(users).where(inArray(users.id, ids));
      const out: ProfileSummary[] = [];
      for (const id of ids) {
        const u = rows.find((r) => r.id === id);
        if (!u) continue;
        out.push({
          id: u.id,
          username: u.username,
          displayName: `${u.firstName} ${u.lastName}`.trim() || u.username,
          avatarUrl: null,
          isPublic: u.isPublic,
          following: u.id !== viewerId && (await follows(viewerId, u.id)),
        });
      }
      return out;
    },
  };

  const notices: SocialNotice[] = [];
  const notifier: SocialNotifier = {
    async notify(notice) {
      notices.push(notice);
    },
  };

  const handlers = new Map<ReportTargetKind, ModerationTargetHandler>();
  const reports: { reporterId: string; kind: ReportTargetKind; id: string; body: ReportBody }[] = [];
  const moderation: ModerationRegistry = {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async report(reporterId, kind, id, body): Promise<ReportResult> {
      const target = await handlers.get(kind)?.findVisible(reporterId, id);
      if (!target) {
        const { articleNotFound } = await import('./articles.errors.js');
        throw articleNotFound();
      }
      reports.push({ reporterId, kind, id, body });
      return { id: newId(), status: 'open', createdAt: new Date().toISOString() };
    },
  };

  const reposted = new Map<string, string>();
  const reposts: ArticleRepostPort = {
    async repost(userId, articleId) {
      const key = `${userId}:${articleId}`;
      const existing = reposted.get(key);
      if (existing) return { postId: existing, created: false };
      const postId = newId();
      reposted.set(key, postId);
      return { postId, created: true };
    },
  };

  return {
    deps: { graph, notifier, moderation, reposts },
    notices,
    reports,
    handlers,
    async follow(followerId: string, followeeId: string) {
      await db.insert(socialFollows).values({ followerId, followeeId, createdAt: new Date() }).onConflictDoNothing();
    },
    async block(blockerId: string, blockedId: string) {
      await db.insert(socialBlocks).values({ blockerId, blockedId, createdAt: new Date() }).onConflictDoNothing();
    },
    async setAudience(userId: string, visibility: 'everyone' | 'followers' | 'nobody', isPublic = true) {
      await db.update(users).set({ visibility, isPublic }).where(eq(users.id, userId));
    },
  };
}
