import type { CommunityMember } from '@tradedesk/contracts';
import { COMMUNITY_ACCESS_EVENT } from '@tradedesk/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { users } from '../../users/users.table.js';
import { communities, communityAudit } from '../communities.table.js';
import { builtInRole, caller, giveRole, joinDirect, makeCommunity, people } from '../communities.test-kit.js';
import { membersTestApp } from './members.test-kit.js';

let t: Awaited<ReturnType<typeof membersTestApp>>;
let as: ReturnType<typeof caller>;
let owner: SignedInUser;
let mod: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  t = await membersTestApp();
  as = caller(t.app);
  [owner, mod, member, other, outsider] = await people(t.app, 5);
});

/** A community with a moderator, a member and another member (joined in that order). */
async function setup(visibility: 'public' | 'private' | 'hidden' = 'public') {
  const db = t.app.ctx.db;
  const c = await makeCommunity(db, owner.userId, { visibility });
  const at = (s: number) => new Date(Date.parse('2026-03-01T00:00:00Z') + s * 1000);
  await joinDirect(db, c.id, member.userId, at(1));
  await joinDirect(db, c.id, mod.userId, at(2));
  await joinDirect(db, c.id, other.userId, at(3));
  await giveRole(db, c.id, mod.userId, (await builtInRole(db, c.id, 'moderator')).id);
  return c;
}

const auditOf = (communityId: string) =>
  t.app.ctx.db.select().from(communityAudit).where(eq(communityAudit.communityId, communityId));

describe('GET /community/{id}/members', () => {
  it('lists the owner first, then by highest role, then who joined first, with roles and manageable', async () => {
    const c = await setup();
    const res = await as(mod, 'GET', `/community/${c.id}/members`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: CommunityMember[]; total: number; page: number; limit: number };
    expect(page).toMatchObject({ total: 4, page: 1, limit: 10 });
    expect(page.items.map((m) => m.user.id)).toEqual([owner.userId, mod.userId, member.userId, other.userId]);
    expect(page.items[0]?.roles.map((r) => r.name)).toEqual(['Owner']);
    expect(page.items[1]?.roles.map((r) => r.name)).toEqual(['Moderator', 'Member']);
    expect(page.items.map((m) => m.manageable)).toEqual([false, false, true, true]);
    const mine = (await as(member, 'GET', `/community/${c.id}/members`)).json() as { items: CommunityMember[] };
    expect(mine.items.every((m) => !m.manageable)).toBe(true);
  });

  it('searches usernames and names only when the search is non-empty, and pages', async () => {
    const c = await setup();
    await t.app.ctx.db.update(users).set({ firstName: 'Zebulon' }).where(eq(users.id, other.userId));
    const all = await as(outsider, 'GET', `/community/${c.id}/members?search=`);
    expect(all.json().total).toBe(4);
    const byName = await as(outsider, 'GET', `/community/${c.id}/members?search=zebu`);
    expect(byName.json().items.map((m: CommunityMember) => m.user.id)).toEqual([other.userId]);
    const byUsername = await as(outsider, 'GET', `/community/${c.id}/members?search=${member.username.slice(0, 8)}`);
    expect(byUsername.json().items.map((m: CommunityMember) => m.user.id)).toContain(member.userId);
    const wild = await as(outsider, 'GET', `/community/${c.id}/members?search=%25`);
    expect(wild.json().total).toBe(0);
    const second = await as(outsider, 'GET', `/community/${c.id}/members?page=2&limit=3`);
    expect(second.json()).toMatchObject({ page: 2, limit: 3, total: 4 });
    expect(second.json().items.map((m: CommunityMember) => m.user.id)).toEqual([other.userId]);
  });

  it('keeps the members of a private community to members and a hidden one unknown to outsiders', async () => {
    const priv = await setup('private');
    expect((await as(outsider, 'GET', `/community/${priv.id}/members`)).json().code).toBe('COMMUNITY_NOT_MEMBER');
    expect((await as(member, 'GET', `/community/${priv.id}/members`)).statusCode).toBe(200);
    const hidden = await setup('hidden');
    const res = await as(outsider, 'GET', `/community/${hidden.id}/members`);
    expect([res.statusCode, res.json().code]).toEqual([404, 'COMMUNITY_NOT_FOUND']);
  });
});

describe('DELETE /community/{id}/remove/{memberId}', () => {
  it('removes a member the moderator outranks, audits it and tells the member live', async () => {
    const c = await setup();
    const res = await as(mod, 'DELETE', `/community/${c.id}/remove/${member.userId}`);
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(communities).where(eq(communities.id, c.id));
    expect(row?.memberCount).toBe(3);
    const entries = await auditOf(c.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'member.removed', actorId: mod.userId, targetUserId: member.userId });
    expect(entries[0]?.summary).toBe(`${mod.username} removed ${member.username}.`);
    const live = t.published.find(
      (m) =>
        m.channel.endsWith(member.userId) &&
        m.event === COMMUNITY_ACCESS_EVENT &&
        (m.data as { communityId: string }).communityId === c.id,
    );
    expect(live?.data).toMatchObject({ change: 'removed' });
    const again = await as(mod, 'DELETE', `/community/${c.id}/remove/${member.userId}`);
    expect([again.statusCode, again.json().code]).toEqual([404, 'COMMUNITY_MEMBER_NOT_FOUND']);
  });

  it('refuses acting on an equal or higher role, on oneself, and without manage_members', async () => {
    const c = await setup();
    const code = async (who: SignedInUser, target: string) =>
      (await as(who, 'DELETE', `/community/${c.id}/remove/${target}`)).json().code;
    expect(await code(mod, owner.userId)).toBe('COMMUNITY_ROLE_HIERARCHY');
    await giveRole(t.app.ctx.db, c.id, other.userId, (await builtInRole(t.app.ctx.db, c.id, 'moderator')).id);
    expect(await code(mod, other.userId)).toBe('COMMUNITY_ROLE_HIERARCHY');
    expect(await code(mod, mod.userId)).toBe('COMMUNITY_ROLE_HIERARCHY');
    expect(await code(member, other.userId)).toBe('COMMUNITY_FORBIDDEN');
    expect(await code(outsider, member.userId)).toBe('COMMUNITY_NOT_MEMBER');
    expect(await code(owner, other.userId)).toBeUndefined();
    expect(await auditOf(c.id)).toHaveLength(1);
  });
});

describe('GET /community/{id}/audit', () => {
  it('shows the entries newest first with actor and target to holders of view_audit_log only', async () => {
    const c = await setup();
    await as(mod, 'DELETE', `/community/${c.id}/remove/${member.userId}`);
    await t.advance(1000);
    await as(mod, 'POST', `/community/${c.id}/ban/${other.userId}`, { reason: 'spam', duration_days: 7 });
    const res = await as(mod, 'GET', `/community/${c.id}/audit`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      action: 'member.banned',
      actor: { id: mod.userId },
      target: { id: other.userId },
      summary: `${mod.username} banned ${other.username} for 7 days: spam`,
      details: { reason: 'spam', durationDays: 7, wasMember: true },
    });
    expect(page.items[1]).toMatchObject({ action: 'member.removed', target: { id: member.userId } });
    const refused = await as(member, 'GET', `/community/${c.id}/audit`);
    expect(refused.statusCode).toBe(403);
    const auditRows = await t.app.ctx.db
      .select()
      .from(communityAudit)
      .where(and(eq(communityAudit.communityId, c.id), eq(communityAudit.action, 'member.banned')));
    expect(auditRows).toHaveLength(1);
  });
});
