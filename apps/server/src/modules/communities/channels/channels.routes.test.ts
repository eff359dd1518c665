import type { ChannelMessage, CommunityChannel, WsServerMessage } from '@tradedesk/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../test/auth-helpers.js';
import { TestWsClient } from '../../../../test/ws-client.js';
import type { BusMessage } from '../../../platform/bus/event-bus.js';
import { createManualClock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import { communityAudit, communityMembers, communityRoles } from '../communities.table.js';
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
import { createCommunityCore } from '../core/core.plugin.js';
import { createCommunityMembers } from '../members/members.plugin.js';
import { createCommunityRoles } from '../roles/roles.plugin.js';
import { type CommunityChannelsModule, createCommunityChannels } from './channels.plugin.js';

const clock = createManualClock('2026-03-04T09:30:00Z');
let t: Awaited<ReturnType<typeof communitiesTestApp>>;
let slice: CommunityChannelsModule;
let call: ReturnType<typeof caller>;
let owner: SignedInUser;
let mod: SignedInUser;
let member: SignedInUser;
let insider: SignedInUser;
let outsider: SignedInUser;
const events: BusMessage[] = [];

beforeAll(async () => {
  t = await communitiesTestApp(clock);
  slice = createCommunityChannels(t.app.ctx, t.deps, { allowance: { messagesPerMinute: 5 } });
  await t.app.register(slice.routes, { prefix: '/api' });
  // bans and role changes, whose effect on live subscriptions is tested below
  await t.app.register(createCommunityMembers(t.app.ctx, t.deps).routes, { prefix: '/api' });
  await t.app.register(createCommunityRoles(t.app.ctx, t.deps).routes, { prefix: '/api' });
  // the settings (a change of visibility), wired to the channels as registerCommunities wires them
  const core = createCommunityCore(t.app.ctx, t.deps, {
    onVisibilityChanged: (id) => slice.channels.communityAccessChanged(id),
  });
  await t.app.register(core.routes, { prefix: '/api' });
  t.app.ctx.bus.subscribe((m) => events.push(m));
  call = caller(t.app);
  [owner, mod, member, insider, outsider] = await people(t.app, 5);
});

const db = () => t.app.ctx.db;
const flush = () => new Promise((r) => setTimeout(r, 0));

/** A community with a moderator, a plain member and an "insider" holding a custom role `Insiders`. */
async function setUp(visibility: 'public' | 'private' | 'hidden' = 'public') {
  const c = await makeCommunity(db(), owner.userId, { visibility, now: clock.now() });
  for (const p of [mod, member, insider]) await joinDirect(db(), c.id, p.userId, clock.now());
  await giveRole(db(), c.id, mod.userId, (await builtInRole(db(), c.id, 'moderator')).id);
  const insiders = newId();
  await db().insert(communityRoles).values({
    id: insiders,
    communityId: c.id,
    name: 'Insiders',
    permissions: [],
    position: 3,
    createdAt: clock.now(),
  });
  await giveRole(db(), c.id, insider.userId, insiders);
  const list = await channelsOf(owner, c.id);
  const general = list.find((ch) => ch.name === 'general') as CommunityChannel;
  const announcements = list.find((ch) => ch.name === 'announcements') as CommunityChannel;
  return { c, insiders, general, announcements };
}

async function channelsOf(user: SignedInUser, communityId: string): Promise<CommunityChannel[]> {
  const res = await call(user, 'GET', `/community/${communityId}/channels`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: CommunityChannel[] }).items;
}

/** Posts a message, spaced past the test allowance of 5 a minute. */
async function say(user: SignedInUser, communityId: string, channelId: string, content: string) {
  clock.advance(13_000);
  const res = await call(user, 'POST', `/community/${communityId}/channels/${channelId}/messages`, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChannelMessage;
}

async function privateChannel(communityId: string, roleIds: string[], name = 'insiders') {
  const res = await call(owner, 'POST', `/community/${communityId}/channels`, {
    name,
    topic: 'For a few',
    private: true,
    role_ids: roleIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CommunityChannel;
}

describe('channels', () => {
  it('starts every community with #general and a read-only #announcements', async () => {
    const { c } = await setUp();
    const mine = await channelsOf(member, c.id);
    expect(mine.map((ch) => [ch.name, ch.kind, ch.position, ch.canWrite])).toEqual([
      ['general', 'text', 1, true],
      ['announcements', 'announcements', 2, false],
    ]);
    expect((await channelsOf(owner, c.id)).map((ch) => ch.canWrite)).toEqual([true, true]);
    // a signed-in outsider reads a public community's channels but writes nowhere
    expect((await channelsOf(outsider, c.id)).map((ch) => ch.canWrite)).toEqual([false, false]);
  });

  it('creates, changes, moves and deletes channels with manage_channels, audited', async () => {
    const { c, insiders } = await setUp();
    const refused = await call(member, 'POST', `/community/${c.id}/channels`, { name: 'memes' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('COMMUNITY_FORBIDDEN');

    const created = await call(owner, 'POST', `/community/${c.id}/channels`, { name: 'Setups', topic: 'Charts' });
    expect(created.statusCode, created.body).toBe(201);
    const setups = created.json() as CommunityChannel;
    expect(setups).toMatchObject({ name: 'setups', kind: 'text', private: false, roleIds: [], position: 3 });

    const taken = await call(owner, 'POST', `/community/${c.id}/channels`, { name: 'general' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'COMMUNITY_CHANNEL_NAME_TAKEN',
      details: { fields: [{ field: 'name' }] },
    });
    const badName = await call(owner, 'POST', `/community/${c.id}/channels`, { name: 'no spaces' });
    expect(badName.statusCode).toBe(400);

    // a role of another community is refused by name
    const other = await makeCommunity(db(), owner.userId, { now: clock.now() });
    const foreignRole = await builtInRole(db(), other.id, 'member');
    const foreign = await call(owner, 'POST', `/community/${c.id}/channels`, {
      name: 'secret',
      private: true,
      role_ids: [foreignRole.id],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'COMMUNITY_ROLE_NOT_FOUND',
      details: { fields: [{ field: 'role_ids' }] },
    });

    const changed = await call(owner, 'PUT', `/community/${c.id}/channels/${setups.id}`, {
      topic: 'Chart setups',
      private: true,
      role_ids: [insiders],
      position: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ topic: 'Chart setups', private: true, roleIds: [insiders], position: 1 });
    expect((await channelsOf(owner, c.id)).map((ch) => ch.name)).toEqual(['setups', 'general', 'announcements']);
    const renameClash = await call(owner, 'PUT', `/community/${c.id}/channels/${setups.id}`, { name: 'general' });
    expect(renameClash.statusCode).toBe(409);

    const gone = await call(owner, 'DELETE', `/community/${c.id}/channels/${setups.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await channelsOf(owner, c.id)).map((ch) => ch.name)).toEqual(['general', 'announcements']);

    const audit = await db().select().from(communityAudit).where(eq(communityAudit.communityId, c.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['channel.created', 'channel.deleted', 'channel.updated']);
    expect(audit.find((a) => a.action === 'channel.updated')?.details).toMatchObject({
      changed: ['topic', 'private', 'role_ids', 'position'],
    });
  });

  it('hides a private channel from roles without access on every channel route and over the WebSocket', async () => {
    const { c, insiders, general } = await setUp();
    const room = await privateChannel(c.id, [insiders]);
    // a manager of channels without the role or view_private_channels sees it no more than anyone else
    const managers = newId();
    await db()
      .insert(communityRoles)
      .values({
        id: managers,
        communityId: c.id,
        name: 'Channel managers',
        permissions: ['manage_channels', 'use_channels'],
        position: 4,
        createdAt: clock.now(),
      });
    await giveRole(db(), c.id, member.userId, managers);

    expect((await channelsOf(insider, c.id)).map((ch) => ch.name)).toContain('insiders');
    expect((await channelsOf(mod, c.id)).map((ch) => ch.name)).toContain('insiders');
    expect((await channelsOf(owner, c.id)).map((ch) => ch.name)).toContain('insiders');
    expect((await channelsOf(member, c.id)).map((ch) => ch.name)).not.toContain('insiders');
    expect((await channelsOf(outsider, c.id)).map((ch) => ch.name)).not.toContain('insiders');

    const message = await say(insider, c.id, room.id, 'only for us');
    const path = `/community/${c.id}/channels/${room.id}`;
    for (const who of [member, outsider]) {
      const attempts = [
        await call(who, 'GET', `${path}/messages`),
        await call(who, 'POST', `${path}/messages`, { content: 'let me in' }),
        await call(who, 'DELETE', `${path}/messages/${message.id}`),
        await call(who, 'POST', `${path}/read`),
        await call(who, 'PUT', path, { topic: 'mine now' }),
        await call(who, 'DELETE', path),
      ];
      const expected =
        who === member
          ? [404, 404, 404, 404, 404, 404]
          : // an outsider is no member: refused on member-only routes before the channel is looked at
            [404, 404, 404, 403, 403, 403];
      expect(
        attempts.map((r) => r.statusCode),
        attempts.map((r) => r.body).join('\n'),
      ).toEqual(expected);
      for (const r of attempts.filter((x) => x.statusCode === 404)) {
        expect(r.json().code).toBe('COMMUNITY_CHANNEL_NOT_FOUND');
      }
    }
    // a channel of another community answers 404 on this one's paths
    const elsewhere = await makeCommunity(db(), owner.userId, { now: clock.now() });
    const theirs = (await channelsOf(owner, elsewhere.id))[0] as CommunityChannel;
    expect((await call(owner, 'GET', `/community/${c.id}/channels/${theirs.id}/messages`)).statusCode).toBe(404);

    const authorize = (who: SignedInUser, id: string) =>
      slice.messages.authorize({
        userId: who.userId,
        sessionId: 's',
        channel: `community-channel:${id}`,
        rest: id,
      });
    expect(await authorize(insider, room.id)).toBe(true);
    expect(await authorize(mod, room.id)).toBe(true);
    expect(await authorize(member, room.id)).toBe(false);
    expect(await authorize(outsider, room.id)).toBe(false);
    expect(await authorize(outsider, general.id)).toBe(true);
    expect(await authorize(member, newId())).toBe(false);
    expect(await authorize(member, 'not-a-uuid')).toBe(false);
  });

  it('keeps announcements read-only for most, and refuses the banned and non-members', async () => {
    const { c, general, announcements } = await setUp();
    const readOnly = await call(member, 'POST', `/community/${c.id}/channels/${announcements.id}/messages`, {
      content: 'hello all',
    });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().code).toBe('COMMUNITY_CHANNEL_READ_ONLY');
    await say(owner, c.id, announcements.id, 'Welcome!');

    const notMember = await call(outsider, 'POST', `/community/${c.id}/channels/${general.id}/messages`, {
      content: 'hi',
    });
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json().code).toBe('COMMUNITY_NOT_MEMBER');
    expect((await call(outsider, 'GET', `/community/${c.id}/channels/${general.id}/messages`)).statusCode).toBe(200);

    await banDirect(db(), c.id, member.userId);
    for (const res of [
      await call(member, 'GET', `/community/${c.id}/channels`),
      await call(member, 'GET', `/community/${c.id}/channels/${general.id}/messages`),
      await call(member, 'POST', `/community/${c.id}/channels/${general.id}/messages`, { content: 'still here' }),
      await call(member, 'POST', `/community/${c.id}/channels/${general.id}/read`),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('COMMUNITY_BANNED');
    }
    expect(
      await slice.messages.authorize({ userId: member.userId, sessionId: 's', channel: '', rest: general.id }),
    ).toBe(false);

    const priv = await setUp('private');
    expect((await call(outsider, 'GET', `/community/${priv.c.id}/channels`)).json().code).toBe('COMMUNITY_NOT_MEMBER');
    expect(
      (await call(outsider, 'GET', `/community/${priv.c.id}/channels/${priv.general.id}/messages`)).statusCode,
    ).toBe(403);
    const hidden = await setUp('hidden');
    expect((await call(outsider, 'GET', `/community/${hidden.c.id}/channels`)).statusCode).toBe(404);
    expect(
      (
        await call(outsider, 'POST', `/community/${hidden.c.id}/channels/${hidden.general.id}/messages`, {
          content: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('messages', () => {
  it('counts unread messages and mentions, notifies the mentioned, and marks read', async () => {
    const { c, insiders, general } = await setUp();
    const room = await privateChannel(c.id, [insiders]);
    events.length = 0;
    t.notifier.sent.length = 0;
    await say(member, c.id, general.id, 'first');
    const mention = await say(
      member,
      c.id,
      general.id,
      `hey @${owner.username} and @${insider.username.toUpperCase()}!`,
    );
    await say(member, c.id, general.id, `@nobody_here_at_all and @${outsider.username} are not members`);
    expect(mention.mentions.map((m) => m.id).sort()).toEqual([owner.userId, insider.userId].sort());

    const ownerView = (await channelsOf(owner, c.id)).find((ch) => ch.id === general.id);
    expect(ownerView).toMatchObject({ unread: 3, mentions: 1 });
    // the author's own messages are not unread for them
    expect((await channelsOf(member, c.id)).find((ch) => ch.id === general.id)).toMatchObject({ unread: 0 });

    expect(t.notifier.sent.map((n) => [n.type, n.recipientId]).sort()).toEqual(
      [
        ['mention', owner.userId],
        ['mention', insider.userId],
      ].sort(),
    );
    expect(t.notifier.sent[0]?.link).toBe(`/communities/${c.handle}?tab=channels&channel=${general.id}`);

    await flush();
    const unreadToOwner = events.filter(
      (e) => e.channel === `user:${owner.userId}` && e.event === 'community.channel_unread',
    );
    expect(unreadToOwner.at(-1)?.data).toEqual({ communityId: c.id, channelId: general.id, unread: 3, mentions: 1 });
    expect(events.some((e) => e.channel === `user:${member.userId}` && e.event === 'community.channel_unread')).toBe(
      false,
    );

    // a member who cannot see a private channel is neither mentioned nor told about it
    events.length = 0;
    t.notifier.sent.length = 0;
    const hush = await say(insider, c.id, room.id, `@${member.username} you cannot read this`);
    expect(hush.mentions).toEqual([]);
    expect(t.notifier.sent).toEqual([]);
    await flush();
    const told = events.filter((e) => e.event === 'community.channel_unread').map((e) => e.channel);
    expect(told.sort()).toEqual([`user:${owner.userId}`, `user:${mod.userId}`].sort());

    // notify level none: still mentioned (counted), not notified
    await db()
      .update(communityMembers)
      .set({ notifyLevel: 'none' })
      .where(and(eq(communityMembers.communityId, c.id), eq(communityMembers.userId, mod.userId)));
    t.notifier.sent.length = 0;
    await say(member, c.id, general.id, `@${mod.username} ping`);
    expect(t.notifier.sent).toEqual([]);
    expect((await channelsOf(mod, c.id)).find((ch) => ch.id === general.id)).toMatchObject({ unread: 4, mentions: 1 });

    clock.advance(1000);
    const read = await call(owner, 'POST', `/community/${c.id}/channels/${general.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ communityId: c.id, channelId: general.id, unread: 0, mentions: 0 });
    expect((await channelsOf(owner, c.id)).find((ch) => ch.id === general.id)).toMatchObject({
      unread: 0,
      mentions: 0,
    });
    await say(member, c.id, general.id, 'after the read');
    expect((await channelsOf(owner, c.id)).find((ch) => ch.id === general.id)).toMatchObject({ unread: 1 });
    // reading needs membership
    const outsiderRead = await call(outsider, 'POST', `/community/${c.id}/channels/${general.id}/read`);
    expect(outsiderRead.json().code).toBe('COMMUNITY_NOT_MEMBER');
  });

  it('pages newest first with a keyset cursor', async () => {
    const { c, general } = await setUp();
    for (let i = 1; i <= 5; i++) await say(member, c.id, general.id, `m${i}`);
    const base = `/community/${c.id}/channels/${general.id}/messages`;
    const first = (await call(owner, 'GET', `${base}?limit=2`)).json() as {
      items: ChannelMessage[];
      nextBefore: string | null;
    };
    expect(first.items.map((m) => m.content)).toEqual(['m5', 'm4']);
    expect(first.items[0]).toMatchObject({ author: { id: member.userId }, deleted: false, deletable: true });
    const second = (await call(owner, 'GET', `${base}?limit=2&before=${first.nextBefore}`)).json() as typeof first;
    expect(second.items.map((m) => m.content)).toEqual(['m3', 'm2']);
    const third = (await call(owner, 'GET', `${base}?limit=2&before=${second.nextBefore}`)).json() as typeof first;
    expect(third.items.map((m) => m.content)).toEqual(['m1']);
    expect(third.nextBefore).toBeNull();
    const bad = await call(owner, 'GET', `${base}?before=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'COMMUNITY_CURSOR_INVALID', details: { fields: [{ field: 'before' }] } });
  });

  it('lets the author or an outranking moderator delete a message, audits the moderator, and is live', async () => {
    const { c, general } = await setUp();
    const mine = await say(member, c.id, general.id, 'oops');
    const theirs = await say(member, c.id, general.id, 'spam spam');
    const modSays = await say(mod, c.id, general.id, 'keep it civil');
    const ownerSays = await say(owner, c.id, general.id, 'rules apply');
    const path = (id: string) => `/community/${c.id}/channels/${general.id}/messages/${id}`;

    events.length = 0;
    expect((await call(member, 'DELETE', path(mine.id))).statusCode).toBe(200);
    const noPower = await call(member, 'DELETE', path(modSays.id));
    expect(noPower.json().code).toBe('COMMUNITY_FORBIDDEN');
    const above = await call(mod, 'DELETE', path(ownerSays.id));
    expect(above.json().code).toBe('COMMUNITY_ROLE_HIERARCHY');
    expect((await call(mod, 'DELETE', path(theirs.id))).statusCode).toBe(200);
    expect((await call(mod, 'DELETE', path(newId()))).json().code).toBe('COMMUNITY_MESSAGE_NOT_FOUND');

    const page = (await call(mod, 'GET', `/community/${c.id}/channels/${general.id}/messages`)).json() as {
      items: ChannelMessage[];
    };
    const byId = new Map(page.items.map((m) => [m.id, m]));
    expect(byId.get(mine.id)).toMatchObject({ deleted: true, content: '', deletable: false });
    expect(byId.get(modSays.id)).toMatchObject({ deletable: true });
    expect(byId.get(ownerSays.id)).toMatchObject({ deletable: false });

    const audit = await db().select().from(communityAudit).where(eq(communityAudit.communityId, c.id));
    expect(audit.map((a) => [a.action, a.actorId, a.targetUserId])).toEqual([
      ['message.deleted', mod.userId, member.userId],
    ]);
    await flush();
    expect(
      events
        .filter((e) => e.channel === `community-channel:${general.id}` && e.event === 'channel.message_deleted')
        .map((e) => (e.data as { messageId: string }).messageId),
    ).toEqual([mine.id, theirs.id]);
  });

  it('limits how fast one person writes', async () => {
    const { c, general } = await setUp();
    clock.advance(61_000);
    const path = `/community/${c.id}/channels/${general.id}/messages`;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await call(member, 'POST', path, { content: `burst ${i}` })).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    clock.advance(61_000);
    expect((await call(member, 'POST', path, { content: 'calm again' })).statusCode).toBe(201);
  });

  it('delivers a new message live to a subscriber of community-channel:<id>', async () => {
    const { c, insiders, general } = await setUp();
    const room = await privateChannel(c.id, [insiders]);
    const url = await wsUrl();
    const watcher = await TestWsClient.connect(`${url}?access_token=${outsider.accessToken}`);
    const snoop = await TestWsClient.connect(`${url}?access_token=${member.accessToken}`);
    try {
      expect(await watcher.subscribe(`community-channel:${general.id}`)).toMatchObject({ type: 'subscribed' });
      expect(await snoop.subscribe(`community-channel:${room.id}`)).toMatchObject({
        type: 'error',
        code: 'WS_CHANNEL_NOT_FOUND',
      });
      const sent = await say(member, c.id, general.id, 'live!');
      const event = (await watcher.next('event', (m) => m.event === 'channel.message')) as Extract<
        WsServerMessage,
        { type: 'event' }
      >;
      expect(event.channel).toBe(`community-channel:${general.id}`);
      expect(event.data).toMatchObject({
        communityId: c.id,
        channelId: general.id,
        message: { id: sent.id, content: 'live!', author: { id: member.userId }, deletable: false },
      });
    } finally {
      watcher.close();
      snoop.close();
    }
  });

  it('stops the live messages of a member at once when they are banned or lose a private channel’s role', async () => {
    const { c, insiders, general } = await setUp('private');
    const room = await privateChannel(c.id, [insiders]);
    const url = await wsUrl();
    const banned = await TestWsClient.connect(`${url}?access_token=${member.accessToken}`);
    const demoted = await TestWsClient.connect(`${url}?access_token=${insider.accessToken}`);
    try {
      expect(await banned.subscribe(`community-channel:${general.id}`)).toMatchObject({ type: 'subscribed' });
      expect(await demoted.subscribe(`community-channel:${room.id}`)).toMatchObject({ type: 'subscribed' });
      expect(await demoted.subscribe(`community-channel:${general.id}`)).toMatchObject({ type: 'subscribed' });

      const ban = await call(mod, 'POST', `/community/${c.id}/ban/${member.userId}`, { reason: 'spam' });
      expect(ban.statusCode, ban.body).toBe(200);
      expect(await banned.next('unsubscribed')).toMatchObject({ channel: `community-channel:${general.id}` });

      const take = await call(owner, 'POST', `/community/${c.id}/unassign-role`, {
        member_id: insider.userId,
        role_id: insiders,
      });
      expect(take.statusCode, take.body).toBe(200);
      expect(await demoted.next('unsubscribed')).toMatchObject({ channel: `community-channel:${room.id}` });

      await say(owner, c.id, room.id, 'insiders only');
      await say(owner, c.id, general.id, 'to everyone');
      // the demoted member still hears #general (they may read it), neither hears what they lost
      const heard = await demoted.next('event', (m) => m.event === 'channel.message');
      expect(heard).toMatchObject({ channel: `community-channel:${general.id}` });
      await flush();
      const leaked = [...banned.messages, ...demoted.messages].filter(
        (m) => m.type === 'event' && m.event === 'channel.message',
      );
      expect(leaked).toEqual([]);
    } finally {
      banned.close();
      demoted.close();
    }
  });

  it('drops an outsider’s live messages of a public community’s channel when it becomes private', async () => {
    const { c, general } = await setUp('public');
    const url = await wsUrl();
    const visitor = await TestWsClient.connect(`${url}?access_token=${outsider.accessToken}`);
    try {
      expect(await visitor.subscribe(`community-channel:${general.id}`)).toMatchObject({ type: 'subscribed' });
      const closed = await call(owner, 'PUT', `/community/${c.id}/settings`, { visibility: 'private' });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(await visitor.next('unsubscribed')).toMatchObject({ channel: `community-channel:${general.id}` });
      await say(owner, c.id, general.id, 'members only now');
      await flush();
      expect(visitor.messages.filter((m) => m.type === 'event' && m.event === 'channel.message')).toEqual([]);
    } finally {
      visitor.close();
    }
  });

  it('drops the live messages of a role’s holders when the role loses the permission that let them read', async () => {
    const { c, insiders } = await setUp('public');
    const room = await privateChannel(c.id, [insiders]);
    // `member` reads the private room through a role with view_private_channels, not through the room's roles
    const staff = newId();
    await db()
      .insert(communityRoles)
      .values({
        id: staff,
        communityId: c.id,
        name: 'Staff',
        permissions: ['view_private_channels'],
        position: 2,
        createdAt: clock.now(),
      });
    await giveRole(db(), c.id, member.userId, staff);
    const url = await wsUrl();
    const reader = await TestWsClient.connect(`${url}?access_token=${member.accessToken}`);
    try {
      expect(await reader.subscribe(`community-channel:${room.id}`)).toMatchObject({ type: 'subscribed' });
      const edit = await call(owner, 'PUT', `/community/${c.id}/roles/${staff}`, { permissions: [] });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await reader.next('unsubscribed')).toMatchObject({ channel: `community-channel:${room.id}` });
      await say(owner, c.id, room.id, 'not for staff any more');
      await flush();
      expect(reader.messages.filter((m) => m.type === 'event' && m.event === 'channel.message')).toEqual([]);
    } finally {
      reader.close();
    }
  });

  it('drops live subscribers who may no longer read a channel made private, given other roles, or deleted', async () => {
    const { c, insiders, general } = await setUp('public');
    const room = await privateChannel(c.id, [insiders]);
    const url = await wsUrl();
    const plain = await TestWsClient.connect(`${url}?access_token=${member.accessToken}`);
    const inside = await TestWsClient.connect(`${url}?access_token=${insider.accessToken}`);
    try {
      expect(await plain.subscribe(`community-channel:${general.id}`)).toMatchObject({ type: 'subscribed' });
      expect(await inside.subscribe(`community-channel:${room.id}`)).toMatchObject({ type: 'subscribed' });

      const hide = await call(owner, 'PUT', `/community/${c.id}/channels/${general.id}`, {
        private: true,
        role_ids: [insiders],
      });
      expect(hide.statusCode, hide.body).toBe(200);
      expect(await plain.next('unsubscribed')).toMatchObject({ channel: `community-channel:${general.id}` });

      const others = await call(owner, 'PUT', `/community/${c.id}/channels/${room.id}`, { role_ids: [] });
      expect(others.statusCode, others.body).toBe(200);
      expect(await inside.next('unsubscribed')).toMatchObject({ channel: `community-channel:${room.id}` });

      await say(owner, c.id, general.id, 'insiders now');
      await say(owner, c.id, room.id, 'owner only');
      await flush();
      const leaked = [...plain.messages, ...inside.messages].filter(
        (m) => m.type === 'event' && m.event === 'channel.message',
      );
      expect(leaked).toEqual([]);

      // the insider still reads #general (now theirs) until it is deleted
      expect(await inside.subscribe(`community-channel:${general.id}`)).toMatchObject({ type: 'subscribed' });
      expect((await call(owner, 'DELETE', `/community/${c.id}/channels/${general.id}`)).statusCode).toBe(200);
      expect(await inside.next('unsubscribed')).toMatchObject({ channel: `community-channel:${general.id}` });
    } finally {
      plain.close();
      inside.close();
    }
  });
});

/** The app listening (once for the file), as a WebSocket address. */
async function wsUrl(): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `ws://127.0.0.1:${address.port}/api/ws`;
}
