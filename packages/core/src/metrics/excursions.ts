import type { Candle } from '../market/candles.js';

/** A price a trade reached while open: where, when, and its gross profit there in minor units. */
export interface Excursion {
  price: number;
  timeMs: number;
  /** Gross profit of the whole trade at `price`, in minor units (rounded half away from zero). */
  minor: number;
}

export interface ExcursionTrade {
  side: 'buy' | 'sell';
  openPrice: number;
  closePrice: number;
  openedAtMs: number;
  closedAtMs: number;
  /**
   * Minor units the whole trade gains per 1.0 of price in its favour (positive). The server derives it from the
   * booked profit (profit / price move), so excursions are valued at the rate the trade was booked at.
   */
  minorPerPrice: number;
}

const MINUTE_MS = 60_000;

function roundHalfAway(x: number): number {
  const r = Math.round(Math.abs(x));
  return x < 0 && r !== 0 ? -r : r;
}

/**
 * Maximum favourable and adverse excursion of a closed trade from the 1-minute bars that cover it (bar times in
 * unix seconds, any order; bars outside the trade's minutes are ignored). The trade's own open and close prices
 * are candidates too, so the MFE is never worse than the exit and the MAE never better. The extremes of the
 * opening and closing minutes' bars count whole (a minute bar cannot say whether its high came before or after
 * the fill). On equal prices the earliest wins. A long's favourable side is the bar's high, a short's the low.
 */
export function tradeExcursions(trade: ExcursionTrade, bars: readonly Candle[]): { mfe: Excursion; mae: Excursion } {
  const dir = trade.side === 'buy' ? 1 : -1;
  const firstMinute = Math.floor(trade.openedAtMs / MINUTE_MS) * MINUTE_MS;
  let bestPrice = trade.openPrice;
  let bestTime = trade.openedAtMs;
  let worstPrice = trade.openPrice;
  let worstTime = trade.openedAtMs;
  const consider = (price: number, timeMs: number, favourable: boolean) => {
    if (favourable) {
      const gain = (price - bestPrice) * dir;
      if (gain > 0 || (gain === 0 && timeMs < bestTime)) {
        bestPrice = price;
        bestTime = timeMs;
      }
    } else {
      const loss = (worstPrice - price) * dir;
      if (loss > 0 || (loss === 0 && timeMs < worstTime)) {
        worstPrice = price;
        worstTime = timeMs;
      }
    }
  };
  for (const bar of bars) {
    const t = bar.time * 1000;
    if (t < firstMinute || t > trade.closedAtMs) continue;
    // the bar's minute, not before the fill
    const at = Math.max(t, trade.openedAtMs);
    consider(dir === 1 ? bar.high : bar.low, at, true);
    consider(dir === 1 ? bar.low : bar.high, at, false);
  }
  consider(trade.closePrice, trade.closedAtMs, true);
  consider(trade.closePrice, trade.closedAtMs, false);
  const value = (price: number) => roundHalfAway((price - trade.openPrice) * dir * trade.minorPerPrice);
  return {
    mfe: { price: bestPrice, timeMs: bestTime, minor: value(bestPrice) },
    mae: { price: worstPrice, timeMs: worstTime, minor: value(worstPrice) },
  };
}
