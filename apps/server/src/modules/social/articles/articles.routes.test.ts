import type {
  Article,
  ArticleComment,
  ArticleCommentPage,
  ArticleMedia,
  ArticlePage,
  ArticleShare,
  SharedArticle,
} from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createSocialArticles } from './articles.plugin.js';
import { createArticlesFakes } from './articles.test-kit.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let fakes: ReturnType<typeof createArticlesFakes>;
const clock = createManualClock('2026-03-05T09:30:00Z');

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  fakes = createArticlesFakes(app.ctx.db);
  const articles = createSocialArticles(app.ctx, fakes.deps);
  await app.register(articles.routes, { prefix: '/api' });
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api/community/articles${url}`,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function draft(user: SignedInUser, body: object = {}): Promise<Article> {
  const res = await call(user, 'POST', '', {
    title: 'Reading the EURUSD range',
    content: '<p>Buy the dip.</p>',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Article;
}

async function published(user: SignedInUser, body: object = {}): Promise<Article> {
  const a = await draft(user, body);
  const res = await call(user, 'POST', `/${a.id}/publish`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Article;
}

function multipart(data: Buffer, filename = 'image.png', contentType = 'image/png') {
  const boundary = '----articlestest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(user: SignedInUser, articleId: string, data: Buffer, type = 'image/png') {
  const body = multipart(data, 'image', type);
  return app.inject({
    method: 'POST',
    url: `/api/community/articles/${articleId}/media`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('drafts and publishing', () => {
  it('keeps a draft to its author: tab drafts lists it, tab all does not, another user gets 404', async () => {
    const a = await draft(ada, { categories: ['forex'], tags: ['EURUSD', 'range'] });
    expect(a).toMatchObject({
      status: 'draft',
      type: 'my_article',
      audience: 'everyone',
      whoCanReplay: 'account_follow',
      categories: ['forex'],
      tags: ['eurusd', 'range'],
      canEdit: true,
      publishedAt: null,
      content: '<p>Buy the dip.</p>',
    });
    const drafts = (await call(ada, 'GET', '?tab=drafts')).json() as ArticlePage;
    expect(drafts.items.map((i) => i.id)).toContain(a.id);
    expect(((await call(ada, 'GET', '?tab=all')).json() as ArticlePage).items.map((i) => i.id)).not.toContain(a.id);
    expect(((await call(bob, 'GET', '?tab=drafts')).json() as ArticlePage).items.map((i) => i.id)).not.toContain(a.id);
    for (const [method, url, body] of [
      ['GET', `/${a.id}`, undefined],
      ['PUT', `/${a.id}`, { title: 'Mine now' }],
      ['DELETE', `/${a.id}`, undefined],
      ['POST', `/${a.id}/publish`, undefined],
      ['POST', `/${a.id}/like`, undefined],
      ['GET', `/${a.id}/comments`, undefined],
      ['POST', `/${a.id}/share`, undefined],
      ['POST', `/${a.id}/repost`, undefined],
      ['POST', `/${a.id}/report`, { reason: 'spam' }],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe('ARTICLE_NOT_FOUND');
    }
    expect((await upload(bob, a.id, await png(10, 10))).statusCode).toBe(404);
    expect((await call(null, 'GET', `/${a.id}`)).statusCode).toBe(401);
  });

  it('publishes with a title and content, then others read it but cannot change it (403)', async () => {
    const empty = await draft(ada, { title: '', content: '' });
    expect(empty.title).toBe('Untitled');
    expectFieldError(await call(ada, 'POST', `/${empty.id}/publish`), { field: 'title', code: 'ARTICLE_INCOMPLETE' });
    await call(ada, 'PUT', `/${empty.id}`, { title: 'Now titled' });
    expectFieldError(await call(ada, 'POST', `/${empty.id}/publish`), { field: 'content', code: 'ARTICLE_INCOMPLETE' });

    clock.advance(60_000);
    const a = await published(ada, { title: 'Published one' });
    expect(a).toMatchObject({ status: 'published', publishedAt: clock.now().toISOString() });
    expect((await call(ada, 'POST', `/${a.id}/publish`)).statusCode).toBe(409);
    const all = (await call(bob, 'GET', '?tab=all&search=published one')).json() as ArticlePage;
    expect(all.items.map((i) => i.id)).toEqual([a.id]);
    const read = (await call(bob, 'GET', `/${a.id}`)).json() as Article;
    expect(read).toMatchObject({ canEdit: false, canShare: true, media: [] });
    for (const [method, url] of [
      ['PUT', `/${a.id}`],
      ['DELETE', `/${a.id}`],
    ] as const) {
      const res = await call(bob, method, url, method === 'PUT' ? { title: 'Hijacked' } : undefined);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('ARTICLE_NOT_AUTHOR');
    }
    const edited = await call(ada, 'PUT', `/${a.id}`, { title: 'Published one, edited' });
    expect(edited.json()).toMatchObject({ status: 'published', title: 'Published one, edited' });
    expect((await call(ada, 'DELETE', `/${a.id}`)).statusCode).toBe(200);
    expect((await call(ada, 'GET', `/${a.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['a title too long', { title: 'x'.repeat(201) }, 'title'],
    ['an unknown category', { categories: ['gossip'] }, 'categories.0'],
    ['a tag of two words', { tags: ['two words'] }, 'tags.0'],
    ['an unknown audience', { audience: 'friends' }, 'audience'],
    ['an unknown who_can_replay', { who_can_replay: 'nobody' }, 'who_can_replay'],
    ['an unknown field', { status: 'published' }, 'status'],
  ])('refuses %s, naming the field', async (_name, body, field) => {
    expectFieldError(await call(ada, 'POST', '', body), { field });
  });

  it('refuses a bad list query and a bad id, naming the field', async () => {
    expectFieldError(await call(ada, 'GET', '?tab=mine'), { field: 'tab', message: 'tab must be all or drafts.' });
    expectFieldError(await call(ada, 'GET', '?limit=500'), { field: 'limit' });
    expectFieldError(await call(ada, 'GET', '/not-a-uuid'), { field: 'id' });
  });

  it('filters the published list by category and author', async () => {
    const carol = await signUpAndLogin(app);
    const crypto = await published(carol, { categories: ['crypto'] });
    await published(carol, { categories: ['stocks'] });
    const page = (await call(bob, 'GET', `?category=crypto&author_id=${carol.userId}`)).json() as ArticlePage;
    expect(page.items.map((i) => i.id)).toEqual([crypto.id]);
    expect(page.total).toBe(1);
  });
});

describe('content: sanitized, images and charts', () => {
  it('drops scripts, event handlers, javascript: links and foreign images; keeps its own images and chart nodes', async () => {
    const a = await draft(ada);
    const res = await upload(ada, a.id, await png(3000, 1000));
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json() as ArticleMedia;
    // resized by sharp to fit 2048 px
    expect(media).toMatchObject({ width: 2048, height: 683 });
    const html = [
      '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
      `<img src="${media.url}" alt="range" onerror="steal()">`,
      '<img src="https://tracker.example/pixel.gif">',
      '<div data-type="chart" data-token="abcDEF123_-xyz"></div>',
      '<div data-type="chart" data-token="bad token"></div>',
      '<iframe src="https://evil.example"></iframe><h2 style="color:red">Plan</h2>',
    ].join('');
    const updated = (await call(ada, 'PUT', `/${a.id}`, { content: html })).json() as Article;
    expect(updated.content).toBe(
      '<p>Hello <a rel="noopener noreferrer nofollow" target="_blank">x</a></p>' +
        `<img src="${media.url}" alt="range" />` +
        '<div data-type="chart" data-token="abcDEF123_-xyz"></div><h2>Plan</h2>',
    );
    expect(updated.media).toEqual([media]);
  });

  it('takes a cover only from the article’s own images', async () => {
    const a = await draft(ada);
    const b = await draft(ada);
    const other = (await upload(ada, b.id, await png(20, 20))).json() as ArticleMedia;
    expectFieldError(await call(ada, 'PUT', `/${a.id}`, { cover_image_id: other.id }), { field: 'cover_image_id' });
    const own = (await upload(ada, a.id, await png(20, 20))).json() as ArticleMedia;
    const res = (await call(ada, 'PUT', `/${a.id}`, { cover_image_id: own.id })).json() as Article;
    expect(res.coverImage).toEqual(own);
  });

  it('sniffs uploads by their bytes and strips metadata', async () => {
    const a = await draft(ada);
    const fake = await upload(ada, a.id, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expectFieldError(fake, { status: 415, field: 'file', code: 'ARTICLE_UPLOAD_TYPE' });
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret place' } })
      .toBuffer();
    const res = await upload(ada, a.id, jpeg, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json() as ArticleMedia;
    const stored = await app.ctx.storage.get(media.url.replace('/api/files/', ''));
    expect((await sharp(stored!.data).metadata()).exif).toBeUndefined();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    expect((await upload(ada, a.id, gif, 'image/gif')).statusCode).toBe(201);
  });
});

describe('audience and blocks', () => {
  it('shows a followers-only article to accepted followers only', async () => {
    const dana = await signUpAndLogin(app);
    const eve = await signUpAndLogin(app);
    const a = await published(dana, { audience: 'followers' });
    expect((await call(eve, 'GET', `/${a.id}`)).statusCode).toBe(404);
    expect(((await call(eve, 'GET', `?author_id=${dana.userId}`)).json() as ArticlePage).total).toBe(0);
    await fakes.follow(eve.userId, dana.userId);
    expect((await call(eve, 'GET', `/${a.id}`)).statusCode).toBe(200);
    expect(((await call(eve, 'GET', `?author_id=${dana.userId}`)).json() as ArticlePage).total).toBe(1);
    // a reader may not make a public link of a followers-only article
    expect((await call(eve, 'POST', `/${a.id}/share`)).json().code).toBe('ARTICLE_SHARE_FORBIDDEN');
  });

  it('hides a private author’s articles from non-followers and a blocker’s from the blocked', async () => {
    const fay = await signUpAndLogin(app);
    const gus = await signUpAndLogin(app);
    const a = await published(fay);
    expect((await call(gus, 'GET', `/${a.id}`)).statusCode).toBe(200);
    await fakes.setAudience(fay.userId, 'everyone', false);
    expect((await call(gus, 'GET', `/${a.id}`)).statusCode).toBe(404);
    await fakes.setAudience(fay.userId, 'everyone', true);
    await fakes.block(fay.userId, gus.userId);
    expect((await call(gus, 'GET', `/${a.id}`)).statusCode).toBe(404);
    expect((await call(gus, 'POST', `/${a.id}/comments`, { content: 'hi' })).statusCode).toBe(404);
    expect(((await call(gus, 'GET', `?author_id=${fay.userId}`)).json() as ArticlePage).total).toBe(0);
  });
});

describe('likes, comments, share, repost and report', () => {
  it('likes once, notifies the author, and unlikes', async () => {
    const a = await published(ada);
    expect((await call(bob, 'POST', `/${a.id}/like`)).json()).toEqual({ liked: true, likes: 1 });
    expect((await call(bob, 'POST', `/${a.id}/like`)).json()).toEqual({ liked: true, likes: 1 });
    expect(((await call(bob, 'GET', `/${a.id}`)).json() as Article).liked).toBe(true);
    expect(fakes.notices.filter((n) => n.type === 'like' && n.data?.articleId === a.id)).toHaveLength(1);
    expect((await call(bob, 'DELETE', `/${a.id}/unlike`)).json()).toEqual({ liked: false, likes: 0 });
    const d = await draft(ada);
    expect((await call(ada, 'POST', `/${d.id}/like`)).json().code).toBe('ARTICLE_NOT_PUBLISHED');
  });

  it('lets followers comment by default (account_follow), everyone when chosen; writers edit, authors delete', async () => {
    const hal = await signUpAndLogin(app);
    const a = await published(ada);
    const refused = await call(hal, 'POST', `/${a.id}/comments`, { content: 'First!' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ARTICLE_COMMENTS_RESTRICTED');
    expect(((await call(hal, 'GET', `/${a.id}`)).json() as Article).canComment).toBe(false);
    await fakes.follow(hal.userId, ada.userId);
    const created = await call(hal, 'POST', `/${a.id}/comments`, { content: 'Nice range read.' });
    expect(created.statusCode, created.body).toBe(201);
    const comment = created.json() as ArticleComment;
    expect(comment).toMatchObject({ content: 'Nice range read.', canEdit: true, canDelete: true });
    expect(fakes.notices.some((n) => n.type === 'comment' && n.data?.commentId === comment.id)).toBe(true);

    const open = await published(ada, { who_can_replay: 'everyone' });
    expect((await call(bob, 'POST', `/${open.id}/comments`, { content: 'Open to all.' })).statusCode).toBe(201);

    expectFieldError(await call(hal, 'POST', `/${a.id}/comments`, { content: '' }), { field: 'content' });
    const edit = await call(bob, 'PUT', `/${a.id}/comments/${comment.id}`, { content: 'Mine' });
    expect(edit.statusCode).toBe(403);
    expect((await call(bob, 'DELETE', `/${a.id}/comments/${comment.id}`)).statusCode).toBe(403);
    // a comment id under another article is not found
    expect((await call(hal, 'PUT', `/${open.id}/comments/${comment.id}`, { content: 'x' })).statusCode).toBe(404);
    const edited = (await call(hal, 'PUT', `/${a.id}/comments/${comment.id}`, { content: 'Edited.' })).json();
    expect(edited).toMatchObject({ content: 'Edited.', editedAt: expect.any(String) });
    const list = (await call(hal, 'GET', `/${a.id}/comments`)).json() as ArticleCommentPage;
    expect(list.items.map((c) => c.content)).toEqual(['Edited.']);
    expect(((await call(ada, 'GET', `/${a.id}`)).json() as Article).counts.comments).toBe(1);
    expect((await call(ada, 'DELETE', `/${a.id}/comments/${comment.id}`)).statusCode).toBe(200);
    expect(((await call(ada, 'GET', `/${a.id}`)).json() as Article).counts.comments).toBe(0);
  });

  it('makes one public link readable signed out, until revoked', async () => {
    const a = await published(ada, { title: 'Shared piece' });
    const share = (await call(bob, 'POST', `/${a.id}/share`)).json() as ArticleShare;
    expect(share.url).toBe(`/community/articles/shared/${share.token}`);
    expect(((await call(ada, 'POST', `/${a.id}/share`)).json() as ArticleShare).token).toBe(share.token);
    const open = await call(null, 'GET', `/shared/${share.token}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json() as SharedArticle).toMatchObject({ id: a.id, title: 'Shared piece', content: a.content });
    expect((await call(bob, 'DELETE', `/${a.id}/share`)).statusCode).toBe(403);
    expect((await call(ada, 'DELETE', `/${a.id}/share`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/shared/${share.token}`)).statusCode).toBe(404);
    expectFieldError(await call(null, 'GET', '/shared/bad token'), { field: 'token' });
  });

  it('reposts through the posts port once, counting and notifying', async () => {
    const a = await published(ada);
    const first = await call(bob, 'POST', `/${a.id}/repost`);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(bob, 'POST', `/${a.id}/repost`);
    expect(again.json()).toEqual(first.json());
    expect(((await call(ada, 'GET', `/${a.id}`)).json() as Article).counts.reposts).toBe(1);
    expect(fakes.notices.filter((n) => n.type === 'repost' && n.data?.articleId === a.id)).toHaveLength(1);
  });

  it('reports through the moderation registry and hides a moderated article from others', async () => {
    const a = await published(ada);
    const res = await call(bob, 'POST', `/${a.id}/report`, { reason: 'spam', details: 'Ads.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(fakes.reports.at(-1)).toMatchObject({ reporterId: bob.userId, kind: 'article', id: a.id });
    expectFieldError(await call(bob, 'POST', `/${a.id}/report`, { reason: 'boring' }), { field: 'reason' });
    const handler = fakes.handlers.get('article')!;
    expect(await handler.findAny(a.id)).toMatchObject({ ownerId: ada.userId, link: `/community/articles/${a.id}` });
    await handler.setModerated(a.id, true);
    expect((await call(bob, 'GET', `/${a.id}`)).statusCode).toBe(404);
    expect(((await call(ada, 'GET', `/${a.id}`)).json() as Article).moderated).toBe(true);
    await handler.setModerated(a.id, false);
    expect((await call(bob, 'GET', `/${a.id}`)).statusCode).toBe(200);
  });
});
