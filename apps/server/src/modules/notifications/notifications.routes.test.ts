import {
  NOTIFICATION_EVENT,
  NOTIFICATIONS_CHANGED_EVENT,
  type Notification,
  type NotificationList,
} from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import type { BusMessage } from '../../platform/bus/event-bus.js';
import { createManualClock } from '../../platform/clock.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import { userBusChannel } from '../../platform/ws/ws-gateway.js';
import { createUsersModule } from '../users/users.plugin.js';
import { createNotificationsService } from './notifications.service.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');
const published: BusMessage[] = [];

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  app.ctx.bus.subscribe((m) => void published.push(m));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
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

async function note(user: SignedInUser, body: object): Promise<Notification> {
  const res = await call(user, 'POST', '/notifications', body);
  expect(res.statusCode, res.body).toBe(201);
  clock.advance(1000);
  return res.json() as Notification;
}

const list = async (user: SignedInUser, query = '') =>
  (await call(user, 'GET', `/notifications${query}`)).json() as NotificationList;

/** The bus messages on a user's channel published since `from`. */
const eventsOf = (user: SignedInUser, from: number) =>
  published.slice(from).filter((m) => m.channel === userBusChannel(user.userId));

describe('POST /notifications', () => {
  it('stores a note to self and publishes it on the user channel with the unread count', async () => {
    const carol = await signUpAndLogin(app);
    const before = published.length;
    const created = await note(carol, { title: '  Check the NFP release ', body: 'At 13:30', link: '/calendar' });
    expect(created).toEqual({
      id: expect.any(String),
      kind: 'note',
      title: 'Check the NFP release',
      body: 'At 13:30',
      link: '/calendar',
      data: null,
      read: false,
      createdAt: '2026-03-02T09:30:00.000Z',
      toast: true,
      sound: false,
    });
    await expect
      .poll(() => eventsOf(carol, before))
      .toEqual([
        {
          channel: userBusChannel(carol.userId),
          event: NOTIFICATION_EVENT,
          data: { notification: created, unreadCount: 1 },
        },
      ]);
    expect(eventsOf(ada, before)).toEqual([]);
  });

  it.each([
    ['a missing title', {}, 'title', 'title is required.'],
    ['a blank title', { title: '   ' }, 'title', 'title is required.'],
    ['a too long title', { title: 'x'.repeat(121) }, 'title', undefined],
    ['a link that is neither a path nor http(s)', { title: 'a', link: 'javascript:alert(1)' }, 'link', undefined],
    ['a protocol-relative link', { title: 'a', link: '//evil.example' }, 'link', undefined],
    ['toast not a boolean', { title: 'a', toast: 'yes' }, 'toast', 'toast must be true or false.'],
    ['an unknown field', { title: 'a', kind: 'alert' }, 'kind', undefined],
  ])('refuses %s, naming the field', async (_, body, field, message) => {
    expectFieldError(await call(ada, 'POST', '/notifications', body), { field, message });
  });

  it('needs a signed-in user', async () => {
    expect((await call(null, 'POST', '/notifications', { title: 'a' })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/notifications')).statusCode).toBe(401);
  });
});

describe('GET /notifications', () => {
  it('pages newest first, filters unread, and counts the unread ones', async () => {
    const dan = await signUpAndLogin(app);
    const made: Notification[] = [];
    for (let i = 1; i <= 5; i++) made.push(await note(dan, { title: `Note ${i}` }));
    await call(dan, 'PUT', `/notifications/${made[1]?.id}`, { read: true });

    const first = await list(dan, '?limit=2');
    expect(first.notifications.map((n) => n.title)).toEqual(['Note 5', 'Note 4']);
    expect(first).toMatchObject({ total: 5, unreadCount: 4, page: 1, limit: 2 });
    const third = await list(dan, '?limit=2&page=3');
    expect(third.notifications.map((n) => n.title)).toEqual(['Note 1']);

    const unread = await list(dan, '?unread=true');
    expect(unread.notifications.map((n) => n.title)).toEqual(['Note 5', 'Note 4', 'Note 3', 'Note 1']);
    expect(unread).toMatchObject({ total: 4, unreadCount: 4 });
    expect(unread.notifications.every((n) => !n.read)).toBe(true);
    expect((await list(dan)).notifications.find((n) => n.title === 'Note 2')?.read).toBe(true);
  });

  it.each([
    ['?unread=yes', 'unread', 'unread must be true or false.'],
    ['?limit=101', 'limit', 'limit must be a whole number from 1 to 100.'],
    ['?page=0', 'page', 'page must be a whole number from 1 to 100000.'],
  ])('refuses %s, naming the field', async (query, field, message) => {
    expectFieldError(await call(ada, 'GET', `/notifications${query}`), { field, message });
  });
});

describe('GET/PUT/DELETE /notifications/{id}', () => {
  it('reads, marks read and unread, and deletes, publishing the unread count each time', async () => {
    const made = await note(ada, { title: 'Read me' });
    expect((await call(ada, 'GET', `/notifications/${made.id}`)).json()).toEqual(made);
    const unreadBefore = (await list(ada)).unreadCount;

    let from = published.length;
    const read = await call(ada, 'PUT', `/notifications/${made.id}`, { read: true });
    expect(read.json()).toEqual({ ...made, read: true });
    await expect
      .poll(() => eventsOf(ada, from).map((m) => [m.event, m.data]))
      .toEqual([[NOTIFICATIONS_CHANGED_EVENT, { unreadCount: unreadBefore - 1 }]]);
    expect((await call(ada, 'PUT', `/notifications/${made.id}`, { read: false })).json()).toMatchObject({
      read: false,
    });
    expect((await list(ada)).unreadCount).toBe(unreadBefore);

    from = published.length;
    const deleted = await call(ada, 'DELETE', `/notifications/${made.id}`);
    expect(deleted.json()).toEqual({ unreadCount: unreadBefore - 1 });
    await expect.poll(() => eventsOf(ada, from).map((m) => m.event)).toEqual([NOTIFICATIONS_CHANGED_EVENT]);
    expect((await call(ada, 'GET', `/notifications/${made.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another user’s id, and changes nothing', async () => {
    const bobs = await note(bob, { title: 'Bob only' });
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { read: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(ada, method, `/notifications/${bobs.id}`, payload);
      expect(res.statusCode, `${method}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOTIFICATION_NOT_FOUND' });
    }
    expect((await call(bob, 'GET', `/notifications/${bobs.id}`)).json()).toEqual(bobs);
  });

  it('refuses a PUT without read, naming the field, and a bad id', async () => {
    const made = await note(ada, { title: 'x' });
    expectFieldError(await call(ada, 'PUT', `/notifications/${made.id}`, {}), {
      field: 'read',
      message: 'read must be true or false.',
    });
    expect((await call(ada, 'GET', '/notifications/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('PUT /notifications/read-all', () => {
  it('marks every unread notification of the caller read, and only the caller’s', async () => {
    const erin = await signUpAndLogin(app);
    await note(erin, { title: 'one' });
    await note(erin, { title: 'two' });
    await note(bob, { title: 'bob stays unread' });
    const bobUnread = (await list(bob)).unreadCount;

    const from = published.length;
    const res = await call(erin, 'PUT', '/notifications/read-all');
    expect(res.json()).toEqual({ updated: 2, unreadCount: 0 });
    await expect
      .poll(() => eventsOf(erin, from).map((m) => [m.event, m.data]))
      .toEqual([[NOTIFICATIONS_CHANGED_EVENT, { unreadCount: 0 }]]);
    expect((await list(erin)).notifications.every((n) => n.read)).toBe(true);
    expect((await list(bob)).unreadCount).toBe(bobUnread);
    expect((await call(erin, 'PUT', '/notifications/read-all')).json()).toEqual({ updated: 0, unreadCount: 0 });
  });
});

describe('notify()', () => {
  function serviceWith(options: { maxPerUser?: number } = {}) {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      kind: 'outbox',
      async send(message) {
        sent.push(message);
      },
      async forgetRecipient() {},
      async close() {},
    };
    const service = createNotificationsService({
      db: app.ctx.db,
      clock,
      bus: app.ctx.bus,
      mailer,
      users: createUsersModule(app.ctx).service,
      publicUrl: 'https://desk.example',
      ...options,
    });
    return { service, sent };
  }
  const settings = (user: SignedInUser, body: object) =>
    call(user, 'PUT', '/customer/settings/notifications', body).then((r) => expect(r.statusCode, r.body).toBe(200));

  it('publishes an alert on the user channel and mails it while email_alerts is on', async () => {
    const fay = await signUpAndLogin(app, { firstName: 'Fay' });
    const { service, sent } = serviceWith();
    const from = published.length;
    const made = await service.notify(fay.userId, {
      kind: 'alert',
      title: 'EURUSD crossed 1.1000',
      body: 'EURUSD crossed 1.1000 on 15m.',
      link: '/charts?symbol=EURUSD',
      data: { alertId: 'a1' },
      sound: true,
    });
    expect(made).toMatchObject({ kind: 'alert', read: false, toast: true, sound: true, data: { alertId: 'a1' } });
    await expect
      .poll(() => eventsOf(fay, from))
      .toEqual([
        {
          channel: userBusChannel(fay.userId),
          event: NOTIFICATION_EVENT,
          data: { notification: made, unreadCount: 1 },
        },
      ]);
    expect(sent).toEqual([
      {
        template: 'notification',
        to: fay.email.toLowerCase(),
        data: {
          firstName: 'Fay',
          title: 'EURUSD crossed 1.1000',
          body: 'EURUSD crossed 1.1000 on 15m.',
          link: 'https://desk.example/charts?symbol=EURUSD',
          settingsLink: 'https://desk.example/settings/notifications',
        },
      },
    ]);
  });

  it('does not mail when the kind’s e-mail switch is off, or the caller asks for no e-mail', async () => {
    const gus = await signUpAndLogin(app);
    const { service, sent } = serviceWith();
    await settings(gus, { email_alerts: false });
    await service.notify(gus.userId, { kind: 'alert', title: 'a', body: '' });
    await settings(gus, { email_alerts: true, email_news: false });
    await service.notify(gus.userId, { kind: 'news', title: 'n', body: '', email: true });
    await service.notify(gus.userId, { kind: 'alert', title: 'b', body: '', email: false });
    await service.notify(gus.userId, { kind: 'note', title: 'c', body: '', email: true });
    expect(sent).toEqual([]);
    await service.notify(gus.userId, { kind: 'alert', title: 'mailed', body: '' });
    await service.notify(gus.userId, { kind: 'calendar', title: 'not asked', body: '' });
    expect(sent.map((m) => m.template === 'notification' && m.data.title)).toEqual(['mailed']);
    expect((await list(gus)).total).toBe(6);
  });

  it('drops toast and sound of alerts while push_alerts is off, still listing and publishing them', async () => {
    const hal = await signUpAndLogin(app);
    const { service } = serviceWith();
    await settings(hal, { push_alerts: false });
    const from = published.length;
    const alert = await service.notify(hal.userId, { kind: 'alert', title: 'quiet', body: '', sound: true });
    expect(alert).toMatchObject({ toast: false, sound: false });
    await expect.poll(() => eventsOf(hal, from).length).toBe(1);
    const system = await service.notify(hal.userId, { kind: 'system', title: 'loud', body: '', sound: true });
    expect(system).toMatchObject({ toast: true, sound: true });
    expect((await list(hal)).unreadCount).toBe(2);
  });

  it('keeps at most maxPerUser, pruning the oldest read ones first', async () => {
    const ivy = await signUpAndLogin(app);
    const { service } = serviceWith({ maxPerUser: 3 });
    const n1 = await service.notify(ivy.userId, { kind: 'system', title: '1', body: '' });
    clock.advance(1000);
    const n2 = await service.notify(ivy.userId, { kind: 'system', title: '2', body: '' });
    clock.advance(1000);
    await service.notify(ivy.userId, { kind: 'system', title: '3', body: '' });
    clock.advance(1000);
    await call(ivy, 'PUT', `/notifications/${n2.id}`, { read: true });
    await service.notify(ivy.userId, { kind: 'system', title: '4', body: '' });
    clock.advance(1000);
    expect((await list(ivy)).notifications.map((n) => n.title)).toEqual(['4', '3', '1']);
    await service.notify(ivy.userId, { kind: 'system', title: '5', body: '' });
    expect((await list(ivy)).notifications.map((n) => n.title)).toEqual(['5', '4', '3']);
    expect((await call(ivy, 'GET', `/notifications/${n1.id}`)).statusCode).toBe(404);
  });

  it('publishes before pruning; when the prune removed an unread one, the count is said again, right', async () => {
    const jon = await signUpAndLogin(app);
    const { service } = serviceWith({ maxPerUser: 2 });
    await service.notify(jon.userId, { kind: 'system', title: '1', body: '' });
    clock.advance(1000);
    await service.notify(jon.userId, { kind: 'system', title: '2', body: '' });
    clock.advance(1000);
    const from = published.length;
    const third = await service.notify(jon.userId, { kind: 'system', title: '3', body: '' });
    // the new one went out at once (3 unread when it was stored), then the prune of '1' corrected the count
    await expect
      .poll(() => eventsOf(jon, from).map((m) => [m.event, m.data]))
      .toEqual([
        [NOTIFICATION_EVENT, { notification: third, unreadCount: 3 }],
        [NOTIFICATIONS_CHANGED_EVENT, { unreadCount: 2 }],
      ]);
    expect((await list(jon)).unreadCount).toBe(2);
  });

  it('several notifies at once for one user: the last event carries the final unread count', async () => {
    const kim = await signUpAndLogin(app);
    const { service } = serviceWith();
    const from = published.length;
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((title) => service.notify(kim.userId, { kind: 'system', title, body: '' })),
    );
    await expect.poll(() => eventsOf(kim, from).length).toBe(4);
    const counts = eventsOf(kim, from).map((m) => (m.data as { unreadCount: number }).unreadCount);
    expect(counts.at(-1)).toBe(4);
    expect(counts).toEqual([...counts].sort((x, y) => x - y));
  });
});
