import {
  bookMinor,
  createPropState,
  decimalToMinor,
  findInstrument,
  type NewsEvent,
  type PropEvent,
  type PropState,
  positionProfit,
  type QuoteBook,
  type RuleSet,
  type Side,
  type SimulatedMarket,
} from '@tradedesk/core';
import type { TradingDealRow, TradingPositionRow } from '../trading/trading.table.js';

/** Loss at the stop-loss of `lots` of a position (positive minor units), null without a stop. */
export function riskAtStop(
  position: Pick<TradingPositionRow, 'symbol' | 'side' | 'openPrice' | 'stopLoss'>,
  lots: number,
  currency: string,
  quotes: QuoteBook,
): number | null {
  const instrument = findInstrument(position.symbol);
  if (!instrument || position.stopLoss === null) return null;
  const atStop = positionProfit(
    instrument,
    position.side as Side,
    lots,
    position.openPrice,
    position.stopLoss,
    currency,
    quotes,
  );
  return Math.max(0, -bookMinor(atStop, currency));
}

/**
 * The rule engine's events of booked deals, oldest first: a trade deal in opens a position, a trade deal out
 * closes (part of) one with its profit and commission, and when nothing is left open the equity is the balance.
 * An entry commission and an overnight swap are charges: they count in the day's profit (as prop firms count
 * them) without being a trade result. Balance deals (deposits, a phase's new balance) move only the balance,
 * which the next equity event carries.
 */
export function dealEvents(
  deals: readonly TradingDealRow[],
  positions: ReadonlyMap<string, TradingPositionRow>,
  currency: string,
  quotes: QuoteBook,
): PropEvent[] {
  const events: PropEvent[] = [];
  /** Lots still open per position, as the deals say; positions opened before these deals are unknown (null). */
  const open = new Map<string, number>();
  let unknown = false;
  for (const d of deals) {
    const timeMs = d.time.getTime();
    if (d.kind === 'swap' || (d.kind === 'trade' && d.entry === 'in')) {
      const charge = decimalToMinor(d.amount, currency);
      if (charge !== 0) {
        const balanceMinor = decimalToMinor(d.balanceAfter, currency);
        events.push({ type: 'deal', timeMs, profitMinor: charge, balanceMinor, charge: true });
      }
    }
    if (d.kind !== 'trade') continue;
    if (d.positionId) {
      const lots = open.get(d.positionId);
      if (d.entry === 'in') open.set(d.positionId, (lots ?? 0) + (d.volume ?? 0));
      else if (lots === undefined) unknown = true;
      else if (lots - (d.volume ?? 0) <= 1e-9) open.delete(d.positionId);
      else open.set(d.positionId, lots - (d.volume ?? 0));
    }
    if (d.entry === 'in') {
      const position = d.positionId ? positions.get(d.positionId) : undefined;
      const lots = d.volume ?? 0;
      events.push({
        type: 'position_opened',
        timeMs,
        symbol: d.symbol ?? '',
        lots,
        stopLoss: position?.stopLoss ?? null,
        riskMinor: position ? riskAtStop(position, lots, currency, quotes) : null,
      });
    } else if (d.entry === 'out') {
      const balanceMinor = decimalToMinor(d.balanceAfter, currency);
      events.push({ type: 'deal', timeMs, profitMinor: decimalToMinor(d.amount, currency), balanceMinor });
      // once nothing is open, equity is the balance: the engine's figures at that time (a replayed history
      // reaches each daily reset with the balance it had then)
      if (!unknown && open.size === 0) {
        events.push({ type: 'equity', timeMs, balanceMinor, equityMinor: balanceMinor, openPositions: 0 });
      }
    }
  }
  return events;
}

/** How far either side of an instant the news blackout rule looks for events. */
export const NEWS_WINDOW_MS = 6 * 3_600_000;

/** Economic events around an instant, as the calendar service answers them (CalendarService.near). */
export type NewsSource = (
  ms: number,
  windowMs: number,
) => Promise<
  ReadonlyArray<{
    id: string;
    time: string;
    impact: NewsEvent['impact'];
    currency: string;
    instruments: readonly string[];
  }>
>;

/** High-impact and other scheduled events of the market near `nowMs`, for the news blackout rule. */
export function newsNear(market: SimulatedMarket, nowMs: number, withinMs = NEWS_WINDOW_MS): NewsEvent[] {
  const out: NewsEvent[] = [];
  for (const e of market.eventsBetween(nowMs - withinMs, nowMs + withinMs + 1)) {
    const timeMs = e.time * 1000;
    out.push({ id: e.id, timeMs, impact: e.impact, currencies: e.currencies, symbols: e.instruments });
  }
  return out;
}

/**
 * The events of the calendar (simulated and feeds) near `nowMs`, with the simulated market's registered events
 * the calendar does not list (by id); the market's alone without a calendar.
 */
export async function calendarNewsNear(
  source: NewsSource | undefined,
  market: SimulatedMarket,
  nowMs: number,
  withinMs = NEWS_WINDOW_MS,
): Promise<NewsEvent[]> {
  const fromMarket = newsNear(market, nowMs, withinMs);
  if (!source) return fromMarket;
  const out: NewsEvent[] = (await source(nowMs, withinMs)).map((e) => ({
    id: e.id,
    timeMs: Date.parse(e.time),
    impact: e.impact,
    currencies: [e.currency],
    symbols: e.instruments,
  }));
  const seen = new Set(out.map((e) => e.id));
  for (const e of fromMarket) if (!e.id || !seen.has(e.id)) out.push(e);
  return out;
}

/**
 * A rule set with no rule at all: an account without a challenge is followed through it for the trader's own
 * objectives (trades, profit and loss of the day, losses in a row). Its day starts at midnight UTC.
 */
export const OBJECTIVES_ONLY: RuleSet = {
  id: 'objectives-only',
  name: 'Own objectives',
  description: 'No challenge rules: the day’s figures for the trader’s own objectives.',
  day: { time: '00:00', timeZone: 'UTC' },
  phases: [
    {
      phase: 'funded',
      label: 'Own objectives',
      profitTarget: null,
      dailyLoss: null,
      maxLoss: null,
      minTradingDays: null,
      maxDurationDays: null,
      inactivityDays: null,
      consistency: null,
      perTrade: null,
      weekend: null,
      newsBlackout: null,
      nextPhase: null,
      nextBalancePercent: 100,
    },
  ],
};

/** The day state of an account without a challenge, from its balance at the day's start and the day's deals. */
export function objectivesState(input: {
  currency: string;
  dayStartMs: number;
  balanceAtStartMinor: number;
}): PropState {
  let state = createPropState({
    ruleSet: OBJECTIVES_ONLY,
    phase: 'funded',
    currency: input.currency,
    accountSizeMinor: Math.max(1, input.balanceAtStartMinor),
    startMs: input.dayStartMs,
  });
  state = { ...state, balanceMinor: input.balanceAtStartMinor, equityMinor: input.balanceAtStartMinor };
  state.day = {
    ...state.day,
    balanceAtStartMinor: input.balanceAtStartMinor,
    equityAtStartMinor: input.balanceAtStartMinor,
  };
  return state;
}
