import type { FeedPage, FeedQuery, PostPage, Topic } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import type { PostView } from './bookmarks.service.js';
import { feedError } from './feed.errors.js';
import type { FeedKey, FeedRepository, FeedRow } from './feed.repository.js';

/** The most GET /profile/feed/new counts (the banner says "99+" past it). */
export const FEED_NEW_CAP = 100;

type Cursor = { s: 'r'; a: string; i: string } | { s: 't'; a: string; i: string; c: number; u: string };

const badCursor = () =>
  feedError.onField('cursor', 'SOCIAL_FEED_BAD_CURSOR', 'cursor must be the nextCursor of a previous answer.');

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(text: string, sort: FeedQuery['sort']): Cursor {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const o = c as Record<string, unknown>;
  const uuid = /^[0-9a-f-]{36}$/i;
  // a timestamp as PostgreSQL prints it (`2026-03-04 09:30:00.123456+00`) or as an ISO string
  const isAt = (v: unknown) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/.test(v);
  if (typeof o !== 'object' || o === null || !isAt(o.a) || typeof o.i !== 'string' || !uuid.test(o.i))
    throw badCursor();
  if (sort === 'recent' && o.s === 'r') return { s: 'r', a: o.a as string, i: o.i };
  if (sort === 'top' && o.s === 't' && Number.isInteger(o.c) && isAt(o.u)) {
    return { s: 't', a: o.a as string, i: o.i, c: o.c as number, u: o.u as string };
  }
  throw badCursor();
}

/**
 * The feed (keyset pages over (created_at, id): a post arriving while the reader scrolls lands before the first
 * page, so later pages neither repeat nor skip a post), a profile's posts, the new-post count and topics.
 * Items are built by the posts slice's `view`, a constant number of queries per page.
 */
export function createFeedService(deps: { repo: FeedRepository; view: PostView; clock: Clock }) {
  const { repo, view, clock } = deps;

  return {
    async page(viewerId: string, q: FeedQuery): Promise<FeedPage> {
      const cursor = q.cursor ? decodeCursor(q.cursor, q.sort) : undefined;
      const following = q.filter === 'people_you_follow';
      const after: FeedKey | undefined = cursor
        ? { at: cursor.a, id: cursor.i, score: cursor.s === 't' ? cursor.c : undefined }
        : undefined;
      let rows: FeedRow[];
      let until: string | undefined;
      if (q.sort === 'top') {
        until = cursor?.s === 't' ? cursor.u : clock.now().toISOString();
        rows = await repo.top(viewerId, { following, after, until, limit: q.limit });
      } else {
        rows = await repo.recent(viewerId, { following, after, limit: q.limit });
      }
      const more = rows.length > q.limit;
      const pageRows = rows.slice(0, q.limit);
      const last = pageRows.at(-1);
      const nextCursor =
        more && last
          ? encodeCursor(
              q.sort === 'top'
                ? { s: 't', a: last.keyAt, i: last.id, c: last.score, u: until ?? '' }
                : { s: 'r', a: last.keyAt, i: last.id },
            )
          : null;
      const posts = await view(
        viewerId,
        pageRows.map(({ keyAt: _k, ...row }) => row),
      );
      return { items: posts, nextCursor };
    },

    /** How many posts the caller's feed gained after the post `since` (the new-post banner). */
    async newCount(viewerId: string, q: { filter: FeedQuery['filter']; since: string }): Promise<{ count: number }> {
      const since = await repo.keyOf(q.since);
      if (!since) throw feedError.onField('since', 'SOCIAL_POST_NOT_FOUND', 'since: no post has this id.');
      const count = await repo.countNewer(viewerId, {
        following: q.filter === 'people_you_follow',
        since,
        cap: FEED_NEW_CAP,
      });
      return { count };
    },

    /** A profile's posts, pinned first: 404 when unknown or they block the caller, 403 when private to them. */
    async ofProfile(viewerId: string, ownerId: string, q: { page: number; limit: number }): Promise<PostPage> {
      const audience = await repo.audience(viewerId, ownerId);
      if (!audience) throw feedError('SOCIAL_PROFILE_NOT_FOUND', 'No profile you can see has this id.');
      if (!audience.canSee) {
        throw feedError(
          'SOCIAL_PROFILE_PRIVATE',
          audience.blocking
            ? 'You block this profile: unblock it to see its posts.'
            : audience.visibility === 'nobody'
              ? 'This profile is private: only its owner sees its posts.'
              : 'This profile is private: only its accepted followers see its posts.',
        );
      }
      const { rows, total } = await repo.ofAuthor(viewerId, ownerId, {
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      return { items: await view(viewerId, rows), page: q.page, limit: q.limit, total };
    },

    /** The number of `ownerId`'s posts `viewerId` may see (the profile's counts.posts). */
    async postCount(viewerId: string, ownerId: string): Promise<number> {
      return repo.countOfAuthor(viewerId, ownerId);
    },

    async topics(
      viewerId: string,
      q: { page: number; limit: number },
    ): Promise<{ items: Topic[]; page: number; limit: number; total: number }> {
      const { rows, total } = await repo.topics(viewerId, {
        now: clock.now(),
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      return { items: rows, page: q.page, limit: q.limit, total };
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
