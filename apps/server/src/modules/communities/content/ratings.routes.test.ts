import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { caller, communitiesTestApp, joinDirect, makeCommunity, people } from '../communities.test-kit.js';
import { createCommunityContent } from './content.plugin.js';

let t: Awaited<ReturnType<typeof communitiesTestApp>>;
let content: ReturnType<typeof createCommunityContent>;
let call: ReturnType<typeof caller>;
let owner: SignedInUser;
let ada: SignedInUser;
let bob: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  t = await communitiesTestApp();
  content = createCommunityContent(t.app.ctx, t.deps);
  await t.app.register(content.routes, { prefix: '/api' });
  call = caller(t.app);
  [owner, ada, bob, outsider] = await people(t.app, 4);
});

describe('community ratings (legacy)', () => {
  it('lets members rate once (again replaces), answers the average and mine, and takes a rating back', async () => {
    const c = await makeCommunity(t.app.ctx.db, owner.userId);
    await joinDirect(t.app.ctx.db, c.id, ada.userId);
    await joinDirect(t.app.ctx.db, c.id, bob.userId);
    const url = `/communities/${c.id}/ratings`;
    expect((await call(ada, 'POST', url, { rating: 2 })).statusCode).toBe(200);
    const again = await call(ada, 'POST', url, { rating: 5, review: 'Great calls.' });
    expect(again.json()).toMatchObject({ rating: 5, review: 'Great calls.', user: { id: ada.userId } });
    await call(bob, 'POST', url, { rating: 4 });
    const list = await call(ada, 'GET', url);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, average: 4.5, page: 1, limit: 10, mine: { rating: 5 } });
    expect((await content.ratingOf([c.id])).get(c.id)).toEqual({ average: 4.5, count: 2 });

    expect((await call(bob, 'DELETE', url)).statusCode).toBe(200);
    expect((await call(bob, 'DELETE', url)).json().code).toBe('COMMUNITY_ITEM_NOT_FOUND');
    expect((await call(outsider, 'GET', url)).json()).toMatchObject({ total: 1, average: 5, mine: null });
  });

  it('refuses a non-member and a bad rating, and hides private and hidden communities', async () => {
    const pub = await makeCommunity(t.app.ctx.db, owner.userId);
    const bad = await call(owner, 'POST', `/communities/${pub.id}/ratings`, { rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('rating must be a whole number from 1 to 5.');
    expect((await call(outsider, 'POST', `/communities/${pub.id}/ratings`, { rating: 3 })).json().code).toBe(
      'COMMUNITY_NOT_MEMBER',
    );
    const priv = await makeCommunity(t.app.ctx.db, owner.userId, { visibility: 'private' });
    expect((await call(outsider, 'GET', `/communities/${priv.id}/ratings`)).statusCode).toBe(403);
    const hidden = await makeCommunity(t.app.ctx.db, owner.userId, { visibility: 'hidden' });
    for (const m of ['GET', 'POST', 'DELETE'] as const) {
      const res = await call(
        outsider,
        m,
        `/communities/${hidden.id}/ratings`,
        m === 'POST' ? { rating: 3 } : undefined,
      );
      expect(res.statusCode, m).toBe(404);
    }
    expect((await content.ratingOf([hidden.id])).get(hidden.id)).toEqual({ average: null, count: 0 });
  });
});
