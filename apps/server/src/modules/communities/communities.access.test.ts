import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import type { CommunityAccess } from './communities.access.js';
import {
  banDirect,
  builtInRole,
  communitiesTestApp,
  giveRole,
  joinDirect,
  makeCommunity,
  people,
} from './communities.test-kit.js';

let access: CommunityAccess;
let db: Awaited<ReturnType<typeof communitiesTestApp>>['app']['ctx']['db'];
let owner: SignedInUser;
let mod: SignedInUser;
let member: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  const t = await communitiesTestApp();
  access = t.deps.access;
  db = t.app.ctx.db;
  [owner, mod, member, outsider] = await people(t.app, 4);
});

const code = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === 'function' ? p() : p);
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code;
  }
};

describe('community access', () => {
  it('hides a hidden community from outsiders and the banned, and shows it to members', async () => {
    const c = await makeCommunity(db, owner.userId, { visibility: 'hidden' });
    await joinDirect(db, c.id, member.userId);
    expect(await code(access.viewer(outsider.userId, c.id))).toBe('COMMUNITY_NOT_FOUND');
    const v = await access.viewer(member.userId, c.id);
    expect(v.member).not.toBeNull();
    expect([...v.permissions].sort()).toEqual(['comment', 'invite_members', 'post', 'use_channels']);
    await banDirect(db, c.id, member.userId);
    expect(await code(access.viewer(member.userId, c.id))).toBe('COMMUNITY_NOT_FOUND');
  });

  it('lets anyone read a public community, members only a private one, and nobody banned', async () => {
    const pub = await makeCommunity(db, owner.userId, { visibility: 'public' });
    const priv = await makeCommunity(db, owner.userId, { visibility: 'private' });
    expect(access.seesContent(await access.viewer(outsider.userId, pub.id))).toBe(true);
    const out = await access.viewer(outsider.userId, priv.id);
    expect(await code(() => access.requireContent(out))).toBe('COMMUNITY_NOT_MEMBER');
    await banDirect(db, pub.id, outsider.userId, new Date(Date.now() + 3_600_000));
    const b = await access.viewer(outsider.userId, pub.id);
    expect(await code(() => access.requireContent(b))).toBe('COMMUNITY_BANNED');
  });

  it('gives the owner every permission and keeps the hierarchy', async () => {
    const c = await makeCommunity(db, owner.userId);
    await joinDirect(db, c.id, mod.userId);
    await joinDirect(db, c.id, member.userId);
    const moderator = await builtInRole(db, c.id, 'moderator');
    await giveRole(db, c.id, mod.userId, moderator.id);
    const o = await access.viewer(owner.userId, c.id);
    const m = await access.viewer(mod.userId, c.id);
    expect(o.isOwner && o.permissions.has('manage_roles')).toBe(true);
    expect(await code(() => access.requirePermission(m, 'manage_roles'))).toBe('COMMUNITY_FORBIDDEN');
    expect(await code(() => access.requirePermission(m, 'ban_members'))).toBe('ok');
    expect(await code(access.assertOutranks(m, member.userId))).toBe('ok');
    expect(await code(access.assertOutranks(m, owner.userId))).toBe('COMMUNITY_ROLE_HIERARCHY');
    expect(await code(access.assertOutranks(m, mod.userId))).toBe('COMMUNITY_ROLE_HIERARCHY');
    expect(await code(() => access.assertRoleBelow(m, moderator))).toBe('COMMUNITY_ROLE_HIERARCHY');
    expect(await code(access.assertOutranks(o, mod.userId))).toBe('ok');
  });
});
