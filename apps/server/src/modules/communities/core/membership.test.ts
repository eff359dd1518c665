import type { Community, JoinResult } from '@tradedesk/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import type { BusMessage } from '../../../platform/bus/event-bus.js';
import { createManualClock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import { userBusChannel } from '../../../platform/ws/ws-gateway.js';
import type { recordingNotifier } from '../../social/moderation/moderation.test-kit.js';
import { communityAudit, communityInvites, communityMembers } from '../communities.table.js';
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
import { createCommunityCore } from './core.plugin.js';

const clock = createManualClock('2026-03-04T09:30:00Z');
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let notifier: ReturnType<typeof recordingNotifier>;
let owner: SignedInUser;
let mod: SignedInUser;
let member: SignedInUser;
let outsider: SignedInUser;
const events: BusMessage[] = [];

beforeAll(async () => {
  const t = await communitiesTestApp(clock);
  app = t.app;
  notifier = t.notifier as ReturnType<typeof recordingNotifier>;
  await t.app.register(createCommunityCore(t.app.ctx, t.deps).routes, { prefix: '/api' });
  call = caller(app);
  [owner, mod, member, outsider] = await people(app, 4);
  app.ctx.bus.subscribe((m) => void events.push(m));
});

let seq = 0;
const make = (visibility: 'public' | 'private' | 'hidden') =>
  makeCommunity(app.ctx.db, owner.userId, {
    visibility,
    now: clock.now(),
    handle: `m${Date.now().toString(36)}${(seq++).toString(36)}`,
  });
const accessEvents = (user: SignedInUser, communityId: string) =>
  events
    .filter((e) => e.channel === userBusChannel(user.userId) && e.event === 'community.access')
    .map((e) => e.data as { communityId: string; change: string })
    .filter((d) => d.communityId === communityId)
    .map((d) => d.change);
async function withModerator(c: { id: string }) {
  await joinDirect(app.ctx.db, c.id, mod.userId, clock.now());
  await giveRole(app.ctx.db, c.id, mod.userId, (await builtInRole(app.ctx.db, c.id, 'moderator')).id);
}
async function requestsOf(user: SignedInUser, communityId: string) {
  const res = await call(user, 'GET', `/community/${communityId}/requests`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Array<{ id: string; user: { id: string }; message: string }>; total: number };
}
const auditOf = async (communityId: string) =>
  (
    await app.ctx.db
      .select({ action: communityAudit.action, target: communityAudit.targetUserId })
      .from(communityAudit)
      .where(eq(communityAudit.communityId, communityId))
  ).map((a) => a.action);

describe('joining and leaving', () => {
  it('joins a public community at once (member count, default role, live event) and leaves it', async () => {
    const c = await make('public');
    const [joiner] = await people(app, 1);
    const res = await call(joiner, 'POST', `/community/${c.id}/join`);
    expect(res.statusCode, res.body).toBe(200);
    const joined = res.json() as JoinResult;
    expect(joined.status).toBe('joined');
    expect(joined.community).toMatchObject({ membership: 'member', memberCount: 2, limited: false });
    expect(joined.community.myRoles.map((r) => r.name)).toEqual(['Member']);
    expect(accessEvents(joiner, c.id)).toEqual(['joined']);
    expect((await call(joiner, 'POST', `/community/${c.id}/join`)).json()).toMatchObject({
      statusCode: 409,
      code: 'COMMUNITY_ALREADY_MEMBER',
    });

    expect((await call(joiner, 'DELETE', `/community/${c.id}/leave`)).statusCode).toBe(200);
    expect(((await call(joiner, 'GET', `/community/${c.id}`)).json() as Community).memberCount).toBe(1);
    expect((await call(joiner, 'DELETE', `/community/${c.id}/leave`)).json()).toMatchObject({
      statusCode: 403,
      code: 'COMMUNITY_NOT_MEMBER',
    });
    expect(await auditOf(c.id)).toEqual(expect.arrayContaining(['member.joined', 'member.left']));
  });

  it('keeps the owner in: leaving answers 409 asking to transfer ownership first', async () => {
    const c = await make('public');
    const res = await call(owner, 'DELETE', `/community/${c.id}/leave`);
    expect(res.json()).toMatchObject({ statusCode: 409, code: 'COMMUNITY_OWNER_CANNOT_LEAVE' });
    expect(res.json().message).toMatch(/Transfer ownership first\.$/);
  });

  it('refuses the banned (403) and sends hidden communities through their invite', async () => {
    const pub = await make('public');
    await banDirect(app.ctx.db, pub.id, outsider.userId);
    expect((await call(outsider, 'POST', `/community/${pub.id}/join`)).json()).toMatchObject({
      statusCode: 403,
      code: 'COMMUNITY_BANNED',
    });

    const hidden = await make('hidden');
    expect((await call(member, 'POST', `/community/${hidden.id}/join`)).statusCode).toBe(404);
    await app.ctx.db.insert(communityInvites).values({
      id: newId(),
      communityId: hidden.id,
      inviteeId: member.userId,
      createdBy: owner.userId,
      tokenHash: `hash-${newId()}`,
      token: `token-${newId()}`,
      expiresAt: new Date(clock.now().getTime() + 86_400_000),
      createdAt: clock.now(),
    });
    const invited = await call(member, 'POST', `/community/${hidden.id}/join`);
    expect(invited.json()).toMatchObject({ statusCode: 403, code: 'COMMUNITY_FORBIDDEN' });
    expect(invited.json().message).toMatch(/accept the invite/);
    expect(((await call(member, 'GET', `/community/${hidden.id}`)).json() as Community).membership).toBe('invited');
  });
});

describe('join requests of a private community', () => {
  it('asks, lists for manage_members, accepts: the person joins, is notified and the audit says so', async () => {
    const c = await make('private');
    await withModerator(c);
    const [asker] = await people(app, 1);
    const asked = await call(asker, 'POST', `/community/${c.id}/join`, { message: 'I trade gold.' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'requested', community: { membership: 'requested', limited: true } });
    expect(notifier.sent.some((n) => n.recipientId === owner.userId && n.actorId === asker.userId)).toBe(true);
    // asking again updates the message, still one request
    await call(asker, 'POST', `/community/${c.id}/join`, { message: 'I trade gold and silver.' });
    const list = await requestsOf(mod, c.id);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ user: { id: asker.userId }, message: 'I trade gold and silver.' });

    await joinDirect(app.ctx.db, c.id, member.userId, clock.now());
    expect((await call(member, 'GET', `/community/${c.id}/requests`)).json()).toMatchObject({
      statusCode: 403,
      code: 'COMMUNITY_FORBIDDEN',
    });
    const requestId = list.items[0]?.id;
    expect((await call(member, 'POST', `/community/${c.id}/accept/${requestId}`)).statusCode).toBe(403);

    const accepted = await call(mod, 'POST', `/community/${c.id}/accept/${requestId}`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const page = (await call(asker, 'GET', `/community/${c.id}`)).json() as Community;
    expect(page).toMatchObject({ membership: 'member', limited: false, memberCount: 4 });
    expect(notifier.sent.some((n) => n.recipientId === asker.userId && n.type === 'community')).toBe(true);
    expect(accessEvents(asker, c.id)).toEqual(['joined']);
    expect((await requestsOf(mod, c.id)).total).toBe(0);
    expect(await auditOf(c.id)).toContain('request.accepted');
    expect((await call(mod, 'POST', `/community/${c.id}/accept/${requestId}`)).json()).toMatchObject({
      statusCode: 404,
      code: 'COMMUNITY_REQUEST_NOT_FOUND',
    });
  });

  it('rejects a request (notified, audited) and lets the requester withdraw their own', async () => {
    const c = await make('private');
    const [a, b] = await people(app, 2);
    await call(a, 'POST', `/community/${c.id}/join`);
    await call(b, 'POST', `/community/${c.id}/join`, {});
    const list = await requestsOf(owner, c.id);
    const ofA = list.items.find((r) => r.user.id === a.userId)?.id;
    expect((await call(owner, 'POST', `/community/${c.id}/reject/${ofA}`)).statusCode).toBe(200);
    expect(((await call(a, 'GET', `/community/${c.id}`)).json() as Community).membership).toBe('none');
    expect(notifier.sent.some((n) => n.recipientId === a.userId && n.body.includes('not accepted'))).toBe(true);
    expect(await auditOf(c.id)).toContain('request.rejected');

    expect((await call(b, 'DELETE', `/community/${c.id}/revoke`)).statusCode).toBe(200);
    expect((await requestsOf(owner, c.id)).total).toBe(0);
    expect((await call(b, 'DELETE', `/community/${c.id}/revoke`)).json()).toMatchObject({
      statusCode: 404,
      code: 'COMMUNITY_REQUEST_NOT_FOUND',
    });
  });

  it('refuses to accept a banned requester and a request of another community (IDOR)', async () => {
    const c = await make('private');
    const other = await make('private');
    const [a] = await people(app, 1);
    await call(a, 'POST', `/community/${other.id}/join`);
    const otherRequest = (await requestsOf(owner, other.id)).items[0]?.id;
    expect((await call(owner, 'POST', `/community/${c.id}/accept/${otherRequest}`)).statusCode).toBe(404);
    // a moderator of c has no power over other's requests
    await withModerator(c);
    expect((await call(mod, 'GET', `/community/${other.id}/requests`)).statusCode).toBe(403);
    expect((await call(mod, 'POST', `/community/${other.id}/reject/${otherRequest}`)).statusCode).toBe(403);

    await banDirect(app.ctx.db, other.id, a.userId);
    expect((await call(owner, 'POST', `/community/${other.id}/accept/${otherRequest}`)).json()).toMatchObject({
      statusCode: 403,
      code: 'COMMUNITY_BANNED',
    });
  });
});

describe('the member’s own settings', () => {
  it('pins and unpins, reads and changes the notification preferences; members only', async () => {
    const c = await make('public');
    await joinDirect(app.ctx.db, c.id, member.userId, clock.now());
    expect((await call(member, 'POST', `/community/${c.id}/pin`)).statusCode).toBe(200);
    expect(((await call(member, 'GET', `/community/${c.id}`)).json() as Community).pinned).toBe(true);
    expect((await call(member, 'DELETE', `/community/${c.id}/pin`)).statusCode).toBe(200);
    expect(((await call(member, 'GET', `/community/${c.id}`)).json() as Community).pinned).toBe(false);
    expect((await call(outsider, 'POST', `/community/${c.id}/pin`)).statusCode).toBe(403);

    expect((await call(member, 'GET', `/community/${c.id}/notifications`)).json()).toEqual({
      level: 'all',
      newPosts: true,
      announcements: true,
    });
    const changed = await call(member, 'PUT', `/community/${c.id}/notifications`, {
      level: 'mentions',
      new_posts: false,
    });
    expect(changed.json()).toEqual({ level: 'mentions', newPosts: false, announcements: true });
    const [row] = await app.ctx.db
      .select()
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, c.id), eq(communityMembers.userId, member.userId)));
    expect(row?.notifyLevel).toBe('mentions');
    const bad = await call(member, 'PUT', `/community/${c.id}/notifications`, { level: 'loud' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/level must be all, mentions or none/);
    expect((await call(outsider, 'GET', `/community/${c.id}/notifications`)).json()).toMatchObject({
      statusCode: 403,
      code: 'COMMUNITY_NOT_MEMBER',
    });
  });
});

describe('a hidden community is invisible to outsiders on every route of the slice', () => {
  it('answers 404 everywhere, and the same to the banned', async () => {
    const c = await make('hidden');
    await joinDirect(app.ctx.db, c.id, member.userId, clock.now());
    const [banned] = await people(app, 1);
    await banDirect(app.ctx.db, c.id, banned.userId);
    const requestId = newId();
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', `/community/${c.id}`],
      ['GET', `/community/by-handle/${c.handle}`],
      ['DELETE', `/community/${c.id}`, { confirm: c.handle }],
      ['POST', `/community/${c.id}/restore`],
      ['PUT', `/community/${c.id}/settings`, { name: 'Taken over' }],
      ['DELETE', `/community/${c.id}/image`],
      ['DELETE', `/community/${c.id}/banner`],
      ['POST', `/community/${c.id}/join`],
      ['DELETE', `/community/${c.id}/leave`],
      ['GET', `/community/${c.id}/requests`],
      ['POST', `/community/${c.id}/accept/${requestId}`],
      ['POST', `/community/${c.id}/reject/${requestId}`],
      ['DELETE', `/community/${c.id}/revoke`],
      ['POST', `/community/${c.id}/pin`],
      ['DELETE', `/community/${c.id}/pin`],
      ['GET', `/community/${c.id}/notifications`],
      ['PUT', `/community/${c.id}/notifications`, { level: 'none' }],
    ];
    for (const who of [outsider, banned]) {
      for (const [method, url, body] of routes) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
        expect(res.json().code).toBe('COMMUNITY_NOT_FOUND');
      }
    }
    for (const list of ['/community?limit=50', '/community/joined/list?limit=50', '/community/spotlight']) {
      const items = (await call(outsider, 'GET', list)).json().items as Array<{ id: string }>;
      expect(items.map((i) => i.id)).not.toContain(c.id);
    }
    const listed = (await call(member, 'GET', `/community?search=${c.handle}`)).json();
    expect(listed.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
  });
});
