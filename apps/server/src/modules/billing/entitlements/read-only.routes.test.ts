import { featureLimitMessage, featureLimitReadOnlyMessage, type LimitKey } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { holdPlan } from '../../../../test/billing-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db.js';
import { alerts } from '../../alerts/alerts.table.js';
import { FREE_GRANTS } from '../plans/plans.defaults.js';

/**
 * Issue 17, "a downgrade never deletes data": past a count limit the oldest items by creation, as many as the plan
 * allows, stay editable; the newer ones answer an edit with the 423 "Feature limit reached", stay readable and
 * deletable, and are editable again after an upgrade. Also: two creates at once never pass a limit.
 */
const clock = createManualClock('2026-11-24T10:00:00Z');
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await createTestApp({ build: { clock, withoutAi: true } }));
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: SignedInUser, method: Method, url: string, payload?: object, trading = false) =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: trading ? { authorization: `Bearer ${user.tradingAccessToken}` } : user.auth,
    ...(payload === undefined ? {} : { payload }),
  });

const ok = (res: LightMyRequestResponse, what: string) => {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
  return res;
};

let seq = 0;
type Feature = {
  key: LimitKey;
  create(user: SignedInUser): Promise<LightMyRequestResponse>;
  edit(user: SignedInUser, id: string): Promise<LightMyRequestResponse>;
  read(user: SignedInUser, id: string): Promise<LightMyRequestResponse>;
  remove(user: SignedInUser, id: string): Promise<LightMyRequestResponse>;
};

const layoutVersion = async (user: SignedInUser, id: string) =>
  ((await call(user, 'GET', `/layouts/${id}`)).json() as { version: number }).version;
const handles = new Map<string, string>();

const features: Feature[] = [
  {
    key: 'watchlists',
    create: (u) => call(u, 'POST', '/watchlist', { name: `List ${seq++}` }),
    edit: (u, id) => call(u, 'PUT', `/watchlist/${id}`, { name: `Renamed ${seq++}` }),
    read: (u, id) => call(u, 'GET', `/watchlist/${id}`),
    remove: (u, id) => call(u, 'DELETE', `/watchlist/${id}`),
  },
  {
    key: 'saved_layouts',
    create: (u) =>
      call(u, 'POST', '/layouts', {
        name: `Layout ${seq++}`,
        count: 2,
        charts: [
          { symbol: 'EURUSD', timeframe: '15m' },
          { symbol: 'GBPUSD', timeframe: '1h' },
        ],
      }),
    edit: async (u, id) =>
      call(u, 'PUT', `/layouts/${id}`, { version: await layoutVersion(u, id), name: `Renamed ${seq++}` }),
    read: (u, id) => call(u, 'GET', `/layouts/${id}`),
    remove: (u, id) => call(u, 'DELETE', `/layouts/${id}`),
  },
  {
    key: 'alerts_price',
    create: (u) =>
      call(u, 'POST', '/alerts', {
        type: 'price',
        name: `EURUSD ${seq++}`,
        symbol: 'EURUSD',
        condition: { operator: 'crossing_up', value: 1.5 },
      }),
    edit: (u, id) => call(u, 'PUT', `/alerts/${id}`, { name: `Renamed ${seq++}` }),
    read: (u, id) => call(u, 'GET', `/alerts/${id}`),
    remove: (u, id) => call(u, 'DELETE', `/alerts/${id}`),
  },
  {
    key: 'trading_accounts',
    create: (u) => call(u, 'POST', '/accounts', { kind: 'virtual', name: `Practice ${seq++}`, currency: 'USD' }, true),
    edit: (u, id) => call(u, 'PUT', `/accounts/${id}`, { name: `Renamed ${seq++}` }, true),
    read: (u, id) => call(u, 'GET', `/accounts/${id}`, undefined, true),
    remove: (u, id) => call(u, 'DELETE', `/accounts/${id}/delete`, undefined, true),
  },
  {
    key: 'strategies',
    create: (u) => call(u, 'POST', '/strategies', { name: `Breakout ${seq++}` }),
    edit: (u, id) => call(u, 'PUT', `/strategies/${id}`, { name: `Renamed ${seq++}` }),
    read: (u, id) => call(u, 'GET', `/strategies/${id}`),
    remove: (u, id) => call(u, 'DELETE', `/strategies/${id}`),
  },
  {
    key: 'communities_owned',
    create: async (u) => {
      const handle = `ro${Date.now().toString(36)}${(seq++).toString(36)}`;
      const res = await call(u, 'POST', '/community', {
        type: 'trading_group',
        community_size: '1_50',
        platforms: ['discord'],
        visibility: 'public',
        name: `Pip Hunters ${seq}`,
        handle,
        description: 'We hunt pips.',
        categories: ['forex'],
      });
      if (res.statusCode === 201) handles.set((res.json() as { id: string }).id, handle);
      return res;
    },
    edit: (u, id) => call(u, 'PUT', `/community/${id}/settings`, { name: `Renamed ${seq++}` }),
    read: (u, id) => call(u, 'GET', `/community/${id}`),
    remove: (u, id) => call(u, 'DELETE', `/community/${id}`, { confirm: handles.get(id) ?? '' }),
  },
];

describe('items past a count limit after a downgrade are read-only (the oldest ones by creation stay editable)', () => {
  it.each(features.map((f) => [f.key, f] as const))('%s', async (key, feature) => {
    const user = await signUpAndLogin(app);
    const limit = FREE_GRANTS[key];
    holdPlan(app, user.userId, 'premium');
    const ids: string[] = [];
    for (let i = 0; i < limit + 2; i++) {
      // one second apart, so "the oldest by creation" is one order
      clock.advance(1000);
      ids.push((ok(await feature.create(user), `create ${i}`).json() as { id: string }).id);
    }
    holdPlan(app, user.userId, 'free');
    const within = ids.slice(0, limit);
    const past = ids.slice(limit);

    for (const id of within) ok(await feature.edit(user, id), `edit of one within the limit`);
    for (const id of past) {
      const refused = await feature.edit(user, id);
      expect(refused.statusCode, refused.body).toBe(423);
      expect(refused.json()).toMatchObject({
        code: 'PLAN_LIMIT_REACHED',
        message: featureLimitReadOnlyMessage(key, limit),
        details: { key, limit, readOnly: true },
      });
      expect(refused.json().message).toContain('Feature limit reached');
      ok(await feature.read(user, past[0]!), 'read of one past the limit');
    }
    // a new one is refused as before; deleting one past the limit works (how a user gets back under it)
    expect((await feature.create(user)).json().message).toBe(featureLimitMessage(key, limit));
    ok(await feature.remove(user, past[1]!), 'delete of one past the limit');
    expect((await feature.edit(user, past[0]!)).statusCode).toBe(423);

    // an upgrade makes it editable again, with nothing changed meanwhile
    holdPlan(app, user.userId, 'premium');
    ok(await feature.edit(user, past[0]!), 'edit after the upgrade');
  });

  it('deleting an older one brings the next one within the limit', async () => {
    const user = await signUpAndLogin(app);
    const watchlists = features[0]!;
    holdPlan(app, user.userId, 'pro');
    const ids: string[] = [];
    for (let i = 0; i < FREE_GRANTS.watchlists + 1; i++) {
      clock.advance(1000);
      ids.push((ok(await watchlists.create(user), 'create').json() as { id: string }).id);
    }
    holdPlan(app, user.userId, 'free');
    const newest = ids.at(-1)!;
    expect((await watchlists.edit(user, newest)).statusCode).toBe(423);
    // adding a symbol and making it the default are edits too
    expect(
      (await call(user, 'POST', `/watchlist/${newest}/symbol`, { source: 'FOREX', ticker: 'EURUSD' })).statusCode,
    ).toBe(423);
    ok(await watchlists.remove(user, ids[0]!), 'delete of the oldest');
    ok(await watchlists.edit(user, newest), 'edit once back within the limit');
  });
});

describe('the alerts limits count active alerts only', () => {
  const price = (name: string) => ({
    type: 'price',
    name,
    symbol: 'EURUSD',
    condition: { operator: 'crossing_up', value: 1.5 },
  });

  it('a triggered or paused alert frees its place; re-arming one takes a place again and is refused at the limit', async () => {
    const user = await signUpAndLogin(app);
    const limit = FREE_GRANTS.alerts_price;
    const ids: string[] = [];
    for (let i = 0; i < limit; i++) {
      clock.advance(1000);
      ids.push((ok(await call(user, 'POST', '/alerts', price(`A ${i}`)), 'create').json() as { id: string }).id);
    }
    expect((await call(user, 'POST', '/alerts', price('One too many'))).statusCode).toBe(423);
    // the evaluator marks a once-alert triggered when it fires
    await database.db.update(alerts).set({ status: 'triggered' }).where(eq(alerts.id, ids[0]!));
    ok(await call(user, 'POST', '/alerts', price('In the freed place')), 'create after one triggered');
    const rearm = await call(user, 'PUT', `/alerts/${ids[0]}`, { status: 'active' });
    expect(rearm.statusCode, rearm.body).toBe(423);
    expect(rearm.json().message).toBe(featureLimitMessage('alerts_price', limit));
    // pausing takes one out of the count; then the triggered one can be re-armed
    ok(await call(user, 'PUT', `/alerts/${ids[1]}`, { status: 'paused' }), 'pause');
    ok(await call(user, 'PUT', `/alerts/${ids[0]}`, { status: 'active' }), 're-arm in the freed place');
    // the triggered and paused ones stay editable whatever the count
    ok(await call(user, 'PUT', `/alerts/${ids[1]}`, { name: 'Still paused' }), 'edit of a paused one');
  });
});

describe('two creates at once at one below the limit', () => {
  const twice = async (feature: Feature, user: SignedInUser) => {
    const limit = FREE_GRANTS[feature.key];
    for (let i = 0; i < limit - 1; i++) ok(await feature.create(user), 'create');
    const answers = await Promise.all([feature.create(user), feature.create(user)]);
    return answers.map((a) => a.statusCode).sort();
  };

  it.each(features.map((f) => [f.key, f] as const))('%s: exactly one of them is made', async (_key, feature) => {
    const user = await signUpAndLogin(app);
    expect(await twice(feature, user)).toEqual([201, 423]);
  });
});
