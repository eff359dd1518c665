import { randomBytes } from 'node:crypto';
import {
  BUG_STATUSES,
  type BugCreateBody,
  type BugListQuery,
  FEATURE_STATUSES,
  type FeatureCreateBody,
  type FeatureListQuery,
  type HelpActivity,
  type HelpComment,
  type HelpCommentPage,
  type HelpPageQuery,
  type HelpPost,
  type HelpPostKind,
  type HelpPostListQuery,
  type HelpPostPage,
  type HelpPublishBody,
  type HelpSearchHit,
  type HelpStatusBody,
  helpScreenshotTypes,
  type QuickFeedbackBody,
  type QuickFeedbackPage,
  type VoteType,
} from '@tradedesk/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import { newId } from '../../../platform/ids.js';
import { containsPattern } from '../../../platform/sql-like.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import type { HelpCenterDeps } from '../helpcenter.types.js';
import { commentNotFound, helpPostError, NOUN, postNotFound } from './posts.errors.js';
import {
  helpActivity,
  helpComments,
  helpFeedback,
  helpLikes,
  helpPosts,
  helpUpdateFeatures,
  helpVotes,
} from './posts.table.js';
import { type PostSelection, type PostView, postColumns, type Viewer, webPath } from './posts.view.js';

const STATUSES = { bug: BUG_STATUSES, feature: FEATURE_STATUSES } as const;

const contains = (q: string) => {
  const pattern = containsPattern(q);
  return or(ilike(helpPosts.title, pattern), ilike(helpPosts.body, pattern));
};
const page = <T>(items: T[], q: HelpPageQuery, total: number) => ({ items, page: q.page, limit: q.limit, total });

/** A plain-text extract of `text` around the first match of `q`. */
function snippetOf(text: string, q: string): string {
  const at = text.toLowerCase().indexOf(q.toLowerCase());
  const start = Math.max(0, at - 60);
  const cut = text.slice(start, start + 200).replace(/\s+/g, ' ');
  return `${start > 0 ? '…' : ''}${cut}${start + 200 < text.length ? '…' : ''}`;
}

/**
 * Help-center posts: bugs and feature requests of users, announcements, updates and tutorials of staff; their
 * comments, activity, votes and likes; quick feedback; the staff triage and publishing.
 */
export function createPostsService(deps: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  view: PostView;
  help: HelpCenterDeps;
}) {
  const { db, clock, storage, view, help } = deps;
  const { access, audit } = help.staff;

  async function viewerOf(userId: string): Promise<Viewer> {
    return { id: userId, staff: await access.isStaff(userId) };
  }

  /** The post of this kind, or 404 (merged features stay readable: their page links to the survivor). */
  async function find(kind: HelpPostKind, id: string) {
    const [row] = await db
      .select()
      .from(helpPosts)
      .where(and(eq(helpPosts.id, id), eq(helpPosts.kind, kind)));
    if (!row) throw postNotFound(NOUN[kind]);
    return row;
  }

  async function wire(id: string, viewer: Viewer): Promise<HelpPost> {
    const post = await view.one(id, viewer);
    if (!post) throw postNotFound();
    return post;
  }

  async function addActivity(
    postId: string,
    kind: HelpActivity['kind'],
    actorId: string | null,
    extra: { from?: string | null; to?: string | null; note?: string | null } = {},
  ) {
    await db.insert(helpActivity).values({
      id: newId(),
      postId,
      kind,
      actorId,
      fromStatus: extra.from ?? null,
      toStatus: extra.to ?? null,
      note: extra.note ?? null,
      createdAt: clock.now(),
    });
  }

  /** Tells a post's author about something staff did to it (not when they did it themselves). */
  async function tellAuthor(
    post: { id: string; kind: string; authorId: string | null; title: string },
    actorId: string,
    body: string,
  ) {
    if (!post.authorId || post.authorId === actorId) return;
    const kind = post.kind as HelpPostKind;
    await help.notifications.notify(post.authorId, {
      kind: 'system',
      title: `Your ${NOUN[kind]} “${post.title.slice(0, 80)}”`,
      body,
      link: webPath(kind, post.id),
      email: false,
    });
  }

  async function listPage(
    viewer: Viewer,
    where: SQL | undefined,
    order: SQL[],
    q: HelpPageQuery,
  ): Promise<HelpPostPage> {
    const [rows, [total]] = await Promise.all([
      db
        .select(postColumns(viewer.id))
        .from(helpPosts)
        .where(where)
        .orderBy(...order, desc(helpPosts.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db.select({ n: count() }).from(helpPosts).where(where),
    ]);
    return page(await view.toWire(rows as PostSelection[], viewer), q, total?.n ?? 0);
  }

  async function insertPost(
    kind: HelpPostKind,
    authorId: string,
    fields: Partial<typeof helpPosts.$inferInsert> & { title: string; body: string },
  ) {
    const now = clock.now();
    const id = newId();
    await db.insert(helpPosts).values({ id, kind, authorId, createdAt: now, updatedAt: now, ...fields });
    await addActivity(id, 'created', authorId);
    return id;
  }

  /** Checks a screenshot by its content and stores it under an unguessable key. */
  async function storeScreenshot(data: Buffer): Promise<string> {
    const type = await fileTypeFromBuffer(data);
    if (!type || !(helpScreenshotTypes as readonly string[]).includes(type.mime)) {
      throw helpPostError.onField(
        'screenshot',
        'HELP_SCREENSHOT_INVALID',
        'The screenshot must be a PNG, JPEG or WebP image.',
      );
    }
    const key = `helpcenter/${randomBytes(16).toString('hex')}.${type.ext}`;
    await storage.put(key, data, type.mime);
    return key;
  }

  /** Shipping: features set done and linked to the update that shipped them. */
  async function ship(updateId: string, featureIds: string[], staffId: string) {
    if (featureIds.length === 0) return;
    const features = await db
      .select()
      .from(helpPosts)
      .where(and(inArray(helpPosts.id, featureIds), eq(helpPosts.kind, 'feature')));
    if (features.length !== new Set(featureIds).size) {
      throw helpPostError.onField(
        'featureIds',
        'HELP_POST_NOT_FOUND',
        'featureIds must hold existing feature request ids.',
      );
    }
    await db
      .insert(helpUpdateFeatures)
      .values(features.map((f) => ({ updateId, featureId: f.id })))
      .onConflictDoNothing();
    for (const f of features) {
      await db
        .update(helpPosts)
        .set({ status: 'done', changelogId: updateId, updatedAt: clock.now() })
        .where(eq(helpPosts.id, f.id));
      await addActivity(f.id, 'shipped', staffId, { from: f.status, to: 'done' });
      await tellAuthor(f, staffId, 'It has shipped: see the update in What’s new.');
    }
  }

  return {
    viewerOf,

    async listBugs(userId: string, q: BugListQuery): Promise<HelpPostPage> {
      const viewer = await viewerOf(userId);
      const where = and(
        eq(helpPosts.kind, 'bug'),
        q.status === 'all' ? undefined : eq(helpPosts.status, q.status),
        q.search ? contains(q.search) : undefined,
        q.mine ? eq(helpPosts.authorId, userId) : undefined,
      );
      const order =
        q.sort === 'oldest'
          ? [asc(helpPosts.createdAt)]
          : q.sort === 'comments'
            ? [desc(postColumns(userId).commentCount), desc(helpPosts.createdAt)]
            : [desc(helpPosts.createdAt)];
      return listPage(viewer, where, order, q);
    },

    async listFeatures(userId: string, q: FeatureListQuery): Promise<HelpPostPage> {
      const viewer = await viewerOf(userId);
      const cols = postColumns(userId);
      const where = and(
        eq(helpPosts.kind, 'feature'),
        // all_requests: every request but the merged ones (a merged request lives on in its survivor)
        q.status === 'all_requests' ? ne(helpPosts.status, 'merged') : eq(helpPosts.status, q.status),
        q.search ? contains(q.search) : undefined,
      );
      const order =
        q.sort === 'recent'
          ? [desc(helpPosts.createdAt)]
          : [desc(sql`(${cols.up} - ${cols.down})`), desc(helpPosts.createdAt)];
      return listPage(viewer, where, order, q);
    },

    async listPublished(kind: HelpPostKind, userId: string, q: HelpPostListQuery): Promise<HelpPostPage> {
      const viewer = await viewerOf(userId);
      const where = and(eq(helpPosts.kind, kind), q.search ? contains(q.search) : undefined);
      return listPage(viewer, where, [desc(helpPosts.createdAt)], q);
    },

    async get(kind: HelpPostKind, userId: string, id: string): Promise<HelpPost> {
      await find(kind, id);
      return wire(id, await viewerOf(userId));
    },

    async createBug(userId: string, body: BugCreateBody, screenshot?: Buffer): Promise<HelpPost> {
      const screenshotKey = screenshot ? await storeScreenshot(screenshot) : null;
      const id = await insertPost('bug', userId, {
        title: body.title,
        body: body.description,
        status: 'open',
        appVersion: body.appVersion ?? null,
        page: body.page ?? null,
        browser: body.browser ?? null,
        screenshotKey,
      });
      return wire(id, await viewerOf(userId));
    },

    async createFeature(userId: string, body: FeatureCreateBody): Promise<HelpPost> {
      const id = await insertPost('feature', userId, {
        title: body.title,
        body: body.description,
        status: 'under_review',
      });
      return wire(id, await viewerOf(userId));
    },

    /** Staff: announcements, updates (shipping their featureIds) and tutorials. */
    async publish(kind: 'announcement' | 'update' | 'tutorial', staffId: string, body: HelpPublishBody) {
      await access.requireStaff(staffId);
      const id = await insertPost(kind, staffId, {
        title: body.title,
        body: body.body,
        version: kind === 'update' ? (body.version ?? null) : null,
        videoUrl: kind === 'tutorial' ? (body.videoUrl ?? null) : null,
      });
      if (kind === 'update') await ship(id, body.featureIds ?? [], staffId);
      await audit.record({
        actorId: staffId,
        action: `${kind}.publish`,
        targetKind: kind,
        targetId: id,
        summary: `Published the ${NOUN[kind]} “${body.title}”.`,
      });
      return wire(id, { id: staffId, staff: true });
    },

    async deleteBug(userId: string, id: string): Promise<void> {
      const viewer = await viewerOf(userId);
      const bug = await find('bug', id);
      if (bug.authorId !== userId && !viewer.staff) throw postNotFound(NOUN.bug);
      await db.delete(helpPosts).where(eq(helpPosts.id, id));
      if (bug.screenshotKey) await storage.delete(bug.screenshotKey).catch(() => {});
      if (viewer.staff && bug.authorId !== userId) {
        await audit.record({
          actorId: userId,
          action: 'bug.delete',
          targetKind: 'bug',
          targetId: id,
          summary: `Deleted the bug report “${bug.title}”.`,
        });
      }
    },

    async comments(kind: HelpPostKind, userId: string, id: string, q: HelpPageQuery): Promise<HelpCommentPage> {
      await find(kind, id);
      const viewer = await viewerOf(userId);
      const where = eq(helpComments.postId, id);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(helpComments)
          .where(where)
          .orderBy(asc(helpComments.createdAt), asc(helpComments.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(helpComments).where(where),
      ]);
      const person = await view.people(rows.map((r) => r.authorId));
      const items: HelpComment[] = rows.map((c) => ({
        id: c.id,
        postId: c.postId,
        author: person(c.authorId),
        content: c.content,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
        mine: c.authorId === userId,
        canDelete: c.authorId === userId || viewer.staff,
      }));
      return page(items, q, total?.n ?? 0);
    },

    /**
     * Adds a comment (with the id the client chose, when it gives one) or, when that id is already the caller's
     * comment on this post, updates it. A staff comment on a bug or feature is a staff reply: activity and a
     * notification to the author.
     */
    async saveComment(
      kind: HelpPostKind,
      userId: string,
      postId: string,
      content: string,
      commentId?: string,
    ): Promise<{ comment: HelpComment; created: boolean }> {
      const post = await find(kind, postId);
      const viewer = await viewerOf(userId);
      const now = clock.now();
      let id = commentId ?? newId();
      let created = true;
      if (commentId) {
        const [existing] = await db.select().from(helpComments).where(eq(helpComments.id, commentId));
        if (existing) {
          if (existing.postId !== postId || existing.authorId !== userId) throw commentNotFound();
          await db.update(helpComments).set({ content, updatedAt: now }).where(eq(helpComments.id, commentId));
          created = false;
        }
      }
      if (created) {
        const inserted = await db
          .insert(helpComments)
          .values({ id, postId, authorId: userId, content, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning({ id: helpComments.id });
        if (inserted.length === 0) throw commentNotFound();
        id = inserted[0]!.id;
        if (viewer.staff && (kind === 'bug' || kind === 'feature')) {
          await addActivity(postId, 'staff_reply', userId, { note: content.slice(0, 2000) });
          await tellAuthor(post, userId, 'Staff replied to it.');
        }
      }
      const [row] = await db.select().from(helpComments).where(eq(helpComments.id, id));
      const person = await view.people([userId]);
      return {
        created,
        comment: {
          id,
          postId,
          author: person(userId),
          content: row!.content,
          createdAt: row!.createdAt.toISOString(),
          updatedAt: row!.updatedAt.toISOString(),
          mine: true,
          canDelete: true,
        },
      };
    },

    /** Updates the caller's own comment (404 for any other). */
    async updateComment(kind: HelpPostKind, userId: string, postId: string, commentId: string, content: string) {
      await find(kind, postId);
      const [existing] = await db.select().from(helpComments).where(eq(helpComments.id, commentId));
      if (!existing || existing.postId !== postId || existing.authorId !== userId) throw commentNotFound();
      return (await this.saveComment(kind, userId, postId, content, commentId)).comment;
    },

    /** Deletes a comment: its author, or staff. */
    async deleteComment(kind: HelpPostKind, userId: string, postId: string, commentId: string): Promise<void> {
      await find(kind, postId);
      const [existing] = await db.select().from(helpComments).where(eq(helpComments.id, commentId));
      if (!existing || existing.postId !== postId) throw commentNotFound();
      const own = existing.authorId === userId;
      if (!own && !(await access.isStaff(userId))) throw commentNotFound();
      await db.delete(helpComments).where(eq(helpComments.id, commentId));
      if (!own) {
        await audit.record({
          actorId: userId,
          action: 'helpcomment.delete',
          targetKind: 'comment',
          targetId: commentId,
          summary: `Deleted a comment on the ${NOUN[kind]} ${postId}.`,
        });
      }
    },

    async activity(kind: HelpPostKind, id: string): Promise<{ items: HelpActivity[] }> {
      await find(kind, id);
      const rows = await db
        .select()
        .from(helpActivity)
        .where(eq(helpActivity.postId, id))
        .orderBy(asc(helpActivity.createdAt), asc(helpActivity.id));
      const person = await view.people(rows.map((r) => r.actorId));
      return {
        items: rows.map((a) => ({
          id: a.id,
          kind: a.kind,
          actor: person(a.actorId),
          from: a.fromStatus,
          to: a.toStatus,
          note: a.note,
          createdAt: a.createdAt.toISOString(),
        })),
      };
    },

    /** One vote per user and request: a second vote replaces the first; null withdraws it. */
    async vote(userId: string, id: string, type: VoteType | null): Promise<HelpPost> {
      const feature = await find('feature', id);
      if (type !== null && feature.status === 'merged') {
        throw helpPostError('HELP_NOT_ALLOWED', 'This request was merged into another: vote on that one.');
      }
      if (type === null) {
        await db.delete(helpVotes).where(and(eq(helpVotes.postId, id), eq(helpVotes.userId, userId)));
      } else {
        await db
          .insert(helpVotes)
          .values({ postId: id, userId, voteType: type, createdAt: clock.now() })
          .onConflictDoUpdate({ target: [helpVotes.postId, helpVotes.userId], set: { voteType: type } });
      }
      return wire(id, await viewerOf(userId));
    },

    async like(kind: HelpPostKind, userId: string, id: string, liked: boolean) {
      await find(kind, id);
      if (liked) {
        await db.insert(helpLikes).values({ postId: id, userId, createdAt: clock.now() }).onConflictDoNothing();
      } else {
        await db.delete(helpLikes).where(and(eq(helpLikes.postId, id), eq(helpLikes.userId, userId)));
      }
      const [n] = await db.select({ n: count() }).from(helpLikes).where(eq(helpLikes.postId, id));
      return { liked, likeCount: n?.n ?? 0 };
    },

    async feedback(userId: string, body: QuickFeedbackBody): Promise<{ id: string }> {
      const id = newId();
      await db.insert(helpFeedback).values({
        id,
        authorId: userId,
        message: body.message,
        rating: body.rating ?? null,
        page: body.page ?? null,
        appVersion: body.appVersion ?? null,
        browser: body.browser ?? null,
        createdAt: clock.now(),
      });
      return { id };
    },

    async feedbackList(staffId: string, q: HelpPageQuery): Promise<QuickFeedbackPage> {
      await access.requireStaff(staffId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(helpFeedback)
          .orderBy(desc(helpFeedback.createdAt), desc(helpFeedback.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(helpFeedback),
      ]);
      const person = await view.people(rows.map((r) => r.authorId));
      const items = rows.map((f) => ({
        id: f.id,
        message: f.message,
        rating: f.rating,
        page: f.page,
        author: person(f.authorId),
        createdAt: f.createdAt.toISOString(),
      }));
      return page(items, q, total?.n ?? 0);
    },

    /** Staff: a bug's or feature's status, with a note in the activity; the author is told. */
    async setStatus(kind: 'bug' | 'feature', staffId: string, id: string, body: HelpStatusBody): Promise<HelpPost> {
      await access.requireStaff(staffId);
      const post = await find(kind, id);
      const allowed = STATUSES[kind].filter((s) => s !== 'merged') as readonly string[];
      if (!allowed.includes(body.status)) {
        const hint = kind === 'feature' ? ' (merge a duplicate with the merge action)' : '';
        throw helpPostError.onField('status', 'HELP_BAD_STATUS', `status must be one of ${allowed.join(', ')}${hint}.`);
      }
      let changelogId = post.changelogId;
      if (body.updateId) {
        if (kind !== 'feature' || body.status !== 'done') {
          throw helpPostError.onField('updateId', 'HELP_BAD_STATUS', 'updateId goes only with a feature set to done.');
        }
        await find('update', body.updateId).catch(() => {
          throw helpPostError.onField('updateId', 'HELP_POST_NOT_FOUND', 'updateId must be an existing update’s id.');
        });
        changelogId = body.updateId;
        await db.insert(helpUpdateFeatures).values({ updateId: body.updateId, featureId: id }).onConflictDoNothing();
      }
      await db
        .update(helpPosts)
        .set({ status: body.status, mergedIntoId: null, changelogId, updatedAt: clock.now() })
        .where(eq(helpPosts.id, id));
      await addActivity(id, 'status', staffId, { from: post.status, to: body.status, note: body.note ?? null });
      await audit.record({
        actorId: staffId,
        action: `${kind}.status`,
        targetKind: kind,
        targetId: id,
        summary: `Set the ${NOUN[kind]} “${post.title}” from ${post.status} to ${body.status}.`,
      });
      const note = body.note ? ` Note: ${body.note}` : '';
      await tellAuthor(post, staffId, `Its status is now ${body.status.replace('_', ' ')}.${note}`);
      return wire(id, { id: staffId, staff: true });
    },

    /** Staff: a duplicate request merged into another; votes move without counting anyone twice. */
    async merge(staffId: string, id: string, intoId: string): Promise<HelpPost> {
      await access.requireStaff(staffId);
      const dup = await find('feature', id);
      if (id === intoId)
        throw helpPostError.onField('intoId', 'HELP_MERGE_INVALID', 'A request cannot be merged into itself.');
      const into = await find('feature', intoId).catch(() => {
        throw helpPostError.onField('intoId', 'HELP_MERGE_INVALID', 'intoId must be an existing feature request’s id.');
      });
      if (dup.status === 'merged')
        throw helpPostError('HELP_MERGE_INVALID', 'This request is already merged into another.');
      if (into.status === 'merged') {
        throw helpPostError.onField(
          'intoId',
          'HELP_MERGE_INVALID',
          'intoId is itself merged: merge into its survivor.',
        );
      }
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into help_votes (post_id, user_id, vote_type, created_at)
          select ${intoId}, user_id, vote_type, created_at from help_votes where post_id = ${id}
          on conflict (post_id, user_id) do nothing`);
        await tx.delete(helpVotes).where(eq(helpVotes.postId, id));
        await tx
          .update(helpPosts)
          .set({ status: 'merged', mergedIntoId: intoId, updatedAt: clock.now() })
          .where(eq(helpPosts.id, id));
      });
      await addActivity(id, 'merged', staffId, {
        from: dup.status,
        to: 'merged',
        note: `Merged into “${into.title}”.`,
      });
      await addActivity(intoId, 'merged', staffId, { note: `“${dup.title}” was merged into this request.` });
      await audit.record({
        actorId: staffId,
        action: 'feature.merge',
        targetKind: 'feature',
        targetId: id,
        summary: `Merged the feature request “${dup.title}” into “${into.title}”.`,
      });
      await tellAuthor(dup, staffId, `It was merged into “${into.title}”, which now carries its votes.`);
      return wire(id, { id: staffId, staff: true });
    },

    /** Staff: edits any post's title and text (and an update's version and shipped requests, a tutorial's video). */
    async edit(staffId: string, id: string, body: HelpPublishBody): Promise<HelpPost> {
      await access.requireStaff(staffId);
      const [post] = await db.select().from(helpPosts).where(eq(helpPosts.id, id));
      if (!post) throw postNotFound();
      await db
        .update(helpPosts)
        .set({
          title: body.title,
          body: body.body,
          ...(post.kind === 'update' && body.version !== undefined ? { version: body.version } : {}),
          ...(post.kind === 'tutorial' && body.videoUrl !== undefined ? { videoUrl: body.videoUrl } : {}),
          updatedAt: clock.now(),
        })
        .where(eq(helpPosts.id, id));
      if (post.kind === 'update') await ship(id, body.featureIds ?? [], staffId);
      await addActivity(id, 'edited', staffId);
      await audit.record({
        actorId: staffId,
        action: `${post.kind}.edit`,
        targetKind: post.kind,
        targetId: id,
        summary: `Edited the ${NOUN[post.kind as HelpPostKind]} “${body.title}”.`,
      });
      return wire(id, { id: staffId, staff: true });
    },

    async remove(staffId: string, id: string): Promise<void> {
      await access.requireStaff(staffId);
      const [post] = await db.select().from(helpPosts).where(eq(helpPosts.id, id));
      if (!post) throw postNotFound();
      await db.delete(helpPosts).where(eq(helpPosts.id, id));
      if (post.screenshotKey) await storage.delete(post.screenshotKey).catch(() => {});
      await audit.record({
        actorId: staffId,
        action: `${post.kind}.delete`,
        targetKind: post.kind,
        targetId: id,
        summary: `Deleted the ${NOUN[post.kind as HelpPostKind]} “${post.title}”.`,
      });
    },

    /** The search source: titles and bodies of every post but merged duplicates; title hits rank first. */
    async search(q: string, _viewerId: string, limit: number): Promise<HelpSearchHit[]> {
      const pattern = containsPattern(q);
      const rows = await db
        .select({ id: helpPosts.id, kind: helpPosts.kind, title: helpPosts.title, body: helpPosts.body })
        .from(helpPosts)
        .where(and(contains(q), or(sql`${helpPosts.status} is null`, notInArray(helpPosts.status, ['merged']))))
        .orderBy(desc(sql`${helpPosts.title} ilike ${pattern}`), desc(helpPosts.createdAt))
        .limit(limit);
      return rows.map((r) => {
        const inTitle = r.title.toLowerCase().includes(q.toLowerCase());
        return {
          kind: r.kind,
          id: r.id,
          title: r.title,
          snippet: snippetOf(inTitle ? r.body : r.body, q),
          path: webPath(r.kind, r.id),
          score: inTitle ? 2 : 1,
        };
      });
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
