import {
  COMMUNITY_ACCESS_EVENT,
  COMMUNITY_PERMISSIONS,
  type CommunityAccessEvent,
  type CommunityMember,
  type CommunityPermissions,
  type CommunityRole,
} from '@tradedesk/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../../test/assertions.js';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import { userBusChannel } from '../../../platform/ws/ws-gateway.js';
import { communities, communityAudit } from '../communities.table.js';
import {
  banDirect,
  builtInRole,
  caller,
  communitiesTestApp,
  giveRole,
  joinDirect,
  makeCommunity,
  people,
} from '../communities.test-kit.js';
import { createCommunityRoles } from './roles.plugin.js';

const clock = createManualClock('2026-03-04T09:30:00Z');
let app: FastifyInstance;
let db: Db;
let as: ReturnType<typeof caller>;
let owner: SignedInUser;
let mod: SignedInUser;
let admin: SignedInUser;
let member: SignedInUser;
let outsider: SignedInUser;
const events: Array<{ channel: string; data: CommunityAccessEvent }> = [];

beforeAll(async () => {
  const t = await communitiesTestApp(clock);
  app = t.app;
  db = app.ctx.db;
  await app.register(createCommunityRoles(app.ctx, t.deps).routes, { prefix: '/api' });
  as = caller(app);
  [owner, mod, admin, member, outsider] = await people(app, 5);
  app.ctx.bus.subscribe((m) => {
    if (m.event === COMMUNITY_ACCESS_EVENT) events.push({ channel: m.channel, data: m.data as CommunityAccessEvent });
  });
});

/**
 * A community with: the owner; `mod` holding Moderator (position 2); `admin` holding a custom "Admin" role made by
 * the owner (manage_roles, manage_members, post; just below Owner: position 3); `member` with the default Member.
 */
async function world(visibility: 'public' | 'private' | 'hidden' = 'public') {
  const c = await makeCommunity(db, owner.userId, { visibility });
  const joined = Date.parse('2026-03-01T10:00:00Z');
  for (const [i, u] of [mod, admin, member].entries()) {
    await joinDirect(db, c.id, u.userId, new Date(joined + i * 60_000));
  }
  await giveRole(db, c.id, mod.userId, (await builtInRole(db, c.id, 'moderator')).id);
  const created = await as(owner, 'POST', `/community/${c.id}/roles`, {
    name: 'Admin',
    permissions: ['manage_roles', 'manage_members', 'post'],
  });
  expect(created.statusCode, created.body).toBe(201);
  const adminRole = created.json() as CommunityRole;
  await giveRole(db, c.id, admin.userId, adminRole.roleId);
  clock.advance(1000); // the test's own audit entries come after the world's
  return {
    c,
    adminRole,
    ownerRole: await builtInRole(db, c.id, 'owner'),
    modRole: await builtInRole(db, c.id, 'moderator'),
    memberRole: await builtInRole(db, c.id, 'member'),
  };
}

const rolesOf = async (who: SignedInUser, communityId: string) => {
  const res = await as(who, 'GET', `/community/${communityId}/roles`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: CommunityRole[] }).items;
};
const positions = (roles: CommunityRole[]) => roles.map((r) => `${r.name}:${r.position}`);
/** The latest audit entry of an action (the manual clock stands still, so entries are told apart by action). */
const lastAudit = async (communityId: string, action: string) => {
  const [row] = await db
    .select()
    .from(communityAudit)
    .where(and(eq(communityAudit.communityId, communityId), eq(communityAudit.action, action)))
    .orderBy(desc(communityAudit.createdAt), desc(communityAudit.id))
    .limit(1);
  return row;
};
const auditCount = async (communityId: string, action: string) =>
  (
    await db
      .select()
      .from(communityAudit)
      .where(and(eq(communityAudit.communityId, communityId), eq(communityAudit.action, action)))
  ).length;

describe('GET /community/{id}/roles', () => {
  it('lists roles highest first with member counts and what the caller may edit', async () => {
    const { c } = await world();
    const roles = await rolesOf(owner, c.id);
    expect(positions(roles)).toEqual(['Owner:1000000', 'Admin:3', 'Moderator:2', 'Member:1']);
    expect(roles.map((r) => r.members)).toEqual([1, 1, 1, 3]);
    expect(roles.map((r) => r.editable)).toEqual([false, true, true, true]);
    expect(roles.find((r) => r.name === 'Member')?.isDefault).toBe(true);
    expect((await rolesOf(admin, c.id)).map((r) => r.editable)).toEqual([false, false, true, true]);
    expect((await rolesOf(mod, c.id)).every((r) => !r.editable)).toBe(true);
    expect((await rolesOf(outsider, c.id)).every((r) => !r.editable)).toBe(true);
    // what the members tab offers to hand out: below the caller, and granting nothing they lack (but the owner)
    expect(roles.map((r) => r.assignable)).toEqual([false, true, true, true]);
    expect((await rolesOf(admin, c.id)).map((r) => r.assignable)).toEqual([false, false, false, true]);
    expect((await rolesOf(mod, c.id)).map((r) => r.assignable)).toEqual([false, false, false, true]);
    expect((await rolesOf(member, c.id)).every((r) => !r.assignable)).toBe(true);
  });

  it('is for members of a private community and invisible to outsiders of a hidden one', async () => {
    const priv = await world('private');
    const hidden = await world('hidden');
    expect((await as(outsider, 'GET', `/community/${priv.c.id}/roles`)).json().code).toBe('COMMUNITY_NOT_MEMBER');
    expect((await as(member, 'GET', `/community/${priv.c.id}/roles`)).statusCode).toBe(200);
    for (const url of [
      `/community/${hidden.c.id}/roles`,
      `/community/${hidden.c.id}/roles/${hidden.memberRole.id}`,
      `/community/${hidden.c.id}/permissions`,
      `/community/${hidden.c.id}/member-list/${hidden.memberRole.id}`,
    ]) {
      const res = await as(outsider, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('COMMUNITY_NOT_FOUND');
    }
  });

  it('answers one role, and 404 for a role of another community', async () => {
    const a = await world();
    const b = await world();
    const one = await as(member, 'GET', `/community/${a.c.id}/roles/${a.modRole.id}`);
    expect(one.json()).toMatchObject({ name: 'Moderator', kind: 'moderator', members: 1, editable: false });
    const other = await as(owner, 'GET', `/community/${a.c.id}/roles/${b.modRole.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('COMMUNITY_ROLE_NOT_FOUND');
  });
});

describe('POST /community/{id}/roles', () => {
  it('places a new role just below the caller’s highest role, moving the roles at or above it up', async () => {
    const { c } = await world();
    const res = await as(admin, 'POST', `/community/${c.id}/roles`, {
      name: ' Analyst ',
      color: '2e90fa',
      permissions: ['post'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Analyst',
      color: '#2E90FA',
      description: '',
      display: false,
      kind: 'custom',
      position: 3,
      isDefault: false,
      members: 0,
      editable: true,
    });
    expect(positions(await rolesOf(owner, c.id))).toEqual([
      'Owner:1000000',
      'Admin:4',
      'Analyst:3',
      'Moderator:2',
      'Member:1',
    ]);
    const entry = await lastAudit(c.id, 'role.created');
    expect(entry).toMatchObject({ actorId: admin.userId, summary: 'Created the role “Analyst”.' });
  });

  it('gives the default colour, and the owner places roles just below Owner', async () => {
    const { c } = await world();
    const res = await as(owner, 'POST', `/community/${c.id}/roles`, { name: 'VIP' });
    expect(res.json()).toMatchObject({ color: '#8861E4', position: 4, permissions: [] });
  });

  it('refuses permissions the caller does not hold, unless they are the owner', async () => {
    const { c } = await world();
    const res = await as(admin, 'POST', `/community/${c.id}/roles`, { name: 'Banner', permissions: ['ban_members'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only grant permissions you hold yourself; you lack "Ban members".');
    const byOwner = await as(owner, 'POST', `/community/${c.id}/roles`, {
      name: 'Banner',
      permissions: ['ban_members'],
    });
    expect(byOwner.statusCode).toBe(201);
  });

  it('wants manage_roles and names invalid fields', async () => {
    const { c } = await world();
    expect((await as(mod, 'POST', `/community/${c.id}/roles`, { name: 'X' })).json().code).toBe('COMMUNITY_FORBIDDEN');
    expect((await as(outsider, 'POST', `/community/${c.id}/roles`, { name: 'X' })).json().code).toBe(
      'COMMUNITY_NOT_MEMBER',
    );
    expectFieldError(await as(owner, 'POST', `/community/${c.id}/roles`, { name: 'X', color: 'purple' }), {
      field: 'color',
    });
    expectFieldError(await as(owner, 'POST', `/community/${c.id}/roles`, { name: 'X', permissions: ['fly'] }), {
      field: 'permissions.0',
    });
    expectFieldError(await as(owner, 'POST', `/community/${c.id}/roles`, { name: '' }), { field: 'name' });
  });
});

describe('PUT and DELETE /community/{id}/roles/{roleId}', () => {
  it('edits a role below the caller and audits the changed fields', async () => {
    const { c, modRole } = await world();
    const res = await as(admin, 'PUT', `/community/${c.id}/roles/${modRole.id}`, {
      name: 'Mods',
      display: true,
      permissions: ['manage_members', 'post'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Mods', permissions: ['manage_members', 'post'] });
    const entry = await lastAudit(c.id, 'role.updated');
    expect(entry?.summary).toBe('Changed the role “Mods”: name, permissions.');
    expect(entry?.details).toMatchObject({ removed: expect.arrayContaining(['ban_members']), added: [] });
  });

  it('refuses a role equal to or above the caller’s highest, and a move up to it', async () => {
    const { c, adminRole, ownerRole, memberRole } = await world();
    for (const roleId of [adminRole.roleId, ownerRole.id]) {
      const res = await as(admin, 'PUT', `/community/${c.id}/roles/${roleId}`, { name: 'Mine' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('COMMUNITY_ROLE_HIERARCHY');
    }
    const up = await as(admin, 'PUT', `/community/${c.id}/roles/${memberRole.id}`, { position: 3 });
    expect(up.json().code).toBe('COMMUNITY_ROLE_HIERARCHY');
    const del = await as(admin, 'DELETE', `/community/${c.id}/roles/${adminRole.roleId}`);
    expect(del.json().code).toBe('COMMUNITY_ROLE_HIERARCHY');
  });

  it('moves a role and keeps the positions dense', async () => {
    const { c, memberRole } = await world();
    const res = await as(owner, 'PUT', `/community/${c.id}/roles/${memberRole.id}`, { position: 99 });
    expect(res.json().position).toBe(3);
    expect(positions(await rolesOf(owner, c.id))).toEqual(['Owner:1000000', 'Member:3', 'Admin:2', 'Moderator:1']);
    await as(owner, 'PUT', `/community/${c.id}/roles/${memberRole.id}`, { position: 1 });
    expect(positions(await rolesOf(owner, c.id))).toEqual(['Owner:1000000', 'Admin:3', 'Moderator:2', 'Member:1']);
  });

  it('protects the Owner role: renamed by the owner only; permissions, position and deletion refused', async () => {
    const { c, ownerRole } = await world();
    const renamed = await as(owner, 'PUT', `/community/${c.id}/roles/${ownerRole.id}`, {
      name: 'Founder',
      color: '#111111',
    });
    expect(renamed.json()).toMatchObject({ name: 'Founder', color: '#111111', position: 1_000_000 });
    for (const body of [{ permissions: ['post'] }, { position: 5 }]) {
      const res = await as(owner, 'PUT', `/community/${c.id}/roles/${ownerRole.id}`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('COMMUNITY_ROLE_PROTECTED');
    }
    const del = await as(owner, 'DELETE', `/community/${c.id}/roles/${ownerRole.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('The Owner role cannot be deleted.');
    expect(renamed.json().permissions).toEqual([...COMMUNITY_PERMISSIONS]);
  });

  it('deletes a role: its holders lose it and hear of it, the roles above close the gap', async () => {
    const { c, modRole } = await world();
    events.length = 0;
    const res = await as(admin, 'DELETE', `/community/${c.id}/roles/${modRole.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(positions(await rolesOf(owner, c.id))).toEqual(['Owner:1000000', 'Admin:2', 'Member:1']);
    expect(events).toEqual([
      {
        channel: userBusChannel(mod.userId),
        data: {
          communityId: c.id,
          change: 'roles_changed',
          message: `The role “Moderator” was deleted in ${c.name}.`,
        },
      },
    ]);
    expect(await lastAudit(c.id, 'role.deleted')).toMatchObject({ action: 'role.deleted', details: { holders: 1 } });
    const again = await as(admin, 'DELETE', `/community/${c.id}/roles/${modRole.id}`);
    expect(again.json().code).toBe('COMMUNITY_ROLE_NOT_FOUND');
  });
});

describe('POST /community/{id}/assign-role and unassign-role', () => {
  it('gives and takes a role below the caller from a member they outrank, and tells the member', async () => {
    const { c, modRole } = await world();
    events.length = 0;
    const res = await as(owner, 'POST', `/community/${c.id}/assign-role`, {
      member_id: member.userId,
      role_id: modRole.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json() as CommunityMember;
    expect(m.user.id).toBe(member.userId);
    expect(m.roles.map((r) => r.name)).toEqual(['Moderator', 'Member']);
    expect(m.manageable).toBe(true);
    expect(events.map((e) => [e.channel, e.data.change])).toEqual([[userBusChannel(member.userId), 'roles_changed']]);
    expect(await lastAudit(c.id, 'role.assigned')).toMatchObject({
      action: 'role.assigned',
      targetUserId: member.userId,
      summary: `Gave ${member.username} the role “Moderator”.`,
    });
    // idempotent: no second audit entry
    await as(owner, 'POST', `/community/${c.id}/assign-role`, { member_id: member.userId, role_id: modRole.id });
    expect(await auditCount(c.id, 'role.assigned')).toBe(1);
    // Admin (manage_roles, manage_members, post) may take Moderator away, below them: taking grants nothing
    const taken = await as(admin, 'POST', `/community/${c.id}/unassign-role`, {
      member_id: member.userId,
      role_id: modRole.id,
    });
    expect((taken.json() as CommunityMember).roles.map((r) => r.name)).toEqual(['Member']);
    expect(await lastAudit(c.id, 'role.unassigned')).toMatchObject({ action: 'role.unassigned' });
  });

  it('refuses a role at or above the caller and a member at or above them, but lets them change their own roles', async () => {
    const { c, modRole, memberRole, adminRole } = await world();
    const cases: Array<[SignedInUser, string, string, string]> = [
      [mod, member.userId, modRole.id, 'COMMUNITY_ROLE_HIERARCHY'],
      [mod, owner.userId, memberRole.id, 'COMMUNITY_ROLE_HIERARCHY'],
      [mod, admin.userId, memberRole.id, 'COMMUNITY_ROLE_HIERARCHY'],
      [admin, admin.userId, adminRole.roleId, 'COMMUNITY_ROLE_HIERARCHY'],
      [member, member.userId, memberRole.id, 'COMMUNITY_FORBIDDEN'],
    ];
    for (const [who, target, role, code] of cases) {
      const res = await as(who, 'POST', `/community/${c.id}/unassign-role`, { member_id: target, role_id: role });
      expect(res.json().code, `${who.username} on ${target}`).toBe(code);
    }
    const self = await as(mod, 'POST', `/community/${c.id}/unassign-role`, {
      member_id: mod.userId,
      role_id: memberRole.id,
    });
    expect(self.statusCode, self.body).toBe(200);
    expect((self.json() as CommunityMember).manageable).toBe(false);
  });

  it('refuses to give a role, even one below, that grants what the caller lacks; the owner may', async () => {
    const { c, modRole } = await world();
    // Admin lacks ban_members, moderate_posts… that Moderator (below Admin) grants: neither to a member nor to
    // themselves, nor as the default role every new member gets
    for (const target of [member.userId, admin.userId]) {
      const res = await as(admin, 'POST', `/community/${c.id}/assign-role`, { member_id: target, role_id: modRole.id });
      expect([res.statusCode, res.json().code]).toEqual([403, 'COMMUNITY_FORBIDDEN']);
      expect(res.json().message).toBe(
        'You can only give a role whose permissions you hold yourself; the role “Moderator” grants "Ban members", "Moderate posts", "Pin posts", "View audit log", "View private channels", which you lack.',
      );
    }
    const byDefault = await as(admin, 'PUT', `/community/${c.id}/default-role`, { role_id: modRole.id });
    expect([byDefault.statusCode, byDefault.json().code]).toEqual([403, 'COMMUNITY_FORBIDDEN']);
    const held = (await as(admin, 'GET', `/community/${c.id}/permissions`)).json() as CommunityPermissions;
    expect(held.mine).not.toContain('ban_members');
    expect(await auditCount(c.id, 'role.assigned')).toBe(0);
    // a role below Admin granting only what Admin holds is theirs to give
    const helper = await as(admin, 'POST', `/community/${c.id}/roles`, { name: 'Helper', permissions: ['post'] });
    const given = await as(admin, 'POST', `/community/${c.id}/assign-role`, {
      member_id: member.userId,
      role_id: (helper.json() as CommunityRole).roleId,
    });
    expect(given.statusCode, given.body).toBe(200);
    const byOwner = await as(owner, 'POST', `/community/${c.id}/assign-role`, {
      member_id: member.userId,
      role_id: modRole.id,
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
  });

  it('never moves the Owner role, and answers 404 for a role or a member of another community', async () => {
    const a = await world();
    const b = await world();
    const owning = await as(owner, 'POST', `/community/${a.c.id}/assign-role`, {
      member_id: member.userId,
      role_id: a.ownerRole.id,
    });
    expect(owning.statusCode).toBe(409);
    expect(owning.json().message).toMatch(/transfer-ownership/);
    expectFieldError(
      await as(owner, 'POST', `/community/${a.c.id}/assign-role`, { member_id: member.userId, role_id: b.modRole.id }),
      { status: 404, code: 'COMMUNITY_ROLE_NOT_FOUND', field: 'role_id' },
    );
    expectFieldError(
      await as(owner, 'POST', `/community/${a.c.id}/assign-role`, {
        member_id: outsider.userId,
        role_id: a.modRole.id,
      }),
      { status: 404, code: 'COMMUNITY_MEMBER_NOT_FOUND', field: 'member_id' },
    );
    await banDirect(db, a.c.id, member.userId);
    expect(
      (
        await as(owner, 'POST', `/community/${a.c.id}/assign-role`, {
          member_id: member.userId,
          role_id: a.modRole.id,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('GET /community/{id}/permissions', () => {
  it('lists the catalogue with labels and what the caller holds', async () => {
    const { c } = await world();
    const mine = async (who: SignedInUser) =>
      ((await as(who, 'GET', `/community/${c.id}/permissions`)).json() as CommunityPermissions).mine;
    const res = (await as(member, 'GET', `/community/${c.id}/permissions`)).json() as CommunityPermissions;
    expect(res.catalogue.map((p) => p.name)).toEqual([...COMMUNITY_PERMISSIONS]);
    expect(res.catalogue[0]).toEqual({
      name: 'manage_community',
      label: 'Manage community',
      description: expect.stringMatching(/\.$/),
    });
    expect(res.mine).toEqual(['invite_members', 'post', 'comment', 'use_channels']);
    expect(await mine(owner)).toEqual([...COMMUNITY_PERMISSIONS]);
    expect(await mine(outsider)).toEqual([]);
  });
});

describe('GET /community/{id}/member-list/{roleId}', () => {
  it('pages the members holding a role by joining date and searches only when non-empty', async () => {
    const { c, memberRole } = await world();
    const page1 = await as(member, 'GET', `/community/${c.id}/member-list/${memberRole.id}?limit=2`);
    expect(page1.statusCode, page1.body).toBe(200);
    const body = page1.json() as { items: CommunityMember[]; total: number; page: number; limit: number };
    expect(body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(body.items.map((m) => m.user.id)).toEqual([mod.userId, admin.userId]);
    const page2 = (await as(member, 'GET', `/community/${c.id}/member-list/${memberRole.id}?limit=2&page=2`)).json();
    expect(page2.items.map((m: CommunityMember) => m.user.id)).toEqual([member.userId]);
    const found = (
      await as(owner, 'GET', `/community/${c.id}/member-list/${memberRole.id}?search=${admin.username.slice(5)}`)
    ).json();
    expect(found.items.map((m: CommunityMember) => [m.user.id, m.manageable])).toEqual([[admin.userId, true]]);
    const empty = (await as(owner, 'GET', `/community/${c.id}/member-list/${memberRole.id}?search=`)).json();
    expect(empty.total).toBe(3);
    const none = (await as(owner, 'GET', `/community/${c.id}/member-list/${memberRole.id}?search=%25`)).json();
    expect(none.total).toBe(0);
  });
});

describe('default roles', () => {
  it('sets and removes a default role below the caller; new members get the default roles', async () => {
    const { c, modRole, memberRole, ownerRole } = await world();
    const set = await as(owner, 'PUT', `/community/${c.id}/default-role`, { role_id: modRole.id });
    expect(set.json()).toMatchObject({ roleId: modRole.id, isDefault: true });
    expect(await lastAudit(c.id, 'role.default_set')).toMatchObject({ action: 'role.default_set' });
    const removed = await as(admin, 'DELETE', `/community/${c.id}/default-role/${memberRole.id}`);
    expect(removed.json()).toMatchObject({ isDefault: false });
    expect(await lastAudit(c.id, 'role.default_removed')).toMatchObject({ action: 'role.default_removed' });
    await joinDirect(db, c.id, outsider.userId);
    const held = (await as(outsider, 'GET', `/community/${c.id}/permissions`)).json() as CommunityPermissions;
    expect(held.mine).toContain('ban_members');
    expect((await as(owner, 'PUT', `/community/${c.id}/default-role`, { role_id: ownerRole.id })).json().code).toBe(
      'COMMUNITY_ROLE_PROTECTED',
    );
    const above = await as(mod, 'PUT', `/community/${c.id}/default-role`, { role_id: memberRole.id });
    expect(above.json().code).toBe('COMMUNITY_FORBIDDEN');
  });
});

describe('POST /community/{id}/transfer-ownership', () => {
  it('hands the Owner role and the community to a member; the old owner keeps Moderator', async () => {
    const { c } = await world();
    const url = `/community/${c.id}/transfer-ownership`;
    expect((await as(admin, 'POST', url, { member_id: member.userId, confirm: c.handle })).statusCode).toBe(403);
    expectFieldError(await as(owner, 'POST', url, { member_id: member.userId, confirm: 'nope' }), {
      code: 'COMMUNITY_CONFIRM_MISMATCH',
      field: 'confirm',
    });
    expectFieldError(await as(owner, 'POST', url, { member_id: outsider.userId, confirm: c.handle }), {
      status: 404,
      field: 'member_id',
    });
    expect((await as(owner, 'POST', url, { member_id: owner.userId, confirm: c.handle })).statusCode).toBe(409);
    events.length = 0;
    const res = await as(owner, 'POST', url, { member_id: member.userId, confirm: c.handle });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db.select().from(communities).where(eq(communities.id, c.id));
    expect(row?.ownerId).toBe(member.userId);
    const owners = (await rolesOf(owner, c.id)).find((r) => r.kind === 'owner');
    expect(owners?.members).toBe(1);
    const list = (await as(owner, 'GET', `/community/${c.id}/member-list/${owners?.roleId}`)).json();
    expect(list.items.map((m: CommunityMember) => m.user.id)).toEqual([member.userId]);
    const oldOwner = (await as(owner, 'GET', `/community/${c.id}/permissions`)).json() as CommunityPermissions;
    expect(oldOwner.mine).not.toContain('manage_roles');
    expect(oldOwner.mine).toContain('ban_members');
    expect(events.map((e) => e.channel).sort()).toEqual(
      [userBusChannel(member.userId), userBusChannel(owner.userId)].sort(),
    );
    expect(await lastAudit(c.id, 'community.ownership_transferred')).toMatchObject({
      action: 'community.ownership_transferred',
      targetUserId: member.userId,
    });
    expect((await as(owner, 'POST', url, { member_id: admin.userId, confirm: c.handle })).statusCode).toBe(403);
  });
});
