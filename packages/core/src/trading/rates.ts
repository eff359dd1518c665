import { INSTRUMENTS } from '../market/instruments/catalogue.js';
import { GBX_PER_GBP, isValueAssetCode } from '../market/instruments/reference-data.js';

/** The two sides of a live price; `open` false marks a closed market's last price (no fills on it). */
export interface BidAsk {
  bid: number;
  ask: number;
  open?: boolean;
  /** Unix ms of the price, when known. */
  time?: number;
}

/** Live quotes by symbol; a `Map<string, Quote>` qualifies, and so does a lazy reader over the simulated market. */
export interface QuoteBook {
  get(symbol: string): BidAsk | undefined;
}

/**
 * Which price of a conversion pair to use: `bid` is what one unit of the source currency fetches when sold,
 * `ask` what it costs to buy, `mid` their average.
 */
export type RateSide = 'bid' | 'ask' | 'mid';

/** Symbols of tradable pairs of two value assets (FX, metals against currencies, crypto), by "BASE/QUOTE". */
const pairSymbols = new Map<string, string>();
for (const i of INSTRUMENTS) {
  if (isValueAssetCode(i.baseCurrency) && isValueAssetCode(i.quoteCurrency) && i.quoteCurrency !== 'GBX') {
    pairSymbols.set(`${i.baseCurrency}/${i.quoteCurrency}`, i.id);
  }
}

function sideOf(q: BidAsk, side: RateSide): number {
  if (side === 'bid') return q.bid;
  if (side === 'ask') return q.ask;
  return (q.bid + q.ask) / 2;
}

function opposite(side: RateSide): RateSide {
  return side === 'bid' ? 'ask' : side === 'ask' ? 'bid' : 'mid';
}

function directRate(from: string, to: string, quotes: QuoteBook, side: RateSide): number | undefined {
  const direct = pairSymbols.get(`${from}/${to}`);
  const dq = direct === undefined ? undefined : quotes.get(direct);
  if (dq) return sideOf(dq, side);
  const inverse = pairSymbols.get(`${to}/${from}`);
  const iq = inverse === undefined ? undefined : quotes.get(inverse);
  // selling `from` for `to` on the pair TO/FROM means buying TO at its ask
  if (iq) return 1 / sideOf(iq, opposite(side));
  return undefined;
}

/**
 * Price of one unit of `from` in `to` from live quotes: the pair FROMTO if the market lists it, else the inverse
 * of TOFROM, else through the US dollar (FROM->USD x USD->TO). Pence sterling (GBX) is GBP / 100 exactly.
 * Throws a RangeError when no quoted path exists. The simulated market derives crosses from their USD legs, so
 * a direct cross and the path through the dollar agree to the cross's rounding.
 */
export function rateOf(from: string, to: string, quotes: QuoteBook, side: RateSide = 'mid'): number {
  if (from === to) return 1;
  if (from === 'GBX') return rateOf('GBP', to, quotes, side) / GBX_PER_GBP;
  if (to === 'GBX') return rateOf(from, 'GBP', quotes, side) * GBX_PER_GBP;
  const direct = directRate(from, to, quotes, side);
  if (direct !== undefined) return direct;
  if (from !== 'USD' && to !== 'USD') {
    const a = directRate(from, 'USD', quotes, side);
    const b = directRate('USD', to, quotes, side);
    if (a !== undefined && b !== undefined) return a * b;
  }
  throw new RangeError(`No live quote converts ${from} to ${to}.`);
}

/** Symbols whose quotes `rateOf(from, to)` may read: callers subscribe to these to keep conversions live. */
export function conversionSymbols(from: string, to: string): string[] {
  const f = from === 'GBX' ? 'GBP' : from;
  const t = to === 'GBX' ? 'GBP' : to;
  if (f === t) return [];
  const out: string[] = [];
  const add = (a: string, b: string) => {
    const s = pairSymbols.get(`${a}/${b}`) ?? pairSymbols.get(`${b}/${a}`);
    if (s) out.push(s);
    return s !== undefined;
  };
  if (add(f, t)) return out;
  if (f !== 'USD') add(f, 'USD');
  if (t !== 'USD') add('USD', t);
  return out;
}

/**
 * An amount of profit or loss in `from` expressed in `to`, as MetaTrader 5 converts profit: a gain is sold at the
 * bid of the conversion (the trader receives the lower price), a loss is bought at the ask (the trader pays the
 * higher one). The result is a double; book it with `bookMinor`.
 */
export function convertProfit(amount: number, from: string, to: string, quotes: QuoteBook): number {
  if (amount === 0 || from === to) return amount;
  return amount * rateOf(from, to, quotes, amount > 0 ? 'bid' : 'ask');
}
