import { randomUUID } from 'node:crypto';
import type { ComplianceGroupWire, ComplianceResponse, MetricsResponse, TradingAccount } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import {
  strategies,
  strategyApproaches,
  strategyChecklistItems,
  strategyConditions,
  strategyCriteria,
} from '../strategies/strategies.table.js';
import { tradingPositions } from '../trading/trading.table.js';

/*
 * Hand-computed scenario. Ada's USD account holds five closed EURUSD buys of 1 lot opened at 1.1000 (100,000 USD
 * per 1.0 of price, so a stop at 1.0990 risks 100.00 USD), each with 7.00 USD commission:
 *
 *   T1 Mon 03-02  close 1.1020  profit  200.00  net  193.00  SL 1.0990: R  1.93   S/A, met I1 I2       disciplined
 *   T2 Mon 03-02  close 1.0990  profit -100.00  net -107.00  SL 1.0990: R -1.07   S/A, met I1, mistake broke
 *   T3 Tue 03-03  close 1.1015  profit  150.00  net  143.00  no stop:   no R      S/A, met I1 I2       disciplined
 *   T4 Tue 03-03  close 1.0995  profit  -50.00  net  -57.00  SL 1.0990: R -0.57   S only, mistake      broke
 *   T5 Wed 03-04  close 1.1005  profit   50.00  net   43.00  SL 1.0990: R  0.43   no annotation        unreviewed
 *   T6 Wed 03-04  close 1.1002  profit   20.00  net   13.00  no stop:   no R      notes only           no playbook
 *
 * Strategy S "Breakout", approach A "London open" with one criterion, one condition and items I1 "Trend up",
 * I2 "Volume spike"; mistake M "Moved stop".
 */

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let usd: TradingAccount;
const clock = createManualClock('2026-03-05T09:00:00Z');
const t: Record<'T1' | 'T2' | 'T3' | 'T4' | 'T5' | 'T6', string> = {
  T1: '',
  T2: '',
  T3: '',
  T4: '',
  T5: '',
  T6: '',
};
const play = { S: randomUUID(), A: randomUUID(), I1: randomUUID(), I2: randomUUID(), M: '' };

function call(user: SignedInUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, trading = false) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${trading ? user.tradingAccessToken : user.accessToken}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function closedTrade(close: string, closePrice: number, profit: string, stopLoss: number | null) {
  const id = randomUUID();
  const closedAt = new Date(close);
  await app.ctx.db.insert(tradingPositions).values({
    id,
    accountId: usd.id,
    symbol: 'EURUSD',
    side: 'buy',
    status: 'closed',
    volume: 0,
    initialVolume: 1,
    openPrice: 1.1,
    openedAt: new Date(closedAt.getTime() - 3_600_000),
    stopLoss,
    closePrice,
    closedAt,
    closeReason: 'client',
    profit,
    commission: '-7.00',
    swap: '0',
    swapBookedUntil: closedAt,
    updatedAt: closedAt,
  });
  return id;
}

async function annotate(positionId: string, body: object) {
  const res = await call(ada, 'PUT', `/journal/trades/${positionId}`, body);
  expect(res.statusCode, res.body).toBe(200);
}

async function compliance(user: SignedInUser, query = ''): Promise<ComplianceResponse> {
  const res = await call(user, 'GET', `/journal/compliance${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ComplianceResponse;
}

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
  const opened = await call(ada, 'POST', '/accounts', { kind: 'virtual', name: 'Practice' }, true);
  expect(opened.statusCode, opened.body).toBe(201);
  usd = opened.json() as TradingAccount;

  t.T1 = await closedTrade('2026-03-02T10:00:00Z', 1.102, '200.00', 1.099);
  t.T2 = await closedTrade('2026-03-02T15:00:00Z', 1.099, '-100.00', 1.099);
  t.T3 = await closedTrade('2026-03-03T10:00:00Z', 1.1015, '150.00', null);
  t.T4 = await closedTrade('2026-03-03T12:00:00Z', 1.0995, '-50.00', 1.099);
  t.T5 = await closedTrade('2026-03-04T10:00:00Z', 1.1005, '50.00', 1.099);
  t.T6 = await closedTrade('2026-03-04T12:00:00Z', 1.1002, '20.00', null);

  const now = clock.now();
  const db = app.ctx.db;
  const criterion = randomUUID();
  const condition = randomUUID();
  await db
    .insert(strategies)
    .values({ id: play.S, userId: ada.userId, name: 'Breakout', description: '', createdAt: now, updatedAt: now });
  await db.insert(strategyApproaches).values({
    id: play.A,
    strategyId: play.S,
    userId: ada.userId,
    name: 'London open',
    description: '',
    status: 'entry',
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(strategyCriteria).values({ id: criterion, approachId: play.A, name: 'Trend', createdAt: now });
  await db.insert(strategyConditions).values({ id: condition, criterionId: criterion, text: 'H1', createdAt: now });
  await db.insert(strategyChecklistItems).values([
    { id: play.I1, conditionId: condition, text: 'Trend up', position: 0, createdAt: now },
    { id: play.I2, conditionId: condition, text: 'Volume spike', position: 1, createdAt: now },
  ]);
  const mistake = await call(ada, 'POST', '/journal/mistakes', { name: 'Moved stop' });
  expect(mistake.statusCode, mistake.body).toBe(201);
  play.M = (mistake.json() as { id: string }).id;

  const both = [play.I1, play.I2];
  await annotate(t.T1, { strategy_id: play.S, approach_id: play.A, checklist_item_ids: both });
  await annotate(t.T2, {
    strategy_id: play.S,
    approach_id: play.A,
    checklist_item_ids: [play.I1],
    mistake_ids: [play.M],
  });
  await annotate(t.T3, { strategy_id: play.S, approach_id: play.A, checklist_item_ids: both });
  await annotate(t.T4, { strategy_id: play.S, mistake_ids: [play.M] });
  // reviewed, but linked to no strategy and without a mistake: neither followed nor broke
  await annotate(t.T6, { notes: '<p>Took it on a whim.</p>' });
}, 60_000);

/** A group as [count, wins, losses, winRate, averageR, net, trade ids]. */
const g = (x: ComplianceGroupWire) => [
  x.count,
  x.wins,
  x.losses,
  x.winRate === null ? null : Number(x.winRate.toFixed(2)),
  x.averageR === null ? null : Number(x.averageR.toFixed(4)),
  x.net,
  x.tradeIds,
];

describe('GET /journal/compliance', () => {
  it('splits the trades into followed, broke, no playbook and unreviewed with hand-computed figures', async () => {
    const c = await compliance(ada, `?account_id=${usd.id}`);
    expect(c.accountIds).toEqual([usd.id]);
    expect(c.currency).toBe('USD');
    expect(g(c.overall.followed)).toEqual([2, 2, 0, 100, 1.93, 336, [t.T1, t.T3]]);
    expect(g(c.overall.broke)).toEqual([2, 0, 2, 0, -0.82, -164, [t.T2, t.T4]]);
    expect(g(c.overall.noPlaybook)).toEqual([1, 1, 0, 100, null, 13, [t.T6]]);
    expect(g(c.overall.unreviewed)).toEqual([1, 1, 0, 100, 0.43, 43, [t.T5]]);

    const [s] = c.strategies;
    expect([s!.strategyId, s!.name]).toEqual([play.S, 'Breakout']);
    expect(g(s!.followed)).toEqual([2, 2, 0, 100, 1.93, 336, [t.T1, t.T3]]);
    expect(g(s!.broke)).toEqual([2, 0, 2, 0, -0.82, -164, [t.T2, t.T4]]);
    const [a] = s!.approaches;
    expect(a!.name).toBe('London open');
    expect(g(a!.followed)).toEqual([2, 2, 0, 100, 1.93, 336, [t.T1, t.T3]]);
    expect(g(a!.broke)).toEqual([1, 0, 1, 0, -1.07, -107, [t.T2]]);
    expect(a!.checklistItems.map((i) => [i.label, g(i.followed), g(i.broke)])).toEqual([
      ['Trend up', [3, 2, 1, 66.67, 0.43, 229, [t.T1, t.T2, t.T3]], [0, 0, 0, null, null, 0, []]],
      ['Volume spike', [2, 2, 0, 100, 1.93, 336, [t.T1, t.T3]], [1, 0, 1, 0, -1.07, -107, [t.T2]]],
    ]);
    const m = c.mistakes.find((x) => x.mistakeId === play.M)!;
    expect([m.label, ...g(m.trades)]).toEqual(['Moved stop', 2, 0, 2, 0, -0.82, -164, [t.T2, t.T4]]);
  });

  it('scores discipline per day and week', async () => {
    const c = await compliance(ada);
    expect(c.mistakePenalty).toBe(20);
    const row = (p: ComplianceResponse['discipline']['days'][number]) => [
      p.date,
      p.reviewed,
      p.noPlaybook,
      p.unreviewed,
      p.itemsMet,
      p.itemsTotal,
      p.mistakes,
      p.score === null ? null : Number(p.score.toFixed(4)),
    ];
    expect(c.discipline.days.map(row)).toEqual([
      // 3 of 4 items met (75) - 20 x 1 mistake / 2 trades
      ['2026-03-02', 2, 0, 0, 3, 4, 1, 65],
      // 2 of 2 (100; T4 has no approach, so no checklist) - 20 x 1 / 2
      ['2026-03-03', 2, 0, 0, 2, 2, 1, 90],
      // T6 is reviewed but has no playbook: counted apart, not scored (no score rather than a free 100)
      ['2026-03-04', 0, 1, 1, 0, 0, 0, null],
    ]);
    // 5 of 6 (83.3333) - 20 x 2 / 4 (T6 does not thin out the penalty)
    expect(c.discipline.weeks.map(row)).toEqual([['2026-03-02', 4, 1, 1, 5, 6, 2, 73.3333]]);
    expect(c.discipline.score).toBeCloseTo(73.3333, 4);
  });

  it('bounds the trades by their close time', async () => {
    const c = await compliance(ada, '?from=2026-03-03&to=2026-03-03');
    expect(c.overall.followed.tradeIds).toEqual([t.T3]);
    expect(c.overall.broke.tradeIds).toEqual([t.T4]);
    expect(c.overall.unreviewed.count).toBe(0);
  });

  it('another user: 404 for the account, and sees nothing of it with all', async () => {
    const res = await call(bob, 'GET', `/journal/compliance?account_id=${usd.id}`);
    expect(res.statusCode, res.body).toBe(404);
    const c = await compliance(bob);
    expect(c.strategies).toEqual([]);
    expect(c.overall.unreviewed.count + c.overall.followed.count + c.overall.broke.count).toBe(0);
  });

  it('refuses a bad account_id naming the field', async () => {
    expectFieldError(await call(ada, 'GET', '/journal/compliance?account_id=nope'), { field: 'account_id' });
  });
});

describe('GET /trading/metrics/{accountID} compliance filters', () => {
  async function ids(query: string): Promise<string[]> {
    const res = await call(ada, 'GET', `/trading/metrics/${usd.id}${query}`, undefined, true);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as MetricsResponse).overview.tradeIds;
  }

  it.each([
    ['approach', () => `?approach=${play.A}`, () => [t.T1, t.T2, t.T3]],
    ['a checklist item followed', () => `?checklist_item=${play.I2}`, () => [t.T1, t.T3]],
    ['a checklist item broken', () => `?checklist_item=${play.I2}&checklist=broke`, () => [t.T2]],
    ['unreviewed trades', () => '?reviewed=false', () => [t.T5]],
    ['reviewed trades', () => '?reviewed=true', () => [t.T1, t.T2, t.T3, t.T4, t.T6]],
    // T6 (reviewed, no strategy, no mistake) followed no rules: not in followed, nor in broke
    ['discipline followed', () => '?discipline=followed', () => [t.T1, t.T3]],
    ['discipline broken', () => '?discipline=broke', () => [t.T2, t.T4]],
    ['with the strategy filter', () => `?strategy=${play.S}&discipline=followed`, () => [t.T1, t.T3]],
  ])('%s', async (_name, query, expected) => {
    expect(await ids(query())).toEqual(expected());
  });

  it('echoes the filters, and refuses checklist without checklist_item', async () => {
    const res = await call(ada, 'GET', `/trading/metrics/${usd.id}?checklist_item=${play.I1}`, undefined, true);
    const m = res.json() as MetricsResponse;
    expect(m.filters).toMatchObject({ checklistItem: play.I1, checklist: 'followed', approach: null, reviewed: null });
    expect(m.overview.net).toBe(229);
    expectFieldError(await call(ada, 'GET', `/trading/metrics/${usd.id}?checklist=broke`, undefined, true), {
      field: 'checklist',
    });
  });
});
