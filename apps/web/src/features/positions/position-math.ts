import type { TradingPosition } from '@tradedesk/contracts';
import { findInstrument } from '@tradedesk/core';

/** What the positions screen needs of an instrument's contract: digits, pip size, lot limits, contract size. */
export type ContractSpec = {
  digits: number;
  pipSize: number;
  contractSize: number;
  volumeMin: number;
  volumeStep: number;
  volumeMax: number;
  profitCurrency: string;
};

const FALLBACK: ContractSpec = {
  digits: 5,
  pipSize: 0.0001,
  contractSize: 100_000,
  volumeMin: 0.01,
  volumeStep: 0.01,
  volumeMax: 100,
  profitCurrency: 'USD',
};

/** The contract of a symbol (EURUSD or FOREX:EURUSD) from the instrument catalogue. */
export function contractOf(symbol: string): ContractSpec {
  const bare = symbol.includes(':') ? symbol.slice(symbol.indexOf(':') + 1) : symbol;
  const i = findInstrument(bare) ?? findInstrument(symbol);
  return i
    ? {
        digits: i.digits,
        pipSize: i.pipSize,
        contractSize: i.contractSize,
        volumeMin: i.volumeMin,
        volumeStep: i.volumeStep,
        volumeMax: i.volumeMax,
        profitCurrency: i.profitCurrency,
      }
    : FALLBACK;
}

/** +1 for a long (buy), -1 for a short. */
export const sign = (side: 'buy' | 'sell') => (side === 'buy' ? 1 : -1);

/** Distance between two prices in pips, rounded to a tenth. */
export function pipsBetween(a: number, b: number, pipSize: number): number {
  return Math.round((Math.abs(a - b) / pipSize) * 10) / 10;
}

/** Lots are compared in steps: float noise (0.1 + 0.2) must not refuse a valid size. */
function stepsOf(volume: number, step: number): number {
  return volume / step;
}

/**
 * Why a partial close of `volume` lots is refused, or null: within the instrument's minimum and step, and
 * leaving at least the minimum open (the whole position is closed with Close, not here).
 */
export function partialVolumeError(volume: number, position: Pick<TradingPosition, 'volume'>, spec: ContractSpec) {
  if (!Number.isFinite(volume) || volume <= 0) return 'Volume must be a number of lots above zero.';
  if (volume < spec.volumeMin - 1e-9) return `Volume must be at least ${spec.volumeMin} lots.`;
  const steps = stepsOf(volume, spec.volumeStep);
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return `Volume must be a multiple of ${spec.volumeStep} lots.`;
  if (volume >= position.volume - 1e-9) {
    return `Volume must be less than the position's ${position.volume} lots; use Close to close it all.`;
  }
  if (position.volume - volume < spec.volumeMin - 1e-9) {
    return `At least ${spec.volumeMin} lots must stay open; close at most ${roundLots(position.volume - spec.volumeMin, spec.volumeStep)} lots.`;
  }
  return null;
}

/** A volume rounded to the step (for the largest partial close). */
export function roundLots(volume: number, step: number): number {
  const decimals = Math.max(0, Math.ceil(-Math.log10(step)));
  return Number((Math.floor(volume / step + 1e-9) * step).toFixed(decimals));
}

export type StopErrors = { stopLoss?: string; takeProfit?: string };

/**
 * A long's stop loss goes below the price it is valued at (the bid) and its take profit above; a short's the
 * other way round. Null (no level) is always allowed.
 */
export function stopLevelErrors(
  side: 'buy' | 'sell',
  current: number | null,
  stopLoss: number | null,
  takeProfit: number | null,
): StopErrors {
  const errors: StopErrors = {};
  const bad = (v: number | null) => v !== null && (!Number.isFinite(v) || v <= 0);
  if (bad(stopLoss)) errors.stopLoss = 'Stop loss must be a price above zero.';
  if (bad(takeProfit)) errors.takeProfit = 'Take profit must be a price above zero.';
  if (current === null) return errors;
  const long = side === 'buy';
  if (!errors.stopLoss && stopLoss !== null && (long ? stopLoss >= current : stopLoss <= current)) {
    errors.stopLoss = `Stop loss must be ${long ? 'below' : 'above'} the current price (${current}).`;
  }
  if (!errors.takeProfit && takeProfit !== null && (long ? takeProfit <= current : takeProfit >= current)) {
    errors.takeProfit = `Take profit must be ${long ? 'above' : 'below'} the current price (${current}).`;
  }
  return errors;
}

/**
 * Account-currency value of a one-unit price move for the whole position: contract size x volume, converted
 * from the profit currency. When the currencies differ the rate is read off the position's own P/L (the
 * server's conversion at live rates); with the price still at entry it cannot be known yet, and null says so.
 */
export function moneyPerPriceUnit(
  position: Pick<TradingPosition, 'side' | 'volume' | 'openPrice' | 'currentPrice' | 'upl'>,
  spec: ContractSpec,
  accountCurrency: string,
): number | null {
  const units = spec.contractSize * position.volume;
  if (spec.profitCurrency === accountCurrency) return units;
  if (position.currentPrice === null) return null;
  const move = (position.currentPrice - position.openPrice) * sign(position.side);
  if (Math.abs(move) < spec.pipSize / 100 || position.upl === 0) return null;
  return position.upl / move;
}

export type StopLossRisk = {
  /** Pips from the entry to the stop loss. */
  pipsFromEntry: number;
  /** Pips from the current price to the stop loss. */
  pipsFromCurrent: number | null;
  /** What the position books if the stop loss is hit: negative is a loss, positive a locked-in profit; null unknown. */
  resultAtStop: number | null;
  /** The loss at the stop as a percentage of the balance (0 when the stop locks in a profit). */
  percentOfBalance: number | null;
};

/** The stop-loss panel's figures; null without a stop loss. */
export function stopLossRisk(
  position: Pick<TradingPosition, 'side' | 'volume' | 'openPrice' | 'currentPrice' | 'upl' | 'stopLoss'>,
  spec: ContractSpec,
  accountCurrency: string,
  balance: number | null,
): StopLossRisk | null {
  if (position.stopLoss === null) return null;
  const perUnit = moneyPerPriceUnit(position, spec, accountCurrency);
  const resultAtStop =
    perUnit === null ? null : (position.stopLoss - position.openPrice) * sign(position.side) * perUnit;
  const rounded = resultAtStop === null ? null : Math.round(resultAtStop * 100) / 100;
  return {
    pipsFromEntry: pipsBetween(position.openPrice, position.stopLoss, spec.pipSize),
    pipsFromCurrent:
      position.currentPrice === null ? null : pipsBetween(position.currentPrice, position.stopLoss, spec.pipSize),
    resultAtStop: rounded,
    percentOfBalance:
      rounded === null || !balance ? null : rounded >= 0 ? 0 : Math.round((-rounded / balance) * 10_000) / 100,
  };
}

/** A price typed in a field: empty is "no level" (null), anything else a number or NaN. */
export function parsePriceInput(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  return Number(t);
}
