import { commissionPerSide } from '../market/instruments/catalogue.js';
import { SESSION_TEMPLATES, sessionDay, tradeDateAt } from '../market/instruments/sessions.js';
import type { Instrument } from '../market/instruments/types.js';
import { isoWeekday } from '../market/time-zones.js';
import { bookMinor } from './money.js';
import { convertProfit, type QuoteBook, rateOf } from './rates.js';

export type Side = 'buy' | 'sell';

/** +1 for a buy, -1 for a sell. */
export function direction(side: Side): 1 | -1 {
  return side === 'buy' ? 1 : -1;
}

/** The other side. */
export function oppositeSide(side: Side): Side {
  return side === 'buy' ? 'sell' : 'buy';
}

/** Multiplier of stop distance over the typical spread: the catalogue lists no stops level, so it derives from it. */
export const STOPS_LEVEL_SPREADS = 2;

/**
 * Minimum distance, in points, between the market (or a pending order's price) and an SL, a TP or a pending
 * price: twice the instrument's typical spread.
 */
export function stopsLevelPoints(instrument: Instrument): number {
  return STOPS_LEVEL_SPREADS * instrument.typicalSpread;
}

/** Profit-currency value of one point of price for one lot (contract size x point), cleaned of float noise. */
export function pointValuePerLot(instrument: Instrument): number {
  return Number((instrument.contractSize * instrument.pointSize).toPrecision(12));
}

/** Value of one pip for `lots` in the account currency, converted at the mid rate. */
export function pipValue(instrument: Instrument, accountCurrency: string, quotes: QuoteBook, lots = 1): number {
  const inProfit = Number((instrument.contractSize * instrument.pipSize).toPrecision(12)) * lots;
  return inProfit * rateOf(instrument.profitCurrency, accountCurrency, quotes, 'mid');
}

export interface MarginFigure {
  /** Margin in the account currency (a double; shown and compared, never booked). */
  amount: number;
  /** Margin in the instrument's margin currency before conversion. */
  inMarginCurrency: number;
  marginCurrency: string;
  /** Fraction of the notional held: the larger of the instrument's margin rate and 1 / account leverage. */
  marginRate: number;
}

/**
 * Margin of `lots` opened at `price`. FX (margin currency = base currency): lots x contract size x margin rate in
 * the base currency. Metals, CFDs, shares, crypto: lots x contract size x price x margin rate in the margin
 * currency. The rate is the instrument's (1 / its leverage), raised to 1 / `accountLeverage` when the account
 * allows less leverage. Converted to the account currency at the ask of the conversion for a buy and the bid for a
 * sell, as MetaTrader 5 does.
 */
export function marginRequired(
  instrument: Instrument,
  side: Side,
  lots: number,
  price: number,
  accountCurrency: string,
  quotes: QuoteBook,
  accountLeverage?: number,
): MarginFigure {
  const marginRate = Math.max(instrument.marginRate, accountLeverage && accountLeverage > 0 ? 1 / accountLeverage : 0);
  const fx = instrument.marginCurrency === instrument.baseCurrency;
  const inMarginCurrency = lots * instrument.contractSize * (fx ? 1 : price) * marginRate;
  const rate = rateOf(instrument.marginCurrency, accountCurrency, quotes, side === 'buy' ? 'ask' : 'bid');
  return { amount: inMarginCurrency * rate, inMarginCurrency, marginCurrency: instrument.marginCurrency, marginRate };
}

/** Profit (negative: loss) in the profit currency of `lots` opened at `openPrice` and valued at `closePrice`. */
export function rawProfit(instrument: Instrument, side: Side, lots: number, openPrice: number, closePrice: number) {
  // prices sit on the point grid (averaged netting prices three digits finer), so the difference is read back
  // at that resolution before scaling
  const points = Number(((closePrice - openPrice) / instrument.pointSize).toFixed(3));
  return direction(side) * points * lots * pointValuePerLot(instrument);
}

/**
 * Profit of `lots` opened at `openPrice` and closed at `closePrice`, in the account currency: price difference x
 * lots x contract size in the profit currency, converted as MetaTrader 5 converts profit (`convertProfit`).
 */
export function positionProfit(
  instrument: Instrument,
  side: Side,
  lots: number,
  openPrice: number,
  closePrice: number,
  accountCurrency: string,
  quotes: QuoteBook,
): number {
  const raw = rawProfit(instrument, side, lots, openPrice, closePrice);
  return convertProfit(raw, instrument.profitCurrency, accountCurrency, quotes);
}

/**
 * Swap of one lot for one night in the account currency (negative: charged). Points type: swap points x point x
 * contract size; annual-percent type: price x contract size x rate / 100 / 360. Converted like profit.
 */
export function swapPerLot(
  instrument: Instrument,
  side: Side,
  price: number,
  accountCurrency: string,
  quotes: QuoteBook,
): number {
  const rate = side === 'buy' ? instrument.swapLong : instrument.swapShort;
  const inProfit =
    instrument.swapType === 'points'
      ? rate * pointValuePerLot(instrument)
      : (price * instrument.contractSize * rate) / 100 / 360;
  return convertProfit(inProfit, instrument.profitCurrency, accountCurrency, quotes);
}

/**
 * ISO weekday (1 = Monday) of the trade date whose rollover charges three nights: Wednesday for spot FX and spot
 * metals (their value dates skip the weekend), Friday for CFDs on indices, shares and energies (held over the
 * weekend); null for crypto, which charges every calendar night.
 */
export function tripleSwapWeekday(instrument: Instrument): number | null {
  if (instrument.source === 'CRYPTO') return null;
  if (instrument.source === 'FOREX' || (instrument.category === 'metals' && instrument.exchange === 'OTC')) return 3;
  return 5;
}

export interface Rollover {
  /** Unix ms of the rollover: the end of a trading day of the instrument's schedule. */
  atMs: number;
  /** Trade date that ends there (epoch day). */
  tradeDate: number;
  /** Nights charged: 3 on the triple-swap day, else 1. */
  nights: number;
}

/**
 * Rollovers a position held from `fromMs` to `toMs` goes through: the end of every trading day of the schedule in
 * (fromMs, toMs] (17:00 New York for FX, 16:00 Chicago for CME products, midnight local for cash markets,
 * 00:00 UTC for crypto).
 */
export function swapRollovers(instrument: Instrument, fromMs: number, toMs: number): Rollover[] {
  if (!(toMs > fromMs)) return [];
  const template = SESSION_TEMPLATES[instrument.session];
  const triple = tripleSwapWeekday(instrument);
  const out: Rollover[] = [];
  const last = tradeDateAt(template, toMs);
  for (let label = tradeDateAt(template, fromMs); label <= last; label++) {
    const weekday = isoWeekday(label);
    if (!(template.weekdays as readonly number[]).includes(weekday)) continue;
    const end = sessionDay(template, label).endMs;
    if (end > fromMs && end <= toMs) out.push({ atMs: end, tradeDate: label, nights: weekday === triple ? 3 : 1 });
  }
  return out;
}

/**
 * Commission of one side (open or close) of `lots` at `price` in the account currency, as a positive cost: the
 * instrument's commission class (`commissionPerSide`), converted at the ask (what buying the charge costs).
 */
export function commissionCost(
  instrument: Instrument,
  lots: number,
  price: number,
  accountCurrency: string,
  quotes: QuoteBook,
): number {
  const c = commissionPerSide(instrument, lots, price);
  if (c.amount === 0) return 0;
  return c.amount * rateOf(c.currency, accountCurrency, quotes, 'ask');
}

/**
 * Swap booked at one rollover for `lots` of a position, in minor units of the account currency (negative:
 * charged): swap per lot x lots x the rollover's nights, rounded once. `price` values annual-percent swaps (the
 * closing price at the rollover).
 */
export function rolloverSwapMinor(
  instrument: Instrument,
  side: Side,
  lots: number,
  price: number,
  rollover: Pick<Rollover, 'nights'>,
  accountCurrency: string,
  quotes: QuoteBook,
): number {
  return bookMinor(
    swapPerLot(instrument, side, price, accountCurrency, quotes) * lots * rollover.nights,
    accountCurrency,
  );
}
