import { describe, expect, it } from 'vitest';
import { getInstrument } from '../market/instruments/catalogue.js';
import {
  fillMarketOrder,
  pendingTriggered,
  stopLossTriggered,
  takeProfitTriggered,
  trailingStopUpdate,
} from './fills.js';
import { TriggerBook } from './trigger-book.js';

const eurusd = getInstrument('EURUSD');
const q = (bid: number, ask: number, extra: { open?: boolean; time?: number } = {}) => ({ bid, ask, ...extra });

describe('trigger sides, as MetaTrader fills them', () => {
  it.each([
    // [case, type, side, price, bid, ask, triggered]
    ['buy limit 1.1000: ask 1.1000 reaches it', 'limit', 'buy', 1.1, 1.0998, 1.1, true],
    ['buy limit 1.1000: bid at it but ask 1.1002 above: not yet', 'limit', 'buy', 1.1, 1.1, 1.1002, false],
    ['sell limit 1.1000: bid 1.1000 reaches it', 'limit', 'sell', 1.1, 1.1, 1.1002, true],
    ['sell limit 1.1000: ask above but bid 1.0999 below: not yet', 'limit', 'sell', 1.1, 1.0999, 1.1001, false],
    ['buy stop 1.1000: ask 1.1000 reaches it', 'stop', 'buy', 1.1, 1.0998, 1.1, true],
    ['buy stop 1.1000: ask 1.0999 below it: not yet', 'stop', 'buy', 1.1, 1.0997, 1.0999, false],
    ['sell stop 1.1000: bid 1.1000 reaches it', 'stop', 'sell', 1.1, 1.1, 1.1002, true],
    ['sell stop 1.1000: ask at it but bid 1.1001 above: not yet', 'stop', 'sell', 1.1, 1.1001, 1.1003, false],
    ['buy stop-limit stop 1.1000 triggers on the ask like a buy stop', 'stop_limit', 'buy', 1.1, 1.0999, 1.1001, true],
    [
      'sell stop-limit stop 1.1000 triggers on the bid like a sell stop',
      'stop_limit',
      'sell',
      1.1,
      1.0999,
      1.1001,
      true,
    ],
  ] as const)('%s', (_case, type, side, price, bid, ask, hit) => {
    expect(pendingTriggered(type, side, price, q(bid, ask))).toBe(hit);
  });

  it.each([
    // long positions close on the bid, shorts on the ask
    ['long SL 1.0950 hit when bid 1.0950', 'buy', 'sl', 1.095, 1.095, 1.0952, true],
    ['long SL 1.0950 not hit when only the ask touches it', 'buy', 'sl', 1.095, 1.0951, 1.0953, false],
    ['long TP 1.1050 hit when bid 1.1050', 'buy', 'tp', 1.105, 1.105, 1.1052, true],
    ['long TP 1.1050 not hit when only the ask reaches it', 'buy', 'tp', 1.105, 1.1048, 1.105, false],
    ['short SL 1.1050 hit when ask 1.1050', 'sell', 'sl', 1.105, 1.1048, 1.105, true],
    ['short SL 1.1050 not hit while the ask 1.1049 is below it', 'sell', 'sl', 1.105, 1.1047, 1.1049, false],
    ['short TP 1.0950 hit when ask 1.0950', 'sell', 'tp', 1.095, 1.0948, 1.095, true],
    ['short TP 1.0950 not hit when only the bid reaches it', 'sell', 'tp', 1.095, 1.095, 1.0952, false],
  ] as const)('%s', (_case, side, kind, level, bid, ask, hit) => {
    const f = kind === 'sl' ? stopLossTriggered : takeProfitTriggered;
    expect(f(side, level, q(bid, ask))).toBe(hit);
  });
});

describe('market fills', () => {
  it('a buy fills at the ask and a sell at the bid', () => {
    expect(fillMarketOrder(eurusd, 'buy', q(1.1, 1.1001))).toEqual({ ok: true, price: 1.1001, slippagePoints: 0 });
    expect(fillMarketOrder(eurusd, 'sell', q(1.1, 1.1001))).toEqual({ ok: true, price: 1.1, slippagePoints: 0 });
  });

  it('refuses a price that moved more than the maximum slippage against the trader, accepts a better one', () => {
    // the trader saw an ask of 1.10010; it is now 1.10040: 30 points worse
    expect(fillMarketOrder(eurusd, 'buy', q(1.1003, 1.1004), 1.1001, 20)).toEqual({
      ok: false,
      price: 1.1004,
      slippagePoints: 30,
      message: 'The price moved 30 points against the order (to 1.10040), more than the maximum slippage of 20 points.',
    });
    expect(fillMarketOrder(eurusd, 'buy', q(1.1003, 1.1004), 1.1001, 30).ok).toBe(true);
    // a sell that saw 1.10000 and gets 1.10050 gained 50 points: negative slippage
    expect(fillMarketOrder(eurusd, 'sell', q(1.1005, 1.1006), 1.1, 0)).toEqual({
      ok: true,
      price: 1.1005,
      slippagePoints: -50,
    });
  });

  it('does not fill on a closed market', () => {
    expect(fillMarketOrder(eurusd, 'buy', q(1.1, 1.1001, { open: false })).ok).toBe(false);
  });
});

describe('trailing stop', () => {
  it.each([
    // [case, side, open, sl, bid, ask, expected] with a 200-point (20 pip) distance
    ['long not yet 20 pips in profit: no move', 'buy', 1.1, null, 1.1015, 1.1016, null],
    ['long 20 pips in profit: SL set at the open', 'buy', 1.1, null, 1.102, 1.1021, 1.1],
    ['long further up: SL follows to bid - 20 pips', 'buy', 1.1, 1.1, 1.1035, 1.1036, 1.1015],
    ['long falling back: SL never moves down', 'buy', 1.1, 1.1015, 1.103, 1.1031, null],
    ['short 20 pips in profit (ask): SL set at the open', 'sell', 1.1, null, 1.0979, 1.098, 1.1],
    ['short further down: SL follows to ask + 20 pips', 'sell', 1.1, 1.1, 1.0969, 1.097, 1.099],
    ['short rising back: SL never moves up', 'sell', 1.1, 1.099, 1.0974, 1.0975, null],
  ] as const)('%s', (_case, side, open, sl, bid, ask, expected) => {
    expect(trailingStopUpdate(eurusd, side, open, sl, 200, q(bid, ask))).toBe(expected);
  });
});

describe('the trigger book', () => {
  const order = (
    id: string,
    side: 'buy' | 'sell',
    type: 'limit' | 'stop' | 'stop_limit',
    trigger: number | null,
    limit: number | null,
    expiresAtMs: number | null = null,
  ) => ({
    id,
    symbol: 'EURUSD',
    side,
    type,
    triggerPrice: trigger,
    limitPrice: limit,
    expiresAtMs,
  });
  const position = (
    id: string,
    side: 'buy' | 'sell',
    sl: number | null,
    tp: number | null,
    trailingPoints: number | null = null,
  ) => ({
    id,
    symbol: 'EURUSD',
    side,
    openPrice: 1.1,
    stopLoss: sl,
    takeProfit: tp,
    trailingPoints,
  });

  it('fills a buy stop at the first ask beyond it, with the slippage, and leaves others alone', () => {
    const book = new TriggerBook();
    book.setOrder(order('o1', 'buy', 'stop', 1.101, null));
    book.setOrder(order('o2', 'sell', 'limit', null, 1.103));
    book.setOrder(order('x', 'buy', 'stop', 1.3, null));
    expect(book.evaluate('GBPUSD', q(1.3, 1.3001))).toEqual([]);
    expect(book.evaluate('EURUSD', q(1.1008, 1.1009))).toEqual([]);
    expect(book.evaluate('EURUSD', q(1.101, 1.1012))).toEqual([
      {
        kind: 'fill_order',
        orderId: 'o1',
        symbol: 'EURUSD',
        side: 'buy',
        price: 1.1012,
        requestedPrice: 1.101,
        slippagePoints: 20,
        gap: false,
      },
    ]);
    expect(book.order('o1')).toBeUndefined();
    expect(book.size).toBe(2);
  });

  it('closes a long by SL on the bid and a short by TP on the ask in one quote', () => {
    const book = new TriggerBook();
    book.setPosition(position('long', 'buy', 1.095, 1.11));
    book.setPosition(position('short', 'sell', 1.11, 1.095));
    book.setPosition(position('untouched', 'buy', 1.09, 1.11));
    const actions = book.evaluate('EURUSD', q(1.0949, 1.095));
    expect(actions).toEqual([
      {
        kind: 'close_position',
        positionId: 'long',
        symbol: 'EURUSD',
        reason: 'stop_loss',
        price: 1.0949,
        requestedPrice: 1.095,
        slippagePoints: 10,
        gap: false,
      },
      {
        kind: 'close_position',
        positionId: 'short',
        symbol: 'EURUSD',
        reason: 'take_profit',
        price: 1.095,
        requestedPrice: 1.095,
        slippagePoints: 0,
        gap: false,
      },
    ]);
    expect(book.size).toBe(1);
  });

  it('a weekend gap: nothing fills while closed; at the open, an SL crossed over the weekend closes at the first price, recorded as a gap', () => {
    const book = new TriggerBook();
    book.setPosition(position('long', 'buy', 1.095, null));
    book.setOrder(order('sellstop', 'sell', 'stop', 1.096, null));
    book.setOrder(order('buylimit', 'buy', 'limit', null, 1.094));
    expect(book.evaluate('EURUSD', q(1.097, 1.0971))).toEqual([]);
    // closed market: its last price does not fill anything
    expect(book.evaluate('EURUSD', q(1.097, 1.0971, { open: false }))).toEqual([]);
    // Sunday open 50 pips lower
    const actions = book.evaluate('EURUSD', q(1.09, 1.0902));
    expect(actions).toEqual([
      // the sell stop fills at the bid 1.09000: 600 points worse than its 1.09600
      {
        kind: 'fill_order',
        orderId: 'sellstop',
        symbol: 'EURUSD',
        side: 'sell',
        price: 1.09,
        requestedPrice: 1.096,
        slippagePoints: 600,
        gap: true,
      },
      // the buy limit fills at the ask 1.09020: 380 points better than its 1.09400
      {
        kind: 'fill_order',
        orderId: 'buylimit',
        symbol: 'EURUSD',
        side: 'buy',
        price: 1.0902,
        requestedPrice: 1.094,
        slippagePoints: -380,
        gap: true,
      },
      {
        kind: 'close_position',
        positionId: 'long',
        symbol: 'EURUSD',
        reason: 'stop_loss',
        price: 1.09,
        requestedPrice: 1.095,
        slippagePoints: 500,
        gap: true,
      },
    ]);
  });

  it('an item restored after a restart whose trigger was crossed meanwhile reports a gap', () => {
    const book = new TriggerBook();
    book.setPosition(position('p', 'sell', 1.105, null), { afterGap: true });
    expect(book.evaluate('EURUSD', q(1.1058, 1.106))).toEqual([
      {
        kind: 'close_position',
        positionId: 'p',
        symbol: 'EURUSD',
        reason: 'stop_loss',
        price: 1.106,
        requestedPrice: 1.105,
        slippagePoints: 100,
        gap: true,
      },
    ]);
  });

  it('a stop-limit places its limit when the stop triggers, and fills only when the limit is reached', () => {
    const book = new TriggerBook();
    // buy stop-limit: stop 1.1010, limit 1.1005
    book.setOrder(order('sl', 'buy', 'stop_limit', 1.101, 1.1005));
    expect(book.evaluate('EURUSD', q(1.1009, 1.101))).toEqual([
      { kind: 'place_limit', orderId: 'sl', symbol: 'EURUSD', side: 'buy', limitPrice: 1.1005, gap: false },
    ]);
    expect(book.order('sl')).toMatchObject({ type: 'limit', limitPrice: 1.1005, triggerPrice: null });
    expect(book.evaluate('EURUSD', q(1.1006, 1.1007))).toEqual([]);
    expect(book.evaluate('EURUSD', q(1.1003, 1.1004))).toEqual([
      {
        kind: 'fill_order',
        orderId: 'sl',
        symbol: 'EURUSD',
        side: 'buy',
        price: 1.1004,
        requestedPrice: 1.1005,
        slippagePoints: -10,
        gap: false,
      },
    ]);
  });

  it('moves trailing stops only in favour, and then closes on the trailed stop', () => {
    const book = new TriggerBook();
    book.setPosition(position('t', 'buy', null, null, 200));
    expect(book.evaluate('EURUSD', q(1.1025, 1.1026))).toEqual([
      { kind: 'update_trailing_stop', positionId: 't', symbol: 'EURUSD', stopLoss: 1.1005, previous: null },
    ]);
    expect(book.evaluate('EURUSD', q(1.102, 1.1021))).toEqual([]);
    expect(book.evaluate('EURUSD', q(1.1004, 1.1005))[0]).toMatchObject({
      kind: 'close_position',
      reason: 'stop_loss',
      price: 1.1004,
    });
  });

  it('expires orders at their time, even on a closed market', () => {
    const book = new TriggerBook();
    book.setOrder(order('e', 'buy', 'limit', null, 1.09, 1000));
    expect(book.evaluate('EURUSD', q(1.1, 1.1001, { time: 999 }))).toEqual([]);
    expect(book.evaluate('EURUSD', q(1.1, 1.1001, { time: 1000, open: false }))).toEqual([
      { kind: 'expire_order', orderId: 'e', symbol: 'EURUSD', expiresAtMs: 1000 },
    ]);
  });

  it('replaces and removes items by id', () => {
    const book = new TriggerBook();
    book.setPosition(position('p', 'buy', 1.09, null));
    book.setPosition(position('p', 'buy', 1.099, null));
    expect(book.size).toBe(1);
    expect(book.evaluate('EURUSD', q(1.0985, 1.0986))[0]).toMatchObject({ positionId: 'p', requestedPrice: 1.099 });
    book.setOrder(order('o', 'buy', 'limit', null, 1.09));
    expect(book.removeOrder('o')).toBe(true);
    expect(book.removeOrder('o')).toBe(false);
    expect(book.symbols()).toEqual([]);
    expect(() => book.setOrder(order('bad', 'buy', 'limit', null, null))).toThrow(/no price/);
  });
});
