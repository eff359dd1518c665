import type { Bookmark, BookmarkFolder, BookmarkFolderList, BookmarkPage } from '@tradedesk/contracts';
import { createSimulatedMarket } from '@tradedesk/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createSocialFeed } from './feed.plugin.js';
import { insertPost, minimalView, setAudience } from './feed.test-kit.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-04T09:30:00Z');

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  let feed: ReturnType<typeof createSocialFeed> | undefined;
  const view = minimalView(app.ctx.db, {
    ideas: { attach: () => Promise.reject(), figures: async () => new Map(), isLocked: async () => false },
    bookmarkedOf: (u, ids) => feed!.bookmarks.bookmarkedOf(u, ids),
  });
  feed = createSocialFeed(app.ctx, { view, market: createSimulatedMarket() });
  await app.register(feed.routes, { prefix: '/api' });
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('bookmarks and folders', () => {
  it('bookmarks into folders, moves, lists by folder, and deleting a folder keeps its bookmarks in none', async () => {
    const p1 = await insertPost(app.ctx.db, { authorId: bob.userId, at: clock.now() });
    const p2 = await insertPost(app.ctx.db, { authorId: bob.userId, at: clock.now() });
    const made = await call(ada, 'POST', '/profile/bookmarks/folders', { name: 'Setups' });
    expect(made.statusCode, made.body).toBe(201);
    const folder = made.json() as BookmarkFolder;
    const dup = await call(ada, 'POST', '/profile/bookmarks/folders', { name: 'setups' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/name/);

    const b1 = await call(ada, 'POST', '/profile/bookmarks', { post_id: p1, folder_id: folder.id });
    expect(b1.statusCode, b1.body).toBe(201);
    expect((b1.json() as Bookmark).post.bookmarked).toBe(true);
    expect((await call(ada, 'POST', '/profile/bookmarks', { post_id: p1 })).statusCode).toBe(409);
    expect((await call(ada, 'POST', '/profile/bookmarks', { post_id: p2 })).statusCode).toBe(201);

    const inFolder = (await call(ada, 'GET', `/profile/bookmarks?folder_id=${folder.id}`)).json() as BookmarkPage;
    expect(inFolder.items.map((b) => b.post.id)).toEqual([p1]);
    expect(((await call(ada, 'GET', '/profile/bookmarks')).json() as BookmarkPage).total).toBe(2);

    const moved = await call(ada, 'PUT', `/profile/bookmarks/${p2}`, { folder_id: folder.id });
    expect(moved.statusCode, moved.body).toBe(200);
    let folders = (await call(ada, 'GET', '/profile/bookmarks/folders')).json() as BookmarkFolderList;
    expect(folders).toMatchObject({ items: [{ id: folder.id, count: 2 }], unfiled: 0 });

    const renamed = await call(ada, 'PUT', `/profile/bookmarks/folders/${folder.id}`, { name: 'Ideas' });
    expect(renamed.json()).toMatchObject({ name: 'Ideas', count: 2 });
    expect((await call(ada, 'DELETE', `/profile/bookmarks/folders/${folder.id}`)).statusCode).toBe(200);
    folders = (await call(ada, 'GET', '/profile/bookmarks/folders')).json() as BookmarkFolderList;
    expect(folders).toEqual({ items: [], unfiled: 2 });

    expect((await call(ada, 'DELETE', `/profile/bookmarks/${p1}`)).statusCode).toBe(200);
    expect((await call(ada, 'DELETE', `/profile/bookmarks/${p1}`)).statusCode).toBe(404);
  });

  it('keeps another user’s folders and bookmarks out of reach (404) and names the bad field', async () => {
    const post = await insertPost(app.ctx.db, { authorId: ada.userId, at: clock.now() });
    const folder = (await call(ada, 'POST', '/profile/bookmarks/folders', { name: 'Mine' })).json() as BookmarkFolder;
    expect((await call(bob, 'PUT', `/profile/bookmarks/folders/${folder.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/profile/bookmarks/folders/${folder.id}`)).statusCode).toBe(404);
    const into = await call(bob, 'POST', '/profile/bookmarks', { post_id: post, folder_id: folder.id });
    expect(into.statusCode).toBe(404);
    expect(into.json().message).toMatch(/folder_id/);
    expect((await call(bob, 'GET', `/profile/bookmarks?folder_id=${folder.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'PUT', `/profile/bookmarks/${post}`, { folder_id: null })).statusCode).toBe(404);

    const empty = await call(ada, 'POST', '/profile/bookmarks/folders', { name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Folder name/);
    expect((await call(ada, 'POST', '/profile/bookmarks', { post_id: 'x' })).json().message).toMatch(/post_id/);
    expect((await call(null, 'GET', '/profile/bookmarks')).statusCode).toBe(401);
  });

  it('cannot bookmark a post the caller may not see', async () => {
    const secret = await signUpAndLogin(app);
    await setAudience(app.ctx.db, secret.userId, { visibility: 'nobody', isPublic: false });
    const post = await insertPost(app.ctx.db, { authorId: secret.userId, at: clock.now() });
    const res = await call(bob, 'POST', '/profile/bookmarks', { post_id: post });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/post_id/);
  });
});
