import { getInstrument } from '../market/instruments/catalogue.js';
import type { Instrument } from '../market/instruments/types.js';
import type { Side } from './contract.js';
import { slippagePoints, trailingStopUpdate } from './fills.js';
import type { BidAsk } from './rates.js';

/** An open position as the trigger book watches it. */
export interface WatchedPosition {
  id: string;
  symbol: string;
  side: Side;
  openPrice: number;
  stopLoss: number | null;
  takeProfit: number | null;
  /** Trailing stop distance in points, or null. */
  trailingPoints: number | null;
}

/** A pending order as the trigger book watches it. A stop-limit whose stop has fired is watched as a limit. */
export interface WatchedOrder {
  id: string;
  symbol: string;
  side: Side;
  type: 'limit' | 'stop' | 'stop_limit';
  /** Stop price of a stop or stop-limit order. */
  triggerPrice: number | null;
  /** Price of a limit order, or the limit a stop-limit places. */
  limitPrice: number | null;
  /** Unix ms after which the order lapses, or null. */
  expiresAtMs: number | null;
}

/** What a quote sets off. `gap`: the trigger was already crossed at the first quote the book saw for the item. */
export type TriggerAction =
  | {
      kind: 'fill_order';
      orderId: string;
      symbol: string;
      side: Side;
      /** Executed price: the ask for a buy, the bid for a sell. */
      price: number;
      /** The order's limit or stop price. */
      requestedPrice: number;
      /** Points worse than the requested price (negative: better). */
      slippagePoints: number;
      gap: boolean;
    }
  | { kind: 'place_limit'; orderId: string; symbol: string; side: Side; limitPrice: number; gap: boolean }
  | {
      kind: 'close_position';
      positionId: string;
      symbol: string;
      reason: 'stop_loss' | 'take_profit';
      /** The bid for a long, the ask for a short. */
      price: number;
      requestedPrice: number;
      slippagePoints: number;
      gap: boolean;
    }
  | { kind: 'update_trailing_stop'; positionId: string; symbol: string; stopLoss: number; previous: number | null }
  | { kind: 'expire_order'; orderId: string; symbol: string; expiresAtMs: number };

interface PositionEntry {
  p: WatchedPosition;
  buy: boolean;
  /** NaN when absent: every comparison with NaN is false, so no branch is needed. */
  sl: number;
  tp: number;
  fresh: boolean;
}

interface OrderEntry {
  o: WatchedOrder;
  buy: boolean;
  /** The price compared with the quote now: the stop of a stop or unfired stop-limit, else the limit. */
  level: number;
  /** Whether `level` is a stop (buy when ask >= level) or a limit (buy when ask <= level). */
  stop: boolean;
  expires: number;
  fresh: boolean;
}

class Bucket {
  readonly instrument: Instrument;
  positions: PositionEntry[] = [];
  orders: OrderEntry[] = [];
  constructor(instrument: Instrument) {
    this.instrument = instrument;
  }
}

function orderEntry(o: WatchedOrder, fresh: boolean): OrderEntry {
  const stop = o.type !== 'limit';
  const level = stop ? o.triggerPrice : o.limitPrice;
  if (level === null || !Number.isFinite(level)) throw new RangeError(`Order ${o.id} has no price to watch.`);
  return { o, buy: o.side === 'buy', level, stop, expires: o.expiresAtMs ?? Number.POSITIVE_INFINITY, fresh };
}

function positionEntry(p: WatchedPosition, fresh: boolean): PositionEntry {
  return { p, buy: p.side === 'buy', sl: p.stopLoss ?? Number.NaN, tp: p.takeProfit ?? Number.NaN, fresh };
}

/**
 * Open positions' SL, TP and trailing stops and pending orders, indexed by symbol, so one quote evaluates only
 * that symbol's items. `evaluate` returns what the quote sets off and applies it to the book itself: a filled or
 * expired order and a closed position leave the book, a fired stop-limit stays as its limit, a trailing stop
 * moves. The caller persists each action and adds the positions that fills open. On a closed market's quote
 * nothing fills (only expiries are reported) and every item of the symbol is marked as after a gap.
 */
export class TriggerBook {
  readonly #instrumentOf: (symbol: string) => Instrument;
  readonly #buckets = new Map<string, Bucket>();
  readonly #positionBucket = new Map<string, Bucket>();
  readonly #orderBucket = new Map<string, Bucket>();

  constructor(instrumentOf: (symbol: string) => Instrument = getInstrument) {
    this.#instrumentOf = instrumentOf;
  }

  /** Number of watched positions and orders. */
  get size(): number {
    return this.#positionBucket.size + this.#orderBucket.size;
  }

  /** Symbols with at least one watched item. */
  symbols(): string[] {
    return [...this.#buckets.entries()].filter(([, b]) => b.positions.length + b.orders.length > 0).map(([s]) => s);
  }

  #bucket(symbol: string): Bucket {
    let b = this.#buckets.get(symbol);
    if (!b) {
      b = new Bucket(this.#instrumentOf(symbol));
      this.#buckets.set(symbol, b);
    }
    return b;
  }

  /**
   * Adds or replaces a position. `afterGap`: it was not watched up to now (restored after a restart), so if its
   * first quote already crosses a trigger the close is reported as a gap.
   */
  setPosition(position: WatchedPosition, options: { afterGap?: boolean } = {}): void {
    this.removePosition(position.id);
    const b = this.#bucket(position.symbol);
    b.positions.push(positionEntry(position, options.afterGap ?? false));
    this.#positionBucket.set(position.id, b);
  }

  /** Adds or replaces a pending order; `afterGap` as for positions. */
  setOrder(order: WatchedOrder, options: { afterGap?: boolean } = {}): void {
    const entry = orderEntry(order, options.afterGap ?? false);
    this.removeOrder(order.id);
    const b = this.#bucket(order.symbol);
    b.orders.push(entry);
    this.#orderBucket.set(order.id, b);
  }

  removePosition(id: string): boolean {
    const b = this.#positionBucket.get(id);
    if (!b) return false;
    const i = b.positions.findIndex((e) => e.p.id === id);
    if (i >= 0) b.positions.splice(i, 1);
    this.#positionBucket.delete(id);
    return true;
  }

  removeOrder(id: string): boolean {
    const b = this.#orderBucket.get(id);
    if (!b) return false;
    const i = b.orders.findIndex((e) => e.o.id === id);
    if (i >= 0) b.orders.splice(i, 1);
    this.#orderBucket.delete(id);
    return true;
  }

  /** The watched position or order with this id. */
  position(id: string): WatchedPosition | undefined {
    return this.#positionBucket.get(id)?.positions.find((e) => e.p.id === id)?.p;
  }

  order(id: string): WatchedOrder | undefined {
    return this.#orderBucket.get(id)?.orders.find((e) => e.o.id === id)?.o;
  }

  /** Marks the items of `symbol` (every symbol when omitted) as after a gap, e.g. when its market reopens. */
  markGap(symbol?: string): void {
    const buckets = symbol === undefined ? [...this.#buckets.values()] : [this.#buckets.get(symbol)];
    for (const b of buckets) {
      if (!b) continue;
      for (const e of b.positions) e.fresh = true;
      for (const e of b.orders) e.fresh = true;
    }
  }

  /**
   * What `quote` of `symbol` sets off, in this order: expired orders (quote.time at or after their expiry),
   * pending orders reached (buy limit: ask <= limit; sell limit: bid >= limit; buy stop: ask >= stop; sell stop:
   * bid <= stop; a stop-limit's stop places its limit, which may fill on the same quote), then positions' SL and TP
   * (a long's on the bid, a short's on the ask), then trailing stops of the positions left. Fills happen at the
   * quote's price, with the slippage from the requested price recorded.
   */
  evaluate(symbol: string, quote: BidAsk): TriggerAction[] {
    const b = this.#buckets.get(symbol);
    if (!b) return [];
    const out: TriggerAction[] = [];
    const { bid, ask } = quote;
    const time = quote.time ?? Number.NEGATIVE_INFINITY;
    const closed = quote.open === false;
    const inst = b.instrument;

    const orders = b.orders;
    for (let i = 0; i < orders.length; ) {
      const e = orders[i]!;
      if (time >= e.expires) {
        out.push({ kind: 'expire_order', orderId: e.o.id, symbol, expiresAtMs: e.expires });
        this.#dropOrder(b, i);
        continue;
      }
      if (closed) {
        e.fresh = true;
        i++;
        continue;
      }
      let hit = e.buy ? (e.stop ? ask >= e.level : ask <= e.level) : e.stop ? bid <= e.level : bid >= e.level;
      if (hit && e.stop && e.o.type === 'stop_limit') {
        const limit = e.o.limitPrice as number;
        out.push({ kind: 'place_limit', orderId: e.o.id, symbol, side: e.o.side, limitPrice: limit, gap: e.fresh });
        e.o = { ...e.o, type: 'limit', triggerPrice: null };
        e.level = limit;
        e.stop = false;
        hit = e.buy ? ask <= limit : bid >= limit;
      }
      if (hit) {
        const price = e.buy ? ask : bid;
        out.push({
          kind: 'fill_order',
          orderId: e.o.id,
          symbol,
          side: e.o.side,
          price,
          requestedPrice: e.level,
          slippagePoints: slippagePoints(inst, e.o.side, e.level, price),
          gap: e.fresh,
        });
        this.#dropOrder(b, i);
        continue;
      }
      e.fresh = false;
      i++;
    }
    if (closed) {
      for (const e of b.positions) e.fresh = true;
      return out;
    }

    const positions = b.positions;
    for (let i = 0; i < positions.length; ) {
      const e = positions[i]!;
      const price = e.buy ? bid : ask;
      let reason: 'stop_loss' | 'take_profit' | null = null;
      let requested = 0;
      if (e.buy ? bid <= e.sl : ask >= e.sl) {
        reason = 'stop_loss';
        requested = e.sl;
      } else if (e.buy ? bid >= e.tp : ask <= e.tp) {
        reason = 'take_profit';
        requested = e.tp;
      }
      if (reason !== null) {
        out.push({
          kind: 'close_position',
          positionId: e.p.id,
          symbol,
          reason,
          price,
          requestedPrice: requested,
          // the closing deal is a sell for a long and a buy for a short
          slippagePoints: slippagePoints(inst, e.buy ? 'sell' : 'buy', requested, price),
          gap: e.fresh,
        });
        this.#positionBucket.delete(e.p.id);
        positions[i] = positions[positions.length - 1]!;
        positions.pop();
        continue;
      }
      e.fresh = false;
      const trail = e.p.trailingPoints;
      if (trail !== null && trail > 0) {
        const next = trailingStopUpdate(inst, e.p.side, e.p.openPrice, e.p.stopLoss, trail, quote);
        if (next !== null) {
          out.push({
            kind: 'update_trailing_stop',
            positionId: e.p.id,
            symbol,
            stopLoss: next,
            previous: e.p.stopLoss,
          });
          e.p = { ...e.p, stopLoss: next };
          e.sl = next;
        }
      }
      i++;
    }
    return out;
  }

  #dropOrder(b: Bucket, i: number): void {
    const orders = b.orders;
    this.#orderBucket.delete(orders[i]!.o.id);
    orders[i] = orders[orders.length - 1]!;
    orders.pop();
  }
}
