/**
 * Reading tool results and formatting their figures. A `tool` message carries the JSON of the ToolResult's
 * `summary` and `data` (or an `error`); the analyst prefers named fields of `data` it knows (the metrics engine's
 * names: net, count, winRate...) and falls back to the tool's own summary, so every figure it writes is one a tool
 * returned. Nothing here computes a figure: it finds, orders and formats them.
 */

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export type ToolReading = {
  name: string;
  /** The tool's plain-text summary, when it sent one. */
  summary: string | null;
  data: unknown;
  /** Why the tool failed (timeout, not found, validation), when it did. */
  error: string | null;
};

/** A tool message's content as summary / data / error (JSON, or plain text taken as the summary). */
export function readToolMessage(name: string, content: string): ToolReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { name, summary: content.trim() || null, data: null, error: null };
  }
  if (!isObj(parsed)) return { name, summary: null, data: parsed, error: null };
  // A refusal of ai-tools is { summary, data: { error: { code, message } } }; an orchestrator error { error }.
  const inner = isObj(parsed.data) && parsed.data.error !== undefined ? parsed.data.error : undefined;
  const error =
    typeof inner === 'string'
      ? inner
      : isObj(inner) && typeof inner.message === 'string'
        ? inner.message
        : typeof parsed.error === 'string'
          ? parsed.error
          : isObj(parsed.error) && typeof parsed.error.message === 'string'
            ? parsed.error.message
            : parsed.ok === false && typeof parsed.message === 'string'
              ? parsed.message
              : null;
  const summary = typeof parsed.summary === 'string' ? parsed.summary : null;
  const data = 'data' in parsed ? parsed.data : parsed;
  return { name, summary, data, error };
}

/** The first value under one of `keys`, looking at the object and then its nested objects (not arrays), breadth first. */
export function pick(value: unknown, keys: readonly string[], depth = 2): unknown {
  let level: Obj[] = isObj(value) ? [value] : [];
  for (let d = 0; d <= depth && level.length > 0; d++) {
    for (const o of level) for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k];
    level = level.flatMap((o) => Object.values(o).filter(isObj));
  }
  return undefined;
}

export function pickNum(value: unknown, keys: readonly string[], depth = 2): number | null {
  const v = pick(value, keys, depth);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (isObj(v)) {
    const inner = v.money ?? v.net ?? v.value ?? v.amount;
    if (typeof inner === 'number' && Number.isFinite(inner)) return inner;
  }
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return null;
}

export function pickStr(value: unknown, keys: readonly string[], depth = 2): string | null {
  const v = pick(value, keys, depth);
  return typeof v === 'string' && v.length > 0 ? v : null;
}

/** The first array (the value itself, or one of its properties, two levels deep) whose items pass `test`. */
export function findArray(value: unknown, test: (item: Obj) => boolean): Obj[] | null {
  const ok = (a: unknown): a is Obj[] => Array.isArray(a) && a.length > 0 && a.every((x) => isObj(x) && test(x));
  const emptyArrayOf = (a: unknown) => Array.isArray(a) && a.length === 0;
  if (ok(value)) return value;
  let level: Obj[] = isObj(value) ? [value] : [];
  let empty = false;
  for (let d = 0; d < 3 && level.length > 0; d++) {
    for (const o of level)
      for (const v of Object.values(o)) {
        if (ok(v)) return v;
        if (emptyArrayOf(v)) empty = true;
      }
    level = level.flatMap((o) => Object.values(o).filter(isObj));
  }
  return empty || emptyArrayOf(value) ? [] : null;
}

/** Rows of a breakdown: { label, value } (or { label, net }). */
export function breakdownRows(value: unknown): { label: string; value: number; count: number | null }[] | null {
  const rows = findArray(
    value,
    (r) => typeof r.label === 'string' && (typeof r.value === 'number' || typeof r.net === 'number'),
  );
  if (!rows) return null;
  return rows.map((r) => ({
    label: r.label as string,
    value: (typeof r.value === 'number' ? r.value : r.net) as number,
    count: typeof r.count === 'number' ? r.count : typeof r.trades === 'number' ? r.trades : null,
  }));
}

const grouped = (v: number, digits: number) =>
  v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** 1,234.50 USD (money in the account currency's major unit, as the metrics engine gives it). */
export function money(v: number, currency: string | null, signed = false): string {
  const sign = v < 0 ? '-' : signed && v > 0 ? '+' : '';
  return `${sign}${grouped(Math.abs(v), 2)}${currency ? ` ${currency}` : ''}`;
}

/** A percentage given as 0-100. */
export const percent = (v: number) => `${grouped(v, 1)}%`;

/** A plain figure with up to `max` decimals (prices, volumes, ratios). */
export function figure(v: number, max = 5): string {
  return v.toLocaleString('en-US', { maximumFractionDigits: max });
}

/** A short date/time from an ISO string or unix seconds/ms, or the value as text. */
export function when(v: unknown): string {
  if (typeof v === 'number') {
    const ms = v < 1e12 ? v * 1000 : v;
    return new Date(ms).toISOString().replace('T', ' ').slice(0, 16);
  }
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.replace('T', ' ').slice(0, 16) : v;
  return '';
}
