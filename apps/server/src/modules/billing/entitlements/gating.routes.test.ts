import { accessFeatureMessage, featureLimitMessage } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { holdPlan } from '../../../../test/billing-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db.js';
import { DEFAULT_CATALOGUE, FREE_GRANTS } from '../plans/plans.defaults.js';
import { createBillingPlans } from '../plans/plans.plugin.js';

const clock = createManualClock('2026-11-24T10:00:00Z');
let app: FastifyInstance;
let database: Database;
let ada: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  ({ app, database } = await createTestApp({ build: { clock, withoutAi: true, withoutSocial: true } }));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

const post = (user: SignedInUser, url: string, payload: object, trading = false) =>
  app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: trading ? { authorization: `Bearer ${user.tradingAccessToken}` } : user.auth,
    payload,
  });

describe('the feature modules ask the entitlement service (wired in modules/index.ts)', () => {
  it('refuses the watchlist past the free plan with the exact 423; a downgrade keeps what was made', async () => {
    for (let i = 0; i < FREE_GRANTS.watchlists; i++)
      expect((await post(ada, '/watchlist', { name: `List ${i}` })).statusCode).toBe(201);
    const over = await post(ada, '/watchlist', { name: 'One too many' });
    expect(over.statusCode).toBe(423);
    expect(over.json()).toEqual({
      statusCode: 423,
      code: 'PLAN_LIMIT_REACHED',
      message: featureLimitMessage('watchlists', FREE_GRANTS.watchlists),
      details: { key: 'watchlists', limit: FREE_GRANTS.watchlists },
    });

    holdPlan(app, bob.userId, 'pro');
    for (let i = 0; i < FREE_GRANTS.watchlists + 2; i++)
      expect((await post(bob, '/watchlist', { name: `List ${i}` })).statusCode).toBe(201);
    holdPlan(app, bob.userId, 'free');
    const lists = await app.inject({ method: 'GET', url: '/api/watchlist', headers: bob.auth });
    expect(lists.json().watchlists).toHaveLength(FREE_GRANTS.watchlists + 2);
    expect((await post(bob, '/watchlist', { name: 'After the downgrade' })).statusCode).toBe(423);
  });

  it('refuses a feature the plan leaves out with the access text, after an operator’s edit of the catalogue', async () => {
    const plans = createBillingPlans({ db: database.db, clock });
    const free = DEFAULT_CATALOGUE.plans[0]!;
    await plans.service.importFile({
      plans: [{ ...free, entitlements: { ...free.entitlements, trade_import: false } }],
      addons: [],
    });
    try {
      const body = { kind: 'imported', name: 'Broker report', currency: 'USD', starting_balance: 0 };
      const refused = await post(ada, '/accounts', body, true);
      expect(refused.statusCode, refused.body).toBe(423);
      expect(refused.json().message).toBe(accessFeatureMessage('trade_import'));
      expect(refused.json().message).toBe('Access to feature Trade import is not allowed for your subscription.');
      holdPlan(app, ada.userId, 'pro');
      expect((await post(ada, '/accounts', body, true)).statusCode).toBe(201);
    } finally {
      await plans.service.importFile({ plans: [free], addons: [] });
    }
  });

  it('counts prop challenges and other trading accounts apart, each against its own limit', async () => {
    const carol = await signUpAndLogin(app);
    const prop = (i: number) => ({
      kind: 'prop',
      name: `Challenge ${i}`,
      firm: 'two-step-evaluation',
      challenge: 'two-step-evaluation-standard',
      currency: 'USD',
      size: 100_000,
    });
    for (let i = 0; i < FREE_GRANTS.prop_challenges; i++) {
      const made = await post(carol, '/accounts', prop(i), true);
      expect(made.statusCode, made.body).toBe(201);
    }
    const over = await post(carol, '/accounts', prop(99), true);
    expect(over.statusCode, over.body).toBe(423);
    expect(over.json().message).toBe(featureLimitMessage('prop_challenges', FREE_GRANTS.prop_challenges));
    // the challenges' accounts take no place of the trading accounts' limit
    const listed = await app.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { authorization: `Bearer ${carol.tradingAccessToken}` },
    });
    const others = (listed.json() as { accounts: { propFirm: unknown }[] }).accounts.filter(
      (a) => a.propFirm === null,
    ).length;
    expect(others).toBe(0);
    const virtual = (i: number) => ({
      kind: 'virtual',
      name: `Practice ${i}`,
      currency: 'USD',
      starting_balance: 10_000,
    });
    for (let i = others; i < FREE_GRANTS.trading_accounts; i++) {
      const made = await post(carol, '/accounts', virtual(i), true);
      expect(made.statusCode, made.body).toBe(201);
    }
    const tooMany = await post(carol, '/accounts', virtual(99), true);
    expect(tooMany.statusCode, tooMany.body).toBe(423);
    expect(tooMany.json().message).toBe(featureLimitMessage('trading_accounts', FREE_GRANTS.trading_accounts));
  });
});
