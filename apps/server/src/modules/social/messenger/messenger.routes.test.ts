import type {
  Conversation,
  ConversationPage,
  Message,
  MessageAttachment,
  MessagePage,
  MessengerUnread,
  ProfileSummaryPage,
} from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import type { BusMessage } from '../../../platform/bus/event-bus.js';
import { createManualClock } from '../../../platform/clock.js';
import { users } from '../../users/users.table.js';
import { createSocialMessenger } from './messenger.plugin.js';
import {
  block,
  follow,
  multipartFile,
  recordingModeration,
  recordingNotifier,
  tableGraph,
} from './messenger.test-kit.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let eve: SignedInUser;
const clock = createManualClock('2026-03-04T09:30:00Z');
const notifier = recordingNotifier();
const moderation = recordingModeration();
const events: BusMessage[] = [];

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  const messenger = createSocialMessenger(app.ctx, {
    graph: tableGraph(app.ctx.db),
    notifier,
    moderation,
    allowance: { messagesPerMinute: 6, newPeoplePerHour: 5 },
  });
  await app.register(messenger.routes, { prefix: '/api' });
  app.ctx.bus.subscribe((m) => events.push(m));
  [ada, bob, eve] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function open(user: SignedInUser, peer: SignedInUser): Promise<Conversation> {
  const res = await call(user, 'POST', '/communities/messenger/conversations', { user_id: peer.userId });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json() as Conversation;
}
async function send(user: SignedInUser, conversationId: string, body: object): Promise<Message> {
  // spaced past the test allowance of 6 a minute
  clock.advance(11_000);
  const res = await call(user, 'POST', `/communities/messenger/conversations/${conversationId}/messages`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Message;
}
const flush = () => new Promise((r) => setTimeout(r, 0));
const setAudience = (user: SignedInUser, visibility: 'everyone' | 'followers' | 'nobody', isPublic = true) =>
  app.ctx.db.update(users).set({ visibility, isPublic }).where(eq(users.id, user.userId));

describe('conversations and messages', () => {
  it('opens one conversation per pair, sends, pages by cursor, counts unread, reads, and is live', async () => {
    const first = await call(ada, 'POST', '/communities/messenger/conversations', { user_id: bob.userId });
    expect(first.statusCode, first.body).toBe(201);
    const conversation = first.json() as Conversation;
    expect(conversation.peer.id).toBe(bob.userId);
    expect(conversation.canMessage).toBe(true);
    const again = await call(bob, 'POST', '/communities/messenger/conversations', { user_id: ada.userId });
    expect(again.statusCode).toBe(200);
    expect((again.json() as Conversation).id).toBe(conversation.id);

    events.length = 0;
    const sent: Message[] = [];
    for (let i = 1; i <= 5; i++) sent.push(await send(ada, conversation.id, { text: `hello ${i}` }));
    await flush();
    expect(sent[0]).toMatchObject({ mine: true, text: 'hello 1', attachments: [] });
    const toBob = events.filter((e) => e.channel === `user:${bob.userId}` && e.event === 'message.new');
    expect(toBob).toHaveLength(5);
    expect(toBob[4]?.data).toMatchObject({
      conversationId: conversation.id,
      message: { mine: false, text: 'hello 5' },
    });
    // one notice for a run of unread messages
    expect(notifier.notices.filter((n) => n.recipientId === bob.userId)).toEqual([
      expect.objectContaining({ type: 'message', actorId: ada.userId, link: `/messages?to=${ada.userId}` }),
    ]);

    const unread = (await call(bob, 'GET', '/communities/messenger/unread')).json() as MessengerUnread;
    expect(unread).toEqual({ messages: 5, conversations: 1 });
    const list = (await call(bob, 'GET', '/communities/messenger/conversations')).json() as ConversationPage;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ unreadCount: 5, lastMessage: { text: 'hello 5' } });

    const page1 = (
      await call(bob, 'GET', `/communities/messenger/conversations/${conversation.id}/messages?limit=3`)
    ).json() as MessagePage;
    expect(page1.items.map((m) => m.text)).toEqual(['hello 5', 'hello 4', 'hello 3']);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = (
      await call(
        bob,
        'GET',
        `/communities/messenger/conversations/${conversation.id}/messages?limit=3&cursor=${page1.nextCursor}`,
      )
    ).json() as MessagePage;
    expect(page2.items.map((m) => m.text)).toEqual(['hello 2', 'hello 1']);
    expect(page2.nextCursor).toBeNull();

    events.length = 0;
    const read = await call(bob, 'PUT', `/communities/messenger/conversations/${conversation.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ unread: { messages: 0, conversations: 0 } });
    await flush();
    expect(events).toContainEqual(expect.objectContaining({ channel: `user:${ada.userId}`, event: 'message.read' }));
    const adaView = (await call(ada, 'GET', `/communities/messenger/conversations/${conversation.id}`)).json();
    expect(adaView.peerLastReadAt).toBe(read.json().lastReadAt);

    events.length = 0;
    const typing = await call(bob, 'POST', `/communities/messenger/conversations/${conversation.id}/typing`);
    expect(typing.statusCode).toBe(200);
    await call(bob, 'POST', `/communities/messenger/conversations/${conversation.id}/typing`);
    await flush();
    expect(events.filter((e) => e.event === 'message.typing')).toEqual([
      {
        channel: `user:${ada.userId}`,
        event: 'message.typing',
        data: { conversationId: conversation.id, userId: bob.userId },
      },
    ]);
  });

  it('deletes a message and a conversation for the caller only', async () => {
    const c = await open(ada, eve);
    const m1 = await send(ada, c.id, { text: 'one' });
    await send(eve, c.id, { text: 'two' });
    expect((await call(eve, 'DELETE', `/communities/messenger/messages/${m1.id}`)).statusCode).toBe(200);
    const eveMessages = (await call(eve, 'GET', `/communities/messenger/conversations/${c.id}/messages`)).json();
    expect(eveMessages.items.map((m: Message) => m.text)).toEqual(['two']);
    const adaMessages = (await call(ada, 'GET', `/communities/messenger/conversations/${c.id}/messages`)).json();
    expect(adaMessages.items.map((m: Message) => m.text)).toEqual(['two', 'one']);

    expect((await call(ada, 'DELETE', `/communities/messenger/conversations/${c.id}`)).statusCode).toBe(200);
    const adaList = (await call(ada, 'GET', '/communities/messenger/conversations')).json() as ConversationPage;
    expect(adaList.items.map((x) => x.id)).not.toContain(c.id);
    await send(eve, c.id, { text: 'three' });
    const after = (await call(ada, 'GET', `/communities/messenger/conversations/${c.id}/messages`)).json();
    expect(after.items.map((m: Message) => m.text)).toEqual(['three']);
    expect((await call(eve, 'GET', `/communities/messenger/conversations/${c.id}/messages`)).json().items).toHaveLength(
      2,
    );
  });

  it('sends sniffed attachments; refuses what is not an image or a PDF', async () => {
    const c = await open(bob, eve);
    const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const body = multipartFile(png, 'photo.exe');
    const res = await app.inject({
      method: 'POST',
      url: '/api/communities/messenger/attachments',
      payload: body.payload,
      headers: { ...bob.auth, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    const attachment = res.json() as MessageAttachment;
    expect(attachment).toMatchObject({
      kind: 'image',
      contentType: 'image/png',
      width: 3,
      height: 2,
      name: 'image.png',
    });

    const message = await send(bob, c.id, { attachment_ids: [attachment.id] });
    expect(message.attachments).toEqual([attachment]);
    const reuse = await call(bob, 'POST', `/communities/messenger/conversations/${c.id}/messages`, {
      attachment_ids: [attachment.id],
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().details.fields[0].field).toBe('attachment_ids');
    const evesTry = await call(eve, 'POST', `/communities/messenger/conversations/${c.id}/messages`, {
      attachment_ids: [attachment.id],
    });
    expect(evesTry.statusCode).toBe(400);

    const pdf = multipartFile(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'a.pdf');
    const pdfRes = await app.inject({
      method: 'POST',
      url: '/api/communities/messenger/attachments',
      payload: pdf.payload,
      headers: { ...bob.auth, ...pdf.headers },
    });
    expect(pdfRes.statusCode, pdfRes.body).toBe(201);
    expect(pdfRes.json()).toMatchObject({ kind: 'file', contentType: 'application/pdf', width: null });

    const script = multipartFile(Buffer.from('<script>alert(1)</script>'), 'evil.png');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/communities/messenger/attachments',
      payload: script.payload,
      headers: { ...bob.auth, ...script.headers },
    });
    expect(bad.statusCode).toBe(415);
    expect(bad.json().message).toMatch(/PNG, JPEG, WebP or GIF image or a PDF/);
  });
});

describe('refusals', () => {
  it('a stranger cannot read, post to, read-mark, type in or delete in a conversation: 404', async () => {
    const c = await open(ada, bob);
    const m = await send(ada, c.id, { text: 'private' });
    const paths: [Method, string, object?][] = [
      ['GET', `/communities/messenger/conversations/${c.id}`],
      ['GET', `/communities/messenger/conversations/${c.id}/messages`],
      ['POST', `/communities/messenger/conversations/${c.id}/messages`, { text: 'hi' }],
      ['PUT', `/communities/messenger/conversations/${c.id}/read`],
      ['POST', `/communities/messenger/conversations/${c.id}/typing`],
      ['DELETE', `/communities/messenger/conversations/${c.id}`],
      ['DELETE', `/communities/messenger/messages/${m.id}`],
      ['POST', `/communities/messenger/messages/${m.id}/report`, { reason: 'spam' }],
    ];
    for (const [method, url, payload] of paths) {
      const res = await call(eve, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect((await call(null, 'GET', '/communities/messenger/conversations')).statusCode).toBe(401);
  });

  it('names the field of bad input', async () => {
    const c = await open(ada, bob);
    const cases: [Method, string, object | undefined, string][] = [
      ['POST', '/communities/messenger/conversations', { user_id: 'nope' }, 'user_id'],
      ['POST', '/communities/messenger/conversations', { user_id: ada.userId }, 'user_id'],
      ['POST', `/communities/messenger/conversations/${c.id}/messages`, {}, 'text'],
      ['POST', `/communities/messenger/conversations/${c.id}/messages`, { text: 'x'.repeat(2001) }, 'text'],
      ['POST', `/communities/messenger/conversations/${c.id}/messages`, { attachment_ids: ['x'] }, 'attachment_ids'],
      ['GET', `/communities/messenger/conversations/${c.id}/messages?cursor=abc`, undefined, 'cursor'],
      ['GET', '/communities/messenger/conversations/not-a-uuid/messages', undefined, 'id'],
      ['GET', '/communities/messenger/conversations?limit=500', undefined, 'limit'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await call(ada, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(body.message, url).toContain(field);
      if (body.details?.fields) expect(body.details.fields[0].field, url).toContain(field);
    }
    const unknown = await call(ada, 'POST', '/communities/messenger/conversations', {
      user_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a block either way: 403 with a sentence on opening, sending and typing', async () => {
    const [x, y] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
    const c = await open(x, y);
    await send(x, c.id, { text: 'before' });
    await block(app.ctx.db, y.userId, x.userId);
    for (const [user, method, url, payload] of [
      [x, 'POST', `/communities/messenger/conversations/${c.id}/messages`, { text: 'after' }],
      [y, 'POST', `/communities/messenger/conversations/${c.id}/messages`, { text: 'after' }],
      [x, 'POST', '/communities/messenger/conversations', { user_id: y.userId }],
      [x, 'POST', `/communities/messenger/conversations/${c.id}/typing`, undefined],
    ] as const) {
      const res = await call(user, method, url, payload);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'MESSENGER_BLOCKED',
        message: 'You cannot message this person: one of you has blocked the other.',
      });
    }
    const view = (await call(x, 'GET', `/communities/messenger/conversations/${c.id}`)).json() as Conversation;
    expect(view).toMatchObject({ canMessage: false, cannotMessageReason: expect.stringContaining('blocked') });
  });

  it("respects the recipient's audience: nobody refuses all, private only people they follow or wrote to", async () => {
    const [x, y, z] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app), signUpAndLogin(app)]);
    await setAudience(y, 'nobody');
    const nobody = await call(x, 'POST', '/communities/messenger/conversations', { user_id: y.userId });
    expect(nobody.statusCode).toBe(403);
    expect(nobody.json().message).toBe('This person does not take messages.');

    await setAudience(z, 'followers', false);
    const privateOne = await call(x, 'POST', '/communities/messenger/conversations', { user_id: z.userId });
    expect(privateOne.statusCode).toBe(403);
    expect(privateOne.json().message).toBe('This person takes messages only from people they follow.');
    // z writes first: x may answer
    const c = await open(z, x);
    await send(z, c.id, { text: 'hi x' });
    await send(x, c.id, { text: 'hi z' });
    // and someone z follows may write at once
    const w = await signUpAndLogin(app);
    await follow(app.ctx.db, z.userId, w.userId);
    await open(w, z);
  });

  it('limits sending against spam: 429 with a sentence', async () => {
    const [x, y] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
    const c = await open(x, y);
    for (let i = 0; i < 6; i++) {
      const ok = await call(x, 'POST', `/communities/messenger/conversations/${c.id}/messages`, { text: `m${i}` });
      expect(ok.statusCode).toBe(201);
    }
    const res = await call(x, 'POST', `/communities/messenger/conversations/${c.id}/messages`, { text: 'spam' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'MESSENGER_RATE_LIMITED', message: expect.stringMatching(/too fast/) });
    clock.advance(61_000);
    expect(
      (await call(x, 'POST', `/communities/messenger/conversations/${c.id}/messages`, { text: 'later' })).statusCode,
    ).toBe(201);
  });
});

describe('reports and friends', () => {
  it('reports a received message through the moderation registry; not one’s own', async () => {
    const c = await open(ada, bob);
    const m = await send(ada, c.id, { text: 'buy my course' });
    const own = await call(ada, 'POST', `/communities/messenger/messages/${m.id}/report`, { reason: 'spam' });
    expect(own.statusCode).toBe(404);
    const res = await call(bob, 'POST', `/communities/messenger/messages/${m.id}/report`, { reason: 'spam' });
    expect(res.statusCode, res.body).toBe(200);
    expect(moderation.reports.at(-1)).toMatchObject({ reporterId: bob.userId, kind: 'message', id: m.id });
    const bad = await call(bob, 'POST', `/communities/messenger/messages/${m.id}/report`, { reason: 'meh' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('reason');

    await moderation.handlers.get('message')?.setModerated(m.id, true);
    const bobSees = (await call(bob, 'GET', `/communities/messenger/conversations/${c.id}/messages`)).json();
    expect(bobSees.items.find((x: Message) => x.id === m.id)).toMatchObject({ moderated: true, text: '' });
    const adaSees = (await call(ada, 'GET', `/communities/messenger/conversations/${c.id}/messages`)).json();
    expect(adaSees.items.find((x: Message) => x.id === m.id)).toMatchObject({ moderated: true, text: 'buy my course' });
  });

  it('the conversation list says per row whether the caller may write and whether they are friends, as each one does', async () => {
    const [me, friend, blocker, quiet, shy] = await Promise.all([
      signUpAndLogin(app),
      signUpAndLogin(app),
      signUpAndLogin(app),
      signUpAndLogin(app),
      signUpAndLogin(app),
    ]);
    await follow(app.ctx.db, me.userId, friend.userId);
    await follow(app.ctx.db, friend.userId, me.userId);
    for (const peer of [friend, blocker, quiet]) await send(me, (await open(me, peer)).id, { text: 'hi' });
    await block(app.ctx.db, blocker.userId, me.userId);
    await send(shy, (await open(shy, me)).id, { text: 'hello' });
    await setAudience(shy, 'followers', false); // private, but wrote to me: I may answer
    await setAudience(quiet, 'nobody');
    const list = (await call(me, 'GET', '/communities/messenger/conversations')).json() as ConversationPage;
    const rows = new Map(list.items.map((c) => [c.peer.id, c]));
    expect(rows.get(friend.userId)).toMatchObject({ canMessage: true, friends: true });
    expect(rows.get(blocker.userId)).toMatchObject({ canMessage: false, friends: false });
    expect(rows.get(shy.userId)).toMatchObject({ canMessage: true, cannotMessageReason: null });
    expect(rows.get(quiet.userId)).toMatchObject({
      canMessage: false,
      cannotMessageReason: 'This person does not take messages.',
    });
    for (const row of list.items) {
      const one = (await call(me, 'GET', `/communities/messenger/conversations/${row.id}`)).json() as Conversation;
      expect(row).toEqual(one);
    }
  });

  it('lists friends (mutual follows) and searches them', async () => {
    const [me, mutual, oneWay] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app), signUpAndLogin(app)]);
    await follow(app.ctx.db, me.userId, mutual.userId);
    await follow(app.ctx.db, mutual.userId, me.userId);
    await follow(app.ctx.db, me.userId, oneWay.userId);
    const friends = (await call(me, 'GET', '/communities/friends')).json() as ProfileSummaryPage;
    expect(friends).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(friends.items.map((f) => f.id)).toEqual([mutual.userId]);
    const found = (
      await call(me, 'GET', `/communities/friends/search/${mutual.username.slice(0, 4)}`)
    ).json() as ProfileSummaryPage;
    expect(found.items.map((f) => f.id)).toEqual([mutual.userId]);
    const none = (await call(me, 'GET', '/communities/friends/search/zzzzqqq')).json() as ProfileSummaryPage;
    expect(none.total).toBe(0);
  });
});
