import type { Notification, SocialNoticeType } from '@tradedesk/contracts';
import { SOCIAL_NOTICE_TYPES } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createNotificationsModule } from '../../notifications/notifications.plugin.js';
import { createUsersRepository } from '../../users/users.repository.js';
import { createUsersService } from '../../users/users.service.js';
import type { SocialNotice } from '../social.types.js';
import { createSocialNotifier, SOCIAL_NOTICE_SWITCH } from './moderation.plugin.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let notifications: ReturnType<typeof createNotificationsModule>['service'];
let notifier: ReturnType<typeof createSocialNotifier>;
const clock = createManualClock('2026-03-04T09:30:00Z');
const blocked = new Set<string>();
const pair = (a: string, b: string) => [a, b].sort().join(':');

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  const users = createUsersService({ repo: createUsersRepository(app.ctx.db), clock });
  notifications = createNotificationsModule(app.ctx, { users }).service;
  notifier = createSocialNotifier({
    notify: notifications.notify,
    users,
    graph: { blockedEither: async (a, b) => blocked.has(pair(a, b)) },
  });
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

const notice = (type: SocialNoticeType, over: Partial<SocialNotice> = {}): SocialNotice => ({
  type,
  recipientId: ada.userId,
  actorId: bob.userId,
  title: `${type} by bob`,
  body: 'Something happened.',
  link: '/community/posts/1',
  ...over,
});

async function bell(user: SignedInUser): Promise<Notification[]> {
  return (await notifications.list(user.userId, { page: 1, limit: 100 })).notifications;
}

async function setSwitches(user: SignedInUser, body: Record<string, boolean>) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/customer/settings/notifications',
    headers: user.auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('social notifier', () => {
  it('gives every notice type a switch, except moderation notices', () => {
    for (const type of SOCIAL_NOTICE_TYPES) expect(type in SOCIAL_NOTICE_SWITCH).toBe(true);
    expect(SOCIAL_NOTICE_SWITCH.moderation).toBeNull();
  });

  it('creates a social notification carrying the type and actor, never e-mailed', async () => {
    await notifier.notify(notice('like', { data: { postId: 'p1' } }));
    const [latest] = await bell(ada);
    expect(latest).toMatchObject({
      kind: 'social',
      title: 'like by bob',
      link: '/community/posts/1',
      data: { type: 'like', actorId: bob.userId, postId: 'p1' },
      toast: true,
    });
  });

  it.each([
    ['like', 'push_likes'],
    ['comment', 'push_comments'],
    ['repost', 'push_reposts'],
    ['mention', 'push_mentions'],
    ['message', 'push_messages'],
    ['follow_request', 'push_requests'],
    ['follow_accepted', 'push_requests'],
  ] as const)('creates no %s notice while %s is off, and one when it is on again', async (type, key) => {
    const user = await signUpAndLogin(app);
    await setSwitches(user, { [key]: false });
    await notifier.notify(notice(type, { recipientId: user.userId }));
    expect(await bell(user)).toEqual([]);
    await setSwitches(user, { [key]: true });
    await notifier.notify(notice(type, { recipientId: user.userId }));
    expect((await bell(user)).map((n) => n.data?.type)).toEqual([type]);
  });

  it('follows are off by default (push_follows), on once switched on', async () => {
    const user = await signUpAndLogin(app);
    await notifier.notify(notice('follow', { recipientId: user.userId }));
    expect(await bell(user)).toEqual([]);
    await setSwitches(user, { push_follows: true });
    await notifier.notify(notice('follow', { recipientId: user.userId }));
    expect(await bell(user)).toHaveLength(1);
  });

  it('skips what users do to themselves and actors blocked either way', async () => {
    const user = await signUpAndLogin(app);
    await notifier.notify(notice('like', { recipientId: user.userId, actorId: user.userId }));
    blocked.add(pair(user.userId, bob.userId));
    await notifier.notify(notice('comment', { recipientId: user.userId }));
    await notifier.notify(notice('mention', { recipientId: user.userId }));
    expect(await bell(user)).toEqual([]);
    blocked.delete(pair(user.userId, bob.userId));
    await notifier.notify(notice('comment', { recipientId: user.userId }));
    expect(await bell(user)).toHaveLength(1);
  });

  it('always delivers moderation notices (no actor, no switch) and ignores unknown recipients', async () => {
    const user = await signUpAndLogin(app);
    await setSwitches(
      user,
      Object.fromEntries(Object.values(SOCIAL_NOTICE_SWITCH).flatMap((k) => (k ? [[k, false]] : []))),
    );
    await notifier.notify(notice('moderation', { recipientId: user.userId, actorId: null, body: 'Be civil.' }));
    expect((await bell(user)).map((n) => [n.data?.type, n.body])).toEqual([['moderation', 'Be civil.']]);
    await expect(
      notifier.notify(notice('like', { recipientId: '00000000-0000-4000-8000-000000000000' })),
    ).resolves.toBeUndefined();
  });
});
