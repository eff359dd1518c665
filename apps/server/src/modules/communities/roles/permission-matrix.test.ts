import type { CommunityPermission, CommunityVisibility, CreateCommunityBody } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import { AppError, statusByCategory } from '../../../platform/errors.js';
import { createCommunityChannels } from '../channels/channels.plugin.js';
import type { CommunityAccess } from '../communities.access.js';
import { addMember, insertCommunity } from '../communities.store.js';
import { type CommunityRoleRow, communityBans, communityMemberRoles } from '../communities.table.js';
import { caller, communitiesTestApp, people } from '../communities.test-kit.js';
import { createCommunityContent } from '../content/content.plugin.js';
import { createCommunityCore } from '../core/core.plugin.js';
import { createCommunityMembers } from '../members/members.plugin.js';
import { createCommunityRoles } from './roles.plugin.js';
import { createRolesRepository } from './roles.repository.js';

/**
 * The permission matrix (issue 16 "Done when": no permission check can be walked around through another route):
 * every route of the roles slice and every access function the other slices call, × every kind of actor, with the
 * status each must get. The integration pass appends the other slices' routes as rows.
 *
 * The world (built afresh for each row, so one row's changes never leak into another): a community A (private
 * unless the row says otherwise) with
 * - `owner` (the Owner role),
 * - `moderator` and `moderator2` (the built-in Moderator role, position 2),
 * - `custom`: a member holding a custom role "Manager" (manage_roles, manage_members, post; position 3),
 * - `member` (the default Member role), `outsider` (no relation), `banned` (was a member, banned),
 * - `otherMod`: not in A, but Moderator and holder of an all-powerful custom role in another community B.
 * Cells of a row run in the actors' order with the owner last, so an owner's destructive success (delete,
 * transfer) comes after the others were tried.
 */

const ACTORS = ['moderator', 'custom', 'member', 'outsider', 'banned', 'otherMod', 'owner'] as const;
type Actor = (typeof ACTORS)[number];
/** Expected statuses in the column order of the table below. */
type Row = {
  action: string;
  visibility?: CommunityVisibility;
  /** A fresh world for each actor (a destructive action every allowed actor must be able to take). */
  perCell?: boolean;
  expect: Record<Actor, number>;
  run: (w: World, actor: Actor) => Promise<number>;
};

type World = {
  a: { id: string; handle: string };
  roles: { owner: CommunityRoleRow; moderator: CommunityRoleRow; member: CommunityRoleRow; manager: CommunityRoleRow };
  /** A role at position 1 made for this cell (for deletions), with these permissions (none by default). */
  freshLowRole(permissions?: CommunityPermission[]): Promise<CommunityRoleRow>;
};

const clock = createManualClock('2026-03-04T09:30:00Z');
let app: FastifyInstance;
let db: Db;
let access: CommunityAccess;
let as: ReturnType<typeof caller>;
let repo: ReturnType<typeof createRolesRepository>;
const user = {} as Record<Actor | 'moderator2', SignedInUser>;
let roleOfB: CommunityRoleRow;

let counter = 0;
const body = (visibility: CommunityVisibility): CreateCommunityBody => {
  counter += 1;
  const handle = `matrix${Date.now().toString(36)}${counter}`;
  return {
    type: 'trading_group',
    community_size: 'just_starting',
    platforms: [],
    visibility,
    name: `Matrix ${counter}`,
    handle,
    description: '',
    categories: ['forex'],
  };
};

async function build(
  visibility: CommunityVisibility,
  ownerId: string,
  members: Record<string, 'moderator' | 'member'>,
) {
  return inTransaction(db, async (tx) => {
    const now = clock.now();
    const c = await insertCommunity(tx, { ownerId, now, body: body(visibility) });
    const roles = await repo.list(c.id, tx);
    const byKind = (kind: string) => roles.find((r) => r.kind === kind) as CommunityRoleRow;
    for (const [userId, kind] of Object.entries(members)) {
      await addMember(tx, c.id, userId, now);
      if (kind === 'moderator') {
        await tx
          .insert(communityMemberRoles)
          .values({ communityId: c.id, userId, roleId: byKind('moderator').id, assignedAt: now });
      }
    }
    return { c, byKind };
  });
}

async function world(visibility: CommunityVisibility = 'private'): Promise<World> {
  const { c } = await build(visibility, user.owner.userId, {
    [user.moderator.userId]: 'moderator',
    [user.moderator2.userId]: 'moderator',
    [user.custom.userId]: 'member',
    [user.member.userId]: 'member',
    [user.banned.userId]: 'member',
  });
  const manager = await inTransaction(db, async (tx) => {
    const role = await repo.insertAt(
      {
        communityId: c.id,
        name: 'Manager',
        description: '',
        color: '#8861E4',
        display: true,
        permissions: ['manage_roles', 'manage_members', 'post'],
        position: 3,
        now: clock.now(),
      },
      tx,
    );
    await tx
      .insert(communityMemberRoles)
      .values({ communityId: c.id, userId: user.custom.userId, roleId: role.id, assignedAt: clock.now() });
    await tx
      .insert(communityBans)
      .values({ communityId: c.id, userId: user.banned.userId, reason: 'spam', createdAt: clock.now() });
    return role;
  });
  const roles = await repo.list(c.id);
  const kind = (k: string) => roles.find((r) => r.kind === k) as CommunityRoleRow;
  return {
    a: { id: c.id, handle: c.handle },
    roles: { owner: kind('owner'), moderator: kind('moderator'), member: kind('member'), manager },
    freshLowRole: (permissions: CommunityPermission[] = []) =>
      inTransaction(db, (tx) =>
        repo.insertAt(
          {
            communityId: c.id,
            name: 'Temp',
            description: '',
            color: '#8861E4',
            display: false,
            permissions,
            position: 1,
            now: clock.now(),
          },
          tx,
        ),
      ),
  };
}

beforeAll(async () => {
  const t = await communitiesTestApp(clock);
  app = t.app;
  db = app.ctx.db;
  access = t.deps.access;
  repo = createRolesRepository(db);
  await app.register(createCommunityRoles(app.ctx, t.deps).routes, { prefix: '/api' });
  // the other slices' routes, so their rows below go through the same access service as in the app
  const content = createCommunityContent(app.ctx, t.deps);
  for (const routes of [
    createCommunityCore(app.ctx, t.deps).routes,
    createCommunityMembers(app.ctx, t.deps).routes,
    content.routes,
    createCommunityChannels(app.ctx, t.deps).routes,
  ]) {
    await app.register(routes, { prefix: '/api' });
  }
  as = caller(app);
  const names = [...ACTORS, 'moderator2'] as const;
  const signed = await people(app, names.length);
  names.forEach((n, i) => {
    user[n] = signed[i] as SignedInUser;
  });
  // community B: otherMod is a Moderator there and holds a custom role with every permission the owner can grant
  const { c: b, byKind } = await build('public', user.owner.userId, { [user.otherMod.userId]: 'moderator' });
  roleOfB = byKind('moderator');
  const strong = await inTransaction(db, (tx) =>
    repo.insertAt(
      {
        communityId: b.id,
        name: 'Everything',
        description: '',
        color: '#8861E4',
        display: false,
        permissions: ['manage_roles', 'manage_members', 'ban_members', 'manage_community'],
        position: 3,
        now: clock.now(),
      },
      tx,
    ),
  );
  await db
    .insert(communityMemberRoles)
    .values({ communityId: b.id, userId: user.otherMod.userId, roleId: strong.id, assignedAt: clock.now() });
});

// ---- helpers -------------------------------------------------------------------------------------

const http =
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: (w: World) => string, payload?: (w: World) => object) =>
  async (w: World, actor: Actor) =>
    (await as(user[actor], method, url(w), payload?.(w))).statusCode;

/** An access function as a status: 200 when it lets the actor through, else the status of its error. */
const check = (fn: (w: World, actor: Actor) => unknown) => async (w: World, actor: Actor) => {
  try {
    await fn(w, actor);
    return 200;
  } catch (e) {
    if (e instanceof AppError) return statusByCategory[e.category];
    throw e;
  }
};
const viewerOf = (w: World, actor: Actor) => access.viewer(user[actor].userId, w.a.id);

/** Columns: moderator, custom, member, outsider, banned, otherMod, owner. */
const s = (
  moderator: number,
  custom: number,
  member: number,
  outsider: number,
  banned: number,
  otherMod: number,
  owner: number,
): Record<Actor, number> => ({ moderator, custom, member, outsider, banned, otherMod, owner });

const assign = (role: (w: World) => string, target: Actor | 'moderator2') => (w: World) => ({
  member_id: user[target].userId,
  role_id: role(w),
});

// ---- the table -------------------------------------------------------------------------------------

const rows: Row[] = [
  // reads
  {
    action: 'GET roles',
    expect: s(200, 200, 200, 403, 403, 403, 200),
    run: http('GET', (w) => `/community/${w.a.id}/roles`),
  },
  {
    action: 'GET roles of a hidden community',
    visibility: 'hidden',
    expect: s(200, 200, 200, 404, 404, 404, 200),
    run: http('GET', (w) => `/community/${w.a.id}/roles`),
  },
  {
    action: 'GET one role',
    expect: s(200, 200, 200, 403, 403, 403, 200),
    run: http('GET', (w) => `/community/${w.a.id}/roles/${w.roles.member.id}`),
  },
  {
    action: 'GET permissions (the catalogue; mine is empty for non-members)',
    expect: s(200, 200, 200, 200, 200, 200, 200),
    run: http('GET', (w) => `/community/${w.a.id}/permissions`),
  },
  {
    action: 'GET permissions of a hidden community',
    visibility: 'hidden',
    expect: s(200, 200, 200, 404, 404, 404, 200),
    run: http('GET', (w) => `/community/${w.a.id}/permissions`),
  },
  {
    action: 'GET member-list of a role',
    expect: s(200, 200, 200, 403, 403, 403, 200),
    run: http('GET', (w) => `/community/${w.a.id}/member-list/${w.roles.member.id}`),
  },
  // roles CRUD
  {
    action: 'POST a role (post)',
    expect: s(403, 201, 403, 403, 403, 403, 201),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/roles`,
      () => ({ name: 'New', permissions: ['post'] }),
    ),
  },
  {
    action: 'POST a role granting a permission the caller lacks (ban_members)',
    expect: s(403, 403, 403, 403, 403, 403, 201),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/roles`,
      () => ({ name: 'New', permissions: ['ban_members'] }),
    ),
  },
  {
    action: 'PUT a role below (Member)',
    expect: s(403, 200, 403, 403, 403, 403, 200),
    run: http(
      'PUT',
      (w) => `/community/${w.a.id}/roles/${w.roles.member.id}`,
      () => ({ name: 'Members' }),
    ),
  },
  {
    action: 'PUT Member granting a permission the caller lacks (ban_members)',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'PUT',
      (w) => `/community/${w.a.id}/roles/${w.roles.member.id}`,
      () => ({ permissions: ['ban_members'] }),
    ),
  },
  {
    action: 'PUT the role equal to custom’s highest (Manager)',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'PUT',
      (w) => `/community/${w.a.id}/roles/${w.roles.manager.id}`,
      () => ({ name: 'Boss' }),
    ),
  },
  {
    action: 'PUT Member to a position at custom’s highest (3)',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'PUT',
      (w) => `/community/${w.a.id}/roles/${w.roles.member.id}`,
      () => ({ position: 3 }),
    ),
  },
  {
    action: 'PUT the Owner role (rename)',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'PUT',
      (w) => `/community/${w.a.id}/roles/${w.roles.owner.id}`,
      () => ({ name: 'Founder' }),
    ),
  },
  {
    action: 'PUT the Owner role’s permissions',
    expect: s(403, 403, 403, 403, 403, 403, 409),
    run: http(
      'PUT',
      (w) => `/community/${w.a.id}/roles/${w.roles.owner.id}`,
      () => ({ permissions: ['post'] }),
    ),
  },
  {
    action: 'PUT a role of another community through this one',
    expect: s(403, 404, 403, 403, 403, 403, 404),
    run: http(
      'PUT',
      (w) => `/community/${w.a.id}/roles/${roleOfB.id}`,
      () => ({ name: 'Hijack' }),
    ),
  },
  {
    action: 'DELETE a role below everyone with power (a fresh position-1 role)',
    expect: s(403, 200, 403, 403, 403, 403, 200),
    run: async (w, actor) => {
      const role = await w.freshLowRole();
      return (await as(user[actor], 'DELETE', `/community/${w.a.id}/roles/${role.id}`)).statusCode;
    },
  },
  {
    action: 'DELETE the role equal to custom’s highest (Manager)',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http('DELETE', (w) => `/community/${w.a.id}/roles/${w.roles.manager.id}`),
  },
  {
    action: 'DELETE the Owner role',
    expect: s(403, 403, 403, 403, 403, 403, 409),
    run: http('DELETE', (w) => `/community/${w.a.id}/roles/${w.roles.owner.id}`),
  },
  // assign and unassign
  {
    action: 'assign Member (below) to the plain member',
    expect: s(200, 200, 403, 403, 403, 403, 200),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/assign-role`,
      assign((w) => w.roles.member.id, 'member'),
    ),
  },
  {
    // for custom, Moderator is below but grants ban_members, moderate_posts… which custom lacks
    action: 'assign Moderator (equal to moderator’s highest; granting what custom lacks) to the plain member',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/assign-role`,
      assign((w) => w.roles.moderator.id, 'member'),
    ),
  },
  {
    action: 'assign Moderator to custom (a role below them granting what they lack: self-escalation)',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/assign-role`,
      assign((w) => w.roles.moderator.id, 'custom'),
    ),
  },
  {
    action: 'assign a role below everyone with power whose permissions custom holds (post) to the plain member',
    expect: s(200, 200, 403, 403, 403, 403, 200),
    run: async (w, actor) => {
      const role = await w.freshLowRole(['post']);
      return (
        await as(user[actor], 'POST', `/community/${w.a.id}/assign-role`, {
          member_id: user.member.userId,
          role_id: role.id,
        })
      ).statusCode;
    },
  },
  {
    action: 'unassign Member from the other moderator (a member equal to moderator)',
    expect: s(403, 200, 403, 403, 403, 403, 200),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/unassign-role`,
      assign((w) => w.roles.member.id, 'moderator2'),
    ),
  },
  {
    action: 'unassign Member from custom (a member above moderator)',
    expect: s(403, 200, 403, 403, 403, 403, 200),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/unassign-role`,
      assign((w) => w.roles.member.id, 'custom'),
    ),
  },
  {
    action: 'unassign Member from the owner',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/unassign-role`,
      assign((w) => w.roles.member.id, 'owner'),
    ),
  },
  {
    action: 'assign the Owner role',
    expect: s(409, 409, 403, 403, 403, 403, 409),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/assign-role`,
      assign((w) => w.roles.owner.id, 'member'),
    ),
  },
  {
    action: 'assign a role of another community',
    expect: s(404, 404, 403, 403, 403, 403, 404),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/assign-role`,
      assign(() => roleOfB.id, 'member'),
    ),
  },
  // default roles
  {
    // new members would get ban_members, moderate_posts… which custom lacks
    action: 'PUT default-role Moderator (granting what custom lacks)',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'PUT',
      (w) => `/community/${w.a.id}/default-role`,
      (w) => ({ role_id: w.roles.moderator.id }),
    ),
  },
  {
    action: 'PUT default-role: a role below everyone with power whose permissions custom holds (post)',
    expect: s(403, 200, 403, 403, 403, 403, 200),
    run: async (w, actor) => {
      const role = await w.freshLowRole(['post']);
      return (await as(user[actor], 'PUT', `/community/${w.a.id}/default-role`, { role_id: role.id })).statusCode;
    },
  },
  {
    action: 'PUT default-role Manager (equal to custom’s highest)',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'PUT',
      (w) => `/community/${w.a.id}/default-role`,
      (w) => ({ role_id: w.roles.manager.id }),
    ),
  },
  {
    action: 'PUT default-role Owner',
    expect: s(403, 409, 403, 403, 403, 403, 409),
    run: http(
      'PUT',
      (w) => `/community/${w.a.id}/default-role`,
      (w) => ({ role_id: w.roles.owner.id }),
    ),
  },
  {
    action: 'DELETE default-role Member',
    expect: s(403, 200, 403, 403, 403, 403, 200),
    run: http('DELETE', (w) => `/community/${w.a.id}/default-role/${w.roles.member.id}`),
  },
  // ownership
  {
    action: 'transfer ownership to the plain member',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/transfer-ownership`,
      (w) => ({
        member_id: user.member.userId,
        confirm: w.a.handle,
      }),
    ),
  },
  // the access functions every other slice calls
  {
    action: 'access.requireContent',
    expect: s(200, 200, 200, 403, 403, 403, 200),
    run: check(async (w, a) => access.requireContent(await viewerOf(w, a))),
  },
  {
    action: 'access.viewer on a hidden community',
    visibility: 'hidden',
    expect: s(200, 200, 200, 404, 404, 404, 200),
    run: check((w, a) => viewerOf(w, a)),
  },
  {
    action: 'access.requireMember',
    expect: s(200, 200, 200, 403, 403, 403, 200),
    run: check(async (w, a) => access.requireMember(await viewerOf(w, a))),
  },
  {
    action: 'access.requirePermission manage_members',
    expect: s(200, 200, 403, 403, 403, 403, 200),
    run: check(async (w, a) => access.requirePermission(await viewerOf(w, a), 'manage_members')),
  },
  {
    action: 'access.requirePermission ban_members',
    expect: s(200, 403, 403, 403, 403, 403, 200),
    run: check(async (w, a) => access.requirePermission(await viewerOf(w, a), 'ban_members')),
  },
  {
    action: 'access.requirePermission manage_community',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: check(async (w, a) => access.requirePermission(await viewerOf(w, a), 'manage_community')),
  },
  {
    action: 'access.requireWrite post (no rules yet)',
    expect: s(200, 200, 200, 403, 403, 403, 200),
    run: check(async (w, a) => access.requireWrite(await viewerOf(w, a), 'post')),
  },
  {
    action: 'access.assertOutranks the plain member',
    expect: s(200, 200, 403, 403, 403, 403, 200),
    run: check(async (w, a) => access.assertOutranks(await viewerOf(w, a), user.member.userId)),
  },
  {
    action: 'access.assertOutranks the other moderator (equal to moderator)',
    expect: s(403, 200, 403, 403, 403, 403, 200),
    run: check(async (w, a) => access.assertOutranks(await viewerOf(w, a), user.moderator2.userId)),
  },
  {
    action: 'access.assertOutranks the owner',
    expect: s(403, 403, 403, 403, 403, 403, 403),
    run: check(async (w, a) => access.assertOutranks(await viewerOf(w, a), user.owner.userId)),
  },
  {
    action: 'access.assertRoleBelow Moderator',
    expect: s(403, 200, 403, 403, 403, 403, 200),
    run: check(async (w, a) => access.assertRoleBelow(await viewerOf(w, a), w.roles.moderator)),
  },
  {
    action: 'access.assertMayGiveRole Moderator (below custom, granting what custom lacks)',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: check(async (w, a) => access.assertMayGiveRole(await viewerOf(w, a), w.roles.moderator)),
  },
  {
    action: 'access.assertMayGiveRole Member (below, granting only what its holders hold)',
    expect: s(200, 200, 403, 403, 403, 403, 200),
    run: check(async (w, a) => access.assertMayGiveRole(await viewerOf(w, a), w.roles.member)),
  },
  {
    action: 'access.requireOwner',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: check(async (w, a) => access.requireOwner(await viewerOf(w, a))),
  },
  // ---- the other slices' routes (core, members, content, channels) ----
  {
    action: 'POST join (a private community: a request)',
    expect: s(409, 409, 409, 200, 403, 200, 409),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/join`,
      () => ({}),
    ),
  },
  {
    action: 'PUT settings',
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'PUT',
      (w) => `/community/${w.a.id}/settings`,
      () => ({ description: 'Updated' }),
    ),
  },
  {
    action: 'GET members',
    expect: s(200, 200, 200, 403, 403, 403, 200),
    run: http('GET', (w) => `/community/${w.a.id}/members`),
  },
  {
    action: 'GET members of a hidden community',
    visibility: 'hidden',
    expect: s(200, 200, 200, 404, 404, 404, 200),
    run: http('GET', (w) => `/community/${w.a.id}/members`),
  },
  {
    action: 'DELETE remove the plain member',
    perCell: true,
    expect: s(200, 200, 403, 403, 403, 403, 200),
    run: http('DELETE', (w) => `/community/${w.a.id}/remove/${user.member.userId}`),
  },
  {
    action: 'DELETE remove the other moderator (equal to moderator)',
    perCell: true,
    expect: s(403, 200, 403, 403, 403, 403, 200),
    run: http('DELETE', (w) => `/community/${w.a.id}/remove/${user.moderator2.userId}`),
  },
  {
    action: 'POST ban the plain member',
    perCell: true,
    expect: s(200, 403, 403, 403, 403, 403, 200),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/ban/${user.member.userId}`,
      () => ({ reason: 'spam' }),
    ),
  },
  {
    action: 'POST ban the other moderator (equal to moderator)',
    perCell: true,
    expect: s(403, 403, 403, 403, 403, 403, 200),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/ban/${user.moderator2.userId}`,
      () => ({ reason: 'spam' }),
    ),
  },
  {
    action: 'POST ban the owner',
    expect: s(403, 403, 403, 403, 403, 403, 403),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/ban/${user.owner.userId}`,
      () => ({ reason: 'spam' }),
    ),
  },
  {
    action: 'GET banmembers',
    expect: s(200, 403, 403, 403, 403, 403, 200),
    run: http('GET', (w) => `/community/${w.a.id}/banmembers`),
  },
  {
    action: 'GET audit',
    expect: s(200, 403, 403, 403, 403, 403, 200),
    run: http('GET', (w) => `/community/${w.a.id}/audit`),
  },
  {
    action: 'POST invite-links',
    expect: s(201, 201, 201, 403, 403, 403, 201),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/invite-links`,
      () => ({}),
    ),
  },
  {
    action: 'POST a rule',
    expect: s(403, 403, 403, 403, 403, 403, 201),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/rules`,
      () => ({ title: 'Be kind' }),
    ),
  },
  {
    action: 'POST a channel',
    expect: s(403, 403, 403, 403, 403, 403, 201),
    run: http(
      'POST',
      (w) => `/community/${w.a.id}/channels`,
      () => ({ name: 'ideas' }),
    ),
  },
  {
    action: 'POST a message in #general',
    expect: s(201, 201, 201, 403, 403, 403, 201),
    run: async (w, actor) => {
      const list = await as(user.owner, 'GET', `/community/${w.a.id}/channels`);
      const general = (list.json() as { items: { id: string; name: string }[] }).items.find(
        (c) => c.name === 'general',
      );
      return (
        await as(user[actor], 'POST', `/community/${w.a.id}/channels/${general?.id}/messages`, { content: 'Hello' })
      ).statusCode;
    },
  },
];

describe('community permission matrix (actors: moderator, custom, member, outsider, banned, otherMod, owner)', () => {
  it.each(rows)('$action', async (row) => {
    const shared = row.perCell ? undefined : await world(row.visibility);
    const got = {} as Record<Actor, number>;
    for (const actor of ACTORS) got[actor] = await row.run(shared ?? (await world(row.visibility)), actor);
    expect(got).toEqual(row.expect);
  });
});
