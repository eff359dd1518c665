import { createSimulatedMarket } from '@tradedesk/core';
import { describe, expect, it } from 'vitest';
import { type BusMessage, createMemoryBus } from '../../platform/bus/event-bus.js';
import { createManualClock } from '../../platform/clock.js';
import {
  createInterestRegistry,
  INTEREST_BUS_CHANNEL,
  INTEREST_EVENT,
  INTEREST_REQUEST_EVENT,
} from './market-feed.interest.js';
import { createMarketFeed } from './market-feed.job.js';
import { createMarketFeedService } from './market-feed.service.js';

const market = createSimulatedMarket();
const silent = { warn() {} };
const flush = () => new Promise<void>((r) => setImmediate(r));

function setup(start = '2026-01-07T15:00:00.000Z') {
  const clock = createManualClock(start);
  const bus = createMemoryBus();
  let monotonic = 0;
  const interest = createInterestRegistry({ bus, monotonicNow: () => monotonic });
  const service = createMarketFeedService({ market });
  const feed = createMarketFeed({ bus, clock, service, interest, tickMs: 100, log: silent });
  const heard: BusMessage[] = [];
  bus.subscribe((m) => heard.push(m));
  const controller = new AbortController();
  const announce = async (channels: string[], process = 'p1', ttlMs = 6000) => {
    await bus.publish({ channel: INTEREST_BUS_CHANNEL, event: INTEREST_EVENT, data: { process, channels, ttlMs } });
  };
  const run = async (signal = controller.signal) => {
    heard.length = 0;
    await feed.job.run({ signal });
    await flush();
    return heard.filter((m) => m.channel !== INTEREST_BUS_CHANNEL);
  };
  return {
    clock,
    bus,
    heard,
    announce,
    run,
    passMonotonic: (ms: number) => {
      monotonic += ms;
    },
  };
}

describe('market feed job', () => {
  it('publishes the quote and forming bar of announced channels at the clock’s now', async () => {
    const f = setup();
    await f.announce(['quotes:EURUSD', 'candles:EURUSD:15m', 'quotes:AAPL']);
    const now = f.clock.now().getTime();
    const sent = await f.run();
    const q = market.quote('EURUSD', now);
    const bar = market.candles('EURUSD', '15m', { asOfMs: now, limit: 1 })[0];
    expect(sent).toEqual(
      expect.arrayContaining([
        {
          channel: 'quotes:EURUSD',
          event: 'quote',
          data: { symbol: 'EURUSD', bid: q.bid, ask: q.ask, time: now, open: true },
        },
        {
          channel: 'candles:EURUSD:15m',
          event: 'candle',
          data: { symbol: 'EURUSD', timeframe: '15m', ...bar, asOf: now },
        },
        { channel: 'quotes:AAPL', event: 'quote', data: expect.objectContaining({ symbol: 'AAPL', time: now }) },
      ]),
    );
    expect(sent).toHaveLength(3);
  });

  it('asks every process for its channels when it becomes leader, and again on a new term', async () => {
    const f = setup();
    await f.run();
    const requests = () => f.heard.filter((m) => m.event === INTEREST_REQUEST_EVENT);
    expect(requests()).toHaveLength(1);
    f.clock.advance(100);
    await f.run();
    expect(requests()).toHaveLength(0);
    await f.run(new AbortController().signal);
    expect(requests()).toHaveLength(1);
  });

  it('sends each channel once per interval of the clock, however often it is polled', async () => {
    const f = setup();
    await f.announce(['quotes:EURUSD']);
    expect(await f.run()).toHaveLength(1);
    expect(await f.run()).toHaveLength(0);
    let sent = 0;
    for (let step = 0; step < 100; step++) {
      f.clock.advance(10);
      const out = await f.run();
      for (const m of out) expect(m.data).toMatchObject({ time: f.clock.now().getTime() });
      sent += out.length;
    }
    expect(sent).toBe(10);
    // after a stall the feed starts again from now rather than catching up tick by tick
    f.clock.advance(10_000);
    expect(await f.run()).toHaveLength(1);
    expect(await f.run()).toHaveLength(0);
  });

  it('spreads the ticks of many channels over the interval instead of sending them in one burst', async () => {
    const f = setup();
    const channels = [
      'EURUSD',
      'GBPUSD',
      'USDJPY',
      'AUDUSD',
      'USDCAD',
      'XAUUSD',
      'BTCUSD',
      'ETHUSD',
      'AAPL',
      'MSFT',
    ].map((s) => `quotes:${s}`);
    await f.announce(channels);
    expect(await f.run()).toHaveLength(channels.length);
    const perChannel = new Map<string, number>();
    const burstSizes: number[] = [];
    for (let step = 0; step < 50; step++) {
      f.clock.advance(20);
      const out = await f.run();
      burstSizes.push(out.length);
      for (const m of out) perChannel.set(m.channel, (perChannel.get(m.channel) ?? 0) + 1);
    }
    // one second of clock: ten ticks of every channel, never all of them in the same poll
    expect([...perChannel.values()]).toEqual(channels.map(() => 10));
    expect(Math.max(...burstSizes)).toBeLessThan(channels.length);
  });

  it('sends an open market’s quote every tick, a closed market’s once, and no bar while closed', async () => {
    const f = setup('2026-01-10T12:00:00.000Z'); // Saturday: FX closed, crypto open
    await f.announce(['quotes:EURUSD', 'candles:EURUSD:1h', 'quotes:BTCUSD']);
    const first = await f.run();
    expect(first.map((m) => m.channel).sort()).toEqual(['quotes:BTCUSD', 'quotes:EURUSD']);
    expect(first.find((m) => m.channel === 'quotes:EURUSD')?.data).toMatchObject({ open: false });
    let btc = 0;
    for (let i = 0; i < 20; i++) {
      f.clock.advance(100);
      const sent = await f.run();
      expect(sent.every((m) => m.channel === 'quotes:BTCUSD')).toBe(true);
      btc += sent.length;
    }
    expect(btc).toBe(20);
  });

  it('stops publishing a channel when its announcement lapses or is withdrawn', async () => {
    const f = setup();
    await f.announce(['quotes:EURUSD'], 'p1', 6000);
    await f.announce(['quotes:GBPUSD'], 'p2', 6000);
    expect((await f.run()).map((m) => m.channel).sort()).toEqual(['quotes:EURUSD', 'quotes:GBPUSD']);
    await f.announce([], 'p2');
    f.clock.advance(1000);
    expect((await f.run()).map((m) => m.channel)).toEqual(['quotes:EURUSD']);
    f.passMonotonic(6000);
    f.clock.advance(1000);
    expect(await f.run()).toEqual([]);
  });

  it('ignores announced names that are not market channels', async () => {
    const f = setup();
    await f.announce(['quotes:NOPE', 'user:x', 'candles:EURUSD:2h', 'quotes:EURUSD']);
    expect((await f.run()).map((m) => m.channel)).toEqual(['quotes:EURUSD']);
  });
});
