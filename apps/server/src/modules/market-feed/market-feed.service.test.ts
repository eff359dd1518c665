import { liveCandleTimeframes } from '@tradedesk/contracts';
import { createSimulatedMarket } from '@tradedesk/core';
import { describe, expect, it } from 'vitest';
import { createMarketFeedService, parseFeedChannel } from './market-feed.service.js';

const market = createSimulatedMarket();

describe('parseFeedChannel', () => {
  it.each([
    ['quotes:EURUSD', { kind: 'quotes', channel: 'quotes:EURUSD', symbol: 'EURUSD' }],
    ['quotes:SAP.DE', { kind: 'quotes', channel: 'quotes:SAP.DE', symbol: 'SAP.DE' }],
    ['candles:EURUSD:15m', { kind: 'candles', channel: 'candles:EURUSD:15m', symbol: 'EURUSD', timeframe: '15m' }],
    ['candles:BTCUSD:1M', { kind: 'candles', channel: 'candles:BTCUSD:1M', symbol: 'BTCUSD', timeframe: '1M' }],
  ])('reads %s', (channel, value) => {
    expect(parseFeedChannel(channel)).toEqual({ ok: true, value });
  });

  it.each([
    ['quotes:NOPE', 'channel: there is no instrument NOPE.'],
    ['quotes:', 'channel: give a symbol after the colon, such as quotes:EURUSD.'],
    ['quotes:eurusd', 'channel: symbols are written in capitals: eurusd is EURUSD.'],
    ['quotes:EURUSD:1m', 'channel: a quotes channel is quotes:<symbol>, such as quotes:EURUSD.'],
    ['candles:EURUSD', 'channel: a candles channel is candles:<symbol>:<timeframe>, such as candles:EURUSD:15m.'],
    ['candles:EURUSD:15m:x', 'channel: a candles channel is candles:<symbol>:<timeframe>, such as candles:EURUSD:15m.'],
    ['candles:NOPE:15m', 'channel: there is no instrument NOPE.'],
    [
      'candles:EURUSD:2h',
      'channel: timeframe must be one of 1m, 5m, 15m, 30m, 1h, 4h, 1D, 1W, 1M (1m is a minute, 1M a month); "2h" is not.',
    ],
  ])('refuses %s with a sentence naming the fault', (channel, message) => {
    expect(parseFeedChannel(channel)).toEqual({ ok: false, message });
  });
});

describe('live prices', () => {
  const service = createMarketFeedService({ market });
  // Wednesday 2026-01-07, London and New York open; a few seconds into minutes and bars
  const wednesday = Date.UTC(2026, 0, 7, 15, 0, 0);

  it('quotes bid and ask of the simulated market at the instant', () => {
    const ms = wednesday + 12_345;
    const q = market.quote('EURUSD', ms);
    expect(service.quoteAt('EURUSD', ms)).toEqual({ symbol: 'EURUSD', bid: q.bid, ask: q.ask, time: ms, open: true });
    expect(q.ask).toBeGreaterThan(q.bid);
  });

  it('gives the forming bar of every timeframe equal to the simulator’s last candle at that instant', () => {
    const symbols = ['EURUSD', 'AAPL', 'BTCUSD', 'XAUUSD', 'DE40'];
    // ticks within one minute (cached base), across minute and bucket boundaries, and around a US open
    const offsets = [0, 1, 9_999, 30_000, 59_999, 60_000, 61_500, 15 * 60_000 - 1, 15 * 60_000, 4 * 3_600_000 + 7_000];
    const starts = [wednesday, Date.UTC(2026, 0, 7, 14, 29, 50)];
    for (const symbol of symbols) {
      for (const timeframe of liveCandleTimeframes) {
        for (const start of starts) {
          for (const offset of offsets) {
            const ms = start + offset;
            const expected = market.candles(symbol, timeframe, { asOfMs: ms, limit: 1 })[0];
            const forming = service.formingCandleAt(symbol, timeframe, ms);
            if (market.tick(symbol, ms) === null) {
              expect(forming, `${symbol} ${timeframe} closed at ${new Date(ms).toISOString()}`).toBeNull();
              continue;
            }
            expect(forming, `${symbol} ${timeframe} ${new Date(ms).toISOString()}`).toEqual({
              symbol,
              timeframe,
              ...expected,
              asOf: ms,
            });
          }
        }
      }
    }
  });

  it('keeps the forming bar equal to the simulator’s as the ticks walk across minutes, bars and an open', () => {
    const walker = createMarketFeedService({ market });
    const start = Date.UTC(2026, 0, 7, 13, 50, 3); // AAPL opens at 14:30 UTC
    for (let ms = start; ms < start + 2 * 3_600_000; ms += 37_000) {
      for (const symbol of ['AAPL', 'EURUSD']) {
        for (const timeframe of ['1m', '15m', '1h', '1D'] as const) {
          const expected = market.candles(symbol, timeframe, { asOfMs: ms, limit: 1 })[0];
          const forming = walker.formingCandleAt(symbol, timeframe, ms);
          if (market.tick(symbol, ms) === null) expect(forming).toBeNull();
          else
            expect(forming, `${symbol} ${timeframe} ${new Date(ms).toISOString()}`).toEqual({
              symbol,
              timeframe,
              ...expected,
              asOf: ms,
            });
        }
      }
    }
  });

  it('gives no forming bar while the market is closed, and the last bar as the snapshot', () => {
    const saturday = Date.UTC(2026, 0, 10, 12, 0, 0);
    expect(service.formingCandleAt('EURUSD', '1h', saturday)).toBeNull();
    const snapshot = service.snapshot(
      { kind: 'candles', channel: 'candles:EURUSD:1h', symbol: 'EURUSD', timeframe: '1h' },
      saturday,
    );
    const last = market.candles('EURUSD', '1h', { asOfMs: saturday, limit: 1 })[0];
    expect(snapshot).toEqual({ event: 'candle', data: { symbol: 'EURUSD', timeframe: '1h', ...last, asOf: saturday } });
    const quote = service.snapshot({ kind: 'quotes', channel: 'quotes:EURUSD', symbol: 'EURUSD' }, saturday);
    expect(quote).toMatchObject({ event: 'quote', data: { symbol: 'EURUSD', open: false } });
  });
});
