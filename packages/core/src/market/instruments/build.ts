import { describeTradingHours, SESSION_TEMPLATES, type SessionTemplateId } from './sessions.js';
import type { Instrument } from './types.js';

/** Size of one point (10^-digits) as the nearest double to the decimal value. */
export function pointOf(digits: number): number {
  return Number((10 ** -digits).toFixed(digits));
}

/** A price rounded half up to `digits` decimal places. */
export function roundToDigits(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A figure rounded to two decimals (spec values shown to users). */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Swap in points per lot per night from the carry of the two legs, with the broker's markup taken from both
 * sides: long earns the base rate and pays the quote rate.
 */
export function carrySwapPoints(price: number, baseRate: number, quoteRate: number, markup: number, digits: number) {
  const perNight = (rateDiff: number) => round2((price * (rateDiff / 100)) / 360 / pointOf(digits));
  return { swapLong: perNight(baseRate - quoteRate - markup), swapShort: perNight(quoteRate - baseRate - markup) };
}

/** Financing of a CFD in percent per year: long pays the quote rate plus markup, short receives it less markup. */
export function cfdSwapPercent(quoteRate: number, markup = 2.5) {
  return { swapLong: round2(-(quoteRate + markup)), swapShort: round2(quoteRate - markup) };
}

/** Fields every instrument derives from its digits, leverage and schedule. */
export function derived(digits: number, pipPoints: number, leverage: number, session: SessionTemplateId) {
  return {
    digits,
    pointSize: pointOf(digits),
    pipSize: Number((pointOf(digits) * pipPoints).toFixed(digits)),
    leverage,
    marginRate: 1 / leverage,
    session,
    tradingHours: describeTradingHours(SESSION_TEMPLATES[session]),
  } satisfies Partial<Instrument>;
}

/** Typical spread in points for a relative spread in basis points of the price (at least one point). */
export function spreadPoints(price: number, basisPoints: number, digits: number): number {
  return Math.max(1, Math.round((price * basisPoints) / 10_000 / pointOf(digits)));
}
