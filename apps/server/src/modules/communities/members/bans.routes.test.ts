import { COMMUNITY_ACCESS_EVENT } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { communities, communityAudit, communityJoinRequests } from '../communities.table.js';
import { builtInRole, caller, giveRole, joinDirect, makeCommunity, people } from '../communities.test-kit.js';
import { membersTestApp } from './members.test-kit.js';

let t: Awaited<ReturnType<typeof membersTestApp>>;
let as: ReturnType<typeof caller>;
let owner: SignedInUser;
let mod: SignedInUser;
let member: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  t = await membersTestApp();
  as = caller(t.app);
  [owner, mod, member, outsider] = await people(t.app, 4);
});

async function setup(visibility: 'public' | 'private' | 'hidden' = 'public') {
  const db = t.app.ctx.db;
  const c = await makeCommunity(db, owner.userId, { visibility });
  await joinDirect(db, c.id, mod.userId);
  await joinDirect(db, c.id, member.userId);
  await giveRole(db, c.id, mod.userId, (await builtInRole(db, c.id, 'moderator')).id);
  return c;
}

const code = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === 'function' ? p() : p);
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code;
  }
};

describe('bans', () => {
  it('bans a member: membership, request and invites go in one step, the ban is listed, audited and told live', async () => {
    const c = await setup();
    const invite = await as(mod, 'POST', `/community/${c.id}/invite-links`, {});
    expect(invite.statusCode).toBe(201);
    const res = await as(mod, 'POST', `/community/${c.id}/ban/${member.userId}`, { reason: 'spam', duration_days: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: member.userId },
      reason: 'spam',
      bannedBy: { id: mod.userId },
      until: '2026-03-07T09:30:00.000Z',
    });
    const [row] = await t.app.ctx.db.select().from(communities).where(eq(communities.id, c.id));
    expect(row?.memberCount).toBe(2);
    const list = await as(mod, 'GET', `/community/${c.id}/banmembers`);
    expect(list.json()).toMatchObject({ total: 1, items: [{ user: { id: member.userId }, reason: 'spam' }] });
    const entries = await t.app.ctx.db.select().from(communityAudit).where(eq(communityAudit.communityId, c.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['invite.created', 'member.banned']);
    const live = t.published.find(
      (m) =>
        m.event === COMMUNITY_ACCESS_EVENT &&
        m.channel.endsWith(member.userId) &&
        (m.data as { communityId: string }).communityId === c.id,
    );
    expect(live?.data).toMatchObject({ change: 'banned', message: expect.stringContaining('until 2026-03-07: spam.') });

    // the banned person: the access functions refuse, accepting an invite refuses
    const v = await t.deps.access.viewer(member.userId, c.id);
    expect(await code(() => t.deps.access.requireContent(v))).toBe('COMMUNITY_BANNED');
    expect(await code(() => t.deps.access.requirePermission(v, 'post'))).toBe('COMMUNITY_BANNED');
    expect(await code(t.deps.access.requireWrite(v, 'post'))).toBe('COMMUNITY_BANNED');
    const accept = await as(member, 'POST', '/community/accept-invite', { token: invite.json().token });
    expect([accept.statusCode, accept.json().code]).toEqual([403, 'COMMUNITY_BANNED']);
    expect((await as(member, 'GET', `/community/${c.id}/members`)).json().code).toBe('COMMUNITY_BANNED');
    expect((await as(mod, 'GET', `/community/${c.id}/invites`)).json().items[0]).toMatchObject({ uses: 0 });
  });

  it('a timed ban ends by itself; unban lifts one at once and tells the person', async () => {
    const c = await setup();
    await as(mod, 'POST', `/community/${c.id}/ban/${member.userId}`, { duration_days: 1 });
    await t.advance(86_400_000 + 1, owner, mod, member, outsider);
    expect((await t.deps.access.viewer(member.userId, c.id)).ban).toBeNull();
    expect((await as(mod, 'GET', `/community/${c.id}/banmembers`)).json().total).toBe(0);
    await as(mod, 'POST', `/community/${c.id}/ban/${outsider.userId}`, { reason: 'alt account' });
    const res = await as(mod, 'DELETE', `/community/${c.id}/unban/${outsider.userId}`);
    expect(res.statusCode).toBe(200);
    expect((await t.deps.access.viewer(outsider.userId, c.id)).ban).toBeNull();
    expect(
      t.published.some(
        (m) => m.channel.endsWith(outsider.userId) && (m.data as { change?: string }).change === 'unbanned',
      ),
    ).toBe(true);
    const again = await as(mod, 'DELETE', `/community/${c.id}/unban/${outsider.userId}`);
    expect([again.statusCode, again.json().code]).toEqual([404, 'COMMUNITY_BAN_NOT_FOUND']);
  });

  it('bans a person who is not a member (their join request goes) but not an unknown id', async () => {
    const c = await setup('private');
    await t.app.ctx.db
      .insert(communityJoinRequests)
      .values({ id: crypto.randomUUID(), communityId: c.id, userId: outsider.userId, createdAt: new Date() });
    const res = await as(owner, 'POST', `/community/${c.id}/ban/${outsider.userId}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().until).toBeNull();
    const requests = await t.app.ctx.db
      .select()
      .from(communityJoinRequests)
      .where(eq(communityJoinRequests.communityId, c.id));
    expect(requests).toHaveLength(0);
    const unknown = await as(owner, 'POST', `/community/${c.id}/ban/${crypto.randomUUID()}`, {});
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'COMMUNITY_PERSON_NOT_FOUND']);
  });

  it('refuses banning an equal or higher role, oneself, or without ban_members, and validates the body', async () => {
    const c = await setup();
    const ban = (who: SignedInUser, target: string, body: object = {}) =>
      as(who, 'POST', `/community/${c.id}/ban/${target}`, body);
    expect((await ban(mod, owner.userId)).json().code).toBe('COMMUNITY_ROLE_HIERARCHY');
    expect((await ban(mod, mod.userId)).json().code).toBe('COMMUNITY_ROLE_HIERARCHY');
    expect((await ban(member, mod.userId)).json().code).toBe('COMMUNITY_FORBIDDEN');
    expect((await ban(outsider, member.userId)).json().code).toBe('COMMUNITY_NOT_MEMBER');
    const bad = await ban(mod, member.userId, { duration_days: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('duration_days');
    expect((await as(member, 'GET', `/community/${c.id}/banmembers`)).json().code).toBe('COMMUNITY_FORBIDDEN');
    expect((await as(member, 'DELETE', `/community/${c.id}/unban/${outsider.userId}`)).json().code).toBe(
      'COMMUNITY_FORBIDDEN',
    );
  });
});

describe('IDOR: a moderator of community A has no power in community B', () => {
  it('cannot remove, ban, unban, invite, list invites or read the audit of B', async () => {
    const a = await setup();
    const b = await makeCommunity(t.app.ctx.db, owner.userId, { visibility: 'public' });
    const hidden = await makeCommunity(t.app.ctx.db, owner.userId, { visibility: 'hidden' });
    await joinDirect(t.app.ctx.db, b.id, member.userId);
    await joinDirect(t.app.ctx.db, hidden.id, member.userId);
    expect((await as(mod, 'GET', `/community/${a.id}/audit`)).statusCode).toBe(200);
    for (const target of [b, hidden]) {
      const expected = target === b ? 403 : 404;
      const calls = [
        as(mod, 'DELETE', `/community/${target.id}/remove/${member.userId}`),
        as(mod, 'POST', `/community/${target.id}/ban/${member.userId}`, {}),
        as(mod, 'DELETE', `/community/${target.id}/unban/${member.userId}`),
        as(mod, 'POST', `/community/${target.id}/invite/${outsider.userId}`),
        as(mod, 'POST', `/community/${target.id}/invite-links`, {}),
        as(mod, 'GET', `/community/${target.id}/invites`),
        as(mod, 'GET', `/community/${target.id}/banmembers`),
        as(mod, 'GET', `/community/${target.id}/audit`),
        as(mod, 'POST', `/communities/${target.id}/moderators/${member.userId}`),
        as(mod, 'DELETE', `/communities/${target.id}/moderators/${member.userId}`),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(expected);
    }
    expect((await t.deps.access.viewer(member.userId, b.id)).member).not.toBeNull();
  });
});
