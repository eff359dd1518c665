import {
  type Backtest,
  type BacktestList,
  type GraphProblem,
  type GraphValidation,
  STRATEGY_NODE_PORTS,
  type StrategyGraph,
} from '@tradedesk/contracts';
import { backtest, createSimulatedMarket, GRAPH_NODE_PORTS, getInstrument, toCandleArrays } from '@tradedesk/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import type { Database } from '../../platform/db.js';
import { seedBacktestDemo } from '../demo/demo.backtests.js';
import { DEMO_USER } from '../demo/demo.seed.js';
import { createMarketHistoryService } from '../market/market.history.service.js';
import { createStrategiesRepository } from '../strategies/strategies.repository.js';
import { createStrategiesService } from '../strategies/strategies.service.js';
import { strategies } from '../strategies/strategies.table.js';
import { createBacktestsRepository } from './backtests.repository.js';
import { createBacktestsService } from './backtests.service.js';

let app: FastifyInstance;
let database: Database;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-09T12:00:00Z');

const n = (id: string, type: string, data: object) => ({ id, type, data, position: { x: 0, y: 0 } });
const e = (id: string, source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  id,
  source,
  sourceHandle,
  target,
  targetHandle,
});

/** RSI(14) crossing above 50 buys 0.1 lots (20-pip stop, 40-pip target); crossing below closes the long. */
const RSI_GRAPH = {
  version: 1,
  nodes: [
    n('rsi', 'indicator', { indicatorId: 'rsi', inputs: { period: 14 }, output: 'rsi' }),
    n('fifty', 'constant', { value: 50 }),
    n('up', 'cross', { direction: 'above' }),
    n('down', 'cross', { direction: 'below' }),
    n('buy', 'buy_action', {
      size: { mode: 'lots', lots: 0.1 },
      stopLoss: { mode: 'pips', pips: 20 },
      takeProfit: { mode: 'pips', pips: 40 },
    }),
    n('exit', 'close_action', { side: 'long' }),
  ],
  edges: [
    e('e1', 'rsi', 'value', 'up', 'a'),
    e('e2', 'fifty', 'value', 'up', 'b'),
    e('e3', 'rsi', 'value', 'down', 'a'),
    e('e4', 'fifty', 'value', 'down', 'b'),
    e('e5', 'up', 'result', 'buy', 'signal'),
    e('e6', 'down', 'result', 'exit', 'signal'),
  ],
} as StrategyGraph;

const BODY = { symbol: 'EURUSD', timeframe: '15m', from: '2026-03-02', to: '2026-03-06' };

/** A strategy of the user made through POST /strategies (labels written to its row, for the demo seed's test). */
async function strategy(
  user: SignedInUser,
  graph: StrategyGraph | null,
  name = 'RSI 50',
  labels: { symbols?: string[]; timeframes?: string[] } = {},
): Promise<string> {
  const res = await call(user, 'POST', '/strategies', { name, graph });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: string }).id;
  if (labels.symbols || labels.timeframes)
    await database.db.update(strategies).set(labels).where(eq(strategies.id, id));
  return id;
}

function call(user: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) });
}

async function run(user: SignedInUser, strategyId: string, body: object = BODY): Promise<Backtest> {
  const res = await call(user, 'POST', `/strategies/${strategyId}/backtests`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Backtest;
}

beforeAll(async () => {
  ({ app, database } = await createTestApp({ build: { clock } }));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

describe('backtests', () => {
  it('the core port table is the contract’s', () => {
    expect(GRAPH_NODE_PORTS).toEqual(STRATEGY_NODE_PORTS);
  });

  it('runs the saved graph over the simulated bars: the same trades as the core on the same bars, the metrics report of them', async () => {
    const id = await strategy(ada, RSI_GRAPH);
    const result = await run(ada, id);
    expect(result).toMatchObject({
      strategyId: id,
      status: 'done',
      progress: 1,
      graphVersion: 1,
      dataSource: 'simulated',
      error: null,
      request: {
        symbol: 'EURUSD',
        timeframe: '15m',
        from: '2026-03-02T00:00:00.000Z',
        to: '2026-03-07T00:00:00.000Z',
        initialBalance: 10_000,
        currency: 'USD',
        leverage: 100,
      },
    });
    expect(result.dataLabel).toMatch(/simulated/i);
    // five FX days of 15-minute bars (the market closes Friday evening New York time)
    expect(result.bars).toBeGreaterThan(450);
    expect(result.bars).toBeLessThanOrEqual(5 * 96);

    // the core backtester on the simulated market's own bars gives the very same trades
    const market = createSimulatedMarket();
    const bars = market.candles('EURUSD', '15m', {
      from: Date.UTC(2026, 2, 2) / 1000,
      to: Date.UTC(2026, 2, 7) / 1000,
      limit: 5000,
      asOfMs: clock.now().getTime(),
    });
    expect(result.bars).toBe(bars.length);
    const core = backtest(RSI_GRAPH, toCandleArrays(bars), getInstrument('EURUSD'), {
      currency: 'USD',
      initialBalance: 10_000,
      leverage: 100,
      barSeconds: 900,
    });
    expect(core.trades.length).toBeGreaterThan(2);
    expect(
      result.trades.map((t) => [t.direction, t.openPrice, t.closePrice, t.openedAt, t.closedAt, t.exitReason]),
    ).toEqual(
      core.trades.map((t) => [
        t.side === 'buy' ? 'long' : 'short',
        t.openPrice,
        t.closePrice,
        new Date(t.openedAtMs).toISOString(),
        new Date(t.closedAtMs).toISOString(),
        t.exitReason,
      ]),
    );
    expect(result.finalBalance).toBe(core.finalBalanceMinor / 100);

    const report = result.report!;
    expect(report.overview.count).toBe(result.trades.length);
    expect(report.trades.map((t) => t.id)).toEqual(result.trades.map((t) => t.id));
    const net = result.trades.reduce((s, t) => s + Math.round(t.net * 100), 0) / 100;
    expect(report.overview.net).toBe(net);
    expect(result.finalBalance).toBe(Math.round((10_000 + net) * 100) / 100);
    expect(report.overview.startingBalance).toBe(10_000);
    expect(result.trades.every((t) => t.entryNodeId === 'buy' && t.strategy === 'RSI 50')).toBe(true);
    const buy = result.signals.find((s) => s.nodeId === 'buy')!;
    expect(buy.filled).toBe(result.trades.length);
    expect(buy.signals).toBe(buy.filled + buy.skipped);
    expect(result.equity.length).toBe(result.bars);
    expect(result.equity.at(-1)!.balance).toBe(result.finalBalance);
  });

  it('a graph with problems is a 422 listing them; no graph at all has no action', async () => {
    const broken = { ...RSI_GRAPH, edges: RSI_GRAPH.edges.filter((x) => x.id !== 'e2') };
    const id = await strategy(ada, broken);
    const res = await call(ada, 'POST', `/strategies/${id}/backtests`, BODY);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json() as { code: string; message: string; details: { problems: GraphProblem[] } };
    expect(body.code).toBe('BACKTEST_GRAPH_INVALID');
    expect(body.details.problems).toEqual([
      {
        code: 'MISSING_INPUT',
        nodeId: 'up',
        edgeId: null,
        port: 'b',
        message:
          'Input b of the Cross (1) node is not connected; connect a series (a price, an indicator or a constant) to it.',
      },
    ]);
    expect(body.message).toBe(`The strategy’s graph cannot be backtested: ${body.details.problems[0]!.message}`);

    const empty = await strategy(ada, null);
    const res2 = await call(ada, 'POST', `/strategies/${empty}/backtests`, BODY);
    expect(res2.statusCode).toBe(422);
    expect((res2.json() as { details: { problems: GraphProblem[] } }).details.problems.map((p) => p.code)).toEqual([
      'NO_ACTION',
    ]);
  });

  it('refuses bad requests naming the field', async () => {
    const id = await strategy(ada, RSI_GRAPH);
    const post = (body: object) => call(ada, 'POST', `/strategies/${id}/backtests`, { ...BODY, ...body });
    expectFieldError(await post({ timeframe: '2h' }), { field: 'timeframe', message: /^timeframe must be one of/ });
    expectFieldError(await post({ from: '2026-03-06', to: '2026-03-05' }), {
      field: 'to',
      message: 'to must be after from.',
    });
    expectFieldError(await post({ leverage: 0 }), {
      field: 'leverage',
      message: 'leverage must be a whole number from 1 to 1000.',
    });
    expectFieldError(await post({ symbol: 'NOPE' }), {
      field: 'symbol',
      code: 'BACKTEST_UNKNOWN_SYMBOL',
      message: "No instrument has the symbol NOPE; pick one from the market's symbols.",
    });
    expectFieldError(await post({ from: '2026-03-10', to: '2026-03-12' }), {
      status: 422,
      field: 'from',
      code: 'BACKTEST_NO_BARS',
    });
  });

  it('lists newest first, reads, deletes; another user’s strategy or backtest is 404', async () => {
    const id = await strategy(ada, RSI_GRAPH);
    const first = await run(ada, id, { ...BODY, to: '2026-03-03' });
    clock.advance(1000);
    const second = await run(ada, id, { ...BODY, to: '2026-03-03', initial_balance: 5000, currency: 'EUR' });
    expect(second.request).toMatchObject({ initialBalance: 5000, currency: 'EUR' });
    expect(second.report!.currency).toBe('EUR');

    const list = (await call(ada, 'GET', `/strategies/${id}/backtests`)).json() as BacktestList;
    expect(list.backtests.map((b) => b.id)).toEqual([second.id, first.id]);
    expect(list.backtests[1]).toMatchObject({ tradeCount: first.trades.length, net: first.report!.overview.net });
    expect(list.backtests[1]).not.toHaveProperty('trades');

    const read = await call(ada, 'GET', `/backtests/${first.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(first);

    expect((await call(bob, 'GET', `/backtests/${first.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/backtests/${first.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/strategies/${id}/backtests`)).statusCode).toBe(404);
    const bobRun = await call(bob, 'POST', `/strategies/${id}/backtests`, BODY);
    expect(bobRun.statusCode).toBe(404);
    expect(bobRun.json()).toMatchObject({ code: 'BACKTEST_STRATEGY_NOT_FOUND' });

    expect((await call(ada, 'DELETE', `/backtests/${first.id}`)).statusCode).toBe(200);
    expect((await call(ada, 'GET', `/backtests/${first.id}`)).statusCode).toBe(404);
    const after = (await call(ada, 'GET', `/strategies/${id}/backtests`)).json() as BacktestList;
    expect(after.backtests.map((b) => b.id)).toEqual([second.id]);
  });

  it('validates a graph for the editor', async () => {
    const ok = await call(ada, 'POST', '/backtests/validate', { graph: RSI_GRAPH });
    expect(ok.json()).toEqual({ valid: true, problems: [] });
    const looped = {
      ...RSI_GRAPH,
      nodes: [...RSI_GRAPH.nodes, n('not', 'not', {})],
      edges: [...RSI_GRAPH.edges, e('e7', 'not', 'result', 'not', 'in')],
    };
    const res = (await call(ada, 'POST', '/backtests/validate', { graph: looped })).json() as GraphValidation;
    expect(res.valid).toBe(false);
    expect(res.problems.map((p) => [p.code, p.nodeId])).toEqual([['CYCLE', 'not']]);
    // the wire schema checks settings before the validator: a bad operator names the field
    const bad = await call(ada, 'POST', '/backtests/validate', {
      graph: { ...RSI_GRAPH, nodes: [n('c', 'compare', { operator: '=>' })] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the demo seed stores one backtest of the demo user’s RSI strategy, once', async () => {
    const demo = await signUpAndLogin(app, { email: DEMO_USER.email });
    await strategy(demo, { ...RSI_GRAPH, nodes: RSI_GRAPH.nodes.filter((x) => x.type !== 'indicator') }, 'No RSI');
    const id = await strategy(demo, RSI_GRAPH, 'RSI swing', { symbols: ['GBPUSD'], timeframes: ['1D', '4h'] });
    const repo = createBacktestsRepository(database.db);
    const market = createSimulatedMarket();
    // no imported candles in this test: the history is the simulated market's
    const history = createMarketHistoryService({
      market,
      clock,
      candles: { findImportedBars: async () => ({ bars: [], ranges: [] }), importsVersion: async () => '0' },
    } as unknown as Parameters<typeof createMarketHistoryService>[0]);
    const service = createBacktestsService({
      repo,
      history,
      market,
      strategies: createStrategiesService({ repo: createStrategiesRepository(database.db), clock } as never),
      users: { getById: async () => ({ timeZone: 'UTC' }) } as never,
      clock,
    });
    const log = { info: () => {}, warn: () => {} } as never;
    const deps = {
      users: {
        findByEmail: async (email: string) => (email === DEMO_USER.email ? { id: demo.userId } : undefined),
      } as never,
      backtests: service,
      repo,
      now: () => clock.now(),
      log,
    };
    expect(await seedBacktestDemo(deps)).toBe(true);
    expect(await seedBacktestDemo(deps)).toBe(false);
    const list = (await call(demo, 'GET', `/strategies/${id}/backtests`)).json() as BacktestList;
    expect(list.backtests).toHaveLength(1);
    expect(list.backtests[0]).toMatchObject({
      status: 'done',
      dataSource: 'simulated',
      request: { symbol: 'GBPUSD', timeframe: '4h', from: '2025-12-09T00:00:00.000Z', to: '2026-03-09T00:00:00.000Z' },
    });
    expect(list.backtests[0]!.tradeCount).toBeGreaterThan(0);
  });
});
