import { getInstrument } from '../market/instruments/catalogue.js';
import type { Instrument } from '../market/instruments/types.js';
import { marginRequired, positionProfit, rawProfit, type Side } from './contract.js';
import { closingPrice } from './fills.js';
import { bookMinor, minorToNumber } from './money.js';
import { roundVolume } from './orders.js';
import { convertProfit, type QuoteBook } from './rates.js';

export type AccountMode = 'hedging' | 'netting';

/** Margin level (percent) at or below which a margin call is raised, and at or below which positions are closed. */
export const MARGIN_CALL_LEVEL = 100;
export const STOP_OUT_LEVEL = 50;

/** An open position as the rules need it. Volumes in lots, prices in the instrument's quote. */
export interface OpenPosition {
  id: string;
  symbol: string;
  side: Side;
  volume: number;
  openPrice: number;
  openTimeMs: number;
  stopLoss: number | null;
  takeProfit: number | null;
  trailingPoints?: number | null;
}

/** The account figures the rules need: currency, leverage, mode and the booked balance in minor units. */
export interface AccountBasics {
  currency: string;
  leverage: number;
  mode?: AccountMode;
  balanceMinor: number;
}

/** Kinds of booked money movement. Every change of the balance is one of these, in minor units. */
export type DealKind = 'deposit' | 'trade' | 'commission' | 'swap' | 'correction';

export interface BookedDeal {
  kind: DealKind;
  /** Signed amount in minor units of the account currency. */
  amountMinor: number;
}

/** Balance after `deals`: the starting balance plus every booked amount, exactly (integers of minor units). */
export function balanceAfter(startMinor: number, deals: readonly BookedDeal[]): number {
  let b = startMinor;
  for (const d of deals) b += d.amountMinor;
  if (!Number.isSafeInteger(b)) throw new RangeError('Balance is out of the exact range.');
  return b;
}

export type InstrumentLookup = (symbol: string) => Instrument;

/** Live figures of one open position in the account currency (doubles, not booked). */
export interface PositionMark {
  id: string;
  /** Bid for a long, ask for a short; null when the symbol has no quote. */
  price: number | null;
  profit: number;
  margin: number;
}

/** Live account figures in the account currency: equity = balance + floating profit; free = equity - margin. */
export interface AccountFigures {
  balance: number;
  floatingProfit: number;
  equity: number;
  margin: number;
  freeMargin: number;
  /** Equity / margin x 100, or null with no margin in use. */
  marginLevel: number | null;
  status: 'ok' | 'margin_call' | 'stop_out';
  positions: PositionMark[];
}

/** Floating profit and margin of one position at the current quote (margin at the current price, as MT5 does). */
export function markPosition(
  p: OpenPosition,
  account: Pick<AccountBasics, 'currency' | 'leverage'>,
  quotes: QuoteBook,
  instrumentOf: InstrumentLookup = getInstrument,
): PositionMark {
  const instrument = instrumentOf(p.symbol);
  const q = quotes.get(p.symbol);
  if (!q) {
    const margin = marginRequired(
      instrument,
      p.side,
      p.volume,
      p.openPrice,
      account.currency,
      quotes,
      account.leverage,
    );
    return { id: p.id, price: null, profit: 0, margin: margin.amount };
  }
  const price = closingPrice(p.side, q);
  const profit = positionProfit(instrument, p.side, p.volume, p.openPrice, price, account.currency, quotes);
  const marginPrice = p.side === 'buy' ? q.ask : q.bid;
  const margin = marginRequired(instrument, p.side, p.volume, marginPrice, account.currency, quotes, account.leverage);
  return { id: p.id, price, profit, margin: margin.amount };
}

/** Status of a margin level: margin call at or below 100 %, stop-out at or below 50 %. */
export function marginStatus(marginLevel: number | null): AccountFigures['status'] {
  if (marginLevel === null) return 'ok';
  if (marginLevel <= STOP_OUT_LEVEL) return 'stop_out';
  if (marginLevel <= MARGIN_CALL_LEVEL) return 'margin_call';
  return 'ok';
}

/**
 * Figures from positions already valued (`markPosition`) and the booked balance: what `accountFigures` works out,
 * for a caller that keeps the marks of an account and values again only the positions that changed.
 */
export function accountFiguresOfMarks(
  account: Pick<AccountBasics, 'currency' | 'balanceMinor'>,
  marks: PositionMark[],
) {
  return figuresOf(minorToNumber(account.balanceMinor, account.currency), marks);
}

function figuresOf(balance: number, marks: PositionMark[]): AccountFigures {
  let floatingProfit = 0;
  let margin = 0;
  for (const m of marks) {
    floatingProfit += m.profit;
    margin += m.margin;
  }
  const equity = balance + floatingProfit;
  const marginLevel = margin > 0 ? (equity / margin) * 100 : null;
  return {
    balance,
    floatingProfit,
    equity,
    margin,
    freeMargin: equity - margin,
    marginLevel,
    status: marginStatus(marginLevel),
    positions: marks,
  };
}

/**
 * Balance, floating profit, equity, used margin (the sum over positions; hedged legs are not offset), free margin,
 * margin level and its status, from the booked balance and live quotes.
 */
export function accountFigures(
  account: AccountBasics,
  positions: readonly OpenPosition[],
  quotes: QuoteBook,
  instrumentOf: InstrumentLookup = getInstrument,
): AccountFigures {
  const marks = positions.map((p) => markPosition(p, account, quotes, instrumentOf));
  return figuresOf(minorToNumber(account.balanceMinor, account.currency), marks);
}

export type MarginCheck =
  | { ok: true; required: number; freeMargin: number }
  | { ok: false; required: number; freeMargin: number; currency: string; message: string };

/** Whether `required` more margin fits in the free margin; a refusal carries both numbers and says them. */
export function checkFreeMargin(figures: AccountFigures, required: number, currency: string): MarginCheck {
  const free = figures.freeMargin;
  if (required <= free + 1e-9) return { ok: true, required, freeMargin: free };
  const fmt = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return {
    ok: false,
    required,
    freeMargin: free,
    currency,
    message: `Not enough free margin: the order needs ${fmt(required)} ${currency} of margin and ${fmt(free)} ${currency} is free.`,
  };
}

/**
 * Booked profit (minor units) of closing `volume` lots of `position` at `closePrice`. It is the booked profit of the
 * volume held before minus that of the volume left, so closing in parts at one price books exactly what closing
 * at once books (rounding never drifts by a cent).
 */
export function closeProfitMinor(
  position: OpenPosition,
  volume: number,
  closePrice: number,
  accountCurrency: string,
  quotes: QuoteBook,
  instrumentOf: InstrumentLookup = getInstrument,
): number {
  const instrument = instrumentOf(position.symbol);
  const before = roundVolume(instrument, position.volume);
  const after = roundVolume(instrument, position.volume - volume);
  const profitOf = (lots: number) =>
    lots <= 0
      ? 0
      : bookMinor(
          positionProfit(instrument, position.side, lots, position.openPrice, closePrice, accountCurrency, quotes),
          accountCurrency,
        );
  return profitOf(before) - profitOf(after);
}

export interface PartialClose {
  closedVolume: number;
  closePrice: number;
  profitMinor: number;
  /** The position with its volume reduced, or null when it is fully closed. */
  remaining: OpenPosition | null;
}

/**
 * Closes `volume` lots of a position at `closePrice` (the bid for a long, the ask for a short). The volume must be
 * on the step and at most the position's; what is left must be zero or at least the minimum volume.
 */
export function closePosition(
  position: OpenPosition,
  volume: number,
  closePrice: number,
  accountCurrency: string,
  quotes: QuoteBook,
  instrumentOf: InstrumentLookup = getInstrument,
): PartialClose {
  const instrument = instrumentOf(position.symbol);
  const v = roundVolume(instrument, volume);
  const left = roundVolume(instrument, position.volume - v);
  if (!(v > 0) || Math.abs(v - volume) > 1e-9)
    throw new RangeError(`volume must be a positive multiple of ${instrument.volumeStep} lots.`);
  if (left < 0) throw new RangeError(`volume must be at most the position's ${position.volume} lots.`);
  if (left > 0 && left < instrument.volumeMin - 1e-9)
    throw new RangeError(
      `volume must leave 0 or at least ${instrument.volumeMin} lots open (it would leave ${left} lots).`,
    );
  const profitMinor = closeProfitMinor(position, v, closePrice, accountCurrency, quotes, instrumentOf);
  return { closedVolume: v, closePrice, profitMinor, remaining: left > 0 ? { ...position, volume: left } : null };
}

export interface CloseBy {
  volume: number;
  /** `position` is closed at the opposite position's open price, which books the whole result of the pair. */
  closePrice: number;
  profitMinor: number;
  /** The opposite position is closed at its own open price: no profit of its own. */
  oppositeClosePrice: number;
  remaining: OpenPosition | null;
  oppositeRemaining: OpenPosition | null;
}

/**
 * Close-by (hedging accounts): two opposite positions of one symbol close each other for the smaller volume
 * without crossing the spread. `position` closes at `opposite`'s open price and books
 * (opposite open - own open) x direction x volume; the larger position keeps the rest.
 */
export function closeBy(
  position: OpenPosition,
  opposite: OpenPosition,
  accountCurrency: string,
  quotes: QuoteBook,
  instrumentOf: InstrumentLookup = getInstrument,
): CloseBy {
  if (position.symbol !== opposite.symbol) throw new RangeError('Close-by needs two positions of the same symbol.');
  if (position.side === opposite.side) throw new RangeError('Close-by needs a buy and a sell position.');
  const instrument = instrumentOf(position.symbol);
  const volume = Math.min(position.volume, opposite.volume);
  const profitMinor = closeProfitMinor(position, volume, opposite.openPrice, accountCurrency, quotes, instrumentOf);
  const left = roundVolume(instrument, position.volume - volume);
  const oppositeLeft = roundVolume(instrument, opposite.volume - volume);
  return {
    volume,
    closePrice: opposite.openPrice,
    profitMinor,
    oppositeClosePrice: opposite.openPrice,
    remaining: left > 0 ? { ...position, volume: left } : null,
    oppositeRemaining: oppositeLeft > 0 ? { ...opposite, volume: oppositeLeft } : null,
  };
}

export interface NettingResult {
  /** Lots of the existing position closed by the deal, and the booked profit of that part. */
  closedVolume: number;
  profitMinor: number;
  /** The account's position in the symbol afterwards, or null when the deal brought it to zero. */
  position: OpenPosition | null;
  /** Whether the deal turned the position to the other side. */
  reversed: boolean;
}

/**
 * A deal on a netting account, which holds at most one position per symbol: a deal on the same side adds to it
 * at the volume-weighted average price; an opposite deal reduces it, closes it (volume reaches zero: no
 * position), or reverses it, the remainder opening at the deal's price. `deal.id` names a new or reversed position.
 */
export function applyNettingDeal(
  existing: OpenPosition | null,
  deal: { id: string; symbol: string; side: Side; volume: number; price: number; timeMs: number },
  accountCurrency: string,
  quotes: QuoteBook,
  instrumentOf: InstrumentLookup = getInstrument,
): NettingResult {
  const instrument = instrumentOf(deal.symbol);
  const fresh = (volume: number): OpenPosition => ({
    id: deal.id,
    symbol: deal.symbol,
    side: deal.side,
    volume,
    openPrice: deal.price,
    openTimeMs: deal.timeMs,
    stopLoss: null,
    takeProfit: null,
    trailingPoints: null,
  });
  if (!existing) return { closedVolume: 0, profitMinor: 0, position: fresh(deal.volume), reversed: false };
  if (existing.symbol !== deal.symbol) throw new RangeError('A netting deal applies to the position of its symbol.');
  if (existing.side === deal.side) {
    const volume = roundVolume(instrument, existing.volume + deal.volume);
    const avg = (existing.openPrice * existing.volume + deal.price * deal.volume) / volume;
    // the averaged price keeps three digits more than the quote, as MetaTrader shows it
    const openPrice = Number(avg.toFixed(instrument.digits + 3));
    return { closedVolume: 0, profitMinor: 0, position: { ...existing, volume, openPrice }, reversed: false };
  }
  const closedVolume = Math.min(existing.volume, deal.volume);
  const profitMinor = closeProfitMinor(existing, closedVolume, deal.price, accountCurrency, quotes, instrumentOf);
  const left = roundVolume(instrument, existing.volume - closedVolume);
  if (left > 0) return { closedVolume, profitMinor, position: { ...existing, volume: left }, reversed: false };
  const rest = roundVolume(instrument, deal.volume - closedVolume);
  if (rest > 0) return { closedVolume, profitMinor, position: fresh(rest), reversed: true };
  return { closedVolume, profitMinor, position: null, reversed: false };
}

export interface StopOutStep {
  positionId: string;
  /** Bid for a long, ask for a short. */
  closePrice: number;
  profitMinor: number;
  /** Margin level after this close (null: no margin left). */
  marginLevelAfter: number | null;
}

/**
 * Stop-out: while the margin level is at or below 50 %, close the position with the largest loss (lowest floating
 * profit) at its current closing price, book its profit, and measure again. Returns the closes in order; empty
 * when the level is above the stop-out level. Positions without a quote are not closed.
 */
export function stopOutPlan(
  account: AccountBasics,
  positions: readonly OpenPosition[],
  quotes: QuoteBook,
  instrumentOf: InstrumentLookup = getInstrument,
): StopOutStep[] {
  const marks = new Map(positions.map((p) => [p.id, markPosition(p, account, quotes, instrumentOf)]));
  const open = positions.filter((p) => marks.get(p.id)?.price !== null);
  let balanceMinor = account.balanceMinor;
  const steps: StopOutStep[] = [];
  const level = () => figuresOf(minorToNumber(balanceMinor, account.currency), [...marks.values()]).marginLevel;
  let current = level();
  while (current !== null && current <= STOP_OUT_LEVEL && open.length > 0) {
    let worst = 0;
    for (let i = 1; i < open.length; i++) {
      if (marks.get(open[i]!.id)!.profit < marks.get(open[worst]!.id)!.profit) worst = i;
    }
    const p = open.splice(worst, 1)[0]!;
    const price = marks.get(p.id)!.price as number;
    const profitMinor = closeProfitMinor(p, p.volume, price, account.currency, quotes, instrumentOf);
    balanceMinor += profitMinor;
    marks.delete(p.id);
    current = level();
    steps.push({ positionId: p.id, closePrice: price, profitMinor, marginLevelAfter: current });
  }
  return steps;
}

/** Profit in the profit currency and in the account currency of a closed part, for a deal record. */
export function dealProfit(
  instrument: Instrument,
  side: Side,
  volume: number,
  openPrice: number,
  closePrice: number,
  accountCurrency: string,
  quotes: QuoteBook,
): { inProfitCurrency: number; inAccountCurrency: number } {
  const raw = rawProfit(instrument, side, volume, openPrice, closePrice);
  return {
    inProfitCurrency: raw,
    inAccountCurrency: convertProfit(raw, instrument.profitCurrency, accountCurrency, quotes),
  };
}
