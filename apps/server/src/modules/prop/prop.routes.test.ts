import type { AccountGoals, PropChallenge, TradingAccount, UserObjective } from '@tradedesk/contracts';
import { createSimulatedMarket } from '@tradedesk/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { holdPlanForEveryone } from '../../../test/billing-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const START = '2026-03-02T09:30:00Z';
const clock = createManualClock(START);
const market = createSimulatedMarket();
const NOBODY = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  // its users make more (accounts, lists, layouts...) than the free plan allows; the plan is not what it tests
  holdPlanForEveryone(app);
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? { authorization: `Bearer ${user.tradingAccessToken}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const TWO_STEP = { firm: 'two-step-evaluation', challenge: 'two-step-evaluation-standard' };
const INSTANT = { firm: 'instant-funding', challenge: 'instant-funding-standard' };

async function openProp(user: SignedInUser, body: object = {}): Promise<TradingAccount> {
  const res = await call(user, 'POST', '/accounts', {
    kind: 'prop',
    name: 'Challenge',
    ...TWO_STEP,
    currency: 'USD',
    size: 100_000,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TradingAccount;
}

async function createObjective(user: SignedInUser, body: object): Promise<UserObjective> {
  const res = await call(user, 'POST', '/trading/objectives', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as UserObjective;
}

describe('signed out', () => {
  it.each([
    ['GET', '/trading/firms'],
    ['GET', '/trading/firms/two-step-evaluation/challenges'],
    ['GET', '/trading/firms/two-step-evaluation/challenges/two-step-evaluation-standard'],
    ['DELETE', `/trading/accounts/${NOBODY}/challenge`],
    ['GET', '/trading/objectives'],
    ['POST', '/trading/objectives'],
    ['PUT', `/trading/objectives/${NOBODY}`],
    ['DELETE', `/trading/objectives/${NOBODY}`],
    ['GET', `/trading/objectives/${NOBODY}`],
    ['POST', `/trading/objectives/${NOBODY}/${NOBODY}`],
    ['PUT', `/trading/objectives/${NOBODY}/${NOBODY}`],
    ['DELETE', `/trading/objectives/${NOBODY}/${NOBODY}`],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await call(null, method, url, method === 'GET' ? undefined : {});
    expect(res.statusCode, res.body).toBe(401);
  });

  it('serves the objectives catalogue to anyone, with bounds for each kind', async () => {
    const res = await call(null, 'GET', '/market/objectives');
    expect(res.statusCode, res.body).toBe(200);
    const kinds = (res.json() as { objectives: Array<{ kind: string; min: number; max: number }> }).objectives;
    expect(kinds.map((k) => k.kind)).toEqual([
      'max_trades_per_day',
      'daily_profit_goal',
      'max_daily_loss',
      'max_risk_per_trade',
      'max_losses_in_row',
    ]);
    expect(kinds.every((k) => k.min < k.max)).toBe(true);
  });
});

describe('firms and challenges', () => {
  it('lists the three seeded firms, each saying it is modelled on published rules and is no partner', async () => {
    const res = await call(ada, 'GET', '/trading/firms');
    expect(res.statusCode, res.body).toBe(200);
    const { firms } = res.json() as { firms: Array<{ id: string; note: string; challengeCount: number }> };
    expect(firms.map((f) => f.id)).toEqual(['two-step-evaluation', 'one-step-evaluation', 'instant-funding']);
    expect(firms.every((f) => /no prop firm is a partner/.test(f.note) && f.challengeCount === 1)).toBe(true);
  });

  it('serves a challenge with its phases and rules as data', async () => {
    const list = await call(ada, 'GET', '/trading/firms/two-step-evaluation/challenges');
    expect(list.statusCode, list.body).toBe(200);
    const one = await call(ada, 'GET', '/trading/firms/two-step-evaluation/challenges/two-step-evaluation-standard');
    expect(one.statusCode, one.body).toBe(200);
    const challenge = one.json() as PropChallenge;
    expect((list.json() as { challenges: PropChallenge[] }).challenges).toEqual([challenge]);
    expect(challenge.rules.day).toEqual({ time: '00:00', timeZone: 'Europe/Prague' });
    expect(challenge.rules.phases.map((p) => [p.phase, p.profitTarget?.percent ?? null])).toEqual([
      ['phase_1', 10],
      ['phase_2', 5],
      ['funded', null],
    ]);
    expect(challenge.rules.phases[0]).toMatchObject({
      dailyLoss: { limit: { kind: 'percent', value: 5 }, base: 'higher', breach: 'hard' },
      maxLoss: { mode: 'static', percent: 10 },
      minTradingDays: { days: 4 },
    });
  });

  it('answers 404 for an unknown firm or a challenge of another firm', async () => {
    expect((await call(ada, 'GET', '/trading/firms/nope/challenges')).json()).toMatchObject({
      statusCode: 404,
      code: 'PROP_FIRM_NOT_FOUND',
    });
    const res = await call(ada, 'GET', '/trading/firms/two-step-evaluation/challenges/instant-funding-standard');
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'PROP_CHALLENGE_NOT_FOUND' });
  });
});

describe('opening a challenge account', () => {
  it('opens it on the virtual broker with the size as balance, in phase 1, with its rules described', async () => {
    const account = await openProp(ada);
    expect(account).toMatchObject({
      kind: 'virtual',
      platform: 'virtual',
      balance: 100_000,
      startingBalance: 100_000,
      currency: 'USD',
      leverage: 100,
      propFirm: {
        firmId: 'two-step-evaluation',
        challengeId: 'two-step-evaluation-standard',
        phase: 'phase_1',
        size: 100_000,
        state: 'active',
        failed: null,
        passedPhases: [],
      },
    });
    expect(account.rules.map((r) => r.rule)).toEqual([
      'profit_target',
      'daily_loss',
      'max_loss',
      'min_trading_days',
      'inactivity',
    ]);
    const listed = await call(ada, 'GET', `/accounts/${account.id}`);
    expect((listed.json() as TradingAccount).propFirm?.phase).toBe('phase_1');
  });

  it.each([
    [{ firm: 'nope' }, 'firm'],
    [{ challenge: 'instant-funding-standard' }, 'challenge'],
    [{ size: 12_345 }, 'size'],
    [{ currency: 'JPY' }, 'currency'],
    [{ currency: 'usd' }, 'currency'],
    [{ ...INSTANT, phase: 'phase_1' }, 'phase'],
  ])('refuses %j naming %s', async (patch, field) => {
    const res = await call(ada, 'POST', '/accounts', {
      kind: 'prop',
      name: 'Bad',
      ...TWO_STEP,
      currency: 'USD',
      size: 100_000,
      ...patch,
    });
    expect(res.statusCode, res.body).toBe(400);
    expectFieldError(res, { field });
  });
});

describe('goals of an account', () => {
  it('shows today’s permitted loss, the maximum permitted loss, days and the next reset in both zones', async () => {
    const account = await openProp(ada);
    const res = await call(ada, 'GET', `/trading/objectives/${account.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const goals = res.json() as AccountGoals;
    expect(goals.prop).toMatchObject({
      phase: 'phase_1',
      state: 'active',
      startingBalance: 100_000,
      balance: 100_000,
      equity: 100_000,
      todayPermittedLoss: 5_000,
      maxPermittedLoss: 10_000,
      failEquity: 95_000,
      profitTarget: 110_000,
      tradingDays: { done: 0, required: 4 },
      // the next midnight in Prague (CET, UTC+1 on 2 March)
      nextReset: { at: '2026-03-02T23:00:00.000Z', timeZone: 'Europe/Prague', local: '2026-03-03T00:00:00+01:00' },
      failed: null,
    });
    // core's state for the order ticket's what-if: the same floor in minor units
    expect(goals.engine).toMatchObject({ phase: 'phase_1', day: { floorMinor: 9_500_000 } });
  });

  it('answers 404 for another user’s account and 400 for an id that is not one', async () => {
    const account = await openProp(ada);
    expect((await call(bob, 'GET', `/trading/objectives/${account.id}`)).statusCode).toBe(404);
    const bad = await call(ada, 'GET', '/trading/objectives/not-an-id');
    expect(bad.statusCode).toBe(400);
    expectFieldError(bad, { status: bad.statusCode, field: 'id' });
  });
});

describe('objectives', () => {
  it('creates one with the catalogue’s default value, renames it, changes it and deletes it', async () => {
    const created = await createObjective(ada, { kind: 'max_trades_per_day' });
    expect(created).toMatchObject({ kind: 'max_trades_per_day', name: 'Maximum trades per day', value: 5 });
    const updated = await call(ada, 'PUT', `/trading/objectives/${created.id}`, { name: 'Three a day', value: 3 });
    expect(updated.json()).toMatchObject({ name: 'Three a day', value: 3 });
    const list = (await call(ada, 'GET', '/trading/objectives')).json() as { objectives: UserObjective[] };
    expect(list.objectives.map((o) => o.id)).toContain(created.id);
    expect((await call(ada, 'DELETE', `/trading/objectives/${created.id}`)).json()).toEqual({ ok: true });
    expect((await call(ada, 'PUT', `/trading/objectives/${created.id}`, { value: 4 })).statusCode).toBe(404);
  });

  it('refuses a value out of the catalogue’s bounds or an unknown kind with a sentence naming the field', async () => {
    const tooMany = await call(ada, 'POST', '/trading/objectives', { kind: 'max_trades_per_day', value: 0 });
    expect(tooMany.statusCode).toBe(422);
    expectFieldError(tooMany, { status: tooMany.statusCode, field: 'value' });
    const fraction = await call(ada, 'POST', '/trading/objectives', { kind: 'max_losses_in_row', value: 2.5 });
    expect(fraction.statusCode).toBe(422);
    expect(fraction.json().message).toMatch(/^value must be a whole number/);
    const kind = await call(ada, 'POST', '/trading/objectives', { kind: 'be_rich' });
    expect(kind.statusCode).toBe(400);
    expectFieldError(kind, { status: kind.statusCode, field: 'kind' });
  });

  it('keeps each user’s objectives apart: another user’s id answers 404', async () => {
    const mine = await createObjective(ada, { kind: 'daily_profit_goal', value: 250 });
    expect((await call(bob, 'PUT', `/trading/objectives/${mine.id}`, { value: 1 })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/trading/objectives/${mine.id}`)).statusCode).toBe(404);
    const theirs = (await call(bob, 'GET', '/trading/objectives')).json() as { objectives: UserObjective[] };
    expect(theirs.objectives.map((o) => o.id)).not.toContain(mine.id);
  });

  it('sets one on an account with its own value, changes it, and takes it off', async () => {
    const account = await openProp(ada);
    const objective = await createObjective(ada, { kind: 'max_daily_loss', value: 800 });
    const added = await call(ada, 'POST', `/trading/objectives/${account.id}/${objective.id}`, { value: 600 });
    expect(added.statusCode, added.body).toBe(201);
    expect((added.json() as AccountGoals).objectives).toEqual([
      expect.objectContaining({ objectiveId: objective.id, value: 600, state: 'on_track', current: 0 }),
    ]);
    const again = await call(ada, 'POST', `/trading/objectives/${account.id}/${objective.id}`, {});
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'PROP_OBJECTIVE_ALREADY_ON_ACCOUNT' });
    const changed = await call(ada, 'PUT', `/trading/objectives/${account.id}/${objective.id}`, { value: 700 });
    expect((changed.json() as AccountGoals).objectives[0]?.value).toBe(700);
    const shown = (await call(ada, 'GET', `/accounts/${account.id}`)).json() as TradingAccount;
    expect(shown.objectives).toEqual([expect.objectContaining({ objectiveId: objective.id, value: 700 })]);
    const bad = await call(ada, 'PUT', `/trading/objectives/${account.id}/${objective.id}`, { value: -5 });
    expect(bad.statusCode).toBe(422);
    expectFieldError(bad, { status: bad.statusCode, field: 'value' });
    const removed = await call(ada, 'DELETE', `/trading/objectives/${account.id}/${objective.id}`);
    expect((removed.json() as AccountGoals).objectives).toEqual([]);
    const gone = await call(ada, 'DELETE', `/trading/objectives/${account.id}/${objective.id}`);
    expect(gone.json()).toMatchObject({ statusCode: 404, code: 'PROP_OBJECTIVE_NOT_ON_ACCOUNT' });
  });

  it('answers 404 when the account or the objective is another user’s', async () => {
    const adaAccount = await openProp(ada);
    const adaObjective = await createObjective(ada, { kind: 'max_trades_per_day' });
    const bobObjective = await createObjective(bob, { kind: 'max_trades_per_day' });
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const theirAccount = await call(bob, method, `/trading/objectives/${adaAccount.id}/${bobObjective.id}`, {
        value: 3,
      });
      expect(theirAccount.json()).toMatchObject({ statusCode: 404, code: 'TRADING_ACCOUNT_NOT_FOUND' });
      const theirObjective = await call(ada, method, `/trading/objectives/${adaAccount.id}/${bobObjective.id}`, {
        value: 3,
      });
      expect(theirObjective.json()).toMatchObject({ statusCode: 404, code: 'PROP_OBJECTIVE_NOT_FOUND' });
    }
    expect((await call(ada, 'POST', `/trading/objectives/${adaAccount.id}/${adaObjective.id}`)).statusCode).toBe(201);
  });

  it('tracks objectives on an account without a challenge too', async () => {
    const res = await call(ada, 'POST', '/accounts', { kind: 'virtual', name: 'Plain' });
    const account = res.json() as TradingAccount;
    const objective = await createObjective(ada, { kind: 'max_trades_per_day', value: 1 });
    await call(ada, 'POST', `/trading/objectives/${account.id}/${objective.id}`);
    for (let i = 0; i < 2; i++) {
      const placed = await call(ada, 'PUT', `/middleware/${account.token}/orders`, { symbol: 'EURUSD', side: 'buy' });
      expect(placed.statusCode, placed.body).toBe(200);
    }
    const goals = (await call(ada, 'GET', `/trading/objectives/${account.id}`)).json() as AccountGoals;
    expect(goals.prop).toBeNull();
    expect(goals.objectives[0]).toMatchObject({ state: 'broken', current: 2 });
    expect(goals.objectives[0]?.warning).toMatch(/2 trades today, more than your limit of 1/);
  });
});

describe('the rules on orders', () => {
  it('refuses an order without the stop-loss the challenge requires, or risking too much, in sentences', async () => {
    const account = await openProp(ada, { ...INSTANT, size: 10_000 });
    const path = `/middleware/${account.token}/orders`;
    const noStop = await call(ada, 'PUT', path, { symbol: 'EURUSD', side: 'buy', size: 1 });
    expect(noStop.statusCode, noStop.body).toBe(422);
    expect(noStop.json()).toMatchObject({ code: 'PROP_RULE_REFUSED' });
    expectFieldError(noStop, { status: noStop.statusCode, field: 'stop_loss' });
    const bid = market.quote('EURUSD', Date.parse(START)).bid;
    const wide = await call(ada, 'PUT', path, {
      symbol: 'EURUSD',
      side: 'buy',
      size: 1,
      stop_loss: Math.round((bid - 0.03) * 1e5) / 1e5,
    });
    expect(wide.statusCode, wide.body).toBe(422);
    expectFieldError(wide, { status: wide.statusCode, field: 'size' });
    expect(wide.json().message).toMatch(/more than the 2% of the balance/);
    const fine = await call(ada, 'PUT', path, {
      symbol: 'EURUSD',
      side: 'buy',
      size: 1,
      stop_loss: Math.round((bid - 0.001) * 1e5) / 1e5,
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe('ending a challenge', () => {
  it('refuses to reset a challenge account until the challenge is ended', async () => {
    const account = await openProp(ada);
    const reset = await call(ada, 'POST', `/trading/accounts/${account.id}/reset`, { confirm: true });
    expect(reset.json()).toMatchObject({ statusCode: 409, code: 'PROP_CHALLENGE_ACCOUNT' });
    await call(ada, 'DELETE', `/trading/accounts/${account.id}/challenge`, { confirm: true });
    expect((await call(ada, 'POST', `/trading/accounts/${account.id}/reset`, { confirm: true })).statusCode).toBe(200);
  });

  it('needs confirm, answers 404 for another user’s account, and leaves a plain virtual account', async () => {
    const account = await openProp(ada);
    const unconfirmed = await call(ada, 'DELETE', `/trading/accounts/${account.id}/challenge`, {});
    expect(unconfirmed.statusCode).toBe(400);
    expectFieldError(unconfirmed, { status: unconfirmed.statusCode, field: 'confirm' });
    const theirs = await call(bob, 'DELETE', `/trading/accounts/${account.id}/challenge`, { confirm: true });
    expect(theirs.statusCode).toBe(404);
    const ended = await call(ada, 'DELETE', `/trading/accounts/${account.id}/challenge`, { confirm: true });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ id: account.id, propFirm: null, rules: [], balance: 100_000 });
    const again = await call(ada, 'DELETE', `/trading/accounts/${account.id}/challenge`, { confirm: true });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'PROP_NO_CHALLENGE' });
  });

  it('archives the account as well when asked', async () => {
    const account = await openProp(ada);
    const ended = await call(ada, 'DELETE', `/trading/accounts/${account.id}/challenge`, {
      confirm: true,
      archive: true,
    });
    expect(ended.json()).toMatchObject({ status: 'archived', propFirm: null });
  });
});
