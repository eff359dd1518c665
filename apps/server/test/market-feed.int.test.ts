import { randomUUID } from 'node:crypto';
import type { LiveCandle, LiveQuote } from '@tradedesk/contracts';
import { createSimulatedMarket } from '@tradedesk/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../src/platform/clock.js';
import { openDatabase } from '../src/platform/db.js';
import { signUpAndLogin } from './auth-helpers.js';
import { createTestApp, createTestDatabase, testDbKind } from './helpers.js';
import { TestWsClient } from './ws-client.js';

const redisUrl = process.env.TEST_REDIS_URL;
const market = createSimulatedMarket();

const closers: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

function wsUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('app is not listening');
  return `ws://127.0.0.1:${address.port}/api/ws`;
}

type Event = Extract<Awaited<ReturnType<TestWsClient['next']>>, { type: 'event' }>;
const dataOf = <T>(m: Event) => m.data as T;

/**
 * A client of `server` subscribes; the leader (`leader`, maybe another process) publishes the ticks as the
 * shared clock moves. Every price equals the simulator's at the clock's instant.
 */
async function liveQuotesScenario(
  leader: FastifyInstance,
  server: FastifyInstance,
  clock: ReturnType<typeof createManualClock>,
) {
  const user = await signUpAndLogin(server);
  const client = await TestWsClient.connect(`${wsUrl(server)}?access_token=${user.accessToken}`);
  closers.push(() => client.close());

  const start = clock.now().getTime();
  expect(await client.subscribe('quotes:EURUSD')).toEqual({ type: 'subscribed', channel: 'quotes:EURUSD' });
  // the subscriber's own process sends the current quote at once
  const snapshot = await client.next('event', (m) => m.channel === 'quotes:EURUSD');
  const q0 = market.quote('EURUSD', start);
  expect(snapshot).toEqual({
    type: 'event',
    channel: 'quotes:EURUSD',
    event: 'quote',
    data: { symbol: 'EURUSD', bid: q0.bid, ask: q0.ask, time: start, open: true },
  });
  expect(await client.subscribe('candles:EURUSD:15m')).toMatchObject({ type: 'subscribed' });
  await client.next('event', (m) => m.channel === 'candles:EURUSD:15m');
  expect(await client.subscribe('quotes:NOPE')).toEqual({
    type: 'error',
    code: 'WS_CHANNEL_NOT_FOUND',
    message: 'channel: there is no instrument NOPE.',
    channel: 'quotes:NOPE',
  });

  // the leader ticks as the clock moves; wait for the tick of a later instant
  const later = start + 60_000 + 1_234;
  clock.set(new Date(later));
  const quote = await client.next(
    'event',
    (m) => m.channel === 'quotes:EURUSD' && dataOf<LiveQuote>(m).time === later,
    10_000,
  );
  const q1 = market.quote('EURUSD', later);
  expect(dataOf<LiveQuote>(quote)).toEqual({ symbol: 'EURUSD', bid: q1.bid, ask: q1.ask, time: later, open: true });
  const candle = await client.next(
    'event',
    (m) => m.channel === 'candles:EURUSD:15m' && dataOf<LiveCandle>(m).asOf === later,
    10_000,
  );
  const bar = market.candles('EURUSD', '15m', { asOfMs: later, limit: 1 })[0];
  expect(candle).toEqual({
    type: 'event',
    channel: 'candles:EURUSD:15m',
    event: 'candle',
    data: { symbol: 'EURUSD', timeframe: '15m', ...bar, asOf: later },
  });
  expect(leader.ctx.jobs.isLeader).toBe(true);
}

describe('live quotes on one process (in-process bus)', () => {
  it('delivers the leader’s ticks to subscribers with the simulator’s prices', async () => {
    const clock = createManualClock('2026-01-07T15:00:00.000Z');
    const { app } = await createTestApp({ build: { clock } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await liveQuotesScenario(app, app, clock);
  });
});

describe('live quotes signed out (a shared watchlist)', () => {
  it('a guest socket gets quotes and forming bars, and is refused the user channel', async () => {
    const clock = createManualClock('2026-01-07T15:00:00.000Z');
    const { app } = await createTestApp({ build: { clock } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Without ?guest=1 a socket without a token is told to sign in (4401), as before.
    const plain = await TestWsClient.connect(wsUrl(app));
    closers.push(() => plain.close());
    expect((await plain.closed).code).toBe(4401);

    const guest = await TestWsClient.connect(`${wsUrl(app)}?guest=1`);
    closers.push(() => guest.close());
    const start = clock.now().getTime();
    expect(await guest.subscribe('quotes:EURUSD')).toEqual({ type: 'subscribed', channel: 'quotes:EURUSD' });
    const snapshot = await guest.next('event', (m) => m.channel === 'quotes:EURUSD');
    expect(dataOf<LiveQuote>(snapshot).bid).toBe(market.quote('EURUSD', start).bid);
    expect(await guest.subscribe('candles:EURUSD:15m')).toMatchObject({ type: 'subscribed' });
    expect(await guest.subscribe('user')).toEqual({
      type: 'error',
      code: 'WS_CHANNEL_NOT_FOUND',
      message: 'channel: "user" needs a signed-in connection: sign in, or subscribe to public market channels only',
      channel: 'user',
    });
    const later = start + 30_000;
    clock.set(new Date(later));
    const tick = await guest.next(
      'event',
      (m) => m.channel === 'quotes:EURUSD' && dataOf<LiveQuote>(m).time === later,
      10_000,
    );
    expect(dataOf<LiveQuote>(tick).bid).toBe(market.quote('EURUSD', later).bid);
  });
});

describe.skipIf(!redisUrl)('live quotes across two API processes on Redis (runs when TEST_REDIS_URL is set)', () => {
  it('a client on process B receives the quotes published by the leader on process A', async () => {
    const channel = `tradedesk:test:${randomUUID()}`;
    const clock = createManualClock('2026-01-07T15:00:00.000Z');
    const { database } = await createTestDatabase();
    const a = (
      await createTestApp({ database, config: { redisUrl, role: 'all' }, build: { clock, redisChannel: channel } })
    ).app;
    const b = (
      await createTestApp({ database, config: { redisUrl, role: 'api' }, build: { clock, redisChannel: channel } })
    ).app;
    closers.push(async () => {
      await b.close();
      await a.close();
      await database.close();
    });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    expect(b.ctx.bus.kind).toBe('redis');
    expect(b.ctx.jobs.isLeader).toBe(false);
    await liveQuotesScenario(a, b, clock);
  });
});

describe.skipIf(!redisUrl || testDbKind !== 'postgres')('the feed when the leader stops (PostgreSQL and Redis)', () => {
  it('another process takes the lead and its ticks reach the same client', async () => {
    const channel = `tradedesk:test:${randomUUID()}`;
    const clock = createManualClock('2026-01-07T15:00:00.000Z');
    const { database, url } = await createTestDatabase();
    if (!url) throw new Error('PostgreSQL test database expected');
    const second = await openDatabase({ url, poolSize: 5 });
    const build = async (db: typeof database) => {
      const { app } = await createTestApp({
        database: db,
        config: { redisUrl, role: 'all' },
        build: { clock, redisChannel: channel, leaderRetryMs: 50 },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return app;
    };
    const a = await build(database);
    const b = await build(second);
    closers.push(async () => {
      await a.close();
      await b.close();
      await second.close();
      await database.close();
    });
    await vi.waitFor(() => expect(a.ctx.jobs.isLeader || b.ctx.jobs.isLeader).toBe(true), { timeout: 10_000 });
    const [leader, follower] = a.ctx.jobs.isLeader ? [a, b] : [b, a];

    const user = await signUpAndLogin(follower);
    const client = await TestWsClient.connect(`${wsUrl(follower)}?access_token=${user.accessToken}`);
    closers.push(() => client.close());
    await client.subscribe('quotes:XAUUSD');
    const tickAt = async (ms: number) => {
      clock.set(new Date(ms));
      const m = await client.next(
        'event',
        (e) => e.channel === 'quotes:XAUUSD' && dataOf<LiveQuote>(e).time === ms,
        10_000,
      );
      expect(dataOf<LiveQuote>(m).bid).toBe(market.quote('XAUUSD', ms).bid);
    };
    const start = clock.now().getTime();
    await tickAt(start + 5_000);

    await leader.close();
    await vi.waitFor(() => expect(follower.ctx.jobs.isLeader).toBe(true), { timeout: 10_000 });
    await tickAt(start + 10_000);
  });
});
