import type { Instrument } from '../market/instruments/types.js';
import { direction, type Side } from './contract.js';
import type { OrderType } from './orders.js';
import type { BidAsk } from './rates.js';

/** Price a deal of `side` executes at: a buy at the ask, a sell at the bid. */
export function dealPrice(side: Side, quote: BidAsk): number {
  return side === 'buy' ? quote.ask : quote.bid;
}

/** Price an open position of `side` is valued and closed at: a buy (long) at the bid, a sell (short) at the ask. */
export function closingPrice(side: Side, quote: BidAsk): number {
  return side === 'buy' ? quote.bid : quote.ask;
}

/**
 * Slippage in whole points of a deal of `side` executed at `actual` instead of `requested`: positive when the
 * trader got a worse price (paid more on a buy, received less on a sell), negative for a better one.
 */
export function slippagePoints(instrument: Instrument, side: Side, requested: number, actual: number): number {
  return Math.round((direction(side) * (actual - requested)) / instrument.pointSize);
}

export type MarketFill =
  | { ok: true; price: number; slippagePoints: number }
  | { ok: false; price: number; slippagePoints: number; message: string };

/**
 * A market order of `side` fills at the ask (buy) or bid (sell) of `quote`. With `maxSlippagePoints`, a price worse
 * than `requestedPrice` by more than that is refused (a better one always fills). A closed market refuses.
 */
export function fillMarketOrder(
  instrument: Instrument,
  side: Side,
  quote: BidAsk,
  requestedPrice?: number | null,
  maxSlippagePoints?: number | null,
): MarketFill {
  const price = dealPrice(side, quote);
  const slip = requestedPrice == null ? 0 : slippagePoints(instrument, side, requestedPrice, price);
  if (quote.open === false)
    return { ok: false, price, slippagePoints: slip, message: `The ${instrument.id} market is closed.` };
  if (maxSlippagePoints != null && slip > maxSlippagePoints)
    return {
      ok: false,
      price,
      slippagePoints: slip,
      message:
        `The price moved ${slip} points against the order (to ${price.toFixed(instrument.digits)}), ` +
        `more than the maximum slippage of ${maxSlippagePoints} points.`,
    };
  return { ok: true, price, slippagePoints: slip };
}

/**
 * Whether a pending order's trigger is reached on `quote`: buy limit when ask <= price, sell limit when
 * bid >= price, buy stop (and a buy stop-limit's stop) when ask >= price, sell stop when bid <= price.
 */
export function pendingTriggered(
  type: Exclude<OrderType, 'market'>,
  side: Side,
  price: number,
  quote: BidAsk,
): boolean {
  if (type === 'limit') return side === 'buy' ? quote.ask <= price : quote.bid >= price;
  return side === 'buy' ? quote.ask >= price : quote.bid <= price;
}

/** Whether a position's stop loss is hit: a long's when bid <= SL, a short's when ask >= SL. */
export function stopLossTriggered(side: Side, stopLoss: number, quote: BidAsk): boolean {
  return side === 'buy' ? quote.bid <= stopLoss : quote.ask >= stopLoss;
}

/** Whether a position's take profit is hit: a long's when bid >= TP, a short's when ask <= TP. */
export function takeProfitTriggered(side: Side, takeProfit: number, quote: BidAsk): boolean {
  return side === 'buy' ? quote.bid >= takeProfit : quote.ask <= takeProfit;
}

/**
 * New stop loss of a trailing stop `distancePoints` behind the market, or null when it does not move. As in
 * MetaTrader, it starts once the position is that far in profit (the candidate is at or beyond the open price)
 * and then only moves in the position's favour: a long's SL rises to bid - distance, a short's falls to ask +
 * distance.
 */
export function trailingStopUpdate(
  instrument: Instrument,
  side: Side,
  openPrice: number,
  stopLoss: number | null,
  distancePoints: number,
  quote: BidAsk,
): number | null {
  const gap = distancePoints * instrument.pointSize;
  const f = 10 ** instrument.digits;
  if (side === 'buy') {
    const candidate = Math.round((quote.bid - gap) * f) / f;
    if (candidate < openPrice) return null;
    return stopLoss === null || candidate > stopLoss ? candidate : null;
  }
  const candidate = Math.round((quote.ask + gap) * f) / f;
  if (candidate > openPrice) return null;
  return stopLoss === null || candidate < stopLoss ? candidate : null;
}
