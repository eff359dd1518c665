import { roundToDigits } from '../market/instruments/build.js';
import { instrumentSessionStatus } from '../market/instruments/catalogue.js';
import { SESSION_TEMPLATES, sessionDay, tradeDateAt } from '../market/instruments/sessions.js';
import type { Instrument } from '../market/instruments/types.js';
import { isoWeekday } from '../market/time-zones.js';
import { direction, marginRequired, pipValue, positionProfit, type Side, stopsLevelPoints } from './contract.js';
import type { BidAsk, QuoteBook } from './rates.js';

export type OrderType = 'market' | 'limit' | 'stop' | 'stop_limit';
/** Which figure of an SL or TP is kept when the entry moves: the price stays, or the distance in pips follows. */
export type StopLock = 'price' | 'pips';
export type Expiry = { kind: 'gtc' } | { kind: 'day' } | { kind: 'date'; atMs: number };

/** Default order size in lots and default risk in percent of equity (spec section 9). */
export const DEFAULT_ORDER_SIZE = 1;
export const DEFAULT_RISK_PERCENT = 0.1;

/** An order as a trader asks for it; SL and TP may be given as a price, in pips from the entry, or both. */
export interface OrderRequest {
  symbol: string;
  side: Side;
  type: OrderType;
  /** Lots. */
  volume: number;
  /** Stop price of a stop or stop-limit order. */
  triggerPrice?: number | null;
  /** Price of a limit order, or the limit placed when a stop-limit's stop triggers. */
  limitPrice?: number | null;
  stopLoss?: number | null;
  takeProfit?: number | null;
  stopLossPips?: number | null;
  takeProfitPips?: number | null;
  /** Default: price when a price is given, else pips. */
  stopLossLock?: StopLock;
  takeProfitLock?: StopLock;
  /** Server-side trailing stop distance in points. */
  trailingPoints?: number | null;
  /** Pending orders only; default good till cancelled. */
  expiry?: Expiry;
  /** Market orders only: the largest slippage in points accepted against `requestedPrice` (deviation). */
  maxSlippagePoints?: number | null;
  /** Market orders only: the price the trader saw; default the current ask (buy) or bid (sell). */
  requestedPrice?: number | null;
}

/** An SL or TP with both of its figures; `lock` says which one is kept when the entry moves. */
export interface ResolvedStop {
  price: number;
  pips: number;
  lock: StopLock;
}

/** A valid order with its stops resolved to prices against its entry. */
export interface CheckedOrder {
  symbol: string;
  side: Side;
  type: OrderType;
  volume: number;
  /** Price the order is expected to fill at: the ask or bid now (market), the limit (limit, stop-limit), the stop. */
  entryPrice: number;
  triggerPrice: number | null;
  limitPrice: number | null;
  stopLoss: ResolvedStop | null;
  takeProfit: ResolvedStop | null;
  trailingPoints: number | null;
  /** Unix ms after which a pending order is cancelled; null when good till cancelled (and for market orders). */
  expiresAtMs: number | null;
  maxSlippagePoints: number | null;
  requestedPrice: number | null;
}

/** A reason an order is refused: the request field and a sentence that names it. */
export interface OrderIssue {
  field: string;
  message: string;
}

export type OrderCheck = { ok: true; order: CheckedOrder } | { ok: false; issues: OrderIssue[] };

/** `price` written with the instrument's digits. */
export function formatPrice(instrument: Instrument, price: number): string {
  return price.toFixed(instrument.digits);
}

/** Whether `value` lies on the grid of `step` (within float noise). */
function onStep(value: number, step: number): boolean {
  const n = value / step;
  return Math.abs(n - Math.round(n)) < 1e-7;
}

/** Lots rounded to the instrument's volume step (nearest step, float noise removed). */
export function roundVolume(instrument: Instrument, lots: number): number {
  const step = instrument.volumeStep;
  return Number((Math.round(lots / step) * step).toFixed(10));
}

/** Lots rounded down to the instrument's volume step. */
export function floorVolume(instrument: Instrument, lots: number): number {
  const step = instrument.volumeStep;
  return Number((Math.floor(lots / step + 1e-9) * step).toFixed(10));
}

/** Why `volume` (lots) is not tradable on the instrument, as a sentence naming `field`, or null when it is. */
export function volumeIssue(instrument: Instrument, volume: number, field = 'volume'): string | null {
  const unit = `lots on ${instrument.id}`;
  if (!Number.isFinite(volume) || volume <= 0) return `${field} must be a positive number of lots.`;
  if (volume < instrument.volumeMin - 1e-9) return `${field} must be at least ${instrument.volumeMin} ${unit}.`;
  if (volume > instrument.volumeMax + 1e-9) return `${field} must be at most ${instrument.volumeMax} ${unit}.`;
  if (!onStep(volume, instrument.volumeStep))
    return `${field} must be a multiple of ${instrument.volumeStep} ${unit} (the volume step).`;
  return null;
}

/** Why `price` is not a valid price of the instrument (positive, at most its digits), or null. */
export function priceIssue(instrument: Instrument, price: number, field: string): string | null {
  if (!Number.isFinite(price) || price <= 0) return `${field} must be a positive price.`;
  if (Math.abs(roundToDigits(price, instrument.digits) - price) > instrument.pointSize * 1e-6)
    return `${field} must have at most ${instrument.digits} decimals on ${instrument.id}.`;
  return null;
}

/** Price of an SL (`kind` 'sl') or TP ('tp') `pips` away from `entry` on the losing or winning side of `side`. */
export function stopPriceFromPips(
  instrument: Instrument,
  side: Side,
  entry: number,
  pips: number,
  kind: 'sl' | 'tp',
): number {
  const sign = kind === 'sl' ? -direction(side) : direction(side);
  return roundToDigits(entry + sign * pips * instrument.pipSize, instrument.digits);
}

/** Distance in pips between `entry` and an SL or TP price (positive on the correct side). */
export function stopPipsFromPrice(
  instrument: Instrument,
  side: Side,
  entry: number,
  price: number,
  kind: 'sl' | 'tp',
): number {
  const sign = kind === 'sl' ? -direction(side) : direction(side);
  return Number(((sign * (price - entry)) / instrument.pipSize).toFixed(1));
}

/**
 * An SL or TP resolved against `entry`: the lock (default: price when a price is given) decides which figure is
 * authoritative, and the other is derived. Null when neither is given.
 */
export function resolveStop(
  instrument: Instrument,
  side: Side,
  entry: number,
  kind: 'sl' | 'tp',
  price: number | null | undefined,
  pips: number | null | undefined,
  lock: StopLock | undefined,
): ResolvedStop | null {
  const hasPrice = price !== null && price !== undefined;
  const hasPips = pips !== null && pips !== undefined;
  if (!hasPrice && !hasPips) return null;
  const usePips = hasPips && (lock === 'pips' || !hasPrice);
  const finalLock: StopLock = lock ?? (hasPrice ? 'price' : 'pips');
  if (usePips) return { price: stopPriceFromPips(instrument, side, entry, pips, kind), pips, lock: finalLock };
  const p = price as number;
  return { price: p, pips: stopPipsFromPrice(instrument, side, entry, p, kind), lock: finalLock };
}

/**
 * Stops of a pending order after its entry moved to `newEntry`: a stop locked by pips keeps its distance and
 * follows the entry; a stop locked by price stays and its pips are recomputed.
 */
export function moveStopsWithEntry(
  instrument: Instrument,
  side: Side,
  newEntry: number,
  stops: { stopLoss: ResolvedStop | null; takeProfit: ResolvedStop | null },
): { stopLoss: ResolvedStop | null; takeProfit: ResolvedStop | null } {
  const move = (s: ResolvedStop | null, kind: 'sl' | 'tp'): ResolvedStop | null => {
    if (!s) return null;
    if (s.lock === 'pips') return { ...s, price: stopPriceFromPips(instrument, side, newEntry, s.pips, kind) };
    return { ...s, pips: stopPipsFromPrice(instrument, side, newEntry, s.price, kind) };
  };
  return { stopLoss: move(stops.stopLoss, 'sl'), takeProfit: move(stops.takeProfit, 'tp') };
}

/**
 * Why an SL or TP price is not allowed for a position or order of `side` whose stops are measured from
 * `reference` (the bid for an open buy, the ask for an open sell, the entry of a pending order): it must lie on
 * the losing (SL) or winning (TP) side at least the stops level away. Null when it is fine.
 */
export function stopIssue(
  instrument: Instrument,
  side: Side,
  reference: number,
  price: number,
  kind: 'sl' | 'tp',
  field: string,
): string | null {
  const bad = priceIssue(instrument, price, field);
  if (bad) return bad;
  const level = stopsLevelPoints(instrument);
  const gap = level * instrument.pointSize;
  const below = (kind === 'sl') === (side === 'buy');
  const limit = roundToDigits(below ? reference - gap : reference + gap, instrument.digits);
  const ok = below ? price <= limit + instrument.pointSize * 1e-6 : price >= limit - instrument.pointSize * 1e-6;
  if (ok) return null;
  const what = kind === 'sl' ? 'stop loss' : 'take profit';
  return (
    `${field}: the ${what} of a ${side} must be at or ${below ? 'below' : 'above'} ${formatPrice(instrument, limit)} ` +
    `(${formatPrice(instrument, reference)} ${below ? 'less' : 'plus'} the minimum stop distance of ${level} points).`
  );
}

/**
 * End of the trading day that contains `nowMs` under the instrument's schedule (unix ms): the "day" expiry. On a
 * day the market does not trade (a weekend), the end of the next trading day.
 */
export function endOfTradingDay(instrument: Instrument, nowMs: number): number {
  const template = SESSION_TEMPLATES[instrument.session];
  let label = tradeDateAt(template, nowMs);
  for (let k = 0; k < 7 && !(template.weekdays as readonly number[]).includes(isoWeekday(label)); k++) label++;
  return sessionDay(template, label).endMs;
}

/** Unix ms at which a pending order with `expiry` lapses (null: good till cancelled). */
export function expiryAt(instrument: Instrument, expiry: Expiry | undefined, nowMs: number): number | null {
  if (!expiry || expiry.kind === 'gtc') return null;
  if (expiry.kind === 'day') return endOfTradingDay(instrument, nowMs);
  return Number.isFinite(expiry.atMs) ? expiry.atMs : Number.NaN;
}

/** Whether the market is open at `nowMs`, and when it next opens if not. */
export function marketStatus(
  instrument: Instrument,
  nowMs: number,
): { open: true } | { open: false; nextOpenMs: number | null; message: string } {
  const s = instrumentSessionStatus(instrument.id, nowMs);
  if (s.open) return { open: true };
  const when =
    s.nextOpenMs === null ? 'no opening is scheduled' : `it opens at ${new Date(s.nextOpenMs).toISOString()}`;
  return { open: false, nextOpenMs: s.nextOpenMs, message: `The ${instrument.id} market is closed; ${when}.` };
}

/** Why the pending price(s) of a request are not allowed against the quote, as issues. */
function pendingIssues(instrument: Instrument, r: OrderRequest, quote: BidAsk): OrderIssue[] {
  const issues: OrderIssue[] = [];
  const level = stopsLevelPoints(instrument);
  const gap = level * instrument.pointSize;
  const eps = instrument.pointSize * 1e-6;
  const need = (field: string, value: number | null | undefined): value is number => {
    if (value === null || value === undefined) {
      issues.push({ field, message: `${field} is required for a ${r.type.replace('_', '-')} order.` });
      return false;
    }
    const bad = priceIssue(instrument, value, field);
    if (bad) issues.push({ field, message: bad });
    return bad === null;
  };
  const fmt = (p: number) => formatPrice(instrument, p);
  const distance = `the minimum distance of ${level} points`;
  if (r.type === 'limit' && need('limitPrice', r.limitPrice)) {
    if (r.side === 'buy' && r.limitPrice > roundToDigits(quote.ask - gap, instrument.digits) + eps)
      issues.push({
        field: 'limitPrice',
        message: `limitPrice of a buy limit must be at or below ${fmt(roundToDigits(quote.ask - gap, instrument.digits))} (the ask ${fmt(quote.ask)} less ${distance}).`,
      });
    if (r.side === 'sell' && r.limitPrice < roundToDigits(quote.bid + gap, instrument.digits) - eps)
      issues.push({
        field: 'limitPrice',
        message: `limitPrice of a sell limit must be at or above ${fmt(roundToDigits(quote.bid + gap, instrument.digits))} (the bid ${fmt(quote.bid)} plus ${distance}).`,
      });
  }
  if ((r.type === 'stop' || r.type === 'stop_limit') && need('triggerPrice', r.triggerPrice)) {
    const kind = r.type === 'stop' ? 'stop' : 'stop-limit';
    if (r.side === 'buy' && r.triggerPrice < roundToDigits(quote.ask + gap, instrument.digits) - eps)
      issues.push({
        field: 'triggerPrice',
        message: `triggerPrice of a buy ${kind} must be at or above ${fmt(roundToDigits(quote.ask + gap, instrument.digits))} (the ask ${fmt(quote.ask)} plus ${distance}).`,
      });
    if (r.side === 'sell' && r.triggerPrice > roundToDigits(quote.bid - gap, instrument.digits) + eps)
      issues.push({
        field: 'triggerPrice',
        message: `triggerPrice of a sell ${kind} must be at or below ${fmt(roundToDigits(quote.bid - gap, instrument.digits))} (the bid ${fmt(quote.bid)} less ${distance}).`,
      });
    if (r.type === 'stop_limit' && need('limitPrice', r.limitPrice)) {
      if (r.side === 'buy' && r.limitPrice > r.triggerPrice + eps)
        issues.push({
          field: 'limitPrice',
          message: `limitPrice of a buy stop-limit must be at or below its triggerPrice ${fmt(r.triggerPrice)}.`,
        });
      if (r.side === 'sell' && r.limitPrice < r.triggerPrice - eps)
        issues.push({
          field: 'limitPrice',
          message: `limitPrice of a sell stop-limit must be at or above its triggerPrice ${fmt(r.triggerPrice)}.`,
        });
    }
  }
  return issues;
}

/**
 * Checks an order against the instrument and the current quote at `nowMs`: volume within min, step and max;
 * pending prices on the correct side of the market by the stops level; SL and TP on the correct side of the entry
 * by the stops level (for a market order, measured from the bid for a buy and the ask for a sell, where they will
 * trigger); trailing distance at least the stops level; expiry in the future; a market order refused while the
 * market is closed, with the next open. Every problem is listed, each naming its field.
 */
export function validateOrder(
  request: OrderRequest,
  ctx: { instrument: Instrument; quote: BidAsk; nowMs: number },
): OrderCheck {
  const { instrument, quote, nowMs } = ctx;
  const r = request;
  const issues: OrderIssue[] = [];
  const vol = volumeIssue(instrument, r.volume);
  if (vol) issues.push({ field: 'volume', message: vol });
  const isMarket = r.type === 'market';
  if (isMarket) {
    const status = marketStatus(instrument, nowMs);
    if (!status.open) issues.push({ field: 'symbol', message: status.message });
    else if (quote.open === false) issues.push({ field: 'symbol', message: `The ${instrument.id} market is closed.` });
  } else {
    issues.push(...pendingIssues(instrument, r, quote));
  }
  if (issues.some((i) => i.field === 'limitPrice' || i.field === 'triggerPrice')) return { ok: false, issues };

  const entryPrice = isMarket
    ? r.side === 'buy'
      ? quote.ask
      : quote.bid
    : r.type === 'stop'
      ? (r.triggerPrice as number)
      : (r.limitPrice as number);
  const pipsIssues: OrderIssue[] = [];
  for (const [field, pips] of [
    ['stopLossPips', r.stopLossPips],
    ['takeProfitPips', r.takeProfitPips],
  ] as const) {
    if (pips !== null && pips !== undefined && !(Number.isFinite(pips) && pips > 0))
      pipsIssues.push({ field, message: `${field} must be a positive number of pips.` });
  }
  if (pipsIssues.length > 0) return { ok: false, issues: [...issues, ...pipsIssues] };
  const stopLoss = resolveStop(instrument, r.side, entryPrice, 'sl', r.stopLoss, r.stopLossPips, r.stopLossLock);
  const takeProfit = resolveStop(
    instrument,
    r.side,
    entryPrice,
    'tp',
    r.takeProfit,
    r.takeProfitPips,
    r.takeProfitLock,
  );
  // an open buy's stops trigger on the bid and an open sell's on the ask
  const reference = isMarket ? (r.side === 'buy' ? quote.bid : quote.ask) : entryPrice;
  for (const [stop, kind, field, pipsField] of [
    [stopLoss, 'sl', 'stopLoss', 'stopLossPips'],
    [takeProfit, 'tp', 'takeProfit', 'takeProfitPips'],
  ] as const) {
    if (!stop) continue;
    const bad = stopIssue(instrument, r.side, reference, stop.price, kind, stop.lock === 'pips' ? pipsField : field);
    if (bad) issues.push({ field: stop.lock === 'pips' ? pipsField : field, message: bad });
  }
  const trailing = r.trailingPoints ?? null;
  if (trailing !== null) {
    const level = stopsLevelPoints(instrument);
    if (!Number.isInteger(trailing) || trailing < level)
      issues.push({
        field: 'trailingPoints',
        message: `trailingPoints must be a whole number of points, at least ${level} (the minimum stop distance).`,
      });
  }
  const slip = r.maxSlippagePoints ?? null;
  if (slip !== null && (!Number.isInteger(slip) || slip < 0))
    issues.push({
      field: 'maxSlippagePoints',
      message: 'maxSlippagePoints must be a whole number of points, 0 or more.',
    });
  let expiresAtMs: number | null = null;
  if (!isMarket) {
    expiresAtMs = expiryAt(instrument, r.expiry, nowMs);
    // a date that is not a finite number comes back as NaN and is refused here too
    if (expiresAtMs !== null && !(expiresAtMs > nowMs))
      issues.push({ field: 'expiry', message: 'expiry must be a date in the future.' });
  }
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    order: {
      symbol: instrument.id,
      side: r.side,
      type: r.type,
      volume: roundVolume(instrument, r.volume),
      entryPrice,
      triggerPrice: r.type === 'stop' || r.type === 'stop_limit' ? (r.triggerPrice ?? null) : null,
      limitPrice: r.type === 'limit' || r.type === 'stop_limit' ? (r.limitPrice ?? null) : null,
      stopLoss,
      takeProfit,
      trailingPoints: trailing,
      expiresAtMs,
      maxSlippagePoints: isMarket ? slip : null,
      requestedPrice: isMarket ? (r.requestedPrice ?? entryPrice) : null,
    },
  };
}

export type RiskSizing =
  | { ok: true; lots: number; riskAmount: number; pipValuePerLot: number; moneyAtRisk: number }
  | { ok: false; field: string; message: string };

/**
 * Lots that risk `riskPercent` of `equity` (account currency) if the stop loss `stopLossPips` away is hit:
 * equity x risk% / (SL pips x pip value per lot), rounded down to the volume step and capped at the maximum;
 * refused when that is below the minimum volume. `moneyAtRisk` is what the chosen lots actually risk.
 */
export function lotsForRisk(input: {
  instrument: Instrument;
  equity: number;
  riskPercent: number;
  stopLossPips: number;
  accountCurrency: string;
  quotes: QuoteBook;
}): RiskSizing {
  const { instrument, equity, riskPercent, stopLossPips } = input;
  if (!(riskPercent > 0 && riskPercent <= 100))
    return { ok: false, field: 'riskPercentage', message: 'riskPercentage must be above 0 and at most 100.' };
  if (!(stopLossPips > 0))
    return { ok: false, field: 'stopLossPips', message: 'stopLossPips must be above 0 to size an order from risk.' };
  const perLot = pipValue(instrument, input.accountCurrency, input.quotes, 1);
  const riskAmount = (equity * riskPercent) / 100;
  const raw = riskAmount / (stopLossPips * perLot);
  const lots = Math.min(floorVolume(instrument, raw), instrument.volumeMax);
  if (lots < instrument.volumeMin - 1e-9)
    return {
      ok: false,
      field: 'riskPercentage',
      message:
        `Risking ${riskPercent}% (${riskAmount.toFixed(2)} ${input.accountCurrency}) over ${stopLossPips} pips gives ` +
        `${raw.toPrecision(3)} lots, below the minimum of ${instrument.volumeMin} lots on ${instrument.id}.`,
    };
  return { ok: true, lots, riskAmount, pipValuePerLot: perLot, moneyAtRisk: lots * stopLossPips * perLot };
}

/** What an order panel shows before sending, in the account currency (doubles, for display). */
export interface OrderPreview {
  /** Value of one pip for the order's lots. */
  pipValue: number;
  /** Loss if the stop loss is hit (positive), or null without one. */
  moneyAtRisk: number | null;
  /** Profit if the take profit is hit, or null without one. */
  reward: number | null;
  /** reward / moneyAtRisk, or null when either is missing. */
  riskReward: number | null;
  /** Margin the order will hold. */
  margin: number;
}

/**
 * Pip value, money at risk at the SL, reward at the TP, risk:reward and margin of `lots` entered at `entryPrice`,
 * with the profit conversions of `positionProfit` (a loss bought at the ask, a gain sold at the bid).
 */
export function orderPreview(input: {
  instrument: Instrument;
  side: Side;
  lots: number;
  entryPrice: number;
  stopLoss: number | null;
  takeProfit: number | null;
  accountCurrency: string;
  accountLeverage?: number;
  quotes: QuoteBook;
}): OrderPreview {
  const { instrument: i, side, lots, entryPrice, accountCurrency: ccy, quotes } = input;
  const at = (price: number | null) =>
    price === null ? null : positionProfit(i, side, lots, entryPrice, price, ccy, quotes);
  const loss = at(input.stopLoss);
  const reward = at(input.takeProfit);
  const moneyAtRisk = loss === null ? null : -loss;
  return {
    pipValue: pipValue(i, ccy, quotes, lots),
    moneyAtRisk,
    reward,
    riskReward: moneyAtRisk !== null && reward !== null && moneyAtRisk > 0 ? reward / moneyAtRisk : null,
    margin: marginRequired(i, side, lots, entryPrice, ccy, quotes, input.accountLeverage).amount,
  };
}
