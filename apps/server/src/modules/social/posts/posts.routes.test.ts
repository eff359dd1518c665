import { randomBytes } from 'node:crypto';
import {
  FEED_POST_EVENT,
  type GifList,
  type Post,
  type PostComment,
  type PostMedia,
  type VoteDetails,
} from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import type { BusMessage } from '../../../platform/bus/event-bus.js';
import { createManualClock } from '../../../platform/clock.js';
import { socialPosts } from '../social.table.js';
import { createSocialPosts } from './posts.plugin.js';
import { createPostsFakes, idea } from './posts.test-kit.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let cyd: SignedInUser;
let fakes: ReturnType<typeof createPostsFakes>;
let slice: ReturnType<typeof createSocialPosts>;
const clock = createManualClock('2026-03-04T09:30:00Z');
const bus: BusMessage[] = [];

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  fakes = createPostsFakes(app.ctx.db);
  slice = createSocialPosts(app.ctx, fakes.deps);
  await app.register(slice.routes, { prefix: '/api' });
  app.ctx.bus.subscribe((m) => bus.push(m));
  [ada, bob, cyd] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
const post = async (user: SignedInUser, body: object) => ok<Post>(await call(user, 'POST', '/posts', body), 201);

function upload(user: SignedInUser, data: Buffer | string) {
  const boundary = `----td${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    typeof data === 'string' ? Buffer.from(data) : data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/posts/media',
    headers: { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('posts: create, sanitize, tags', () => {
  it('removes script tags, event handlers and javascript: links; links mentions, $SYMBOL and #hashtags', async () => {
    const p = await post(ada, {
      content:
        `<p onclick="steal()" style="color:red">Long $eurusd with @${bob.username} #Breakout ` +
        '<a href="javascript:alert(1)">click</a> <a href="https://example.com" onmouseover="x()">ok</a></p>' +
        '<script>alert(1)</script><img src=x onerror="alert(1)">',
    });
    expect(p.content).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|style=|<img/i);
    expect(p.content).toContain(`<a href="/community/profile/${bob.username}">@${bob.username}</a>`);
    expect(p.content).toContain('<a href="/chart?symbol=EURUSD">$EURUSD</a>');
    expect(p.content).toContain('<a href="/community?tag=breakout">#Breakout</a>');
    expect(p.content).toContain('href="https://example.com"');
    expect(p.mentions).toEqual([{ id: bob.userId, username: bob.username }]);
    expect(p.symbols).toEqual([{ ticker: 'EURUSD', source: 'FOREX' }]);
    expect(p.hashtags).toEqual(['breakout']);
    expect(fakes.notices).toContainEqual(expect.objectContaining({ type: 'mention', recipientId: bob.userId }));
    expect(bus).toContainEqual({
      channel: 'feed',
      event: FEED_POST_EVENT,
      data: { postId: p.id, authorId: ada.userId, createdAt: p.createdAt },
    });
  });

  it('leaves a blocked user’s mention unlinked and unnotified; an unknown $ticker stays text', async () => {
    await fakes.block(cyd.userId, ada.userId);
    const before = fakes.notices.length;
    const p = await post(ada, { content: `hi @${cyd.username} $NOPE` });
    expect(p.mentions).toEqual([]);
    expect(p.content).toBe(`hi @${cyd.username} $NOPE`);
    expect(p.symbols).toEqual([]);
    expect(fakes.notices.slice(before).some((n) => n.type === 'mention')).toBe(false);
  });

  it('refuses an empty post, a community post and an unknown field, naming the field', async () => {
    const empty = await call(ada, 'POST', '/posts', { content: '<p> </p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/content/);
    const community = await call(ada, 'POST', '/posts', { content: 'x', visibility: 'community' });
    expect(community.statusCode).toBe(400);
    expect(community.json().message).toBe(
      'community_id is required when visibility is community: name the community to post in.',
    );
    // without the communities' gate (a build without communities) a community post is refused
    const id = '00000000-0000-4000-8000-000000000001';
    const ungated = await call(ada, 'POST', '/posts', { content: 'x', visibility: 'community', community_id: id });
    expect(ungated.statusCode).toBe(422);
    expect(ungated.json().message).toBe('community_id: communities are not available on this server.');
    const bad = await call(ada, 'POST', '/posts', { content: 'x', reply_access: 'friends' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('reply_access');
  });
});

describe('posts: read, edit, delete, pin, hide and privacy', () => {
  it('another user cannot edit, delete, pin or hide the post (403), a blocked or non-follower of a private author gets 404', async () => {
    const p = await post(ada, { content: 'mine' });
    for (const [m, u, body] of [
      ['PUT', `/posts/${p.id}`, { content: 'x' }],
      ['DELETE', `/posts/${p.id}`, undefined],
      ['POST', `/posts/${p.id}/pin`, undefined],
      ['POST', `/posts/${p.id}/hide`, undefined],
    ] as const) {
      expect((await call(bob, m, u, body)).statusCode).toBe(403);
    }
    expect((await call(cyd, 'GET', `/posts/${p.id}`)).statusCode).toBe(404); // cyd blocks ada
    expect((await call(cyd, 'POST', `/posts/${p.id}/like`)).statusCode).toBe(404);
    fakes.makePrivate(ada.userId);
    expect((await call(bob, 'GET', `/posts/${p.id}`)).statusCode).toBe(404);
    // a private author's new post is announced on the feed channel without its ids
    const secret = await post(ada, { content: 'followers only' });
    expect(bus).toContainEqual({ channel: 'feed', event: FEED_POST_EVENT, data: { createdAt: secret.createdAt } });
    expect(bus.some((m) => (m.data as { postId?: string } | undefined)?.postId === secret.id)).toBe(false);
    fakes.follow(bob.userId, ada.userId);
    expect((await call(bob, 'GET', `/posts/${p.id}`)).statusCode).toBe(200);
    expect((await call(bob, 'GET', `/posts/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/posts/not-a-uuid')).statusCode).toBe(400);
  });

  it('edits text, re-tags it; pins one post per author; hides from others', async () => {
    const a = await post(ada, { content: 'first' });
    const b = await post(ada, { content: 'second' });
    const edited = await ok<Post>(
      await call(ada, 'PUT', `/posts/${a.id}`, { content: 'now $GBPUSD', reply_access: 'nobody' }),
    );
    expect(edited).toMatchObject({ symbols: [{ ticker: 'GBPUSD' }], replyAccess: 'nobody', canEdit: true });
    expect(edited.editedAt).not.toBeNull();
    expect((await ok<Post>(await call(ada, 'POST', `/posts/${a.id}/pin`))).pinned).toBe(true);
    expect((await ok<Post>(await call(ada, 'POST', `/posts/${b.id}/pin`))).pinned).toBe(true);
    expect((await ok<Post>(await call(ada, 'GET', `/posts/${a.id}`))).pinned).toBe(false);
    expect((await ok<Post>(await call(ada, 'DELETE', `/posts/${b.id}/unpin`))).pinned).toBe(false);
    expect((await ok<Post>(await call(ada, 'POST', `/posts/${b.id}/hide`))).hidden).toBe(true);
    expect((await call(bob, 'GET', `/posts/${b.id}`)).statusCode).toBe(404);
    await ok<Post>(await call(ada, 'POST', `/posts/${b.id}/unhide`));
    expect((await call(bob, 'GET', `/posts/${b.id}`)).statusCode).toBe(200);
  });

  it('a post with a closed verified trade can be hidden but not deleted', async () => {
    const p = await post(ada, {
      content: 'idea',
      trade: { account_id: crypto.randomUUID(), order_id: crypto.randomUUID() },
    });
    expect(fakes.attached).toContainEqual({ userId: ada.userId, postId: p.id });
    expect(p.trade?.status).toBe('open');
    fakes.trades.set(p.id, idea('closed'));
    expect((await ok<Post>(await call(ada, 'GET', `/posts/${p.id}`))).canDelete).toBe(false);
    const del = await call(ada, 'DELETE', `/posts/${p.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This post carries a closed verified trade: it can be hidden but not deleted.');
    await ok<Post>(await call(ada, 'POST', `/posts/${p.id}/hide`));
    const plain = await post(ada, { content: 'gone soon' });
    await ok(await call(ada, 'DELETE', `/posts/${plain.id}`));
    expect((await call(ada, 'GET', `/posts/${plain.id}`)).statusCode).toBe(404);
  });
});

describe('posts: likes, favourites, reposts, reports', () => {
  it('likes once, counts, notifies; favourites list; reposts once and undoes', async () => {
    const p = await post(bob, { content: 'like me' });
    const liked = await ok<Post>(await call(ada, 'POST', `/posts/${p.id}/like`));
    await ok<Post>(await call(ada, 'POST', `/posts/${p.id}/like`));
    expect((await ok<Post>(await call(ada, 'GET', `/posts/${p.id}`))).counts.likes).toBe(1);
    expect(liked.liked).toBe(true);
    expect(fakes.notices).toContainEqual(expect.objectContaining({ type: 'like', recipientId: bob.userId }));
    expect((await ok<Post>(await call(ada, 'DELETE', `/posts/${p.id}/unlike`))).counts.likes).toBe(0);

    expect((await ok<Post>(await call(ada, 'POST', `/posts/${p.id}/favorite`))).favorited).toBe(true);
    const favs = await ok<{ items: Post[]; total: number }>(await call(ada, 'GET', '/posts/favorites/list'));
    expect(favs.items.map((x) => x.id)).toEqual([p.id]);
    await ok<Post>(await call(ada, 'DELETE', `/posts/${p.id}/unfavorite`));
    expect((await ok<{ total: number }>(await call(ada, 'GET', '/posts/favorites/list'))).total).toBe(0);

    const repost = await ok<Post>(await call(ada, 'POST', `/posts/${p.id}/repost`), 201);
    expect(repost).toMatchObject({ isRepost: true, repostOf: { id: p.id, counts: { reposts: 1 }, reposted: true } });
    expect((await call(ada, 'POST', `/posts/${p.id}/repost`)).statusCode).toBe(409);
    expect((await call(ada, 'POST', `/posts/${repost.id}/repost`)).statusCode).toBe(409);
    expect(fakes.notices).toContainEqual(expect.objectContaining({ type: 'repost', recipientId: bob.userId }));
    await ok(await call(ada, 'DELETE', `/posts/${p.id}/repost`));
    expect((await ok<Post>(await call(ada, 'GET', `/posts/${p.id}`))).counts.reposts).toBe(0);
    expect((await call(ada, 'GET', `/posts/${repost.id}`)).statusCode).toBe(404);
  });

  it('reports through the moderation registry; a bad reason names the field', async () => {
    const p = await post(bob, { content: 'spam' });
    await ok(await call(ada, 'POST', `/posts/${p.id}/report`, { reason: 'spam' }), 201);
    expect(fakes.reports).toContainEqual({ reporterId: ada.userId, kind: 'post', id: p.id });
    const bad = await call(ada, 'POST', `/posts/${p.id}/report`, { reason: 'meh' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('reason');
    await slice.moderation.post.setModerated(p.id, true);
    expect((await call(ada, 'GET', `/posts/${p.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/posts/${p.id}`)).statusCode).toBe(200);
  });
});

describe('comments', () => {
  it('threads one level with replies, likes, edits and deletes; others cannot edit', async () => {
    const p = await post(bob, { content: 'discuss' });
    const top = await ok<PostComment>(
      await call(ada, 'POST', `/posts/${p.id}/comments`, { content: 'first <script>x</script>' }),
      201,
    );
    expect(top.content).toBe('first');
    const reply = await ok<PostComment>(
      await call(bob, 'POST', `/posts/${p.id}/comments`, { content: 'reply', parent_id: top.id }),
      201,
    );
    const nested = await call(ada, 'POST', `/posts/${p.id}/comments`, { content: 'deep', parent_id: reply.id });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toMatch(/parent_id/);
    const page = await ok<{ items: PostComment[]; total: number }>(await call(ada, 'GET', `/posts/${p.id}/comments`));
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: top.id, replyCount: 1, replies: [{ id: reply.id }] });
    expect(fakes.notices).toContainEqual(expect.objectContaining({ type: 'comment', recipientId: bob.userId }));
    expect((await ok<PostComment>(await call(bob, 'POST', `/posts/${p.id}/comments/${top.id}/like`))).likes).toBe(1);
    expect((await ok<PostComment>(await call(bob, 'DELETE', `/posts/${p.id}/comments/${top.id}/unlike`))).likes).toBe(
      0,
    );
    expect((await call(bob, 'PUT', `/posts/${p.id}/comments/${top.id}`, { content: 'no' })).statusCode).toBe(403);
    // cyd blocks ada: her comment is not there for cyd at all
    expect((await call(cyd, 'PUT', `/posts/${p.id}/comments/${top.id}`, { content: 'no' })).statusCode).toBe(404);
    expect(
      (await ok<PostComment>(await call(ada, 'PUT', `/posts/${p.id}/comments/${top.id}`, { content: 'edited' })))
        .content,
    ).toBe('edited');
    expect((await call(cyd, 'DELETE', `/posts/${p.id}/comments/${top.id}`)).statusCode).toBe(404);
    const cydsOwn = await ok<PostComment>(
      await call(cyd, 'POST', `/posts/${p.id}/comments`, { content: 'cyd here' }),
      201,
    );
    expect((await call(ada, 'DELETE', `/posts/${p.id}/comments/${cydsOwn.id}`)).statusCode).toBe(404);
    // lists leave out the comments and replies of people who block the viewer or whom the viewer blocks
    const bobs = await ok<PostComment>(await call(bob, 'POST', `/posts/${p.id}/comments`, { content: 'bob' }), 201);
    await ok(await call(cyd, 'POST', `/posts/${p.id}/comments`, { content: 'cyd reply', parent_id: bobs.id }), 201);
    type CommentPage = { items: PostComment[]; total: number };
    const forCyd = await ok<CommentPage>(await call(cyd, 'GET', `/posts/${p.id}/comments`));
    // one clock instant: the order among them is by id
    expect(forCyd.items.map((c) => c.id).sort()).toEqual([cydsOwn.id, bobs.id].sort());
    expect(forCyd.total).toBe(2);
    const forAda = await ok<CommentPage>(await call(ada, 'GET', `/posts/${p.id}/comments`));
    const adaSees = new Map(forAda.items.map((c) => [c.id, c]));
    expect([...adaSees.keys()].sort()).toEqual([top.id, bobs.id].sort());
    expect(adaSees.get(top.id)?.replyCount).toBe(1);
    expect(adaSees.get(bobs.id)).toMatchObject({ replyCount: 0, replies: [] });
    const repliesForAda = await ok<CommentPage>(await call(ada, 'GET', `/posts/${p.id}/comments?parent_id=${bobs.id}`));
    expect(repliesForAda.total).toBe(0);
    expect((await ok<CommentPage>(await call(bob, 'GET', `/posts/${p.id}/comments`))).total).toBe(3);
    await ok(await call(bob, 'DELETE', `/posts/${p.id}/comments/${bobs.id}`));
    await ok(await call(bob, 'DELETE', `/posts/${p.id}/comments/${cydsOwn.id}`));
    await ok(await call(ada, 'POST', `/posts/${p.id}/comments/${top.id}/report`, { reason: 'other' }), 201);
    expect(fakes.reports).toContainEqual({ reporterId: ada.userId, kind: 'comment', id: top.id });
    await ok(await call(bob, 'DELETE', `/posts/${p.id}/comments/${top.id}`)); // the post's author may
    expect((await ok<Post>(await call(bob, 'GET', `/posts/${p.id}`))).counts.comments).toBe(0);
    expect(
      (await call(ada, 'PUT', `/posts/${p.id}/comments/${crypto.randomUUID()}`, { content: 'x' })).statusCode,
    ).toBe(404);
  });

  it('enforces reply access and comment control', async () => {
    const followers = await post(bob, { content: 'followers only', reply_access: 'followers' });
    expect((await call(cyd, 'POST', `/posts/${followers.id}/comments`, { content: 'hi' })).statusCode).toBe(403);
    fakes.follow(cyd.userId, bob.userId);
    expect((await call(cyd, 'POST', `/posts/${followers.id}/comments`, { content: 'hi' })).statusCode).toBe(201);
    const mentioned = await post(bob, { content: `only @${ada.username}`, reply_access: 'mentioned' });
    expect((await ok<Post>(await call(cyd, 'GET', `/posts/${mentioned.id}`))).canComment).toBe(false);
    expect((await call(cyd, 'POST', `/posts/${mentioned.id}/comments`, { content: 'hi' })).statusCode).toBe(403);
    expect((await call(ada, 'POST', `/posts/${mentioned.id}/comments`, { content: 'hi' })).statusCode).toBe(201);
    const closed = await post(bob, { content: 'closed', comments_closed: true });
    const refused = await call(ada, 'POST', `/posts/${closed.id}/comments`, { content: 'hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Comments on this post are closed.');
    const nobody = await post(bob, { content: 'nobody', reply_access: 'nobody' });
    expect((await call(ada, 'POST', `/posts/${nobody.id}/comments`, { content: 'hi' })).statusCode).toBe(403);
  });
});

describe('polls', () => {
  it('votes once; details only after voting or once closed', async () => {
    const p = await post(bob, {
      content: 'which?',
      poll: { question: 'Up or down?', options: ['Up', 'Down'], duration_hours: 1 },
    });
    expect(p.poll).toMatchObject({ question: 'Up or down?', closed: false, myVote: null });
    const cydView = await ok<Post>(await call(cyd, 'GET', `/posts/${p.id}`));
    expect(cydView.poll?.totalVotes).toBeNull();
    const hidden = await call(cyd, 'GET', `/posts/${p.id}/vote-details`);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toMatch(/Vote first/);
    expect((await call(ada, 'POST', `/posts/${p.id}/vote`, { option_id: 'o9' })).statusCode).toBe(400);
    const voted = await ok<Post>(await call(ada, 'POST', `/posts/${p.id}/vote`, { option_id: 'o1' }));
    expect(voted.poll).toMatchObject({ myVote: 'o1', totalVotes: 1 });
    expect((await call(ada, 'POST', `/posts/${p.id}/vote`, { option_id: 'o2' })).statusCode).toBe(409);
    const details = await ok<VoteDetails>(await call(ada, 'GET', `/posts/${p.id}/vote-details`));
    expect(details.options).toEqual([
      { id: 'o1', text: 'Up', votes: 1, percent: 100 },
      { id: 'o2', text: 'Down', votes: 0, percent: 0 },
    ]);
    // an hour on (through the service: the test tokens would have expired), then back
    clock.advance(3_600_000);
    try {
      expect((await slice.service.voteDetails(cyd.userId, p.id)).closed).toBe(true);
      await expect(slice.service.vote(cyd.userId, p.id, 'o2')).rejects.toMatchObject({ code: 'POST_POLL_CLOSED' });
    } finally {
      clock.advance(-3_600_000);
    }
    const bad = await call(bob, 'POST', '/posts', { poll: { question: 'q', options: ['a'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('at least 2 options');
  });
});

describe('media, GIFs and charts', () => {
  it('sniffs, resizes to fit 2048 px and strips EXIF; refuses what is not an image', async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Artist: 'Ada' } })
      .toBuffer();
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const media = await ok<PostMedia>(await upload(ada, big), 201);
    expect(media).toMatchObject({ kind: 'image', width: 2048, height: 1024 });
    const stored = await app.ctx.storage.get(media.url.replace(/^.*\/files\//, ''));
    expect(stored).toBeDefined();
    if (stored) {
      const meta = await sharp(stored.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(2048);
    }
    const refused = await upload(ada, '<svg onload="alert(1)"/>');
    expect(refused.statusCode).toBe(415);
    const p = await post(ada, { content: '', media_ids: [media.id] });
    expect(p.media).toEqual([media]);
    const again = await call(ada, 'POST', '/posts', { content: 'x', media_ids: [media.id] });
    expect(again.statusCode).toBe(400);
    const theirs = await ok<PostMedia>(await upload(bob, big), 201);
    expect((await call(ada, 'POST', '/posts', { media_ids: [theirs.id] })).statusCode).toBe(400);
  });

  it('keeps a GIF animated', async () => {
    const gifs = await ok<GifList>(await call(ada, 'GET', '/posts/gifs'));
    const first = gifs.items[0];
    expect(first).toBeDefined();
    const data = (await app.ctx.storage.get(`social/gifs/${first?.id}.gif`))?.data;
    expect(data).toBeDefined();
    const media = await ok<PostMedia>(await upload(ada, data as Buffer), 201);
    expect(media.kind).toBe('gif');
    const key = media.url.replace(/^.*\/files\//, '');
    const stored = await app.ctx.storage.get(key);
    expect(stored).toBeDefined();
    if (stored) expect((await sharp(stored.data, { animated: true }).metadata()).pages).toBeGreaterThan(1);
  });

  it('lists "Our favorites" (made by the project, animated) and attaches one; a snapshot or live chart', async () => {
    const gifs = await ok<GifList>(await call(ada, 'GET', '/posts/gifs'));
    expect(gifs.provider).toBe('tradedesk');
    expect(gifs.items.length).toBeGreaterThanOrEqual(4);
    const gif = gifs.items[0];
    const p = await post(ada, { gif: { provider: 'tradedesk', id: gif?.id } });
    expect(p.gif).toEqual(gif);
    expect((await call(ada, 'POST', '/posts', { gif: { provider: 'tradedesk', id: 'nope' } })).statusCode).toBe(400);
    const live = await post(ada, { content: 'chart', chart: { kind: 'live', chart_id: crypto.randomUUID() } });
    expect(live.chart).toMatchObject({ kind: 'live', symbol: 'EURUSD', timeframe: '1h' });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const shot = await ok<PostMedia>(await upload(ada, png), 201);
    const snap = await post(ada, { chart: { kind: 'snapshot', media_id: shot.id } });
    expect(snap.chart).toEqual({ kind: 'snapshot', url: shot.url, width: 10, height: 10 });
  });
});

describe('view()', () => {
  it('builds many posts in a constant number of port calls', async () => {
    const rows = await app.ctx.db.select().from(socialPosts);
    const before = fakes.portCalls();
    await slice.service.view(ada.userId, rows.slice(0, 2));
    const two = fakes.portCalls() - before;
    const mid = fakes.portCalls();
    const all = await slice.service.view(ada.userId, rows);
    expect(fakes.portCalls() - mid).toBe(two);
    expect(all.length).toBeGreaterThan(5);
  });
});
