import { MANUAL_SETUP_STATUS_EVENT, type ManualSetup, type ManualSetupsResponse } from '@tradedesk/contracts';
import type { SetupQuote } from '@tradedesk/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import type { BusMessage } from '../../platform/bus/event-bus.js';
import { createManualClock } from '../../platform/clock.js';
import { userBusChannel } from '../../platform/ws/ws-gateway.js';
import { createManualSetupsJob, type ManualSetupsJob } from './manual-setups.job.js';
import { createUserDataRepository } from './user-data.repository.js';

/*
 * The tracker driven by hand-fed quotes and the injected clock. The levels are far from where the simulated
 * market trades (EURUSD about 1.1, GBPUSD about 1.3), so the app's own tracker, on the live quotes, never moves
 * these setups: only the quotes fed here do.
 */

let app: FastifyInstance;
let ada: SignedInUser;
let job: ManualSetupsJob;
const clock = createManualClock('2026-03-02T09:30:00Z');
const url = '/api/user-data/v1/store/activeCharts/manualSetups';
const quotes = new Map<string, SetupQuote>();
const leadership = new AbortController();
const events: BusMessage[] = [];

const longIdea = { direction: 'long', entry_from: 0.51, entry_to: 0.5, stop_loss: 0.4, take_profit: 0.6 };
const shortIdea = { direction: 'short', entry_from: 3.0, entry_to: 3.01, stop_loss: 3.1, take_profit: 2.9 };
const body = (version?: number, long: object = longIdea) => ({
  ...(version === undefined ? {} : { version }),
  state: [
    { id: 'long', symbol: 'EURUSD', timeframe: '15m', ...long },
    { id: 'short', symbol: 'GBPUSD', timeframe: '1h', ...shortIdea },
    { id: 'chart', symbol: 'XAUUSD', timeframe: '4h' },
  ],
});

function put(payload: object) {
  return app.inject({ method: 'PUT', url, headers: ada.auth, payload });
}
async function setups(): Promise<ManualSetupsResponse['payload']> {
  const res = await app.inject({ method: 'GET', url, headers: ada.auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ManualSetupsResponse).payload;
}
const byId = (state: ManualSetup[], id: string) => state.find((s) => s.id === id)!;
const statusOf = (s: ManualSetup) => [s.status, s.statusAt, s.statusPrice];

beforeAll(async () => {
  // the app's own tracking job (on the simulated market's quotes) would race the one this file runs by hand
  ({ app } = await createTestApp({ build: { clock, holdJobs: { names: ['manual-setups'], held: [] } } }));
  ada = await signUpAndLogin(app);
  app.ctx.bus.subscribe((m) => {
    if (m.event === MANUAL_SETUP_STATUS_EVENT) events.push(m);
  });
  job = createManualSetupsJob({
    repo: createUserDataRepository(app.ctx.db),
    clock,
    bus: app.ctx.bus,
    quote: (symbol) => quotes.get(symbol),
    log: { error: (obj) => console.error(obj) },
    intervalMs: 500,
  });
}, 60_000);

describe('manual setups: the trade idea and its tracked status', () => {
  it('saves the idea (zone low to high) and starts tracked setups watching; a chart-only setup has no status', async () => {
    const res = await put(body(0));
    expect(res.statusCode, res.body).toBe(200);
    const { state, version } = await setups();
    expect(version).toBe(1);
    expect(byId(state, 'long')).toMatchObject({
      direction: 'long',
      entryFrom: 0.5,
      entryTo: 0.51,
      stopLoss: 0.4,
      takeProfit: 0.6,
      strategyId: null,
      status: 'watching',
      statusAt: '2026-03-02T09:30:00.000Z',
      statusPrice: null,
    });
    expect(statusOf(byId(state, 'chart'))).toEqual([null, null, null]);
  });

  it('moves the setups on the quotes fed, keeps the version, and tells the user channel', async () => {
    quotes.set('EURUSD', { bid: 0.52, ask: 0.5202 });
    quotes.set('GBPUSD', { bid: 3.05, ask: 3.0502 });
    await job.runOnce(leadership.signal);
    let state = (await setups()).state;
    expect(byId(state, 'long').status).toBe('watching');
    expect(events).toEqual([]);

    // the ask enters the long's zone
    clock.set('2026-03-02T09:31:00Z');
    quotes.set('EURUSD', { bid: 0.5049, ask: 0.5051 });
    await job.runOnce(leadership.signal);
    const after = await setups();
    expect(after.version).toBe(1);
    expect(statusOf(byId(after.state, 'long'))).toEqual(['triggered', '2026-03-02T09:31:00.000Z', 0.5051]);
    expect(events.map((e) => [e.channel, e.data])).toEqual([
      [
        userBusChannel(ada.userId),
        {
          setupId: 'long',
          symbol: 'EURUSD',
          status: 'triggered',
          previous: 'watching',
          statusAt: '2026-03-02T09:31:00.000Z',
          statusPrice: 0.5051,
        },
      ],
    ]);

    // the bid reaches the long's target; the short's stop is reached (ask) before it ever triggered
    clock.set('2026-03-02T09:32:00Z');
    quotes.set('EURUSD', { bid: 0.6, ask: 0.6002 });
    quotes.set('GBPUSD', { bid: 3.0998, ask: 3.1 });
    await job.runOnce(leadership.signal);
    state = (await setups()).state;
    expect(statusOf(byId(state, 'long'))).toEqual(['target_hit', '2026-03-02T09:32:00.000Z', 0.6]);
    expect(statusOf(byId(state, 'short'))).toEqual(['invalidated', '2026-03-02T09:32:00.000Z', 3.1]);
    expect(events.map((e) => (e.data as { status: string }).status)).toEqual([
      'triggered',
      'target_hit',
      'invalidated',
    ]);

    // final: nothing moves them any more
    quotes.set('EURUSD', { bid: 0.3, ask: 0.3002 });
    await job.runOnce(leadership.signal);
    expect(byId((await setups()).state, 'long').status).toBe('target_hit');
    expect(events).toHaveLength(3);
  });

  it('a save on the same version keeps the statuses of unchanged ideas; a changed idea watches again', async () => {
    clock.set('2026-03-02T09:40:00Z');
    const same = await put(body(1));
    expect(same.statusCode, same.body).toBe(200);
    let state = (await setups()).state;
    expect(statusOf(byId(state, 'long'))).toEqual(['target_hit', '2026-03-02T09:32:00.000Z', 0.6]);

    const moved = await put(body(2, { ...longIdea, take_profit: 0.7 }));
    expect(moved.statusCode, moved.body).toBe(200);
    state = (await setups()).state;
    expect(statusOf(byId(state, 'long'))).toEqual(['watching', '2026-03-02T09:40:00.000Z', null]);
    expect(byId(state, 'short').status).toBe('invalidated');

    // the tracker hears of the save (charting.saved) and follows the new idea: ask in the zone again
    quotes.set('EURUSD', { bid: 0.5, ask: 0.5002 });
    await job.runOnce(leadership.signal);
    expect(byId((await setups()).state, 'long').status).toBe('triggered');
  });

  it('a new leader loads the live setups from the database and carries on', async () => {
    const next = createManualSetupsJob({
      repo: createUserDataRepository(app.ctx.db),
      clock,
      bus: app.ctx.bus,
      quote: (symbol) => quotes.get(symbol),
      log: { error: (obj) => console.error(obj) },
      intervalMs: 500,
    });
    // (within the 14 minutes of the access token signed in at 09:30)
    clock.set('2026-03-02T09:43:00Z');
    // the long is triggered with its target moved to 0.7
    quotes.set('EURUSD', { bid: 0.7, ask: 0.7002 });
    await next.runOnce(new AbortController().signal);
    expect(statusOf(byId((await setups()).state, 'long'))).toEqual(['target_hit', '2026-03-02T09:43:00.000Z', 0.7]);
  });

  it.each([
    ['a long stop inside the zone', { ...longIdea, stop_loss: 0.505 }, 'state.0.stop_loss'],
    ['a long target below the zone', { ...longIdea, take_profit: 0.45 }, 'state.0.take_profit'],
    ['levels without a direction', { entry_from: 0.5 }, 'state.0.direction'],
    ['a stop without an entry', { direction: 'long', stop_loss: 0.4 }, 'state.0.entry_from'],
    ['a bad direction', { direction: 'up' }, 'state.0.direction'],
    ['a negative price', { ...longIdea, entry_from: -1 }, 'state.0.entry_from'],
  ])('refuses %s with a 400 naming the field', async (_case, idea, field) => {
    expectFieldError(await put(body(undefined, idea)), { field });
  });
});
