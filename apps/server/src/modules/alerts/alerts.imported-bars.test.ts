import type { Alert, CreateAlertBody } from '@tradedesk/contracts';
import { createAlertBodySchema } from '@tradedesk/contracts';
import { createSimulatedMarket } from '@tradedesk/core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import type { AppConfig } from '../../config.js';
import { createManualClock } from '../../platform/clock.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { createCandlesRepository } from '../candles/candles.repository.js';
import { type CandlesService, createCandlesService } from '../candles/candles.service.js';
import { createChartsRepository } from '../charts/charts.repository.js';
import { createDrawingsRepository } from '../charts/drawings.repository.js';
import { createDrawingsService } from '../charts/drawings.service.js';
import { createMarketHistoryService } from '../market/market.history.service.js';
import { createWatchlistsModule } from '../watchlists/watchlists.plugin.js';
import { createAlertsModule } from './alerts.plugin.js';

/**
 * Alerts read the bars each user's chart shows: a user who imported bars of a range has their alerts evaluated
 * on those bars (the market history's answer), everyone else on the simulated market. The real simulated market,
 * candles import and history service, on a pinned clock.
 */

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let candles: CandlesService;
const clock = createManualClock('2026-03-02T09:30:10Z');
const market = createSimulatedMarket();
const notified: Array<{ userId: string; title: string; data?: Record<string, unknown> }> = [];
const silent = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

/** Ada's 1-minute EURUSD bars from 09:00 to 09:59 on Monday 2 March 2026: flat at 1.40, 1.60 from 09:31 on. */
function adasFile(): string {
  const rows = ['time,open,high,low,close,volume'];
  for (let i = 0; i < 60; i++) {
    const t = new Date(Date.parse('2026-03-02T09:00:00Z') + i * 60_000).toISOString().replace('.000Z', 'Z');
    const p = i >= 31 ? 1.6 : 1.4;
    rows.push(`${t},${p},${p},${p},${p},10`);
  }
  return `${rows.join('\n')}\n`;
}

function makeModule() {
  const db = app.ctx.db;
  const history = createMarketHistoryService({ market, clock, candles });
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
      candles,
      history,
      log: silent,
      notifier: {
        async notify(userId, n) {
          notified.push({ userId, title: n.title, ...(n.data ? { data: n.data } : {}) });
        },
      },
      drawings: createDrawingsService({
        repo: createDrawingsRepository(db),
        charts: createChartsRepository(db),
        clock,
      }),
      watchlists: createWatchlistsModule({ db, clock }).service,
      accounts: { get: async (_userId: string, id: string) => ({ id }) },
      users: {
        getById: async () => ({ notifications: {}, timeZone: 'UTC', timeFormat: '24h' as const }),
      },
    },
  );
}

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock }, config: { role: 'api' } }));
  ada = await signUpAndLogin(app);
  bob = await signUpAndLogin(app);
  candles = createCandlesService({ repo: createCandlesRepository(app.ctx.db), bus: app.ctx.bus, clock });
  const data = Buffer.from(adasFile());
  await candles.importFile({
    ownerId: ada.userId,
    symbol: 'EURUSD',
    file: { name: 'EURUSD_M1.csv', size: data.length, open: () => [data] },
  });
});

describe('alerts on a chart of imported bars', () => {
  it('fire from the imported prices for the user who imported them, from the simulator for the others', async () => {
    const simulated = market.quote('EURUSD', clock.now().getTime()).mid;
    // the simulated EURUSD is nowhere near the imported 1.40-1.60: only the imported prices cross 1.5
    expect(Math.abs(simulated - 1.5)).toBeGreaterThan(0.2);
    const mod = makeModule();
    const leadership = new AbortController().signal;
    const body = (name: string, condition: object = { operator: 'crossing_up', value: 1.5 }) =>
      createAlertBodySchema.parse({
        type: 'price',
        name,
        symbol: 'EURUSD',
        interval: '1m',
        trigger: 'every_time',
        condition,
      }) as CreateAlertBody;
    const adas: Alert = await mod.service.create(ada.userId, body('ada-eurusd'));
    const bobs: Alert = await mod.service.create(bob.userId, body('bob-eurusd'));
    // made at the price Ada's chart shows (1.40, above 1.3): measured from the simulator's, it would cross at once
    await mod.service.create(ada.userId, body('ada-1.3', { operator: 'crossing', value: 1.3 }));

    await mod.evaluator.run(leadership);
    expect(notified).toEqual([]);
    // 09:31: Ada's imported bar is at 1.60, across 1.5; the simulator's price is where it was
    clock.set('2026-03-02T09:31:05Z');
    await mod.evaluator.run(leadership);
    expect(notified.map((n) => [n.userId, n.title, n.data?.price])).toEqual([[ada.userId, 'ada-eurusd', 1.6]]);

    // a leader started afresh reads the same bars: nothing new to fire
    const again = makeModule();
    clock.set('2026-03-02T09:31:40Z');
    await again.evaluator.run(leadership);
    expect(notified).toHaveLength(1);
    expect((await again.service.get(ada.userId, adas.id)).triggerCount).toBe(1);
    expect((await again.service.get(bob.userId, bobs.id)).triggerCount).toBe(0);
    // past the imported range (10:00 on), Ada's chart and alerts are the simulator's again: back below 1.5
    clock.set('2026-03-02T10:00:30Z');
    await again.evaluator.run(leadership);
    expect(notified.map((n) => n.title)).toEqual(['ada-eurusd', 'ada-1.3']);
  });
});
