import type { Article, ArticleComment, ArticleCommentPage, ModerationQueue, Notification } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createNotificationsModule } from '../../notifications/notifications.plugin.js';
import { createUsersRepository } from '../../users/users.repository.js';
import { createUsersService } from '../../users/users.service.js';
import { createSocialModeration, createSocialNotifier } from '../moderation/moderation.plugin.js';
import { createSocialArticles } from './articles.plugin.js';
import { createArticlesFakes } from './articles.test-kit.js';

/**
 * Article comments threaded one level and reported one by one (kind `article_comment`), through the real
 * moderation slice and the real notifications module; the graph and reposts are the articles' fakes.
 */
let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let cat: SignedInUser;
let dan: SignedInUser;
let eve: SignedInUser;
let staff: SignedInUser;
let fakes: ReturnType<typeof createArticlesFakes>;
let notifications: ReturnType<typeof createNotificationsModule>['service'];
const clock = createManualClock('2026-03-06T09:30:00Z');

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  fakes = createArticlesFakes(app.ctx.db);
  const users = createUsersService({ repo: createUsersRepository(app.ctx.db), clock });
  notifications = createNotificationsModule(app.ctx, { users }).service;
  const notifier = createSocialNotifier({ notify: notifications.notify, users, graph: fakes.deps.graph });
  const moderation = createSocialModeration(app.ctx, { notifier, hideThreshold: 3 });
  const articles = createSocialArticles(app.ctx, { ...fakes.deps, notifier, moderation: moderation.registry });
  await app.register(articles.routes, { prefix: '/api' });
  await app.register(moderation.routes, { prefix: '/api' });
  [ada, bob, cat, dan, eve, staff] = await Promise.all([
    signUpAndLogin(app),
    signUpAndLogin(app),
    signUpAndLogin(app),
    signUpAndLogin(app),
    signUpAndLogin(app),
    signUpAndLogin(app),
  ]);
  await moderation.staff.grant(staff.email);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser, method: Method, url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) });
}

async function openArticle(): Promise<Article> {
  const created = await call(ada, 'POST', '/community/articles', {
    title: 'Range days',
    content: '<p>Fade the edges.</p>',
    who_can_replay: 'everyone',
  });
  expect(created.statusCode, created.body).toBe(201);
  const res = await call(ada, 'POST', `/community/articles/${(created.json() as Article).id}/publish`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Article;
}

async function comment(user: SignedInUser, articleId: string, content: string, parentId?: string) {
  const res = await call(user, 'POST', `/community/articles/${articleId}/comments`, {
    content,
    ...(parentId ? { parent_id: parentId } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ArticleComment;
}

async function list(user: SignedInUser, articleId: string, query = ''): Promise<ArticleCommentPage> {
  const res = await call(user, 'GET', `/community/articles/${articleId}/comments${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ArticleCommentPage;
}

const report = (user: SignedInUser, articleId: string, commentId: string, body: object = { reason: 'spam' }) =>
  call(user, 'POST', `/community/articles/${articleId}/comments/${commentId}/report`, body);

async function bell(user: SignedInUser): Promise<Notification[]> {
  return (await notifications.list(user.userId, { page: 1, limit: 100 })).notifications;
}

describe('article comments: one level of replies', () => {
  it('nests the first 3 replies under their comment, pages the rest by parent_id and tells the parent’s writer', async () => {
    const a = await openArticle();
    const top = await comment(bob, a.id, 'Where is the range top?');
    expect(top).toMatchObject({ parentId: null, replies: [], replyCount: 0 });
    const replies: ArticleComment[] = [];
    for (const [i, user] of [cat, dan, ada, eve].entries()) {
      clock.advance(1000);
      replies.push(await comment(user, a.id, `Reply ${i + 1}`, top.id));
    }
    expect(replies[0]).toMatchObject({ parentId: top.id, articleId: a.id });
    expect((await bell(bob)).map((n) => n.title)).toContain('New reply to your comment');

    const page = await list(eve, a.id);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: top.id, replyCount: 4 });
    expect(page.items[0]!.replies.map((r) => r.content)).toEqual(['Reply 1', 'Reply 2', 'Reply 3']);
    const rest = await list(eve, a.id, `?parent_id=${top.id}`);
    expect(rest.items.map((r) => r.content)).toEqual(['Reply 1', 'Reply 2', 'Reply 3', 'Reply 4']);
    expect(((await call(ada, 'GET', `/community/articles/${a.id}`)).json() as Article).counts.comments).toBe(5);

    // one level only: a reply cannot be answered; an unknown parent is refused the same way
    expectFieldError(
      await call(cat, 'POST', `/community/articles/${a.id}/comments`, { content: 'Deeper', parent_id: replies[0]!.id }),
      { field: 'parent_id', code: 'ARTICLE_INVALID_FIELD' },
    );
    expectFieldError(
      await call(cat, 'POST', `/community/articles/${a.id}/comments`, { content: 'x', parent_id: 'nope' }),
      { field: 'parent_id' },
    );
    expect((await call(cat, 'GET', `/community/articles/${a.id}/comments?parent_id=${a.id}`)).statusCode).toBe(404);

    // the article's author deletes the comment with its replies
    expect((await call(ada, 'DELETE', `/community/articles/${a.id}/comments/${top.id}`)).statusCode).toBe(200);
    expect((await list(eve, a.id)).items).toEqual([]);
    expect(((await call(ada, 'GET', `/community/articles/${a.id}`)).json() as Article).counts.comments).toBe(0);
  });

  it('leaves out the replies of people blocked either way', async () => {
    const a = await openArticle();
    const top = await comment(bob, a.id, 'Top');
    await comment(cat, a.id, 'From cat', top.id);
    const blocker = await signUpAndLogin(app);
    await fakes.block(blocker.userId, cat.userId);
    const seen = await list(blocker, a.id);
    expect(seen.items[0]).toMatchObject({ replies: [], replyCount: 0 });
  });
});

describe('reporting an article comment', () => {
  it('records another’s comment or reply, refuses one’s own (422), an unknown id (404) and a bad reason (400)', async () => {
    const a = await openArticle();
    const top = await comment(bob, a.id, 'Buy my course');
    const reply = await comment(cat, a.id, 'Same here', top.id);
    const res = await report(dan, a.id, top.id, { reason: 'spam', details: 'Selling.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'open' });
    expect((await report(dan, a.id, reply.id)).statusCode).toBe(201);

    const own = await report(bob, a.id, top.id);
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({ code: 'MODERATION_OWN_TARGET', message: 'You cannot report your own comment.' });

    const unknown = await report(dan, a.id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ARTICLE_COMMENT_NOT_FOUND');
    // a comment id under another article is not found either
    const other = await openArticle();
    expect((await report(dan, other.id, top.id)).statusCode).toBe(404);

    expectFieldError(await report(dan, a.id, top.id, { reason: 'boring' }), { field: 'reason' });
    expectFieldError(await report(dan, a.id, 'nope'), { field: 'commentId' });
  });

  it('hides a comment after 3 distinct reporters, shows it in the staff queue, where hide, warn and restore work', async () => {
    const a = await openArticle();
    const top = await comment(bob, a.id, 'Pump and dump');
    for (const user of [cat, dan, dan, eve]) expect((await report(user, a.id, top.id)).statusCode).toBe(201);

    // hidden from everyone but its writer, pending review
    expect((await list(cat, a.id)).items).toEqual([]);
    expect((await list(bob, a.id)).items.map((c) => c.id)).toEqual([top.id]);
    expect((await report(ada, a.id, top.id)).statusCode).toBe(404);

    const queue = (await call(staff, 'GET', '/moderation/reports?kind=article_comment')).json() as ModerationQueue;
    const item = queue.items.find((i) => i.targetId === top.id);
    expect(item).toMatchObject({
      kind: 'article_comment',
      hidden: true,
      pendingReview: true,
      openReports: 3,
      target: {
        ownerId: bob.userId,
        excerpt: 'Pump and dump',
        link: `/community/articles/${a.id}?comment=${top.id}`,
      },
    });

    const url = `/moderation/reports/article_comment/${top.id}`;
    const restored = await call(staff, 'POST', `${url}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ hidden: false, openReports: 0 });
    expect((await list(cat, a.id)).items.map((c) => c.id)).toEqual([top.id]);
    // the writer hears it is visible again, through the notifications module like the hide notice
    expect((await bell(bob)).find((n) => n.title === 'Your comment is visible again')).toMatchObject({
      kind: 'social',
      link: `/community/articles/${a.id}?comment=${top.id}`,
      data: expect.objectContaining({ type: 'moderation', action: 'restore', kind: 'article_comment' }),
    });

    // a new report reopens it for staff, who hide it for good and warn the writer
    expect((await report(ada, a.id, top.id)).statusCode).toBe(201);
    expect((await call(staff, 'POST', `${url}/hide`)).json()).toMatchObject({ hidden: true });
    expect((await list(cat, a.id)).items).toEqual([]);
    expect((await bell(bob)).map((n) => n.title)).toContain('Your comment was hidden by moderators');
    const warned = await call(staff, 'POST', `${url}/warn`, { reason: 'No pump calls.' });
    expect(warned.statusCode, warned.body).toBe(200);
    expect((await bell(bob)).find((n) => n.title === 'A warning about your comment')?.body).toBe('No pump calls.');
  });

  it('hides a reply the same way, leaving its comment in place', async () => {
    const a = await openArticle();
    const top = await comment(bob, a.id, 'Top');
    const reply = await comment(cat, a.id, 'Abusive reply', top.id);
    for (const user of [ada, dan, eve]) expect((await report(user, a.id, reply.id)).statusCode).toBe(201);
    const seen = await list(bob, a.id);
    expect(seen.items[0]!.replies).toEqual([]);
    expect((await list(cat, a.id)).items[0]!.replies.map((r) => r.id)).toEqual([reply.id]);
  });
});
