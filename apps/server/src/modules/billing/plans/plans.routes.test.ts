import type { CustomerEntitlements, Plan } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db.js';
import { createEntitlements } from '../entitlements/entitlements.js';
import { fakeLookup } from '../entitlements/entitlements.test-kit.js';
import { catalogueFileSchema } from './plans.catalogue.js';
import { DEFAULT_CATALOGUE, FREE_GRANTS } from './plans.defaults.js';
import { createBillingPlans } from './plans.plugin.js';

const clock = createManualClock('2026-11-24T10:00:00Z');
let app: FastifyInstance;
let database: Database;
let ada: SignedInUser;
let entitlements: ReturnType<typeof createEntitlements>;
const lookup = fakeLookup();

beforeAll(async () => {
  ({ app, database } = await createTestApp({ build: { clock, withoutBilling: true } }));
  const plans = createBillingPlans({ db: database.db, clock });
  entitlements = createEntitlements({ clock, db: database.db }, { catalogue: plans.catalogue });
  entitlements.setLookup(lookup);
  await app.register(plans.routes, { prefix: '/api/test' });
  await app.register(entitlements.routes, { prefix: '/api/test' });
  ada = await signUpAndLogin(app);
});

const get = (url: string, user?: SignedInUser) =>
  app.inject({ method: 'GET', url: `/api/test${url}`, headers: user ? user.auth : {} });

describe('GET /plans, /plans/{id}, /addons', () => {
  it('lists the default catalogue to anyone, cheapest first, prices as two-decimal strings', async () => {
    const res = await get('/plans');
    expect(res.statusCode, res.body).toBe(200);
    const plans = res.json().plans as Plan[];
    expect(plans.map((p) => p.id)).toEqual(['free', 'pro', 'premium']);
    expect(plans[1]).toMatchObject({
      name: 'Pro',
      recommended: true,
      trialDays: 0,
      prices: [
        { currency: 'EUR', monthly: '18.00', yearly: '180.00' },
        { currency: 'GBP', monthly: '16.00', yearly: '160.00' },
        { currency: 'USD', monthly: '19.00', yearly: '190.00' },
      ],
    });
    expect(plans[0]!.entitlements).toEqual(FREE_GRANTS);

    const one = await get('/plans/premium');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(plans[2]);
    const missing = await get('/plans/gold');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No plan has the id "gold".');

    const addons = await get('/addons');
    expect(addons.statusCode).toBe(200);
    expect(addons.json().addons.map((a: { id: string }) => a.id)).toEqual([
      'extra_ai_messages',
      'extra_trading_accounts',
      'extra_alerts',
    ]);
    expect(addons.json().addons[2].prices).toContainEqual({ currency: 'GBP', monthly: '2.50', yearly: '25.00' });
  });

  it('keeps an operator’s edit when the defaults are written again, and imports a file whole', async () => {
    const plans = createBillingPlans({ db: database.db, clock });
    const file = await plans.service.exportFile();
    expect(catalogueFileSchema.parse(file)).toEqual(file);
    const pro = file.plans.find((p) => p.id === 'pro')!;
    pro.prices = [{ currency: 'USD', monthly: '21.50', yearly: '215.00' }];
    pro.entitlements = { ...pro.entitlements, watchlists: 40 };
    file.plans.find((p) => p.id === 'premium')!.active = false;
    await plans.service.importFile(file);

    // a new process writes the defaults again: the edited rows stay as the operator left them
    const again = createBillingPlans({ db: database.db, clock });
    const [edited] = await again.service.exportFile().then((f) => f.plans.filter((p) => p.id === 'pro'));
    expect(edited).toMatchObject({ prices: [{ currency: 'USD', monthly: '21.50', yearly: '215.00' }] });
    expect((await again.catalogue.plan('pro'))!.prices).toEqual([
      { currency: 'USD', monthlyMinor: 2150, yearlyMinor: 21500 },
    ]);
    expect((await get('/plans')).json().plans.map((p: Plan) => p.id)).toEqual(['free', 'pro']);
    expect((await get('/plans/premium')).statusCode).toBe(200);

    // put the defaults back for the other tests
    await plans.service.importFile(DEFAULT_CATALOGUE);
    expect((await get('/plans')).json().plans.map((p: Plan) => p.id)).toEqual(['free', 'pro', 'premium']);
  });

  it('refuses a catalogue file with unknown keys, wrong kinds, bad amounts or an inactive free plan', () => {
    const bad = [
      { ...DEFAULT_CATALOGUE, plans: [{ ...DEFAULT_CATALOGUE.plans[0]!, entitlements: { rockets: 3 } }] },
      { ...DEFAULT_CATALOGUE, plans: [{ ...DEFAULT_CATALOGUE.plans[0]!, entitlements: { ai_agents: 1 } }] },
      { ...DEFAULT_CATALOGUE, plans: [{ ...DEFAULT_CATALOGUE.plans[0]!, entitlements: { watchlists: -2 } }] },
      { ...DEFAULT_CATALOGUE, plans: [{ ...DEFAULT_CATALOGUE.plans[0]!, active: false }] },
      {
        ...DEFAULT_CATALOGUE,
        plans: [{ ...DEFAULT_CATALOGUE.plans[1]!, prices: [{ currency: 'USD', monthly: '19', yearly: '190.00' }] }],
      },
      { ...DEFAULT_CATALOGUE, plans: [DEFAULT_CATALOGUE.plans[1]!, DEFAULT_CATALOGUE.plans[1]!] },
    ];
    for (const file of bad)
      expect(catalogueFileSchema.safeParse(file).success, JSON.stringify(file).slice(0, 80)).toBe(false);
    expect(catalogueFileSchema.safeParse(DEFAULT_CATALOGUE).success).toBe(true);
  });
});

describe('GET /customer/entitlements', () => {
  it('answers the caller’s plan and summed grants, and needs a sign-in', async () => {
    expect((await get('/customer/entitlements')).statusCode).toBe(401);
    const free = (await get('/customer/entitlements', ada)).json() as CustomerEntitlements;
    expect(free).toEqual({ planId: 'free', planName: 'Free', addons: {}, entitlements: FREE_GRANTS });

    lookup.hold(ada.userId, { planId: 'pro', addons: { extra_alerts: 2 } });
    const pro = (await get('/customer/entitlements', ada)).json() as CustomerEntitlements;
    expect(pro).toMatchObject({ planId: 'pro', planName: 'Pro', addons: { extra_alerts: 2 } });
    expect(pro.entitlements.alerts_price).toBe(100 + 2 * 50);
    expect(pro.entitlements.watchlists).toBe(25);
  });
});

describe('day-counted entitlements', () => {
  it('counts uses per UTC day: the use past the limit is refused with the exact text, the next day starts at zero', async () => {
    lookup.hold(ada.userId, { planId: 'free', addons: {} });
    const take = () => entitlements.service.takeToday(ada.userId, 'backtests_per_day');
    const limit = FREE_GRANTS.backtests_per_day;
    clock.set('2026-11-24T23:00:00Z');
    await Promise.all(Array.from({ length: limit }, take));
    expect(await entitlements.service.usedToday(ada.userId, 'backtests_per_day')).toBe(limit);
    await expect(take()).rejects.toMatchObject({
      category: 'locked',
      message: `Feature limit reached: your plan allows ${limit} (Backtests per day). Upgrade your plan for more.`,
    });
    expect(await entitlements.service.usedToday(ada.userId, 'backtests_per_day')).toBe(limit);
    clock.set('2026-11-25T00:00:00Z');
    await take();
    expect(await entitlements.service.usedToday(ada.userId, 'backtests_per_day')).toBe(1);
    lookup.hold(ada.userId, { planId: 'premium', addons: {} });
    for (let i = 0; i < limit + 2; i++) await take();
    expect(await entitlements.service.usedToday(ada.userId, 'backtests_per_day')).toBe(limit + 3);
  });
});
