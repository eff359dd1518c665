import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
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

async function setup(visibility: 'public' | 'private' = 'public') {
  const db = t.app.ctx.db;
  const c = await makeCommunity(db, owner.userId, { visibility });
  await joinDirect(db, c.id, mod.userId, t.clock.now());
  await joinDirect(db, c.id, member.userId, t.clock.now());
  await giveRole(db, c.id, mod.userId, (await builtInRole(db, c.id, 'moderator')).id);
  return c;
}

const holdsModerator = async (communityId: string, userId: string) =>
  (await t.deps.access.viewer(userId, communityId)).roles.some((r) => r.kind === 'moderator');

describe('legacy moderators', () => {
  it('offer, list pending, approve (gets the role), list approved, revoke (takes it)', async () => {
    const c = await setup();
    const offer = await as(owner, 'POST', `/communities/${c.id}/moderators/${member.userId}`);
    expect(offer.statusCode).toBe(201);
    expect(offer.json()).toMatchObject({
      user: { id: member.userId },
      status: 'pending',
      addedBy: { id: owner.userId },
    });
    expect(t.notifier.sent.some((n) => n.recipientId === member.userId && n.title === 'Moderator offer')).toBe(true);
    const list = await as(outsider, 'GET', `/communities/${c.id}/moderators`);
    expect(list.json().items.map((m: { user: { id: string }; status: string }) => [m.user.id, m.status])).toEqual([
      [mod.userId, 'approved'],
      [member.userId, 'pending'],
    ]);
    expect(await holdsModerator(c.id, member.userId)).toBe(false);
    await t.advance(1000);
    const approved = await as(member, 'POST', `/communities/${c.id}/moderators/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', addedBy: { id: owner.userId } });
    expect(await holdsModerator(c.id, member.userId)).toBe(true);
    const after = (await as(member, 'GET', `/communities/${c.id}/moderators`)).json();
    expect(after.items.find((m: { user: { id: string } }) => m.user.id === member.userId)).toMatchObject({
      status: 'approved',
      addedBy: { id: owner.userId },
    });
    expect((await as(member, 'POST', `/communities/${c.id}/moderators/approve`)).statusCode).toBe(404);
    await t.advance(1000);
    expect((await as(owner, 'DELETE', `/communities/${c.id}/moderators/${member.userId}`)).statusCode).toBe(200);
    expect(await holdsModerator(c.id, member.userId)).toBe(false);
    expect(
      t.published.some(
        (m) => m.channel.endsWith(member.userId) && (m.data as { change?: string }).change === 'roles_changed',
      ),
    ).toBe(true);
    const actions = (await as(owner, 'GET', `/community/${c.id}/audit`))
      .json()
      .items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['moderator.revoked', 'moderator.approved', 'moderator.added']);
  });

  it('deny drops the offer; revoke withdraws a pending one', async () => {
    const c = await setup();
    await as(owner, 'POST', `/communities/${c.id}/moderators/${member.userId}`);
    expect((await as(member, 'POST', `/communities/${c.id}/moderators/deny`)).statusCode).toBe(200);
    expect((await as(member, 'POST', `/communities/${c.id}/moderators/approve`)).json().code).toBe(
      'COMMUNITY_MODERATOR_OFFER_NOT_FOUND',
    );
    await as(owner, 'POST', `/communities/${c.id}/moderators/${member.userId}`);
    expect((await as(owner, 'DELETE', `/communities/${c.id}/moderators/${member.userId}`)).statusCode).toBe(200);
    expect((await as(owner, 'GET', `/communities/${c.id}/moderators`)).json().items).toHaveLength(1);
    const none = await as(owner, 'DELETE', `/communities/${c.id}/moderators/${member.userId}`);
    expect(none.json().code).toBe('COMMUNITY_MODERATOR_OFFER_NOT_FOUND');
  });

  it('needs manage_roles with the Moderator role below, and an outranked member', async () => {
    const c = await setup();
    expect((await as(mod, 'POST', `/communities/${c.id}/moderators/${member.userId}`)).json().code).toBe(
      'COMMUNITY_FORBIDDEN',
    );
    expect((await as(owner, 'POST', `/communities/${c.id}/moderators/${mod.userId}`)).json().code).toBe(
      'COMMUNITY_ALREADY_MODERATOR',
    );
    expect((await as(owner, 'POST', `/communities/${c.id}/moderators/${outsider.userId}`)).json().code).toBe(
      'COMMUNITY_MEMBER_NOT_FOUND',
    );
    // a custom role with manage_roles at the Moderator role's position cannot hand it out
    const db = t.app.ctx.db;
    const moderator = await builtInRole(db, c.id, 'moderator');
    const { communityRoles } = await import('../communities.table.js');
    const roleId = crypto.randomUUID();
    await db.insert(communityRoles).values({
      id: roleId,
      communityId: c.id,
      name: 'Helper',
      permissions: ['manage_roles'],
      position: moderator.position,
      createdAt: new Date(),
    });
    await giveRole(db, c.id, member.userId, roleId);
    const other = (await people(t.app, 1))[0];
    await joinDirect(db, c.id, other.userId);
    expect((await as(member, 'POST', `/communities/${c.id}/moderators/${other.userId}`)).json().code).toBe(
      'COMMUNITY_ROLE_HIERARCHY',
    );
    expect((await as(member, 'DELETE', `/communities/${c.id}/moderators/${mod.userId}`)).json().code).toBe(
      'COMMUNITY_ROLE_HIERARCHY',
    );
    const priv = await setup('private');
    expect((await as(outsider, 'GET', `/communities/${priv.id}/moderators`)).json().code).toBe('COMMUNITY_NOT_MEMBER');
    expect((await as(outsider, 'POST', `/communities/${priv.id}/moderators/approve`)).json().code).toBe(
      'COMMUNITY_NOT_MEMBER',
    );
  });
});
