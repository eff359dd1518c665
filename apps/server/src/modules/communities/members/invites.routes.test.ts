import type { CommunityInvite } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { communityAudit, communityInvites, communityRoles } from '../communities.table.js';
import {
  banDirect,
  builtInRole,
  caller,
  giveRole,
  joinDirect,
  makeCommunity,
  people,
} from '../communities.test-kit.js';
import { createCommunityCore } from '../core/core.plugin.js';
import { membersTestApp } from './members.test-kit.js';

let t: Awaited<ReturnType<typeof membersTestApp>>;
let as: ReturnType<typeof caller>;
let owner: SignedInUser;
let mod: SignedInUser;
let member: SignedInUser;
let guest: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  t = await membersTestApp();
  // leaving is the core slice's
  await t.app.register(createCommunityCore(t.app.ctx, t.deps).routes, { prefix: '/api' });
  as = caller(t.app);
  [owner, mod, member, guest, stranger] = await people(t.app, 5);
});

async function setup(visibility: 'public' | 'private' | 'hidden' = 'hidden') {
  const db = t.app.ctx.db;
  const c = await makeCommunity(db, owner.userId, { visibility });
  await joinDirect(db, c.id, mod.userId);
  await joinDirect(db, c.id, member.userId);
  await giveRole(db, c.id, mod.userId, (await builtInRole(db, c.id, 'moderator')).id);
  return c;
}

const link = async (communityId: string, by: SignedInUser, body: object = {}) => {
  const res = await as(by, 'POST', `/community/${communityId}/invite-links`, body);
  expect(res.statusCode).toBe(201);
  return res.json() as CommunityInvite;
};
const accept = (who: SignedInUser, token: string) => as(who, 'POST', '/community/accept-invite', { token });
const preview = (who: SignedInUser, token: string) => as(who, 'GET', `/community/invites/${token}`);

describe('personal invites', () => {
  it('invites a person to a hidden community: they are told, may preview and accept; nobody else may', async () => {
    const c = await setup('hidden');
    const res = await as(mod, 'POST', `/community/${c.id}/invite/${guest.userId}`);
    expect(res.statusCode).toBe(201);
    const invite = res.json() as CommunityInvite;
    expect(invite).toMatchObject({ kind: 'person', invitee: { id: guest.userId }, maxUses: 1, uses: 0 });
    expect(invite.expiresAt).toBe('2026-03-11T09:30:00.000Z');
    const notice = t.notifier.sent.find((n) => n.recipientId === guest.userId);
    expect(notice).toMatchObject({ actorId: mod.userId, link: `/communities/invite/${invite.token}` });
    expect(notice?.body).toContain(c.name);

    // someone else holding the token: as if it did not exist
    expect((await preview(stranger, invite.token)).statusCode).toBe(404);
    const stolen = await accept(stranger, invite.token);
    expect([stolen.statusCode, stolen.json().code]).toEqual([404, 'COMMUNITY_INVITE_NOT_FOUND']);

    const seen = await preview(guest, invite.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      community: { id: c.id, visibility: 'hidden', membership: 'invited' },
      invitedBy: { id: mod.userId },
    });
    const joined = await accept(guest, invite.token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({
      status: 'joined',
      community: { id: c.id, membership: 'member', memberCount: 4 },
    });
    expect((await t.deps.access.viewer(guest.userId, c.id)).permissions.has('post')).toBe(true);
    const twice = await accept(guest, invite.token);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'COMMUNITY_ALREADY_MEMBER']);
    const actions = (await t.app.ctx.db.select().from(communityAudit).where(eq(communityAudit.communityId, c.id))).map(
      (e) => e.action,
    );
    expect(actions.sort()).toEqual(['invite.accepted', 'invite.created']);
  });

  it('refuses inviting members, banned, blocked and unknown people, and answers an open invite again', async () => {
    const c = await setup('public');
    const invite = (target: string) => as(mod, 'POST', `/community/${c.id}/invite/${target}`);
    expect((await invite(member.userId)).json().code).toBe('COMMUNITY_ALREADY_MEMBER');
    await banDirect(t.app.ctx.db, c.id, stranger.userId);
    expect((await invite(stranger.userId)).json().code).toBe('COMMUNITY_PERSON_BANNED');
    expect((await invite(crypto.randomUUID())).json().code).toBe('COMMUNITY_PERSON_NOT_FOUND');
    const first = (await invite(guest.userId)).json() as CommunityInvite;
    const second = (await invite(guest.userId)).json() as CommunityInvite;
    expect(second.id).toBe(first.id);
    expect(t.notifier.sent.filter((n) => n.link === `/communities/invite/${first.token}`)).toHaveLength(1);
    const blocker = (await people(t.app, 1))[0];
    expect((await as(blocker, 'POST', `/customer/block/${mod.userId}`)).statusCode).toBe(200);
    expect((await invite(blocker.userId)).json().code).toBe('COMMUNITY_PERSON_NOT_FOUND');
  });
});

describe('invite links', () => {
  it('are single use by default: the second person gets 410', async () => {
    const c = await setup('private');
    const inv = await link(c.id, mod);
    expect(inv).toMatchObject({ kind: 'link', invitee: null, maxUses: 1 });
    expect((await accept(guest, inv.token)).statusCode).toBe(200);
    const late = await accept(stranger, inv.token);
    expect([late.statusCode, late.json().code, late.json().message]).toEqual([
      410,
      'COMMUNITY_INVITE_INVALID',
      'This invite has expired or was already used.',
    ]);
    expect((await preview(stranger, inv.token)).statusCode).toBe(410);
  });

  it('count each use once, not for someone already a member, and stop at max_uses', async () => {
    const c = await setup('private');
    const inv = await link(c.id, owner, { max_uses: 2, expires_in_hours: 24 });
    expect((await accept(member, inv.token)).statusCode).toBe(409);
    expect((await accept(guest, inv.token)).statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(communityInvites).where(eq(communityInvites.id, inv.id));
    expect(row?.uses).toBe(1);
    expect(row?.tokenHash).not.toBe(inv.token);
    expect((await accept(stranger, inv.token)).statusCode).toBe(200);
    const third = (await people(t.app, 1))[0];
    expect((await accept(third, inv.token)).statusCode).toBe(410);
  });

  it('expire (manual clock): preview and accept answer 410 and the link leaves the list', async () => {
    const c = await setup('public');
    const inv = await link(c.id, mod, { expires_in_hours: 1, max_uses: 10 });
    expect((await preview(guest, inv.token)).statusCode).toBe(200);
    const listed = await as(member, 'GET', `/community/${c.id}/invites`);
    expect(listed.json().items.map((i: CommunityInvite) => i.id)).toContain(inv.id);
    await t.advance(3_600_001, owner, mod, member, guest, stranger);
    expect((await preview(guest, inv.token)).statusCode).toBe(410);
    expect((await accept(guest, inv.token)).statusCode).toBe(410);
    expect((await as(member, 'GET', `/community/${c.id}/invites`)).json().total).toBe(0);
  });

  it('a hidden community shows itself to a link holder; an unknown token is 404', async () => {
    const c = await setup('hidden');
    const inv = await link(c.id, owner);
    expect((await preview(stranger, inv.token)).json()).toMatchObject({
      community: { id: c.id, membership: 'invited' },
    });
    const unknown = await preview(stranger, 'x'.repeat(43));
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'COMMUNITY_INVITE_NOT_FOUND']);
    const bad = await as(stranger, 'POST', '/community/accept-invite', { token: 'short' });
    expect(bad.statusCode).toBe(400);
  });

  it('are revoked by their creator or manage_members, not by another plain member', async () => {
    const c = await setup('public');
    const byMember = await link(c.id, member);
    const byMod = await link(c.id, mod);
    const revoke = (who: SignedInUser, id: string) => as(who, 'DELETE', `/community/${c.id}/invites/${id}`);
    const plain = (await people(t.app, 1))[0];
    await joinDirect(t.app.ctx.db, c.id, plain.userId);
    expect((await revoke(plain, byMember.id)).json().code).toBe('COMMUNITY_FORBIDDEN');
    expect((await revoke(member, byMod.id)).json().code).toBe('COMMUNITY_FORBIDDEN');
    expect((await revoke(member, byMember.id)).statusCode).toBe(200);
    expect((await revoke(mod, byMod.id)).statusCode).toBe(200);
    expect((await revoke(mod, byMod.id)).statusCode).toBe(410);
    expect((await revoke(mod, crypto.randomUUID())).statusCode).toBe(404);
    expect((await preview(guest, byMod.token)).statusCode).toBe(410);
    const entries = await t.app.ctx.db.select().from(communityAudit).where(eq(communityAudit.communityId, c.id));
    expect(entries.filter((e) => e.action === 'invite.revoked')).toHaveLength(2);
  });

  it('stop admitting once their creator may no longer invite (banned, removed, or without invite_members)', async () => {
    const c = await setup('hidden');
    const byMod = await link(c.id, mod);
    const byMember = await link(c.id, member, { max_uses: 5 });
    const personal = (
      await as(member, 'POST', `/community/${c.id}/invite/${stranger.userId}`)
    ).json() as CommunityInvite;
    expect((await preview(guest, byMod.token)).statusCode).toBe(200);

    expect((await as(owner, 'POST', `/community/${c.id}/ban/${mod.userId}`, { reason: 'rogue' })).statusCode).toBe(200);
    for (const res of [await preview(guest, byMod.token), await accept(guest, byMod.token)]) {
      expect([res.statusCode, res.json().code]).toEqual([410, 'COMMUNITY_INVITE_INVALID']);
    }

    expect((await as(owner, 'DELETE', `/community/${c.id}/remove/${member.userId}`)).statusCode).toBe(200);
    for (const res of [await accept(guest, byMember.token), await accept(stranger, personal.token)]) {
      expect([res.statusCode, res.json().code]).toEqual([410, 'COMMUNITY_INVITE_INVALID']);
    }
    const members = (await as(owner, 'GET', `/community/${c.id}/members`)).json() as {
      items: { user: { id: string } }[];
    };
    expect(members.items.map((m) => m.user.id)).not.toContain(guest.userId);
    expect(members.items.map((m) => m.user.id)).not.toContain(stranger.userId);

    // back as a member whose roles no longer hold invite_members: the old link stays dead, a new one cannot be made
    await joinDirect(t.app.ctx.db, c.id, member.userId);
    const again = await link(c.id, member);
    expect((await as(member, 'POST', `/community/${c.id}/invite/${stranger.userId}`)).statusCode).toBe(201);
    // the personal invite shows the hidden community to its invitee while its creator may invite
    expect((await as(stranger, 'GET', `/community/${c.id}`)).statusCode).toBe(200);
    const memberRole = await builtInRole(t.app.ctx.db, c.id, 'member');
    await t.app.ctx.db
      .update(communityRoles)
      .set({ permissions: memberRole.permissions.filter((p) => p !== 'invite_members') })
      .where(eq(communityRoles.id, memberRole.id));
    const res = await accept(guest, again.token);
    expect([res.statusCode, res.json().code]).toEqual([410, 'COMMUNITY_INVITE_INVALID']);
    // ...and no longer: the hidden community is as unknown to the invitee as to anyone outside
    expect((await as(stranger, 'GET', `/community/${c.id}`)).statusCode).toBe(404);
  });

  it('the list of active invites shows only those that would admit someone, as accept decides', async () => {
    const c = await setup('public');
    const db = t.app.ctx.db;
    const [carer, helper, invitee] = await people(t.app, 3);
    await joinDirect(db, c.id, carer.userId);
    await joinDirect(db, c.id, helper.userId);
    const listed = async () => {
      const res = await as(owner, 'GET', `/community/${c.id}/invites`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: CommunityInvite[]; total: number };
      expect(body.total).toBe(body.items.length);
      return body.items.map((i) => i.id).sort();
    };
    const live = await link(c.id, owner, { max_uses: 5 });
    const revoked = await link(c.id, owner);
    expect((await as(owner, 'DELETE', `/community/${c.id}/invites/${revoked.id}`)).statusCode).toBe(200);
    const usedUp = await link(c.id, owner);
    expect((await accept(guest, usedUp.token)).statusCode).toBe(200);
    const byMod = await link(c.id, mod);
    const byMember = await link(c.id, member);
    const byCarer = await link(c.id, carer);
    const byHelper = (
      await as(helper, 'POST', `/community/${c.id}/invite/${invitee.userId}`)
    ).json() as CommunityInvite;
    expect(await listed()).toEqual([live.id, byMod.id, byMember.id, byCarer.id, byHelper.id].sort());

    // the creator banned, removed, or leaving: their invites end with their membership, even if they come back
    expect((await as(owner, 'POST', `/community/${c.id}/ban/${mod.userId}`, { reason: 'rogue' })).statusCode).toBe(200);
    expect((await as(owner, 'DELETE', `/community/${c.id}/remove/${member.userId}`)).statusCode).toBe(200);
    expect((await as(carer, 'DELETE', `/community/${c.id}/leave`)).statusCode).toBe(200);
    expect(await listed()).toEqual([live.id, byHelper.id].sort());
    await joinDirect(db, c.id, member.userId);
    expect(await listed()).toEqual([live.id, byHelper.id].sort());
    const back = await accept(stranger, byMember.token);
    expect([back.statusCode, back.json().code]).toEqual([410, 'COMMUNITY_INVITE_INVALID']);

    // the creator's roles no longer grant invite_members: off the list (and 410) while that lasts
    const memberRole = await builtInRole(db, c.id, 'member');
    const setInvite = (on: boolean) =>
      db
        .update(communityRoles)
        .set({
          permissions: [
            ...memberRole.permissions.filter((p) => p !== 'invite_members'),
            ...(on ? ['invite_members'] : []),
          ],
        })
        .where(eq(communityRoles.id, memberRole.id));
    await setInvite(false);
    expect(await listed()).toEqual([live.id]);
    expect((await preview(invitee, byHelper.token)).statusCode).toBe(410);
    // inviting the same person again makes a new invite that admits, instead of answering the dead one
    const again = await as(owner, 'POST', `/community/${c.id}/invite/${invitee.userId}`);
    expect(again.statusCode, again.body).toBe(201);
    const fresh = again.json() as CommunityInvite;
    expect(fresh.id).not.toBe(byHelper.id);
    expect(t.notifier.sent.filter((n) => n.recipientId === invitee.userId)).toHaveLength(2);
    expect(await listed()).toEqual([live.id, fresh.id].sort());
    await setInvite(true);
    expect(await listed()).toEqual([live.id, byHelper.id, fresh.id].sort());

    // expired: off the list at its expiry (the manual clock)
    await t.advance(7 * 24 * 3_600_000 + 1, owner, invitee);
    expect(await listed()).toEqual([]);
  });
});
