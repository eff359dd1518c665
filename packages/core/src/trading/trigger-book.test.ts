import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getInstrument } from '../market/instruments/catalogue.js';
import type { Side } from './contract.js';
import {
  pendingTriggered,
  slippagePoints,
  stopLossTriggered,
  takeProfitTriggered,
  trailingStopUpdate,
} from './fills.js';
import type { BidAsk } from './rates.js';
import { type TriggerAction, TriggerBook, type WatchedOrder, type WatchedPosition } from './trigger-book.js';

const SYMBOLS = ['EURUSD', 'USDJPY', 'XAUUSD'] as const;

/** The rules applied one item at a time, the obvious way, to check the indexed book against. */
function reference(positions: WatchedPosition[], orders: WatchedOrder[], symbol: string, q: BidAsk): TriggerAction[] {
  const i = getInstrument(symbol);
  const out: TriggerAction[] = [];
  for (let k = orders.length - 1; k >= 0; k--) {
    const o = orders[k]!;
    if (o.symbol !== symbol) continue;
    if (o.expiresAtMs !== null && (q.time ?? Number.NEGATIVE_INFINITY) >= o.expiresAtMs) {
      out.push({ kind: 'expire_order', orderId: o.id, symbol, expiresAtMs: o.expiresAtMs });
      orders.splice(k, 1);
      continue;
    }
    if (q.open === false) continue;
    const level = (o.type === 'limit' ? o.limitPrice : o.triggerPrice)!;
    let hit = pendingTriggered(o.type, o.side, level, q);
    let requested = level;
    if (hit && o.type === 'stop_limit') {
      out.push({ kind: 'place_limit', orderId: o.id, symbol, side: o.side, limitPrice: o.limitPrice!, gap: false });
      orders[k] = { ...o, type: 'limit', triggerPrice: null };
      requested = o.limitPrice!;
      hit = pendingTriggered('limit', o.side, requested, q);
    }
    if (hit) {
      const price = o.side === 'buy' ? q.ask : q.bid;
      out.push({
        kind: 'fill_order',
        orderId: o.id,
        symbol,
        side: o.side,
        price,
        requestedPrice: requested,
        slippagePoints: slippagePoints(i, o.side, requested, price),
        gap: false,
      });
      orders.splice(k, 1);
    }
  }
  if (q.open === false) return out;
  for (let k = positions.length - 1; k >= 0; k--) {
    const p = positions[k]!;
    if (p.symbol !== symbol) continue;
    const price = p.side === 'buy' ? q.bid : q.ask;
    const closeSide: Side = p.side === 'buy' ? 'sell' : 'buy';
    const sl = p.stopLoss !== null && stopLossTriggered(p.side, p.stopLoss, q);
    const tp = !sl && p.takeProfit !== null && takeProfitTriggered(p.side, p.takeProfit, q);
    if (sl || tp) {
      const requested = (sl ? p.stopLoss : p.takeProfit)!;
      out.push({
        kind: 'close_position',
        positionId: p.id,
        symbol,
        reason: sl ? 'stop_loss' : 'take_profit',
        price,
        requestedPrice: requested,
        slippagePoints: slippagePoints(i, closeSide, requested, price),
        gap: false,
      });
      positions.splice(k, 1);
      continue;
    }
    if (p.trailingPoints !== null) {
      const next = trailingStopUpdate(i, p.side, p.openPrice, p.stopLoss, p.trailingPoints, q);
      if (next !== null) {
        out.push({ kind: 'update_trailing_stop', positionId: p.id, symbol, stopLoss: next, previous: p.stopLoss });
        positions[k] = { ...p, stopLoss: next };
      }
    }
  }
  return out;
}

const idOf = (a: TriggerAction) => `${a.kind}:${'orderId' in a ? a.orderId : a.positionId}`;
const sorted = (xs: TriggerAction[]) => [...xs].sort((a, b) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));

describe('the trigger book against the rules applied one item at a time', () => {
  it('property: every quote sets off the same actions (gap flags aside)', () => {
    const offset = fc.integer({ min: -60, max: 60 });
    const item = fc.record({
      symbol: fc.constantFrom(...SYMBOLS),
      side: fc.constantFrom<Side>('buy', 'sell'),
      kind: fc.constantFrom('position', 'limit', 'stop', 'stop_limit'),
      a: offset,
      b: offset,
      c: offset,
      trailing: fc.option(fc.integer({ min: 5, max: 40 }), { nil: null }),
      expires: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
    });
    const tick = fc.record({
      symbol: fc.constantFrom(...SYMBOLS),
      move: fc.integer({ min: -15, max: 15 }),
      spread: fc.integer({ min: 0, max: 6 }),
      open: fc.integer({ min: 0, max: 9 }).map((n) => n !== 0),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.array(tick, { maxLength: 60 }), (items, ticks) => {
        const mid = new Map<string, number>(SYMBOLS.map((s) => [s, 0]));
        const price = (s: string, points: number) => {
          const i = getInstrument(s);
          return Number((i.referencePrice + points * i.pointSize).toFixed(i.digits));
        };
        const positions: WatchedPosition[] = [];
        const orders: WatchedOrder[] = [];
        items.forEach((it, n) => {
          if (it.kind === 'position') {
            positions.push({
              id: `p${n}`,
              symbol: it.symbol,
              side: it.side,
              openPrice: price(it.symbol, it.a),
              stopLoss: it.b % 3 === 0 ? null : price(it.symbol, it.b),
              takeProfit: it.c % 4 === 0 ? null : price(it.symbol, it.c),
              trailingPoints: it.trailing,
            });
          } else {
            orders.push({
              id: `o${n}`,
              symbol: it.symbol,
              side: it.side,
              type: it.kind,
              triggerPrice: it.kind === 'limit' ? null : price(it.symbol, it.a),
              limitPrice: it.kind === 'stop' ? null : price(it.symbol, it.b),
              expiresAtMs: it.expires,
            });
          }
        });
        const book = new TriggerBook();
        for (const p of positions) book.setPosition(p);
        for (const o of orders) book.setOrder(o);
        ticks.forEach((t, n) => {
          const m = mid.get(t.symbol)! + t.move;
          mid.set(t.symbol, m);
          const q: BidAsk = { bid: price(t.symbol, m), ask: price(t.symbol, m + t.spread), open: t.open, time: n };
          const got = book.evaluate(t.symbol, q).map((a) => ('gap' in a ? { ...a, gap: false } : a));
          expect(sorted(got)).toEqual(sorted(reference(positions, orders, t.symbol, q)));
        });
        expect(book.size).toBe(positions.length + orders.length);
      }),
      { numRuns: 300 },
    );
  });
});
