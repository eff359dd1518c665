import type { BillingInterval, CouponDuration } from '@tradedesk/contracts';
import type { CatalogPrice } from '../billing.types.js';

/**
 * The pure money and time math of subscriptions: integers of minor units (cents) in, integers out, each rounded
 * half away from zero exactly once where a fraction is applied.
 */

/** num / den rounded half away from zero; den > 0; both safe integers. */
export function divRoundHalfAway(num: number, den: number): number {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den <= 0) {
    throw new RangeError('divRoundHalfAway takes safe integers and a positive divisor.');
  }
  const q = Math.floor((2 * Math.abs(num) + den) / (2 * den));
  return num < 0 ? -q : q;
}

/** The price of one interval in minor units, or null when the catalogue has no price in that currency. */
export function priceOf(prices: CatalogPrice[], currency: string, interval: BillingInterval): number | null {
  const p = prices.find((x) => x.currency === currency);
  if (!p) return null;
  return interval === 'monthly' ? p.monthlyMinor : p.yearlyMinor;
}

export type CouponTerms = {
  percentOffBp: number | null;
  amountOffMinor: number | null;
  currency: string | null;
};

/**
 * The discount of a coupon on an amount (minor units, before tax): percent off in basis points (2000 = 20 %),
 * rounded once; or an amount off in the coupon's currency, never more than the amount. 0 for another currency.
 */
export function couponDiscount(amountMinor: number, terms: CouponTerms, currency: string): number {
  if (amountMinor <= 0) return 0;
  if (terms.percentOffBp !== null)
    return Math.min(amountMinor, divRoundHalfAway(amountMinor * terms.percentOffBp, 10_000));
  if (terms.amountOffMinor !== null && terms.currency === currency) return Math.min(amountMinor, terms.amountOffMinor);
  return 0;
}

/**
 * Whether a redeemed coupon still discounts the invoice of a period starting at `periodStart`: `once` only the first
 * invoice (`invoiceIndex` 0); `repeating` while the period starts before redemption + N months; `forever` always.
 */
export function couponApplies(
  c: { duration: CouponDuration; durationMonths: number | null; redeemedAt: Date },
  periodStart: Date,
  invoiceIndex: number,
): boolean {
  if (c.duration === 'forever') return true;
  if (c.duration === 'once') return invoiceIndex === 0;
  const until = addMonths(c.redeemedAt, c.durationMonths ?? 0);
  return periodStart.getTime() < until.getTime();
}

/** `date` plus `months` calendar months in UTC; a day past the month's end is clamped (Jan 31 + 1 -> Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const target = new Date(Date.UTC(y, m, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target;
}

export const monthsOf = (interval: BillingInterval) => (interval === 'monthly' ? 1 : 12);

/**
 * The end of the period after the one ending at `currentEnd`, counted from the billing anchor so a short month does
 * not move later periods (anchor Jan 31: Feb 28, Mar 31, Apr 30).
 */
export function nextPeriodEnd(anchor: Date, currentEnd: Date, interval: BillingInterval): Date {
  const step = monthsOf(interval);
  const elapsed =
    (currentEnd.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (currentEnd.getUTCMonth() - anchor.getUTCMonth());
  let k = Math.max(step, Math.floor(elapsed / step) * step);
  while (addMonths(anchor, k).getTime() <= currentEnd.getTime()) k += step;
  return addMonths(anchor, k);
}

export type Proration = {
  remainingSeconds: number;
  periodSeconds: number;
  /** (new - old) x remaining / period, rounded once: positive is due now, zero or negative waits for the renewal. */
  netMinor: number;
};

/** Proration of a change at `at` inside [periodStart, periodEnd) by whole remaining seconds. */
export function prorate(input: {
  periodStart: Date;
  periodEnd: Date;
  at: Date;
  oldAmountMinor: number;
  newAmountMinor: number;
}): Proration {
  const periodSeconds = Math.max(1, Math.floor((input.periodEnd.getTime() - input.periodStart.getTime()) / 1000));
  const remaining = Math.floor((input.periodEnd.getTime() - input.at.getTime()) / 1000);
  const remainingSeconds = Math.min(periodSeconds, Math.max(0, remaining));
  const netMinor = divRoundHalfAway((input.newAmountMinor - input.oldAmountMinor) * remainingSeconds, periodSeconds);
  return { remainingSeconds, periodSeconds, netMinor };
}

/** "20 % off once", "5.00 USD off for 3 months", "12.5 % off forever". */
export function describeCoupon(
  c: CouponTerms & { duration: CouponDuration; durationMonths: number | null },
  formatMinor: (minor: number, currency: string) => string,
): string {
  const off =
    c.percentOffBp !== null
      ? `${(c.percentOffBp / 100).toString()} % off`
      : `${formatMinor(c.amountOffMinor ?? 0, c.currency ?? 'USD')} ${c.currency ?? ''} off`;
  const when =
    c.duration === 'once'
      ? 'once'
      : c.duration === 'forever'
        ? 'forever'
        : `for ${c.durationMonths} month${c.durationMonths === 1 ? '' : 's'}`;
  return `${off} ${when}`;
}
