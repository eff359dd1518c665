import type { TradeImportProblem } from '@tradedesk/contracts';
import { epochDayOf, findInstrument, localToUtcMs } from '@tradedesk/core';
import type { RawBalance, RawTrade } from './types.js';

/** A trade read and checked: times in unix ms, money as exact decimal strings as the report wrote them. */
export type CheckedTrade = {
  kind: 'trade';
  line: number;
  ticket: string | null;
  /** The catalogue's ticker when the symbol was recognised, else the report's symbol in upper case. */
  symbol: string;
  known: boolean;
  side: 'buy' | 'sell';
  volume: number;
  openTime: number;
  openPrice: number;
  closeTime: number;
  closePrice: number;
  stopLoss: number | null;
  takeProfit: number | null;
  profit: string;
  commission: string;
  swap: string;
};
export type CheckedBalance = {
  kind: 'balance';
  line: number;
  ticket: string | null;
  time: number;
  amount: string;
  comment: string;
};
export type CheckedRecord = CheckedTrade | CheckedBalance;

/** Thrown for one line that cannot be imported; the message is the sentence shown beside its line number. */
export class LineError extends Error {}

/**
 * A number as reports write it: spaces (and no-break spaces) as thousands separators, a comma for thousands when
 * there is also a dot, a lone comma with one or two decimals after it as the decimal mark. Undefined when it is
 * not a number.
 */
export function decimalText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let v = value.replace(/[\s\u00a0\u202f']/g, '');
  if (v.startsWith('+')) v = v.slice(1);
  if (v.startsWith('(') && v.endsWith(')')) v = `-${v.slice(1, -1)}`;
  if (v.includes(',') && v.includes('.')) v = v.replaceAll(',', '');
  else if (/^-?\d+,\d{1,2}$/.test(v)) v = v.replace(',', '.');
  else v = v.replaceAll(',', '');
  if (!/^-?\d+(\.\d+)?$/.test(v) && !/^-?\.\d+$/.test(v)) return undefined;
  if (v.startsWith('.')) v = `0${v}`;
  if (v.startsWith('-.')) v = `-0${v.slice(1)}`;
  return v;
}

function money(label: string, value: string | undefined, required: boolean): string {
  if (value === undefined || value.trim() === '' || value.trim() === '-') {
    if (required) throw new LineError(`${label} is empty.`);
    return '0';
  }
  const d = decimalText(value);
  if (d === undefined) throw new LineError(`${label} "${value.slice(0, 40)}" is not an amount of money.`);
  return d;
}

function positive(label: string, value: string | undefined): number {
  if (value === undefined || value.trim() === '') throw new LineError(`${label} is empty.`);
  const d = decimalText(value);
  const n = d === undefined ? Number.NaN : Number(d);
  if (!Number.isFinite(n) || n <= 0) throw new LineError(`${label} "${value.slice(0, 40)}" is not a positive number.`);
  return n;
}

function optionalLevel(label: string, value: string | undefined): number | null {
  if (value === undefined || value.trim() === '' || value.trim() === '-') return null;
  const d = decimalText(value);
  const n = d === undefined ? Number.NaN : Number(d);
  if (!Number.isFinite(n) || n < 0) throw new LineError(`${label} "${value.slice(0, 40)}" is not a price.`);
  return n === 0 ? null : n;
}

const WALL = /^(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A time as reports write it: `yyyy.MM.dd HH:mm:ss` (MetaTrader), `yyyy-MM-dd HH:mm[:ss]` and ISO 8601. Without an
 * offset it is a wall-clock time in `zone`; with one (ISO `Z` or `+02:00`) it is that instant.
 */
export function parseTime(label: string, value: string | undefined, zone: string): number {
  if (value === undefined || value.trim() === '') throw new LineError(`${label} is empty.`);
  const v = value.trim();
  if (ZONED.test(v)) {
    const ms = Date.parse(v);
    if (Number.isFinite(ms)) return ms;
  }
  const m = WALL.exec(v);
  if (m) {
    const [y, mo, d, h = '0', mi = '0', s = '0', frac = '0'] = m.slice(1);
    const year = Number(y);
    const month = Number(mo);
    const day = Number(d);
    const hour = Number(h);
    const minute = Number(mi);
    const second = Number(s);
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (
      probe.getUTCMonth() === month - 1 &&
      probe.getUTCDate() === day &&
      hour < 24 &&
      minute < 60 &&
      second < 60 &&
      year >= 1970
    ) {
      const epochDay = epochDayOf(year, month, day);
      return localToUtcMs(zone, epochDay, hour * 60 + minute) + second * 1000 + Number(frac.padEnd(3, '0'));
    }
  }
  throw new LineError(
    `${label} "${v.slice(0, 40)}" is not a date and time; write it as yyyy.MM.dd HH:mm:ss or in ISO 8601 (2024-03-04T10:15:00Z).`,
  );
}

function sideOf(value: string | undefined): 'buy' | 'sell' {
  const v = (value ?? '').trim().toLowerCase();
  if (['buy', 'long', 'b', 'bought'].includes(v)) return 'buy';
  if (['sell', 'short', 's', 'sold'].includes(v)) return 'sell';
  if (v === '') throw new LineError('type is empty: it must be buy or sell.');
  throw new LineError(`type "${v.slice(0, 40)}" is not a trade: it must be buy or sell.`);
}

/** Adds two decimal strings exactly (commission and taxes). */
function addDecimals(a: string, b: string): string {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const toInt = (x: string) => {
    const [i, f = ''] = x.replace('-', '').split('.');
    const n = BigInt(i + f.padEnd(scale, '0'));
    return x.startsWith('-') ? -n : n;
  };
  const sum = toInt(a) + toInt(b);
  const neg = sum < 0n;
  const digits = (neg ? -sum : sum).toString().padStart(scale + 1, '0');
  const out = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return neg ? `-${out}` : out;
}

/**
 * The catalogue instrument a broker's symbol stands for: as written, without a suffix after a dot, hash,
 * underscore or dash (EURUSD.r, EURUSD#), without trailing lower-case letters (EURUSDm, EURUSDpro), and for six
 * letters followed by more (EURUSDx, EURUSD.ecn) the six. Undefined when none matches.
 */
export function catalogueSymbol(raw: string): string | undefined {
  const trimmed = raw.trim();
  const candidates = [
    trimmed,
    trimmed.split(/[.#_\-+!]/)[0] ?? '',
    trimmed.replace(/[a-z]+$/, ''),
    trimmed.replace(/[^A-Za-z0-9]/g, ''),
  ];
  const letters = trimmed.toUpperCase().replace(/[^A-Z]/g, '');
  if (/^[A-Z]{6}/.test(letters)) candidates.push(letters.slice(0, 6));
  for (const c of candidates) {
    if (!c) continue;
    const found = findInstrument(c);
    if (found) return found.id;
  }
  return undefined;
}

/** Checks a trade row; throws a LineError naming the field that is wrong. */
export function checkTrade(raw: RawTrade, zone: string, warnings: TradeImportProblem[]): CheckedTrade {
  const rawSymbol = (raw.symbol ?? '').trim();
  if (rawSymbol === '') throw new LineError('symbol is empty.');
  if (rawSymbol.length > 40) throw new LineError('symbol is longer than 40 characters.');
  const side = sideOf(raw.type);
  const volume = positive('volume', raw.volume);
  if (volume > 100_000) throw new LineError(`volume ${volume} is more than 100000 lots.`);
  const openTime = parseTime('open time', raw.openTime, zone);
  const closeTime = parseTime('close time', raw.closeTime, zone);
  if (closeTime < openTime) throw new LineError('close time is before open time.');
  const openPrice = positive('open price', raw.openPrice);
  const closePrice = positive('close price', raw.closePrice);
  const profit = money('profit', raw.profit, true);
  const commission = addDecimals(money('commission', raw.commission, false), money('fee', raw.fee, false));
  const swap = money('swap', raw.swap, false);
  const known = catalogueSymbol(rawSymbol);
  if (!known) {
    warnings.push({
      line: raw.line,
      severity: 'warning',
      message: `symbol ${rawSymbol} is not in the instrument catalogue; the trade is kept under ${rawSymbol.toUpperCase()}, without chart bars for its excursions.`,
    });
  }
  return {
    kind: 'trade',
    line: raw.line,
    ticket: raw.ticket?.trim() || null,
    symbol: known ?? rawSymbol.toUpperCase(),
    known: known !== undefined,
    side,
    volume,
    openTime,
    openPrice,
    closeTime,
    closePrice,
    stopLoss: optionalLevel('S/L', raw.stopLoss),
    takeProfit: optionalLevel('T/P', raw.takeProfit),
    profit,
    commission,
    swap,
  };
}

/** Checks a balance row (a deposit, withdrawal or correction). */
export function checkBalance(raw: RawBalance, zone: string): CheckedBalance {
  return {
    kind: 'balance',
    line: raw.line,
    ticket: raw.ticket?.trim() || null,
    time: parseTime('time', raw.time, zone),
    amount: money('amount', raw.amount, true),
    comment: (raw.comment ?? '').trim().slice(0, 120),
  };
}
