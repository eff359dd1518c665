import {
  type CreatePostBody,
  FEED_CHANNEL,
  FEED_POST_EVENT,
  type Post,
  type PostPage,
  type ReportBody,
  type ReportResult,
  type UpdatePostBody,
  type VoteDetails,
} from '@tradedesk/contracts';
import type { EventBus } from '../../../platform/bus/event-bus.js';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { SocialPostRow } from '../social.table.js';
import type { ModerationTargetHandler } from '../social.types.js';
import { postError, postNotFound } from './posts.errors.js';
import type { AuthorAudience, CommunityPostsGate, SocialPostsDeps } from './posts.ports.js';
import { createPostsRepository, type PostsRepository } from './posts.repository.js';
import { audienceOf, visibleTo } from './posts.view.js';
import { extractTags, linkTags, plainText } from './sanitize.js';

const postLink = (id: string) => `/community/posts/${id}`;
const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/**
 * Posts: create (text sanitized and tagged, media, GIF, chart, poll, verified trade), read, edit, delete, pin,
 * likes, favourites, reposts, hiding, reports and polls. Who may see a post is the author's audience (the graph);
 * a hidden or moderated post is seen by its author only. A community post (`community_id`) is seen by those who
 * may read its community instead (the communities' gate; blocks still apply), written by those who may post there,
 * and may be deleted by its moderators; it is never reposted.
 */
export function createPostsService(deps: {
  repo: PostsRepository;
  clock: Clock;
  bus: EventBus;
  ports: SocialPostsDeps;
  view: (viewerId: string, rows: SocialPostRow[]) => Promise<Post[]>;
}) {
  const { repo, clock, bus, ports, view } = deps;
  const { graph, notifier } = ports;
  /** A viewer who follows and blocks nobody: sees exactly what an open profile shows to anyone. */
  const STRANGER = '00000000-0000-0000-0000-000000000000';

  /** The communities' gate; a community post without one is refused (422). */
  function gate(): CommunityPostsGate {
    const found = ports.community?.();
    if (!found) {
      throw postError.onField(
        'community_id',
        'POST_COMMUNITY_UNAVAILABLE',
        'community_id: communities are not available on this server.',
      );
    }
    return found;
  }

  /** The row if the viewer may see it, with how they stand to its author; else 404. */
  async function visible(viewerId: string, id: string): Promise<{ row: SocialPostRow; audience: AuthorAudience }> {
    const row = await repo.find(id);
    if (!row) throw postNotFound();
    const audience = (await audienceOf(graph, viewerId, [row.authorId])).get(row.authorId);
    if (!audience) throw postNotFound();
    if (row.communityId && row.authorId !== viewerId) {
      // the community decides who reads its posts, whatever the author's profile audience; blocks, hiding and
      // moderation still hide it
      const community = ports.community?.();
      if (!community || audience.blocked || row.hiddenAt || row.moderatedAt) throw postNotFound();
      if (!(await community.canRead(viewerId, row.communityId))) throw postNotFound();
      return { row, audience: { ...audience, canSee: true } };
    }
    if (!visibleTo(viewerId, row, audience)) throw postNotFound();
    return { row, audience };
  }

  /** Leaves out the community posts of communities the viewer may not read (lists). */
  async function readableRows(viewerId: string, rows: SocialPostRow[]): Promise<SocialPostRow[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.communityId && r.authorId !== viewerId ? [r.communityId] : [])))];
    if (ids.length === 0) return rows;
    const community = ports.community?.();
    const readable = community ? await community.readable(viewerId, ids) : new Set<string>();
    return rows.filter((r) => !r.communityId || r.authorId === viewerId || readable.has(r.communityId));
  }

  /** The row when it is the caller's: 404 when they cannot see it, 403 when it is someone else's. */
  async function own(userId: string, id: string, action: string): Promise<SocialPostRow> {
    const { row } = await visible(userId, id);
    if (row.authorId !== userId) throw postError('POST_FORBIDDEN', `Only its author can ${action} this post.`);
    return row;
  }

  async function one(viewerId: string, row: SocialPostRow): Promise<Post> {
    const [post] = await view(viewerId, [row]);
    if (!post) throw postNotFound();
    return post;
  }

  async function reload(viewerId: string, id: string): Promise<Post> {
    const row = await repo.find(id);
    if (!row) throw postNotFound();
    return one(viewerId, row);
  }

  /** Sanitized, linked text with its mentions (resolved, not blocked, not the author), symbols and hashtags. */
  async function prepareText(authorId: string, html: string) {
    const text = plainText(html);
    const tags = extractTags(text);
    const found = tags.usernames.length > 0 ? await graph.usersByUsername(tags.usernames) : [];
    const allowed = await Promise.all(
      found.map(async (u) => (u.id !== authorId && !(await graph.blockedEither(authorId, u.id)) ? u : null)),
    );
    const mentions = allowed.filter((u): u is { id: string; username: string } => u !== null);
    const content = linkTags(html, mentions);
    return { content, contentText: plainText(content), mentions, symbols: tags.symbols, hashtags: tags.hashtags };
  }

  async function notifyMentions(authorId: string, postId: string, ids: string[], already: string[] = []) {
    for (const recipientId of ids.filter((id) => !already.includes(id))) {
      await notifier.notify({
        type: 'mention',
        recipientId,
        actorId: authorId,
        title: 'You were mentioned in a post',
        body: 'Someone mentioned you in a post.',
        link: postLink(postId),
        data: { postId },
      });
    }
  }

  /**
   * Tells every signed-in client that the feed moved (the web then asks GET /profile/feed/new, which applies the
   * audiences). Only an open profile's post is named: a private author's post and author ids reach nobody who may
   * not see them.
   */
  async function publish(row: SocialPostRow) {
    if (row.visibility !== 'public') return;
    const open = (await audienceOf(graph, STRANGER, [row.authorId])).get(row.authorId)?.canSee === true;
    const createdAt = row.createdAt.toISOString();
    await bus.publish({
      channel: FEED_CHANNEL,
      event: FEED_POST_EVENT,
      data: open ? { postId: row.id, authorId: row.authorId, createdAt } : { createdAt },
    });
  }

  async function attachments(userId: string, body: CreatePostBody) {
    const wanted = [...new Set([...body.media_ids, ...(body.chart?.kind === 'snapshot' ? [body.chart.media_id] : [])])];
    const media = await repo.unattachedMedia(userId, wanted);
    const byId = new Map(media.map((m) => [m.id, m]));
    for (const id of wanted) {
      if (!byId.has(id)) {
        const field = body.chart?.kind === 'snapshot' && body.chart.media_id === id ? 'chart.media_id' : 'media_ids';
        throw postError.onField(
          field,
          'POST_MEDIA_NOT_FOUND',
          `${field}: ${id} is not an image you uploaded for a new post.`,
        );
      }
    }
    let chart: Record<string, unknown> | null = null;
    if (body.chart?.kind === 'snapshot') {
      const m = byId.get(body.chart.media_id);
      if (m) chart = { kind: 'snapshot', key: m.key, width: m.width, height: m.height };
    } else if (body.chart?.kind === 'live') {
      chart = await ports.charts.shareLive(userId, body.chart.chart_id);
    }
    let gif: Record<string, unknown> | null = null;
    if (body.gif) {
      const found = await findGif(body.gif.provider, body.gif.id);
      if (!found)
        throw postError.onField('gif.id', 'POST_GIF_NOT_FOUND', 'gif.id: no GIF of this provider has this id.');
      gif = found;
    }
    return {
      media: body.media_ids.flatMap((id) => {
        const m = byId.get(id);
        return m ? [{ id: m.id, kind: m.kind, key: m.key, width: m.width, height: m.height }] : [];
      }),
      mediaIds: wanted,
      chart,
      gif,
    };
  }

  let findGif: (provider: string, id: string) => Promise<Record<string, unknown> | null> = async () => null;

  const service = {
    view,
    visible,
    prepareText,

    /** Lets the plugin say where GIFs attached to posts are looked up (the GIF service). */
    useGifLookup(fn: typeof findGif) {
      findGif = fn;
    },

    async create(userId: string, body: CreatePostBody): Promise<Post> {
      let communityId: string | null = null;
      if (body.visibility === 'community' || body.community_id !== undefined) {
        if (body.visibility !== 'community') {
          throw postError.onField(
            'visibility',
            'POST_INVALID_FIELD',
            'visibility must be community when community_id names a community.',
          );
        }
        if (!body.community_id) {
          throw postError.onField(
            'community_id',
            'POST_INVALID_FIELD',
            'community_id is required when visibility is community: name the community to post in.',
          );
        }
        await gate().assertCanPost(userId, body.community_id);
        communityId = body.community_id;
      }
      const text = await prepareText(userId, body.content);
      const att = await attachments(userId, body);
      const hasSomething =
        text.contentText.length > 0 || att.media.length > 0 || att.chart || att.gif || body.poll || body.trade;
      if (!hasSomething) {
        throw postError.onField(
          'content',
          'POST_EMPTY',
          'content: write something or attach an image, GIF, chart, poll or trade.',
        );
      }
      const now = clock.now();
      const id = newId();
      const row = await repo.transaction(async (q, tx) => {
        const inserted = await q.insertPost({
          id,
          authorId: userId,
          content: text.content,
          contentText: text.contentText,
          visibility: communityId ? 'community' : 'public',
          communityId,
          replyAccess: body.reply_access,
          commentsClosed: body.comments_closed,
          mentionIds: text.mentions.map((m) => m.id),
          symbols: text.symbols,
          hashtags: text.hashtags,
          media: att.media,
          gif: att.gif,
          chart: att.chart,
          createdAt: now,
        });
        await q.attachMedia(att.mediaIds, id);
        if (body.poll) {
          await q.insertPoll({
            postId: id,
            question: body.poll.question,
            options: body.poll.options.map((t, i) => ({ id: `o${i + 1}`, text: t })),
            closesAt: new Date(now.getTime() + body.poll.duration_hours * 3_600_000),
          });
        }
        if (body.trade) await ports.trades.attach(userId, id, body.trade, tx);
        return inserted;
      });
      await notifyMentions(userId, id, row.mentionIds);
      await publish(row);
      return one(userId, row);
    },

    async get(viewerId: string, id: string): Promise<Post> {
      const { row } = await visible(viewerId, id);
      return one(viewerId, row);
    },

    async update(userId: string, id: string, body: UpdatePostBody): Promise<Post> {
      const row = await own(userId, id, 'edit');
      if (row.communityId) await gate().assertCanPost(userId, row.communityId);
      const patch: Partial<SocialPostRow> = { editedAt: clock.now() };
      let fresh: string[] = [];
      if (body.content !== undefined) {
        const text = await prepareText(userId, body.content);
        const keepsSomething =
          text.contentText.length > 0 ||
          row.media.length > 0 ||
          row.chart ||
          row.gif ||
          row.repostOfId ||
          row.articleId;
        if (!keepsSomething && !(await repo.poll(id)) && !(await ports.trades.figures([id])).has(id)) {
          throw postError.onField('content', 'POST_EMPTY', 'content: a post without attachments needs some text.');
        }
        Object.assign(patch, {
          content: text.content,
          contentText: text.contentText,
          mentionIds: text.mentions.map((m) => m.id),
          symbols: text.symbols,
          hashtags: text.hashtags,
        });
        fresh = text.mentions.map((m) => m.id);
      }
      if (body.reply_access !== undefined) patch.replyAccess = body.reply_access;
      if (body.comments_closed !== undefined) patch.commentsClosed = body.comments_closed;
      await repo.update(id, patch);
      await notifyMentions(userId, id, fresh, row.mentionIds);
      return reload(userId, id);
    },

    /** Its author deletes a post; so may a moderator of its community who outranks the author (audited). */
    async delete(userId: string, id: string): Promise<void> {
      const { row } = await visible(userId, id);
      const byModerator =
        row.authorId !== userId &&
        row.communityId !== null &&
        (await gate().canModerate(userId, row.communityId, row.authorId));
      if (row.authorId !== userId && !byModerator) {
        throw postError(
          'POST_FORBIDDEN',
          row.communityId
            ? 'Only its author or a moderator of its community who outranks the author can delete this post.'
            : 'Only its author can delete this post.',
        );
      }
      if (await ports.trades.isLocked(id)) {
        throw postError('POST_LOCKED', 'This post carries a closed verified trade: it can be hidden but not deleted.');
      }
      const work = async (q: PostsRepository) => {
        await q.delete(id);
        if (row.repostOfId) await q.bump(row.repostOfId, 'repostCount', -1);
      };
      if (byModerator && row.communityId) {
        const deletion = {
          actorId: userId,
          communityId: row.communityId,
          authorId: row.authorId,
          kind: 'post' as const,
          postId: id,
          excerpt: excerpt(row.contentText),
        };
        await gate().audited(deletion, (tx) => work(createPostsRepository(tx)));
      } else {
        await repo.transaction((q) => work(q));
      }
    },

    async pin(userId: string, id: string, pinned: boolean): Promise<Post> {
      const row = await own(userId, id, pinned ? 'pin' : 'unpin');
      await repo.transaction((q) => q.pin(row.authorId, id, pinned ? clock.now() : null));
      return reload(userId, id);
    },

    async hide(userId: string, id: string, hidden: boolean): Promise<Post> {
      await own(userId, id, hidden ? 'hide' : 'unhide');
      await repo.update(id, { hiddenAt: hidden ? clock.now() : null });
      return reload(userId, id);
    },

    async like(userId: string, id: string): Promise<Post> {
      const { row } = await visible(userId, id);
      const added = await repo.transaction(async (q) => {
        const fresh = await q.like(userId, id, clock.now());
        if (fresh) await q.bump(id, 'likeCount', 1);
        return fresh;
      });
      if (added && row.authorId !== userId) {
        await notifier.notify({
          type: 'like',
          recipientId: row.authorId,
          actorId: userId,
          title: 'Your post was liked',
          body: excerpt(row.contentText) || 'Someone liked your post.',
          link: postLink(id),
          data: { postId: id },
        });
      }
      return reload(userId, id);
    },

    async unlike(userId: string, id: string): Promise<Post> {
      await visible(userId, id);
      await repo.transaction(async (q) => {
        if (await q.unlike(userId, id)) await q.bump(id, 'likeCount', -1);
      });
      return reload(userId, id);
    },

    async favorite(userId: string, id: string, on: boolean): Promise<Post> {
      await visible(userId, id);
      if (on) await repo.favorite(userId, id, clock.now());
      else await repo.unfavorite(userId, id);
      return reload(userId, id);
    },

    /** The caller's favourites they may still see, newest first. */
    async favorites(userId: string, page: number, limit: number): Promise<PostPage> {
      const { rows, total } = await repo.favorites(userId, page, limit);
      const audiences = await audienceOf(
        graph,
        userId,
        rows.map((r) => r.authorId),
      );
      const seen = (await readableRows(userId, rows)).filter((r) => {
        const audience = audiences.get(r.authorId);
        if (r.communityId && r.authorId !== userId) return !audience?.blocked && !r.hiddenAt && !r.moderatedAt;
        return visibleTo(userId, r, audience);
      });
      return { items: await view(userId, seen), page, limit, total };
    },

    /** Reposts a post (a repost of a repost reposts its original); answers the new repost. */
    async repost(userId: string, id: string): Promise<Post> {
      const first = (await visible(userId, id)).row;
      const original = first.repostOfId ? (await visible(userId, first.repostOfId)).row : first;
      if (original.communityId) {
        throw postError('POST_FORBIDDEN', 'A community post cannot be reposted: it stays in its community.');
      }
      if (await repo.findRepost(userId, original.id)) {
        throw postError('POST_ALREADY_REPOSTED', 'You have already reposted this post.');
      }
      const now = clock.now();
      const row = await repo.transaction(async (q) => {
        const inserted = await q.insertPost({ id: newId(), authorId: userId, repostOfId: original.id, createdAt: now });
        await q.bump(original.id, 'repostCount', 1);
        return inserted;
      });
      if (original.authorId !== userId) {
        await notifier.notify({
          type: 'repost',
          recipientId: original.authorId,
          actorId: userId,
          title: 'Your post was reposted',
          body: excerpt(original.contentText) || 'Someone reposted your post.',
          link: postLink(original.id),
          data: { postId: original.id, repostId: row.id },
        });
      }
      await publish(row);
      return one(userId, row);
    },

    /** Undoes the caller's repost of post `id`. */
    async unrepost(userId: string, id: string): Promise<void> {
      await visible(userId, id);
      const mine = await repo.findRepost(userId, id);
      if (!mine) throw postError('POST_NOT_FOUND', 'You have not reposted this post.');
      await repo.transaction(async (q) => {
        await q.delete(mine.id);
        await q.bump(id, 'repostCount', -1);
      });
    },

    /**
     * The articles slice's repost of an article: a post carrying `article_id`, once per person (a repeat answers
     * the existing post with `created: false`).
     */
    async repostArticle(userId: string, articleId: string): Promise<{ post: Post; created: boolean }> {
      const existing = await repo.findArticleRepost(userId, articleId);
      if (existing) return { post: await one(userId, existing), created: false };
      const row = await repo.insertPost({ id: newId(), authorId: userId, articleId, createdAt: clock.now() });
      await publish(row);
      return { post: await one(userId, row), created: true };
    },

    report(userId: string, id: string, body: ReportBody): Promise<ReportResult> {
      return ports.moderation.report(userId, 'post', id, body);
    },

    async vote(userId: string, id: string, optionId: string): Promise<Post> {
      const { row } = await visible(userId, id);
      const poll = await repo.poll(id);
      if (!poll) throw postError('POST_POLL_NOT_FOUND', 'This post has no poll.');
      if (poll.closesAt.getTime() <= clock.now().getTime())
        throw postError('POST_POLL_CLOSED', 'This poll has closed.');
      if (!poll.options.some((o) => o.id === optionId)) {
        throw postError.onField('option_id', 'POST_INVALID_FIELD', 'option_id must be one of the poll’s option ids.');
      }
      if (!(await repo.vote(userId, id, optionId, clock.now()))) {
        throw postError('POST_POLL_ALREADY_VOTED', 'You have already voted in this poll.');
      }
      return one(userId, row);
    },

    async voteDetails(userId: string, id: string): Promise<VoteDetails> {
      const { row } = await visible(userId, id);
      const poll = await repo.poll(id);
      if (!poll) throw postError('POST_POLL_NOT_FOUND', 'This post has no poll.');
      const { counts, mine } = await repo.votes(userId, [id]);
      const myVote = mine.get(id) ?? null;
      const closed = poll.closesAt.getTime() <= clock.now().getTime();
      if (!closed && myVote === null && row.authorId !== userId) {
        throw postError(
          'POST_POLL_RESULTS_HIDDEN',
          'Vote first: the results show after you vote or once the poll closes.',
        );
      }
      const byOption = counts.get(id);
      const total = poll.options.reduce((s, o) => s + (byOption?.get(o.id) ?? 0), 0);
      return {
        question: poll.question,
        totalVotes: total,
        closed,
        myVote,
        options: poll.options.map((o) => {
          const votes = byOption?.get(o.id) ?? 0;
          return { id: o.id, text: o.text, votes, percent: total === 0 ? 0 : Math.round((votes / total) * 1000) / 10 };
        }),
      };
    },

    /** What moderation knows of posts (kind 'post'). */
    moderationHandler: {
      async findVisible(viewerId, id) {
        const found = await visible(viewerId, id).catch(() => null);
        return found
          ? { ownerId: found.row.authorId, excerpt: excerpt(found.row.contentText), link: postLink(id) }
          : null;
      },
      async findAny(id) {
        const row = await repo.find(id);
        return row ? { ownerId: row.authorId, excerpt: excerpt(row.contentText), link: postLink(id) } : null;
      },
      async setModerated(id, hidden) {
        await repo.update(id, { moderatedAt: hidden ? clock.now() : null });
      },
    } satisfies ModerationTargetHandler,
  };
  return service;
}
export type PostsService = ReturnType<typeof createPostsService>;
