import type { Post } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/helpers.js';
import { caller, joinDirect, makeCommunity, people } from '../communities.test-kit.js';

describe('the content slice in the whole app', () => {
  it('joins community posts to the posts slice, mounts the feed, and asks for the rules before posting', async () => {
    const { app } = await createTestApp();
    const call = caller(app);
    const [owner, member] = await people(app, 2);
    const c = await makeCommunity(app.ctx.db, owner.userId, { visibility: 'private' });
    await joinDirect(app.ctx.db, c.id, member.userId);
    expect((await call(owner, 'POST', `/community/${c.id}/rules`, { title: 'No spam' })).statusCode).toBe(201);
    const body = { content: 'hello members', visibility: 'community', community_id: c.id };
    expect((await call(member, 'POST', '/posts', body)).json().code).toBe('COMMUNITY_RULES_NOT_ACCEPTED');
    await call(member, 'POST', `/community/${c.id}/rules/accept`);
    const created = await call(member, 'POST', '/posts', body);
    expect(created.statusCode, created.body).toBe(201);
    const feed = await call(owner, 'GET', `/community/${c.id}/feed`);
    expect(feed.json().items.map((p: Post) => p.id)).toEqual([created.json().id]);
    const mainFeed = await call(member, 'GET', '/profile/feed');
    expect(mainFeed.json().items.some((p: Post) => p.id === created.json().id)).toBe(false);
  });
});
