import type { Alert, CreateAlertBody } from '@tradedesk/contracts';
import { createAlertBodySchema } from '@tradedesk/contracts';
import { type Candle, candleTimeOf, type SimulatedMarket, type Timeframe } from '@tradedesk/core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import type { AppConfig } from '../../config.js';
import { createManualClock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { createChartsRepository } from '../charts/charts.repository.js';
import { createDrawingsRepository } from '../charts/drawings.repository.js';
import { createDrawingsService } from '../charts/drawings.service.js';
import { createWatchlistsModule } from '../watchlists/watchlists.plugin.js';
import type { AlertCalendar } from './alerts.evaluator.js';
import { createAlertsModule } from './alerts.plugin.js';

/**
 * The leader's evaluation on a pinned clock and a scripted market (prices and bars set by each test), with the
 * notifier, the calendar and the account figures replaced by recorders and fakes.
 */

let app: FastifyInstance;
let ada: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');
const prices = new Map<string, number>();
const bars = new Map<string, Candle[]>();
const notified: Array<{
  userId: string;
  title: string;
  body: string;
  toast?: boolean;
  sound?: boolean;
  email?: boolean;
}> = [];
let calendarEvents: ReturnType<AlertCalendar['near']> = [];
let equity = 10_000;
/** How many times the evaluator asked for a forming bar (each is one computation of an intra-bar indicator key). */
let formingReads = 0;

const market = {
  quote(symbol: string, ms: number) {
    const p = prices.get(symbol);
    if (p === undefined) throw new RangeError(`no price for ${symbol}`);
    return { instrumentId: symbol, time: ms, bid: p, ask: p, mid: p, spread: 0, open: true };
  },
  candles(symbol: string, timeframe: string, q: { to?: number; limit?: number }) {
    const list = bars.get(`${symbol}|${timeframe}`) ?? [];
    return list.filter((b) => q.to === undefined || b.time < q.to).slice(-(q.limit ?? 1000));
  },
  /** The bar forming now: from the start of its interval's bar, at the price set by the test. */
  formingCandle(symbol: string, timeframe: Timeframe, ms: number): Candle | null {
    formingReads++;
    const p = prices.get(symbol);
    const time = candleTimeOf(symbol, timeframe, Math.floor(ms / 1000));
    if (p === undefined || time === null) return null;
    return { time, open: p, high: p, low: p, close: p, volume: 1 };
  },
} as unknown as SimulatedMarket;

const silent = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

function makeModule() {
  const db = app.ctx.db;
  const drawings = createDrawingsService({
    repo: createDrawingsRepository(db),
    charts: createChartsRepository(db),
    clock,
  });
  return createAlertsModule(
    {
      db,
      clock,
      bus: app.ctx.bus,
      jobs: { register: () => () => {} } as unknown as JobRunner,
      config: { alertsIntervalMs: 1000, alertsWebhookPrivate: true } as AppConfig,
    },
    {
      market,
      log: silent,
      notifier: {
        async notify(userId, n) {
          notified.push({ userId, ...n });
        },
      },
      drawings,
      watchlists: createWatchlistsModule({ db, clock }).service,
      accounts: {
        async get(userId: string, id: string) {
          if (userId !== ada.userId) throw new AppError('NOT_FOUND', 'not_found', 'No account.');
          return { id };
        },
      },
      users: {
        // the user's settings: {{time}} is written in their zone and clock
        getById: async () => ({
          notifications: { email_alerts: false },
          timeZone: 'Europe/Berlin',
          timeFormat: '24h' as const,
        }),
      },
      calendar: { near: () => calendarEvents },
      accountFigures: {
        figures: async () => ({
          currency: 'USD',
          equity,
          marginLevel: null,
          dailyLossLimit: null,
          todayPermittedLoss: null,
        }),
      },
    },
  );
}

let mod: ReturnType<typeof makeModule>;
const leadership = new AbortController().signal;
const run = () => mod.evaluator.run(leadership);
const at = (iso: string) => clock.set(`2026-03-02T${iso}Z`);

async function create(body: object): Promise<Alert> {
  return mod.service.create(ada.userId, createAlertBodySchema.parse(body) as CreateAlertBody);
}
const reread = (id: string) => mod.service.get(ada.userId, id);
const fires = (id: string) => notified.filter((n) => n.body.includes(id) || n.title === id).length;

/** Sets the price, moves the clock and runs the evaluation once. */
async function tick(time: string, price: number, symbol = 'EURUSD') {
  at(time);
  prices.set(symbol, price);
  await run();
}

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock }, config: { role: 'api' } }));
  ada = await signUpAndLogin(app);
});

beforeEach(async () => {
  notified.length = 0;
  prices.clear();
  bars.clear();
  calendarEvents = [];
  equity = 10_000;
  formingReads = 0;
  at('09:30:00');
  // every test starts from no active alert
  for (const a of (await mod?.service.list(ada.userId, {})) ?? []) await mod.service.delete(ada.userId, a.id);
  mod = makeModule();
});

const price = (name: string, condition: object, over: object = {}) => ({
  type: 'price',
  name,
  symbol: 'EURUSD',
  condition,
  ...over,
});

describe('price alerts by trigger mode, on a pinned clock', () => {
  it('only_once fires once, on a gap across the value, then is triggered', async () => {
    prices.set('EURUSD', 1.1);
    const alert = await create(price('once', { operator: 'crossing_up', value: 1.2 }));
    await tick('09:30:01', 1.15);
    expect(fires('once')).toBe(0);
    await tick('09:30:02', 1.25);
    expect(fires('once')).toBe(1);
    await tick('09:30:03', 1.1);
    await tick('09:30:04', 1.3);
    expect(fires('once')).toBe(1);
    expect(await reread(alert.id)).toMatchObject({
      status: 'triggered',
      triggerCount: 1,
      lastTriggeredAt: '2026-03-02T09:30:02.000Z',
    });
    const log = await mod.service.log(ada.userId, alert.id, 10);
    // newest first; entries of one instant in the reverse of the order they were written
    expect(log.entries.map((e) => [e.kind, e.channel, e.ok])).toEqual([
      ['delivery', 'app', true],
      ['fired', null, true],
    ]);
    expect(log.entries.find((e) => e.kind === 'fired')).toMatchObject({ symbol: 'EURUSD', price: 1.25 });
  });

  it('every_time fires on each cross, both ways for crossing', async () => {
    prices.set('EURUSD', 1.1);
    const alert = await create(price('each', { operator: 'crossing', value: 1.2 }, { trigger: 'every_time' }));
    for (const [t, p] of [
      ['09:30:01', 1.25],
      ['09:30:02', 1.26],
      ['09:30:03', 1.15],
      ['09:30:04', 1.3],
    ] as const) {
      await tick(t, p);
    }
    expect(fires('each')).toBe(3);
    expect(await reread(alert.id)).toMatchObject({ status: 'active', triggerCount: 3 });
  });

  it('once_per_minute fires again only a minute later while the level holds', async () => {
    prices.set('EURUSD', 1.1);
    await create(price('minute', { operator: 'greater_than', value: 1.2 }, { trigger: 'once_per_minute' }));
    await tick('09:30:01', 1.25);
    await tick('09:30:02', 1.26);
    await tick('09:30:40', 1.27);
    expect(fires('minute')).toBe(1);
    await tick('09:31:01', 1.27);
    expect(fires('minute')).toBe(2);
  });

  it('once_per_bar_close looks at bar closes only, at most once a bar', async () => {
    prices.set('EURUSD', 1.1);
    await create(
      price('bar', { operator: 'crossing_up', value: 1.2 }, { trigger: 'once_per_bar_close', interval: '1m' }),
    );
    const bar = (time: string, close: number): Candle => ({
      time: Date.parse(`2026-03-02T${time}Z`) / 1000,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
    });
    await tick('09:30:00', 1.1);
    // the price crosses within the bar: nothing until the bar closes
    await tick('09:30:20', 1.25);
    await tick('09:30:40', 1.15);
    expect(fires('bar')).toBe(0);
    bars.set('EURUSD|1m', [bar('09:30:00', 1.22)]);
    await tick('09:31:00', 1.22);
    expect(fires('bar')).toBe(1);
    await tick('09:31:30', 1.3);
    expect(fires('bar')).toBe(1);
    // the next bar closes below then above again: one more fire, at that close
    bars.set('EURUSD|1m', [bar('09:30:00', 1.22), bar('09:31:00', 1.18)]);
    await tick('09:32:00', 1.18);
    bars.set('EURUSD|1m', [bar('09:30:00', 1.22), bar('09:31:00', 1.18), bar('09:32:00', 1.21)]);
    await tick('09:33:00', 1.21);
    expect(fires('bar')).toBe(2);
  });

  it('fills the message placeholders', async () => {
    prices.set('EURUSD', 1.1);
    await create(
      price(
        'msg',
        { operator: 'crossing_up', value: 1.2 },
        { message: 'msg {{ticker}} at {{close}} on {{interval}}, {{time}}' },
      ),
    );
    await tick('09:30:05', 1.2345);
    expect(notified.at(-1)).toMatchObject({
      title: 'msg',
      body: 'msg EURUSD at 1.2345 on 1m, 2026-03-02 10:30 (Europe/Berlin)',
      toast: true,
      sound: false,
      email: false,
    });
  });

  it('a cross that happened while no leader watched fires on the next start', async () => {
    prices.set('EURUSD', 1.1);
    await create(price('restart', { operator: 'crossing_up', value: 1.2 }));
    // a new process (a new module, a new lead) sees the price above: crossed since the alert was made
    mod = makeModule();
    await tick('09:31:00', 1.3);
    expect(fires('restart')).toBe(1);
  });

  it('marks an alert past its expiry expired, with a log entry, and stops a deleted one', async () => {
    prices.set('EURUSD', 1.1);
    const expiring = await create(
      price('expiring', { operator: 'crossing_up', value: 1.2 }, { expires_at: '2026-03-02T09:30:10Z' }),
    );
    const deleted = await create(price('deleted', { operator: 'crossing_up', value: 1.2 }));
    await tick('09:30:05', 1.15);
    await mod.service.delete(ada.userId, deleted.id);
    await tick('09:30:11', 1.3);
    expect(fires('expiring')).toBe(0);
    expect(fires('deleted')).toBe(0);
    expect((await reread(expiring.id)).status).toBe('expired');
    const log = await mod.service.log(ada.userId, expiring.id, 10);
    expect(log.entries).toEqual([
      expect.objectContaining({ kind: 'expired', message: 'The alert reached its expiry.' }),
    ]);
  });

  it('does not fire a paused alert', async () => {
    prices.set('EURUSD', 1.1);
    const alert = await create(price('paused', { operator: 'crossing_up', value: 1.2 }));
    await mod.service.update(ada.userId, alert.id, { status: 'paused' });
    await tick('09:30:05', 1.3);
    expect(fires('paused')).toBe(0);
  });
});

describe('the other alert types', () => {
  it('drawing: the price crossing a horizontal line', async () => {
    prices.set('EURUSD', 1.1);
    const drawings = createDrawingsService({
      repo: createDrawingsRepository(app.ctx.db),
      charts: createChartsRepository(app.ctx.db),
      clock,
    });
    const line = await drawings.create(ada.userId, {
      symbol: 'EURUSD',
      tool: 'horizontal_line',
      points: [{ time: 1_772_000_000, price: 1.2 }],
      style: {},
      locked: false,
      hidden: false,
    } as never);
    await create({
      type: 'drawing',
      name: 'line',
      trigger: 'every_time',
      condition: { drawing_id: line.id, operator: 'crossing_up' },
    });
    await tick('09:30:01', 1.15);
    // the side below the line is kept: a leader started meanwhile sees the cross
    mod = makeModule();
    await tick('09:30:02', 1.21);
    await tick('09:30:03', 1.19);
    await tick('09:30:04', 1.22);
    expect(fires('line')).toBe(2);
  });

  it('watchlist: any symbol of the list moving up by a percent within the minutes', async () => {
    const list = await createWatchlistsModule({ db: app.ctx.db, clock }).service.create(ada.userId, {
      name: 'Majors',
      symbols: [
        { source: 'FOREX', ticker: 'EURUSD' },
        { source: 'FOREX', ticker: 'GBPUSD' },
      ],
    });
    prices.set('EURUSD', 1.1);
    prices.set('GBPUSD', 1.3);
    await create({
      type: 'watchlist',
      name: 'list',
      trigger: 'every_time',
      condition: { watchlist_id: list.id, operator: 'moving_up_pct', percent: 1, minutes: 5 },
    });
    await run();
    at('09:31:00');
    prices.set('GBPUSD', 1.315);
    await run();
    expect(fires('list')).toBe(1);
    expect(notified.at(-1)?.body).toContain('GBPUSD');
  });

  it('indicator once_per_bar_close: a plot crossing a value, on the close of a bar of its interval', async () => {
    const closes = [1.1, 1.1, 1.1, 1.1, 1.4];
    const start = Date.parse('2026-03-02T09:25:00Z') / 1000;
    const candles = closes.map((close, i) => ({
      time: start + i * 60,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
    }));
    prices.set('EURUSD', 1.1);
    await create({
      type: 'indicator',
      name: 'sma',
      symbol: 'EURUSD',
      interval: '1m',
      trigger: 'once_per_bar_close',
      condition: { indicator: 'sma', inputs: { period: 2 }, plot: 'sma', operator: 'crossing_up', value: 1.2 },
    });
    bars.set('EURUSD|1m', candles.slice(0, 4));
    await tick('09:29:30', 1.1);
    expect(fires('sma')).toBe(0);
    // the 09:29 bar closes at 1.4: SMA(2) goes from 1.1 to 1.25, across 1.2
    bars.set('EURUSD|1m', candles);
    await tick('09:30:00', 1.4);
    expect(fires('sma')).toBe(1);
  });

  it('calendar: minutes before an event of at least the impact, once per event', async () => {
    const eventMs = Date.parse('2026-03-02T09:40:00Z');
    calendarEvents = [
      { id: 'nfp', title: 'Non-farm payrolls', impact: 'high', timeMs: eventMs, currency: 'USD' },
      { id: 'minor', title: 'Minor index', impact: 'low', timeMs: eventMs, currency: 'USD' },
      { id: 'ecb', title: 'ECB decision', impact: 'high', timeMs: eventMs, currency: 'EUR' },
    ];
    await create({
      type: 'calendar',
      name: 'cal',
      trigger: 'every_time',
      condition: { minutes_before: 15, impact: 'medium', currencies: ['USD'] },
    });
    await tick('09:20:00', 1.1);
    expect(fires('cal')).toBe(0);
    await tick('09:25:00', 1.1);
    await tick('09:26:00', 1.1);
    expect(notified.filter((n) => n.title === 'cal').map((n) => n.body)).toEqual([
      'Non-farm payrolls (USD, high impact) in 15 min.',
    ]);
  });

  it('account: equity below a value, once per minute while it holds', async () => {
    await create({
      type: 'account',
      name: 'equity',
      trigger: 'once_per_minute',
      condition: { account_id: '7d3c5b1e-3f7a-4c36-9d57-8f3fb0a0e111', metric: 'equity_below', value: 9_500 },
    });
    await tick('09:30:00', 1.1);
    expect(fires('equity')).toBe(0);
    equity = 9_400;
    await tick('09:30:10', 1.1);
    await tick('09:30:20', 1.1);
    expect(fires('equity')).toBe(1);
    await tick('09:31:15', 1.1);
    expect(fires('equity')).toBe(2);
  });

  it('logs an e-mail the user’s settings turned off as not sent', async () => {
    prices.set('EURUSD', 1.1);
    const alert = await create(
      price('mail', { operator: 'crossing_up', value: 1.2 }, { delivery: { email: true, app: false } }),
    );
    await tick('09:30:05', 1.3);
    expect(notified.at(-1)).toMatchObject({ title: 'mail', toast: false, email: true });
    const log = await mod.service.log(ada.userId, alert.id, 10);
    expect(log.entries.find((e) => e.channel === 'email')).toMatchObject({
      ok: false,
      error: 'Not sent: e-mail for alerts is off in your notification settings.',
    });
  });
});

describe('indicator alerts within the bar (every trigger but once_per_bar_close)', () => {
  /** 1-minute bars from `from`, one a minute, flat at each close. */
  const minuteBars = (from: string, closes: number[]): Candle[] =>
    closes.map((close, i) => ({
      time: Date.parse(`2026-03-02T${from}Z`) / 1000 + i * 60,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
    }));
  /** SMA(2) of the 1-minute bars crossing up through 1.2; the forming bar's close is the price of the tick. */
  const sma = (name: string, trigger: string, condition: object = {}) =>
    create({
      type: 'indicator',
      name,
      symbol: 'EURUSD',
      interval: '1m',
      trigger,
      condition: {
        indicator: 'sma',
        inputs: { period: 2 },
        plot: 'sma',
        operator: 'crossing_up',
        value: 1.2,
        ...condition,
      },
    });
  const fired = (name: string) => notified.filter((n) => n.title === name).length;
  const fireLog = async (id: string) =>
    (await mod.service.log(ada.userId, id, 50)).entries.filter((e) => e.kind === 'fired').map((e) => [e.at, e.price]);

  beforeEach(() => {
    // closed bars 09:25 to 09:29 at 1.1: SMA(2) 1.1, below 1.2
    bars.set('EURUSD|1m', minuteBars('09:25:00', [1.1, 1.1, 1.1, 1.1, 1.1]));
  });

  it('every_time fires as the forming value crosses, before the bar closes; once_per_bar_close waits for the close', async () => {
    const live = await sma('live', 'every_time');
    const atClose = await sma('close', 'once_per_bar_close');
    await tick('09:30:05', 1.1);
    // the first evaluation only records the side
    expect(fired('live')).toBe(0);
    // forming SMA(2) = (1.1 + 1.35) / 2 = 1.225: across 1.2 within the 09:30 bar
    await tick('09:30:20', 1.35);
    expect(fired('live')).toBe(1);
    expect(fired('close')).toBe(0);
    expect(await fireLog(live.id)).toEqual([['2026-03-02T09:30:20.000Z', 1.35]]);
    // back below (1.175), then above again (1.25): every cross fires
    await tick('09:30:30', 1.25);
    await tick('09:30:40', 1.4);
    expect(fired('live')).toBe(2);
    expect(fired('close')).toBe(0);
    // the 09:30 bar closes at 1.4: the bar-close alert fires now, the intra-bar one saw no new cross
    bars.set('EURUSD|1m', minuteBars('09:25:00', [1.1, 1.1, 1.1, 1.1, 1.1, 1.4]));
    await tick('09:31:00', 1.4);
    expect(fired('close')).toBe(1);
    expect(fired('live')).toBe(2);
    expect(await fireLog(atClose.id)).toEqual([['2026-03-02T09:31:00.000Z', 1.4]]);
    expect(await reread(live.id)).toMatchObject({ status: 'active', triggerCount: 2 });
  });

  it('only_once fires on the first intra-bar cross, then is triggered', async () => {
    const alert = await sma('once', 'only_once');
    await tick('09:30:05', 1.1);
    await tick('09:30:20', 1.35);
    await tick('09:30:30', 1.1);
    await tick('09:30:40', 1.4);
    expect(fired('once')).toBe(1);
    expect(await reread(alert.id)).toMatchObject({
      status: 'triggered',
      triggerCount: 1,
      lastTriggeredAt: '2026-03-02T09:30:20.000Z',
    });
  });

  it('once_per_minute fires on a cross at most once a minute', async () => {
    const alert = await sma('minute', 'once_per_minute');
    await tick('09:30:05', 1.1);
    await tick('09:30:20', 1.35);
    expect(fired('minute')).toBe(1);
    // down and up again 30 s later: within the minute, no fire
    await tick('09:30:35', 1.1);
    await tick('09:30:50', 1.35);
    expect(fired('minute')).toBe(1);
    // the 09:30 bar closed at 1.1; in the 09:31 bar the value goes below and crosses up again, 65 s after the fire
    bars.set('EURUSD|1m', minuteBars('09:25:00', [1.1, 1.1, 1.1, 1.1, 1.1, 1.1]));
    await tick('09:31:10', 1.1);
    await tick('09:31:25', 1.35);
    expect(fired('minute')).toBe(2);
    expect(await fireLog(alert.id)).toEqual([
      ['2026-03-02T09:31:25.000Z', 1.35],
      ['2026-03-02T09:30:20.000Z', 1.35],
    ]);
  });

  it('a level (greater_than) with every_time fires on each rising edge within the bar', async () => {
    await sma('level', 'every_time', { operator: 'greater_than' });
    await tick('09:30:05', 1.1);
    await tick('09:30:10', 1.35);
    await tick('09:30:15', 1.4);
    expect(fired('level')).toBe(1);
    await tick('09:30:20', 1.2);
    await tick('09:30:25', 1.36);
    expect(fired('level')).toBe(2);
  });

  it('a restarted leader goes on from the side last seen: a cross made meanwhile fires, a level does not fire again', async () => {
    const cross = await sma('cross', 'every_time');
    const level = await sma('level', 'every_time', { operator: 'greater_than' });
    await tick('09:30:05', 1.1);
    expect(fired('cross') + fired('level')).toBe(0);
    // a new leader (a restart) over the same database, while the value goes across 1.2 (1.225)
    mod = makeModule();
    await tick('09:30:20', 1.35);
    expect([fired('cross'), fired('level')]).toEqual([1, 1]);
    // again: the value stays above, so neither the cross nor the level's rising edge happens again
    mod = makeModule();
    await tick('09:30:30', 1.4);
    expect([fired('cross'), fired('level')]).toEqual([1, 1]);
    // below (1.15) seen by this leader only, then above on the next one: both fire once more
    await tick('09:30:40', 1.2);
    mod = makeModule();
    await tick('09:30:50', 1.3);
    expect([fired('cross'), fired('level')]).toEqual([2, 2]);
    expect(await reread(cross.id)).toMatchObject({ triggerCount: 2 });
    expect(await reread(level.id)).toMatchObject({ triggerCount: 2 });
  });

  it('computes one indicator key once per pass for every alert on it, and at most once a second', async () => {
    await sma('a', 'every_time');
    await sma('b', 'every_time', { value: 1.21 });
    await tick('09:30:05', 1.1);
    expect(formingReads).toBe(1);
    // half a second later the price crosses, but the value computed at 09:30:05 is reused: no fire yet
    await tick('09:30:05.500', 1.35);
    expect(formingReads).toBe(1);
    expect(fired('a') + fired('b')).toBe(0);
    // a second after the last computation: computed again (once for both), both fire
    await tick('09:30:06', 1.35);
    expect(formingReads).toBe(2);
    expect([fired('a'), fired('b')]).toEqual([1, 1]);
  });
});
