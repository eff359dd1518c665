import { parseArgs } from 'node:util';
import { COUPON_DURATIONS, type CouponDuration } from '@tradedesk/contracts';
import { decimalToMinor, minorToDecimal } from '@tradedesk/core';
import {
  type CouponInput,
  couponView,
  createCouponsService,
} from '../modules/billing/subscriptions/coupons.service.js';
import { createSubscriptionsRepository } from '../modules/billing/subscriptions/subscriptions.repository.js';
import { systemClock } from '../platform/clock.js';
import type { CommandIo } from './candles-commands.js';
import { type CliContext, CliError } from './cli-context.js';

export const COUPONS_HELP = `  coupons add CODE (--percent N | --amount 5.00 --currency USD) --duration once|repeating|forever
          [--months N] [--plans pro,premium] [--max N] [--expires 2026-12-31]
      Adds a coupon (an existing code is never changed). --months with repeating; --plans limits it to those plans.
  coupons list
      Lists the coupons.
`;

/** Checks `coupons add|list` before the database is opened; answers the coupon to add (add) or null (list). */
export function checkCouponArgs(args: readonly string[]): CouponInput | null {
  const [action, ...rest] = args;
  if (action === 'list') {
    if (rest.length > 0) throw new CliError('coupons list takes nothing more.', 2);
    return null;
  }
  if (action !== 'add') throw new CliError('coupons takes add or list: coupons add CODE ..., coupons list.', 2);
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof options; allowPositionals: true }>>;
  const options = {
    percent: { type: 'string' },
    amount: { type: 'string' },
    currency: { type: 'string' },
    duration: { type: 'string' },
    months: { type: 'string' },
    plans: { type: 'string' },
    max: { type: 'string' },
    expires: { type: 'string' },
  } as const;
  try {
    parsed = parseArgs({ args: [...rest], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)} Run "tradedesk help".`, 2);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new CliError('coupons add takes one CODE.', 2);
  if (!values.duration || !(COUPON_DURATIONS as readonly string[]).includes(values.duration)) {
    throw new CliError('--duration must be once, repeating or forever.', 2);
  }
  const currency = values.currency?.toUpperCase();
  let amountOffMinor: number | undefined;
  if (values.amount !== undefined) {
    if (!currency) throw new CliError('--amount needs --currency.', 2);
    try {
      amountOffMinor = decimalToMinor(values.amount, currency);
    } catch {
      throw new CliError(`--amount ${values.amount} is not an amount of ${currency}.`, 2);
    }
  }
  const expiresAt = values.expires ? new Date(values.expires) : undefined;
  if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new CliError('--expires must be a date: 2026-12-31.', 2);
  const num = (v: string | undefined, name: string) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new CliError(`--${name} must be a number.`, 2);
    return n;
  };
  const input: CouponInput = {
    code: positionals[0]!,
    duration: values.duration as CouponDuration,
    ...(values.percent !== undefined ? { percentOff: num(values.percent, 'percent')! } : {}),
    ...(amountOffMinor !== undefined ? { amountOffMinor, currency: currency! } : {}),
    ...(values.months !== undefined ? { durationMonths: num(values.months, 'months')! } : {}),
    ...(values.plans
      ? {
          planIds: values.plans
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean),
        }
      : {}),
    ...(values.max !== undefined ? { maxRedemptions: num(values.max, 'max')! } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  };
  return input;
}

/** Adds a coupon or lists them. */
export async function couponsCommand(ctx: CliContext, args: readonly string[], io: CommandIo): Promise<void> {
  const input = checkCouponArgs(args);
  const coupons = createCouponsService({ repo: createSubscriptionsRepository(ctx.database.db), clock: systemClock });
  if (input === null) {
    const rows = await coupons.list();
    if (rows.length === 0) io.stdout.write('No coupons.\n');
    for (const c of rows) {
      const limits = [
        c.planIds.length > 0 ? `plans ${c.planIds.join(', ')}` : 'every plan',
        c.maxRedemptions !== null ? `at most ${c.maxRedemptions} uses` : null,
        c.expiresAt ? `until ${c.expiresAt.toISOString().slice(0, 10)}` : null,
      ].filter(Boolean);
      io.stdout.write(`${c.code}\t${couponView(c).description}\t${limits.join('; ')}\n`);
    }
    return;
  }
  const problem = await coupons.add(input);
  if (problem) throw new CliError(problem);
  const off =
    input.percentOff !== undefined
      ? `${input.percentOff} % off`
      : `${minorToDecimal(input.amountOffMinor!, input.currency!)} ${input.currency} off`;
  io.stdout.write(`Coupon ${input.code.toUpperCase()} added: ${off}, ${input.duration}.\n`);
}
