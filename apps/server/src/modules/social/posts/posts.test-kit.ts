import type { ProfileSummary, ReportResult, TradeIdea } from '@tradedesk/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { newId } from '../../../platform/ids.js';
import { users } from '../../users/users.table.js';
import { socialBlocks } from '../social.table.js';
import type { SocialNotice } from '../social.types.js';
import type { SocialPostsDeps } from './posts.ports.js';

/**
 * Fakes of the posts slice's ports: a graph over a blocks/follows/private set held in memory (user names read
 * from `users`), a recording notifier and moderation registry, trades and bookmarks in maps.
 */
export function createPostsFakes(db: Db) {
  const blocks = new Set<string>();
  const follows = new Set<string>();
  const privateUsers = new Set<string>();
  const notices: SocialNotice[] = [];
  const reports: { reporterId: string; kind: string; id: string }[] = [];
  const trades = new Map<string, TradeIdea>();
  const attached: { userId: string; postId: string }[] = [];
  const bookmarks = new Set<string>();
  let queries = 0;
  const key = (a: string, b: string) => `${a}>${b}`;
  const blockedEither = (a: string, b: string) => blocks.has(key(a, b)) || blocks.has(key(b, a));

  const deps: SocialPostsDeps = {
    graph: {
      async relation() {
        throw new Error('not used');
      },
      async canSeeContent(viewerId, ownerId) {
        if (viewerId === ownerId) return true;
        if (blockedEither(viewerId, ownerId)) return false;
        return !privateUsers.has(ownerId) || follows.has(key(viewerId, ownerId));
      },
      async blockedEither(a, b) {
        return blockedEither(a, b);
      },
      async isFollowing(a, b) {
        return follows.has(key(a, b));
      },
      async areFriends(a, b) {
        return follows.has(key(a, b)) && follows.has(key(b, a));
      },
      async usersByUsername(names) {
        if (names.length === 0) return [];
        return db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(
            inArray(
              sql`lower(${users.username})`,
              names.map((n) => n.toLowerCase()),
            ),
          );
      },
      async summaries(viewerId, ids): Promise<ProfileSummary[]> {
        queries++;
        if (ids.length === 0) return [];
        const rows = await db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(inArray(users.id, ids));
        return rows.map((r) => ({
          id: r.id,
          username: r.username,
          displayName: r.username,
          avatarUrl: null,
          isPublic: !privateUsers.has(r.id),
          following: follows.has(key(viewerId, r.id)),
        }));
      },
    },
    notifier: {
      async notify(notice) {
        notices.push(notice);
      },
    },
    moderation: {
      register() {},
      async report(reporterId, kind, id): Promise<ReportResult> {
        reports.push({ reporterId, kind, id });
        return { id: newId(), status: 'open', createdAt: new Date().toISOString() };
      },
    },
    trades: {
      async attach(userId, postId) {
        attached.push({ userId, postId });
        trades.set(postId, idea('open'));
      },
      async figures(postIds) {
        queries++;
        return new Map([...trades].filter(([id]) => postIds.includes(id)));
      },
      async isLocked(postId) {
        return trades.get(postId)?.status === 'closed';
      },
    },
    async bookmarkedOf(userId, postIds) {
      queries++;
      return new Set(postIds.filter((id) => bookmarks.has(key(userId, id))));
    },
    charts: {
      async shareLive(_userId, chartId) {
        return { kind: 'live', token: `tok-${chartId.slice(0, 8)}`, symbol: 'EURUSD', timeframe: '1h' };
      },
    },
  };
  return {
    deps,
    notices,
    reports,
    trades,
    attached,
    bookmarks,
    /** A block, in memory for the fake graph and in social_blocks for the queries that read it (comment lists). */
    async block(a: string, b: string) {
      blocks.add(key(a, b));
      await db.insert(socialBlocks).values({ blockerId: a, blockedId: b, createdAt: new Date() }).onConflictDoNothing();
    },
    follow: (a: string, b: string) => follows.add(key(a, b)),
    makePrivate: (id: string) => privateUsers.add(id),
    portCalls: () => queries,
    key,
  };
}

export function idea(status: TradeIdea['status']): TradeIdea {
  return {
    verified: true,
    accountKind: 'virtual',
    symbol: 'EURUSD',
    digits: 5,
    side: 'buy',
    status,
    orderType: 'market',
    entryPrice: 1.1,
    stopLoss: 1.09,
    takeProfit: 1.12,
    currentPrice: 1.105,
    exitPrice: status === 'closed' ? 1.12 : null,
    openedAt: '2026-03-04T09:00:00.000Z',
    closedAt: status === 'closed' ? '2026-03-04T10:00:00.000Z' : null,
    pips: 50,
    rMultiple: 0.5,
    percentOfBalance: 0.5,
    result: status === 'closed' ? 'win' : null,
  };
}
