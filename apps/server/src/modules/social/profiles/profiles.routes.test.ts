import type {
  FollowRequestPage,
  FollowResult,
  ProfileSummaryPage,
  ReportBody,
  ReportTargetKind,
  SocialProfile,
} from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin, uniqueSuffix } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import { createProfileImagesService } from '../../settings/profile-images.service.js';
import { createUsersModule } from '../../users/users.plugin.js';
import type { ModerationTargetHandler, SocialNotice } from '../social.types.js';
import { createSocialProfiles, type SocialProfilesDeps } from './profiles.plugin.js';

let app: FastifyInstance;
let profiles: ReturnType<typeof createSocialProfiles>;
const clock = createManualClock('2026-03-04T09:30:00Z');
const notices: SocialNotice[] = [];
const reports: Array<{ reporterId: string; kind: ReportTargetKind; id: string; body: ReportBody }> = [];

/** One trading account per owner, as the trading accounts service would answer it. */
const accounts = new Map<string, { userId: string; name: string }>();
const ACCOUNT = {
  kind: 'virtual' as const,
  propFirm: null,
  currency: 'USD',
  startingBalance: 10_000,
  balance: 11_250.5,
  created: '2026-01-02T08:00:00.000Z',
};
const OVERVIEW = {
  count: 12,
  net: 1250.5,
  winRate: 58.33,
  profitFactor: 1.9,
  averageR: 0.8,
  maxDrawdown: { percent: 3.2 },
  returnPercent: 12.505,
};

let moderation: ModerationTargetHandler;

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock, withoutSocial: true } }));
  const users = createUsersModule(app.ctx).service;
  const deps: SocialProfilesDeps = {
    images: createProfileImagesService({ users, storage: app.ctx.storage }),
    accounts: {
      async get(userId, id) {
        const a = accounts.get(id);
        if (!a || a.userId !== userId) throw new AppError('TRADING_ACCOUNT_NOT_FOUND', 'not_found', 'No account.');
        return { id, name: a.name, ...ACCOUNT };
      },
    },
    metrics: {
      async metrics(userId, id) {
        if (accounts.get(id)?.userId !== userId) throw new AppError('TRADING_ACCOUNT_NOT_FOUND', 'not_found', 'No.');
        return { overview: OVERVIEW as never };
      },
    },
    notifier: { notify: async (n) => void notices.push(n) },
    moderation: {
      async report(reporterId, kind, id, body) {
        const target = await moderation.findVisible(reporterId, id);
        if (!target)
          throw new AppError('SOCIAL_PROFILE_NOT_FOUND', 'not_found', 'No profile with this id is visible to you.');
        reports.push({ reporterId, kind, id, body });
        return { id: '00000000-0000-4000-8000-000000000001', status: 'open', createdAt: clock.now().toISOString() };
      },
    },
    figures: {
      ideasStats: async () => ({ ideas: 2, open: 1, closed: 1, wins: 1, hitRate: 100, averageR: 1.5 }),
      postCount: async () => 3,
    },
  };
  profiles = createSocialProfiles(app.ctx, deps);
  moderation = profiles.moderation;
  await app.register(profiles.routes, { prefix: '/api' });
});

beforeEach(() => {
  notices.length = 0;
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
async function ok<T>(user: SignedInUser, method: Method, url: string, payload?: unknown): Promise<T> {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const profileOf = (viewer: SignedInUser, of: SignedInUser) => ok<SocialProfile>(viewer, 'GET', `/profile/${of.userId}`);

async function person(
  profile: Record<string, unknown> = {},
  names: { firstName?: string; lastName?: string; username?: string } = {},
) {
  const user = await signUpAndLogin(app, names);
  if (Object.keys(profile).length > 0) await ok(user, 'PUT', '/profile', profile);
  return user;
}
const privatePerson = () => person({ is_public: false });

describe('GET /profile/{id}', () => {
  it('shows a public profile in full with counts, figures and the relation', async () => {
    const [ada, bob] = await Promise.all([person({ biography: 'Swing trader.' }), person()]);
    await ok(bob, 'POST', `/profile/${ada.userId}/follow`);
    const p = await profileOf(bob, ada);
    expect(p).toMatchObject({
      id: ada.userId,
      username: ada.username,
      displayName: 'Test User',
      biography: 'Swing trader.',
      limited: false,
      isPublic: true,
      canFollow: false,
      canMessage: true,
      relation: { self: false, following: true, followedBy: false, blocking: false, friends: false },
      counts: { followers: 1, following: 0, posts: 3 },
      verifiedIdeas: { ideas: 2, hitRate: 100 },
      trackRecord: null,
      shareUrl: `/community/profile/${ada.username}`,
    });
    const me = await profileOf(ada, ada);
    expect(me.relation.self).toBe(true);
    expect(me.canFollow).toBe(false);
    expect((await ok<SocialProfile>(bob, 'GET', `/profile/by-username/${ada.username.toUpperCase()}`)).id).toBe(
      ada.userId,
    );
  });

  it('answers 404 for an unknown id or username and 400 naming id for a malformed one', async () => {
    const ada = await person();
    const unknown = await call(ada, 'GET', '/profile/00000000-0000-4000-8000-000000000000');
    expectFieldError(unknown, { status: 404, code: 'SOCIAL_PROFILE_NOT_FOUND', field: 'id' });
    expectFieldError(await call(ada, 'GET', '/profile/nope'), { field: 'id' });
    expectFieldError(await call(ada, 'GET', '/profile/by-username/nobody_here_x'), { status: 404, field: 'username' });
    expect((await call(null, 'GET', `/profile/${ada.userId}`)).statusCode).toBe(401);
  });

  it('gives a private profile’s non-followers the limited view, its followers the full one', async () => {
    const [owner, stranger] = await Promise.all([
      person({ is_public: false, biography: 'Private notes.', location: 'Prague' }),
      person(),
    ]);
    const limited = await profileOf(stranger, owner);
    expect(limited).toMatchObject({
      limited: true,
      isPublic: false,
      biography: '',
      location: '',
      bannerUrl: null,
      trackRecord: null,
      verifiedIdeas: null,
      canFollow: true,
      // a private profile takes messages only from the people it follows
      canMessage: false,
    });
    await ok(owner, 'POST', `/profile/${stranger.userId}/follow`);
    expect(await profileOf(stranger, owner)).toMatchObject({ limited: true, canMessage: true });
    const followers = await call(stranger, 'GET', `/profile/${owner.userId}/followers`);
    expect(followers.statusCode).toBe(403);
    expect(followers.json().message).toBe('This profile is private: only its accepted followers see its followers.');
    expect((await call(stranger, 'GET', `/profile/${owner.userId}/following`)).statusCode).toBe(403);
  });
});

describe('follow requests: asked, accepted, rejected, revoked', () => {
  it('follows a public profile at once and notifies them', async () => {
    const [ada, bob] = await Promise.all([person(), person()]);
    const result = await ok<FollowResult>(bob, 'POST', `/profile/${ada.userId}/follow`);
    expect(result.status).toBe('following');
    expect(result.profile.relation.following).toBe(true);
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'follow',
        recipientId: ada.userId,
        actorId: bob.userId,
        link: `/community/profile/${bob.username}`,
      }),
    ]);
    // again: no second follow, no second notice
    expect((await ok<FollowResult>(bob, 'POST', `/profile/${ada.userId}/follow`)).status).toBe('following');
    expect(notices).toHaveLength(1);
    const list = await ok<ProfileSummaryPage>(bob, 'GET', `/profile/${ada.userId}/followers`);
    expect(list).toMatchObject({ page: 1, limit: 10, total: 1, items: [{ id: bob.userId, following: false }] });
    const following = await ok<ProfileSummaryPage>(ada, 'GET', `/profile/${bob.userId}/following`);
    expect(following.items.map((p) => p.id)).toEqual([ada.userId]);
    await ok(bob, 'DELETE', `/profile/${ada.userId}/unfollow`);
    expectFieldError(await call(bob, 'DELETE', `/profile/${ada.userId}/unfollow`), {
      status: 404,
      code: 'SOCIAL_NOT_FOLLOWING',
      field: 'id',
    });
  });

  it('asks to follow a private profile; accepting makes a follower who then sees everything', async () => {
    const [owner, fan] = await Promise.all([privatePerson(), person()]);
    const asked = await ok<FollowResult>(fan, 'POST', `/profile/${owner.userId}/follow`);
    expect(asked.status).toBe('requested');
    expect(asked.profile).toMatchObject({ limited: true, canFollow: false, relation: { requested: true } });
    expect(notices.map((n) => [n.type, n.recipientId])).toEqual([['follow_request', owner.userId]]);

    const incoming = await ok<FollowRequestPage>(owner, 'GET', '/profile/requests');
    expect(incoming.items.map((r) => r.user.id)).toEqual([fan.userId]);
    expect(incoming.items[0]?.createdAt).toBe(clock.now().toISOString());
    const outgoing = await ok<FollowRequestPage>(fan, 'GET', '/profile/requests?direction=outgoing');
    expect(outgoing.items.map((r) => r.user.id)).toEqual([owner.userId]);
    expectFieldError(await call(fan, 'GET', '/profile/requests?direction=sideways'), { field: 'direction' });

    // only the target can accept: the requester accepting "a request of the owner" finds none
    expectFieldError(await call(fan, 'POST', `/profile/requests/${owner.userId}/accept`), {
      status: 404,
      code: 'SOCIAL_REQUEST_NOT_FOUND',
      field: 'id',
    });
    await ok(owner, 'POST', `/profile/requests/${fan.userId}/accept`);
    expect(notices.at(-1)).toMatchObject({ type: 'follow_accepted', recipientId: fan.userId, actorId: owner.userId });
    const full = await profileOf(fan, owner);
    expect(full).toMatchObject({ limited: false, relation: { following: true, requested: false } });
    expect((await ok<ProfileSummaryPage>(fan, 'GET', `/profile/${owner.userId}/followers`)).total).toBe(1);
    expect((await ok<FollowRequestPage>(owner, 'GET', '/profile/requests')).total).toBe(0);
  });

  it('rejects and revokes requests; each only by the one it belongs to', async () => {
    const [owner, a, b] = await Promise.all([privatePerson(), person(), person()]);
    await ok(a, 'POST', `/profile/${owner.userId}/follow`);
    await ok(b, 'POST', `/profile/${owner.userId}/follow`);
    await ok(owner, 'POST', `/profile/requests/${a.userId}/reject`);
    expect((await profileOf(a, owner)).relation.requested).toBe(false);
    expect((await call(owner, 'POST', `/profile/requests/${a.userId}/reject`)).statusCode).toBe(404);
    // a third person cannot withdraw b's request
    expect((await call(a, 'DELETE', `/profile/requests/${owner.userId}/revoke`)).statusCode).toBe(404);
    await ok(b, 'DELETE', `/profile/requests/${owner.userId}/revoke`);
    expect((await ok<FollowRequestPage>(owner, 'GET', '/profile/requests')).items).toEqual([]);
  });

  it('refuses to follow oneself, a nobody profile, and removes a follower on request', async () => {
    const [ada, hidden, fan] = await Promise.all([person(), person({ visibility: 'nobody' }), person()]);
    expectFieldError(await call(ada, 'POST', `/profile/${ada.userId}/follow`), {
      status: 422,
      code: 'SOCIAL_FOLLOW_SELF',
      field: 'id',
      message: 'You cannot follow yourself.',
    });
    expectFieldError(await call(ada, 'POST', `/profile/${hidden.userId}/follow`), {
      status: 403,
      code: 'SOCIAL_FOLLOW_CLOSED',
      field: 'id',
    });
    expect((await profileOf(ada, hidden)).limited).toBe(true);
    expect((await call(ada, 'GET', `/profile/${hidden.userId}/followers`)).json().message).toBe(
      'This profile is hidden: only its owner sees its followers.',
    );
    await ok(fan, 'POST', `/profile/${ada.userId}/follow`);
    await ok(ada, 'DELETE', `/profile/${fan.userId}/follower`);
    expect((await profileOf(fan, ada)).relation.following).toBe(false);
    expectFieldError(await call(ada, 'DELETE', `/profile/${fan.userId}/follower`), {
      status: 404,
      code: 'SOCIAL_NOT_A_FOLLOWER',
      field: 'id',
    });
  });
});

describe('blocks', () => {
  it('ends follows and requests both ways; the blocked one no longer finds, lists or follows the blocker', async () => {
    const [blocker, pest, priv] = await Promise.all([person(), person(), privatePerson()]);
    await ok(pest, 'POST', `/profile/${blocker.userId}/follow`);
    await ok(blocker, 'POST', `/profile/${pest.userId}/follow`);
    await ok(priv, 'POST', `/profile/${pest.userId}/follow`);
    await ok(pest, 'POST', `/profile/${priv.userId}/follow`); // a request
    await ok(blocker, 'POST', `/customer/block/${pest.userId}`);
    await ok(priv, 'POST', `/customer/block/${pest.userId}`);

    // the blocked one: 404 on every read and write about the blocker
    for (const [method, url] of [
      ['GET', `/profile/${blocker.userId}`],
      ['GET', `/profile/by-username/${blocker.username}`],
      ['GET', `/profile/${blocker.userId}/followers`],
      ['GET', `/profile/${blocker.userId}/following`],
      ['POST', `/profile/${blocker.userId}/follow`],
      ['DELETE', `/profile/${blocker.userId}/unfollow`],
      ['POST', `/profile/${blocker.userId}/report`],
    ] as const) {
      const res = await call(
        pest,
        method,
        url,
        method === 'POST' && url.endsWith('report') ? { reason: 'spam' } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ok<FollowRequestPage>(priv, 'GET', '/profile/requests')).total).toBe(0);
    const search = await ok<ProfileSummaryPage>(pest, 'GET', `/profile/search/${blocker.username}`);
    expect(search.items).toEqual([]);
    // the blocker's own lists no longer hold the blocked one
    expect((await ok<ProfileSummaryPage>(blocker, 'GET', `/profile/${blocker.userId}/followers`)).total).toBe(0);
    expect((await ok<ProfileSummaryPage>(blocker, 'GET', `/profile/${blocker.userId}/following`)).total).toBe(0);

    // the blocker: the limited view with blocking true, and a sentence before following
    const seen = await profileOf(blocker, pest);
    expect(seen).toMatchObject({ limited: true, canFollow: false, canMessage: false, relation: { blocking: true } });
    expectFieldError(await call(blocker, 'POST', `/profile/${pest.userId}/follow`), {
      status: 409,
      code: 'SOCIAL_FOLLOW_BLOCKING',
      field: 'id',
    });
    expect((await call(blocker, 'GET', `/profile/${pest.userId}/followers`)).statusCode).toBe(403);
    const blocked = await ok<{ items: Array<{ id: string }>; total: number }>(blocker, 'GET', '/customer/blocked');
    expect(blocked.items.map((p) => p.id)).toEqual([pest.userId]);

    await ok(blocker, 'POST', `/customer/unblock/${pest.userId}`);
    expectFieldError(await call(blocker, 'POST', `/customer/unblock/${pest.userId}`), {
      status: 404,
      code: 'SOCIAL_NOT_BLOCKED',
      field: 'id',
    });
    // follows ended by the block stay ended
    expect((await profileOf(pest, blocker)).relation).toMatchObject({ following: false, followedBy: false });
  });

  it('refuses to block oneself or an unknown id', async () => {
    const ada = await person();
    expectFieldError(await call(ada, 'POST', `/customer/block/${ada.userId}`), { status: 422, field: 'id' });
    expect((await call(ada, 'POST', '/customer/block/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expectFieldError(await call(ada, 'POST', '/customer/block/x'), { field: 'id' });
  });
});

describe('GET /profile/search/{term}', () => {
  it('finds by username or name, prefixes first, without hidden profiles', async () => {
    const tag = uniqueSuffix().slice(0, 6);
    const [contains, prefix, named, hidden] = await Promise.all([
      person({}, { username: `x_${tag}_z` }),
      person({}, { username: `${tag}_a` }),
      person({}, { firstName: `Zed${tag}`, username: `named_${uniqueSuffix()}` }),
      person({ visibility: 'nobody' }, { username: `${tag}_hidden` }),
    ]);
    const viewer = await person();
    const page = await ok<ProfileSummaryPage>(viewer, 'GET', `/profile/search/${tag}`);
    expect(page.items.map((p) => p.id)).toEqual([prefix.userId, named.userId, contains.userId]);
    expect(page.items.map((p) => p.id)).not.toContain(hidden.userId);
    const limited = await ok<ProfileSummaryPage>(viewer, 'GET', `/profile/search/${tag}?limit=1&page=2`);
    expect(limited).toMatchObject({ total: 3, page: 2, limit: 1, items: [{ id: named.userId }] });
    expect((await ok<ProfileSummaryPage>(viewer, 'GET', '/profile/search/%25%25')).items).toEqual([]);
    expectFieldError(await call(viewer, 'GET', `/profile/search/${tag}?limit=500`), { field: 'limit' });
  });
});

/** A real virtual account (the settings row references it); its figures come from the fake engine above. */
async function openAccount(user: SignedInUser): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/accounts',
    headers: { authorization: `Bearer ${user.tradingAccessToken}` },
    payload: { kind: 'virtual', name: 'Main virtual' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

describe('track record', () => {
  it('publishes one of the caller’s own accounts with the engine’s figures; followers only for a private profile', async () => {
    const [owner, fan, stranger] = await Promise.all([person(), person(), person()]);
    const accountId = await openAccount(owner);
    accounts.set(accountId, { userId: owner.userId, name: 'Main virtual' });
    const { trackRecord } = await ok<{ trackRecord: Record<string, unknown> }>(owner, 'PUT', '/profile/track-record', {
      account_id: accountId,
    });
    expect(trackRecord).toEqual({
      accountId,
      accountName: 'Main virtual',
      accountKind: 'virtual',
      firm: null,
      phase: null,
      currency: 'USD',
      startingBalance: 10_000,
      balance: 11_250.5,
      netProfit: 1250.5,
      returnPct: 12.51,
      trades: 12,
      winRate: 58.33,
      profitFactor: 1.9,
      maxDrawdownPct: 3.2,
      averageR: 0.8,
      since: ACCOUNT.created,
      computedAt: clock.now().toISOString(),
      verified: true,
    });
    expect((await profileOf(stranger, owner)).trackRecord).toMatchObject({ accountId, trades: 12 });

    // someone else's account, or a malformed id: refused naming account_id
    const theirs = await openAccount(fan);
    accounts.set(theirs, { userId: fan.userId, name: 'Not yours' });
    expectFieldError(await call(owner, 'PUT', '/profile/track-record', { account_id: theirs }), {
      status: 404,
      code: 'SOCIAL_TRACK_RECORD_ACCOUNT_NOT_FOUND',
      field: 'account_id',
    });
    expectFieldError(await call(owner, 'PUT', '/profile/track-record', { account_id: 'abc' }), { field: 'account_id' });

    // private: only accepted followers see it
    await ok(owner, 'PUT', '/profile', { is_public: false });
    expect((await profileOf(stranger, owner)).trackRecord).toBeNull();
    await ok(fan, 'POST', `/profile/${owner.userId}/follow`);
    await ok(owner, 'POST', `/profile/requests/${fan.userId}/accept`);
    expect((await profileOf(fan, owner)).trackRecord?.accountId).toBe(accountId);

    await ok(owner, 'PUT', '/profile/track-record', { account_id: null });
    expect((await profileOf(fan, owner)).trackRecord).toBeNull();
  });
});

describe('reports and moderation of profiles', () => {
  it('reports through the registry; a hidden profile shows others no texts and leaves the search', async () => {
    const [target, reporter] = await Promise.all([person({ biography: 'Buy my course!' }), person()]);
    expect(
      (await ok(reporter, 'POST', `/profile/${target.userId}/report`, { reason: 'spam' })) as Record<string, unknown>,
    ).toMatchObject({ status: 'open' });
    expect(reports.at(-1)).toMatchObject({ reporterId: reporter.userId, kind: 'profile', id: target.userId });
    expectFieldError(await call(reporter, 'POST', `/profile/${target.userId}/report`, { reason: 'bad' }), {
      field: 'reason',
    });
    expectFieldError(await call(target, 'POST', `/profile/${target.userId}/report`, { reason: 'spam' }), {
      status: 422,
      field: 'id',
    });

    expect(await moderation.findAny(target.userId)).toMatchObject({
      ownerId: target.userId,
      excerpt: `@${target.username}: Buy my course!`,
    });
    await moderation.setModerated(target.userId, true);
    expect(await profileOf(reporter, target)).toMatchObject({ limited: true, biography: '', avatarUrl: null });
    expect((await profileOf(target, target)).biography).toBe('Buy my course!');
    expect((await ok<ProfileSummaryPage>(reporter, 'GET', `/profile/search/${target.username}`)).total).toBe(0);
    await moderation.setModerated(target.userId, false);
    expect((await profileOf(reporter, target)).biography).toBe('Buy my course!');
  });
});

describe('PUT /profile/settings/image and /banner', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const body = (data: Buffer) => {
    const boundary = '----tradedeskprofiles';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('stores the avatar and the banner, shown on the profile; refuses what is not an image', async () => {
    const ada = await person();
    for (const path of ['image', 'banner']) {
      const { payload, headers } = body(png);
      const res = await app.inject({
        method: 'PUT',
        url: `/api/profile/settings/${path}`,
        payload,
        headers: { ...headers, ...ada.auth },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const me = await profileOf(ada, ada);
    expect(me.avatarUrl).toMatch(/avatar\//);
    expect(me.bannerUrl).toMatch(/banner\//);
    const bad = body(Buffer.from('not an image at all'));
    const res = await app.inject({
      method: 'PUT',
      url: '/api/profile/settings/image',
      payload: bad.payload,
      headers: { ...bad.headers, ...ada.auth },
    });
    expectFieldError(res, { status: 415, field: 'file' });
  });
});
