import type { FeedPage, PostPage } from '@tradedesk/contracts';
import { createSimulatedMarket } from '@tradedesk/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createSocialFeed } from './feed.plugin.js';
import { block, follow, insertPost, minimalView, setAudience } from './feed.test-kit.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let cy: SignedInUser;
let dee: SignedInUser;
const clock = createManualClock('2026-03-04T09:30:00Z');
const market = createSimulatedMarket();
let t = 0;
/** A strictly later instant for each post. */
const tick = () => new Date(clock.now().getTime() - 3_600_000 + ++t * 1000);

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  const db = app.ctx.db;
  let feed: ReturnType<typeof createSocialFeed> | undefined;
  const view = minimalView(db, {
    ideas: { attach: () => Promise.reject(), figures: (ids) => feed!.ideas.figures(ids), isLocked: async () => false },
    bookmarkedOf: (u, ids) => feed!.bookmarks.bookmarkedOf(u, ids),
  });
  feed = createSocialFeed(app.ctx, { view, market });
  await app.register(feed.routes, { prefix: '/api' });
  [ada, bob, cy, dee] = await Promise.all([
    signUpAndLogin(app),
    signUpAndLogin(app),
    signUpAndLogin(app),
    signUpAndLogin(app),
  ]);
});

function get(user: SignedInUser | null, url: string) {
  return app.inject({ method: 'GET', url: `/api${url}`, headers: user ? user.auth : {} });
}
async function page(user: SignedInUser, query: string): Promise<FeedPage> {
  const res = await get(user, `/profile/feed?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedPage;
}

describe('GET /profile/feed', () => {
  it('pages newest first by keyset, with no duplicate or gap while new posts arrive', async () => {
    const db = app.ctx.db;
    const author = await signUpAndLogin(app);
    const reader = await signUpAndLogin(app);
    await follow(db, reader.userId, author.userId);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push(await insertPost(db, { authorId: author.userId, at: tick() }));
    const first = await page(reader, 'filter=people_you_follow&limit=3');
    expect(first.items.map((p) => p.id)).toEqual(made.slice(4).reverse());
    // two posts arrive while the reader scrolls: later pages neither repeat nor skip
    await insertPost(db, { authorId: author.userId, at: tick() });
    await insertPost(db, { authorId: author.userId, at: tick() });
    const second = await page(reader, `filter=people_you_follow&limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((p) => p.id)).toEqual(made.slice(1, 4).reverse());
    const third = await page(reader, `filter=people_you_follow&limit=3&cursor=${second.nextCursor}`);
    expect(third.items.map((p) => p.id)).toEqual([made[0]]);
    expect(third.nextCursor).toBeNull();

    const news = await get(reader, `/profile/feed/new?filter=people_you_follow&since=${first.items[0]!.id}`);
    expect(news.statusCode, news.body).toBe(200);
    expect(news.json()).toEqual({ count: 2 });
  });

  it('keeps posts with the same instant apart by id (no gap at a tie)', async () => {
    const db = app.ctx.db;
    const author = await signUpAndLogin(app);
    const reader = await signUpAndLogin(app);
    await follow(db, reader.userId, author.userId);
    const at = tick();
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add(await insertPost(db, { authorId: author.userId, at }));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p: FeedPage = await page(reader, `filter=people_you_follow&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.items.map((i) => i.id));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(5);
    expect(new Set(seen)).toEqual(ids);
  });

  it('applies private audiences, nobody, hidden posts and blocks both ways', async () => {
    const db = app.ctx.db;
    const [pub, priv, none, blocker, reader, hidden] = await Promise.all(
      Array.from({ length: 6 }, () => signUpAndLogin(app)),
    );
    await setAudience(db, priv!.userId, { visibility: 'followers', isPublic: false });
    await setAudience(db, none!.userId, { visibility: 'nobody', isPublic: false });
    const ids = {
      pub: await insertPost(db, { authorId: pub!.userId, at: tick() }),
      priv: await insertPost(db, { authorId: priv!.userId, at: tick() }),
      none: await insertPost(db, { authorId: none!.userId, at: tick() }),
      blocker: await insertPost(db, { authorId: blocker!.userId, at: tick() }),
      hidden: await insertPost(db, { authorId: hidden!.userId, at: tick(), hidden: true }),
      own: await insertPost(db, { authorId: reader!.userId, at: tick() }),
    };
    await block(db, blocker!.userId, reader!.userId);
    const seen = async (u: SignedInUser) => (await page(u, 'limit=50')).items.map((p) => p.id);
    let visible = await seen(reader!);
    expect(visible).toContain(ids.pub);
    expect(visible).toContain(ids.own);
    for (const k of ['priv', 'none', 'blocker', 'hidden'] as const) expect(visible).not.toContain(ids[k]);
    // an accepted follower sees the private profile's posts; the blocked one's posts vanish for the blocker too
    await follow(db, reader!.userId, priv!.userId);
    visible = await seen(reader!);
    expect(visible).toContain(ids.priv);
    expect(await seen(blocker!)).not.toContain(ids.own);
    // the author still sees their own hidden post
    expect(await seen(hidden!)).toContain(ids.hidden);
  });

  it('filters people_you_follow, sorts top by score within 7 days', async () => {
    const db = app.ctx.db;
    await follow(db, ada.userId, bob.userId);
    const low = await insertPost(db, { authorId: bob.userId, at: tick(), likes: 1 });
    const high = await insertPost(db, { authorId: bob.userId, at: tick(), likes: 9 });
    const stranger = await insertPost(db, { authorId: cy.userId, at: tick(), likes: 50 });
    const old = await insertPost(db, { authorId: bob.userId, at: new Date('2026-02-01T00:00:00Z'), likes: 99 });
    const following = (await page(ada, 'filter=people_you_follow&limit=50')).items.map((p) => p.id);
    expect(following).toContain(low);
    expect(following).not.toContain(stranger);
    const top1 = await page(ada, 'filter=people_you_follow&sort=top&limit=1');
    expect(top1.items.map((p) => p.id)).toEqual([high]);
    const top2 = await page(ada, `filter=people_you_follow&sort=top&limit=50&cursor=${top1.nextCursor}`);
    expect(top2.items.map((p) => p.id)).toContain(low);
    expect(top2.items.map((p) => p.id)).not.toContain(high);
    expect(top2.items.map((p) => p.id)).not.toContain(old);
  });

  it('refuses bad input naming the field, and callers without a session', async () => {
    expect((await get(null, '/profile/feed')).statusCode).toBe(401);
    const bad = await get(ada, '/profile/feed?cursor=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/cursor/);
    const recent = await page(ada, 'limit=1');
    if (recent.nextCursor) {
      const mixed = await get(ada, `/profile/feed?sort=top&cursor=${recent.nextCursor}`);
      expect(mixed.statusCode).toBe(400);
    }
    expect((await get(ada, '/profile/feed?filter=friends')).json().message).toMatch(/filter/);
    expect((await get(ada, '/profile/feed?limit=500')).json().message).toMatch(/limit/);
    const since = await get(ada, `/profile/feed/new?since=${crypto.randomUUID()}`);
    expect(since.statusCode).toBe(404);
    expect(since.json().message).toMatch(/since/);
  });
});

describe('GET /profile/{id}/posts', () => {
  it('lists pinned first, then newest, with the total', async () => {
    const db = app.ctx.db;
    const owner = await signUpAndLogin(app);
    const a = await insertPost(db, { authorId: owner.userId, at: tick(), pinned: true });
    const b = await insertPost(db, { authorId: owner.userId, at: tick() });
    const c = await insertPost(db, { authorId: owner.userId, at: tick() });
    const res = await get(dee, `/profile/${owner.userId}/posts?limit=2`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PostPage;
    expect(body.items.map((p) => p.id)).toEqual([a, c]);
    expect(body).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect((await get(dee, `/profile/${owner.userId}/posts?page=2&limit=2`)).json().items[0].id).toBe(b);
  });

  it('answers 403 for a private profile to non-followers, 404 for unknown ids and to the blocked', async () => {
    const db = app.ctx.db;
    const [owner, outsider, friend, blocked] = await Promise.all(Array.from({ length: 4 }, () => signUpAndLogin(app)));
    await setAudience(db, owner!.userId, { visibility: 'followers', isPublic: false });
    await insertPost(db, { authorId: owner!.userId, at: tick() });
    await follow(db, friend!.userId, owner!.userId);
    await block(db, owner!.userId, blocked!.userId);
    const private403 = await get(outsider!, `/profile/${owner!.userId}/posts`);
    expect(private403.statusCode).toBe(403);
    expect(private403.json().message).toMatch(/private/);
    expect((await get(friend!, `/profile/${owner!.userId}/posts`)).json().total).toBe(1);
    expect((await get(owner!, `/profile/${owner!.userId}/posts`)).json().total).toBe(1);
    expect((await get(blocked!, `/profile/${owner!.userId}/posts`)).statusCode).toBe(404);
    expect((await get(outsider!, `/profile/${crypto.randomUUID()}/posts`)).statusCode).toBe(404);
    expect((await get(outsider!, '/profile/not-a-uuid/posts')).json().message).toMatch(/id/);
  });
});

describe('GET /profile/topics', () => {
  it('counts $SYMBOL tags and #hashtags of the last 7 days’ visible posts', async () => {
    const db = app.ctx.db;
    const [author, hiddenAuthor, reader] = await Promise.all(Array.from({ length: 3 }, () => signUpAndLogin(app)));
    const eur = { ticker: 'ZZEURUSD', source: 'sim' };
    await insertPost(db, { authorId: author!.userId, at: tick(), symbols: [eur], hashtags: ['zzscalp'] });
    await insertPost(db, { authorId: author!.userId, at: tick(), symbols: [eur], hashtags: ['ZZScalp'] });
    await insertPost(db, { authorId: author!.userId, at: new Date('2026-01-01T00:00:00Z'), hashtags: ['zzold'] });
    await setAudience(db, hiddenAuthor!.userId, { visibility: 'nobody', isPublic: false });
    await insertPost(db, { authorId: hiddenAuthor!.userId, at: tick(), hashtags: ['zzsecret'] });
    const res = await get(reader!, '/profile/topics?limit=50');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { tag: string; kind: string; posts: number }[];
    expect(items).toContainEqual({ tag: 'ZZEURUSD', kind: 'symbol', posts: 2 });
    expect(items).toContainEqual({ tag: 'zzscalp', kind: 'hashtag', posts: 2 });
    expect(items.map((i) => i.tag)).not.toContain('zzold');
    expect(items.map((i) => i.tag)).not.toContain('zzsecret');
    expect(res.json()).toMatchObject({ page: 1, limit: 50 });
  });
});
