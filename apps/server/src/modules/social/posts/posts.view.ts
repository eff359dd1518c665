import type { Gif, Poll, Post, PostChart, ProfileSummary } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import type { SocialPostRow } from '../social.table.js';
import type { AuthorAudience, SocialPostsDeps } from './posts.ports.js';
import type { PostsRepository } from './posts.repository.js';
import type { SocialPollRow } from './posts.table.js';

type StoredChart =
  | { kind: 'snapshot'; key: string; width: number; height: number }
  | { kind: 'live'; token: string; symbol: string; timeframe: string };

/** How a viewer stands to each author: the graph's batch when it has one, else one question per author. */
export async function audienceOf(
  graph: SocialPostsDeps['graph'],
  viewerId: string,
  ownerIds: string[],
): Promise<Map<string, AuthorAudience>> {
  const unique = [...new Set(ownerIds)];
  if (graph.audienceOf) return graph.audienceOf(viewerId, unique);
  const entries = await Promise.all(
    unique.map(async (id): Promise<[string, AuthorAudience]> => {
      if (id === viewerId) return [id, { canSee: true, following: false, blocked: false }];
      const [canSee, following, blocked] = await Promise.all([
        graph.canSeeContent(viewerId, id),
        graph.isFollowing(viewerId, id),
        graph.blockedEither(viewerId, id),
      ]);
      return [id, { canSee, following, blocked }];
    }),
  );
  return new Map(entries);
}

/** Whether the viewer may comment, by the post's reply access and comment control (the author always may). */
export function mayComment(viewerId: string, row: SocialPostRow, audience: AuthorAudience | undefined): boolean {
  if (row.authorId === viewerId) return true;
  if (!audience?.canSee || audience.blocked || row.commentsClosed) return false;
  switch (row.replyAccess) {
    case 'everyone':
      return true;
    case 'followers':
      return audience.following;
    case 'mentioned':
      return row.mentionIds.includes(viewerId);
    case 'nobody':
      return false;
  }
}

/** Whether the viewer sees the row at all: the author's audience, not hidden nor moderated unless theirs. */
export function visibleTo(viewerId: string, row: SocialPostRow, audience: AuthorAudience | undefined): boolean {
  if (row.authorId === viewerId) return true;
  return Boolean(audience?.canSee) && !row.hiddenAt && !row.moderatedAt;
}

/**
 * Builds full posts for many rows in a fixed number of queries, whatever their number: the originals of reposts
 * (1), likes (1), favourites (1), own reposts (1), polls (1) and their votes (1), authors and mentions (the graph's
 * summaries, 1), audiences (the graph's batch, 1), trade figures (1), bookmarks (1), article cards (1).
 */
export function createPostsView(deps: {
  repo: PostsRepository;
  storage: FileStorage;
  clock: Clock;
  ports: SocialPostsDeps;
}) {
  const { repo, storage, clock, ports } = deps;

  return async function view(viewerId: string, rows: SocialPostRow[]): Promise<Post[]> {
    if (rows.length === 0) return [];
    const originalIds = [...new Set(rows.flatMap((r) => (r.repostOfId ? [r.repostOfId] : [])))];
    const originals = await repo.findMany(originalIds.filter((id) => !rows.some((r) => r.id === id)));
    const all = [...rows, ...originals];
    const byId = new Map(all.map((r) => [r.id, r]));
    const ids = [...byId.keys()];
    const people = [...new Set(all.flatMap((r) => [r.authorId, ...r.mentionIds]))];
    const articleIds = [...new Set(all.flatMap((r) => (r.articleId ? [r.articleId] : [])))];
    const [liked, favorited, reposted, polls, votes, summaries, audiences, trades, bookmarked, articles] =
      await Promise.all([
        repo.likedOf(viewerId, ids),
        repo.favoritedOf(viewerId, ids),
        repo.repostedOf(viewerId, ids),
        repo.polls(ids),
        repo.votes(viewerId, ids),
        ports.graph.summaries(viewerId, people),
        audienceOf(
          ports.graph,
          viewerId,
          all.map((r) => r.authorId),
        ),
        ports.trades.figures(ids),
        ports.bookmarkedOf(viewerId, ids),
        articleIds.length > 0 && ports.articleCards ? ports.articleCards(articleIds) : new Map(),
      ]);
    const personById = new Map(summaries.map((s) => [s.id, s]));
    const pollById = new Map(polls.map((p) => [p.postId, p]));
    const now = clock.now();

    function pollOf(row: SocialPostRow): Poll | null {
      const poll = pollById.get(row.id);
      return poll
        ? toPoll(poll, votes.counts.get(row.id), votes.mine.get(row.id) ?? null, row.authorId === viewerId, now)
        : null;
    }

    function base(row: SocialPostRow, author: ProfileSummary): Omit<Post, 'repostOf' | 'isRepost'> {
      const mine = row.authorId === viewerId;
      const trade = trades.get(row.id) ?? null;
      return {
        id: row.id,
        author,
        content: row.content,
        createdAt: row.createdAt.toISOString(),
        editedAt: row.editedAt?.toISOString() ?? null,
        pinned: row.pinnedAt !== null,
        visibility: row.visibility,
        communityId: row.communityId,
        replyAccess: row.replyAccess,
        commentsClosed: row.commentsClosed,
        hidden: row.hiddenAt !== null,
        mentions: row.mentionIds.flatMap((id) => {
          const p = personById.get(id);
          return p ? [{ id, username: p.username }] : [];
        }),
        symbols: row.symbols,
        hashtags: row.hashtags,
        media: row.media.map((m) => ({
          id: m.id,
          kind: m.kind,
          url: storage.url(m.key),
          width: m.width,
          height: m.height,
        })),
        gif: (row.gif as Gif | null) ?? null,
        chart: toChart(row.chart as StoredChart | null, storage),
        poll: pollOf(row),
        trade,
        article: row.articleId ? (articles.get(row.articleId) ?? null) : null,
        counts: { likes: row.likeCount, comments: row.commentCount, reposts: row.repostCount },
        liked: liked.has(row.id),
        favorited: favorited.has(row.id),
        bookmarked: bookmarked.has(row.id),
        reposted: reposted.has(row.id),
        canComment: mayComment(viewerId, row, audiences.get(row.authorId)),
        canEdit: mine,
        canDelete: mine && trade?.status !== 'closed',
      };
    }

    const out: Post[] = [];
    for (const row of rows) {
      const author = personById.get(row.authorId);
      if (!author) continue;
      const original = row.repostOfId ? byId.get(row.repostOfId) : undefined;
      const originalAuthor = original ? personById.get(original.authorId) : undefined;
      const originalVisible =
        original && originalAuthor && visibleTo(viewerId, original, audiences.get(original.authorId));
      out.push({
        ...base(row, author),
        isRepost: row.repostOfId !== null,
        repostOf: original && originalAuthor && originalVisible ? base(original, originalAuthor) : null,
      });
    }
    return out;
  };
}

function toChart(chart: StoredChart | null, storage: FileStorage): PostChart | null {
  if (!chart) return null;
  if (chart.kind === 'snapshot') {
    return { kind: 'snapshot', url: storage.url(chart.key), width: chart.width, height: chart.height };
  }
  return { kind: 'live', token: chart.token, symbol: chart.symbol, timeframe: chart.timeframe };
}

/** A poll as the viewer reads it: counts once they voted, once it closed, or for its author. */
export function toPoll(
  poll: SocialPollRow,
  counts: Map<string, number> | undefined,
  myVote: string | null,
  isAuthor: boolean,
  now: Date,
): Poll {
  const closed = poll.closesAt.getTime() <= now.getTime();
  const show = closed || myVote !== null || isAuthor;
  const total = poll.options.reduce((sum, o) => sum + (counts?.get(o.id) ?? 0), 0);
  return {
    question: poll.question,
    options: poll.options.map((o) => ({ id: o.id, text: o.text, votes: show ? (counts?.get(o.id) ?? 0) : null })),
    closesAt: poll.closesAt.toISOString(),
    closed,
    totalVotes: show ? total : null,
    myVote,
  };
}
