import { LruCache } from '../market/lru.js';
import { hash3, normal, seedOf } from '../market/sim/random.js';
import { dateOfEpochDay, localToUtcMs, MS_PER_DAY } from '../market/time-zones.js';
import { INDICATOR_SPECS, type IndicatorSpec, SPEC_BY_CODE } from './indicators.js';
import { type HolidayShift, monthOf, type Occurrence, releasesInMonth } from './schedule.js';
import type { EconomicIndicator, SimEconomicEvent } from './types.js';

/** The recurring macro releases of the simulated calendar, by country. */
export const ECONOMIC_INDICATORS: readonly EconomicIndicator[] = INDICATOR_SPECS.map(
  ({ rule: _r, model: _m, period: _p, lag: _l, centralBank: _c, onHoliday: _h, ...indicator }) =>
    Object.freeze(indicator),
);

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const TAG_LEVEL = 1;
const TAG_FORECAST = 2;
const TAG_SURPRISE = 3;

/**
 * How each country's agencies move a fixed-weekday release off a holiday, unless the indicator says otherwise
 * (Statistics Canada's jobs report a week later, the EIA's inventories a day late): the BLS, the Labor Department
 * and Japan's statistics bureau publish the business day before; the others the business day after.
 */
export const HOLIDAY_SHIFT: Readonly<Record<string, HolidayShift>> = { US: 'previous', JP: 'previous' };

interface Series {
  spec: IndicatorSpec;
  shift: HolidayShift;
  seed: number;
  /** Terms of the AR(1) sum: phi^terms is below 1 %. */
  terms: number;
  weights: Float64Array;
  minute: number;
}

const SERIES: readonly Series[] = INDICATOR_SPECS.map((spec) => {
  const phi = spec.model.phi;
  const terms = Math.min(320, Math.max(1, Math.ceil(Math.log(0.01) / Math.log(phi))));
  const weights = Float64Array.from({ length: terms }, (_, j) => phi ** j);
  const [h, m] = spec.localTime.split(':').map(Number) as [number, number];
  const shift = spec.onHoliday ?? HOLIDAY_SHIFT[spec.country] ?? 'next';
  return { spec, shift, seed: seedOf(`econ:${spec.code}`), terms, weights, minute: h * 60 + m };
});
const SERIES_BY_CODE = new Map(SERIES.map((s) => [s.spec.code, s]));

function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  const r = Math.round(x * f) / f;
  return r === 0 ? 0 : r;
}

function clamp(s: Series, x: number): number {
  const { min, max } = s.spec.model;
  return Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min ?? Number.NEGATIVE_INFINITY, x));
}

/** The series' underlying level at release `k`: an AR(1) sum of counter-based shocks. */
function level(s: Series, k: number): number {
  let sum = 0;
  for (let j = 0; j < s.terms; j++) sum += s.weights[j]! * normal(hash3(s.seed, k - j, TAG_LEVEL));
  return s.spec.model.mean + s.spec.model.step * sum;
}

function values(s: Series, k: number): { forecast: number; actual: number } {
  const m = s.spec.model;
  const x = level(s, k);
  if (m.tick) {
    const tick = (v: number) => roundTo(Math.round(clamp(s, v) / m.tick!) * m.tick!, s.spec.decimals);
    return {
      actual: tick(x),
      forecast: tick(x + 0.3 * m.tick * normal(hash3(s.seed, k, TAG_FORECAST))),
    };
  }
  return {
    forecast: roundTo(clamp(s, x), s.spec.decimals),
    actual: roundTo(clamp(s, x + m.surpriseSd * normal(hash3(s.seed, k, TAG_SURPRISE))), s.spec.decimals),
  };
}

function isoDate(epochDay: number): string {
  const d = dateOfEpochDay(epochDay);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

function periodLabel(spec: IndicatorSpec, epochDay: number): string {
  const { year, month } = monthOf(epochDay);
  switch (spec.period) {
    case 'week': {
      const saturday = dateOfEpochDay(epochDay - 5);
      return `Week to ${MONTH_NAMES[saturday.month - 1]} ${saturday.day}`;
    }
    case 'quarter': {
      const q = Math.floor((month - 1) / 3) + year * 4 - spec.lag;
      return `Q${(q % 4) + 1} ${Math.floor(q / 4)}`;
    }
    default: {
      const m = year * 12 + month - 1 - spec.lag;
      return `${MONTH_NAMES[m % 12]} ${Math.floor(m / 12)}`;
    }
  }
}

function makeEvent(s: Series, o: Occurrence): SimEconomicEvent {
  const spec = s.spec;
  const { forecast, actual } = values(s, o.index);
  const prior = values(s, o.index - 1).actual;
  const sign = spec.higherIsPositive ? 1 : -1;
  return {
    id: `${spec.code}-${isoDate(o.epochDay)}`,
    code: spec.code,
    title: spec.title,
    country: spec.country,
    currency: spec.currency,
    impact: spec.impact,
    timeMs: localToUtcMs(spec.timeZone, o.epochDay, s.minute),
    period: periodLabel(spec, o.scheduledDay ?? o.epochDay),
    unit: spec.unit,
    decimals: spec.decimals,
    forecast,
    prior,
    actual,
    surprise: roundTo((sign * (actual - forecast)) / spec.model.surpriseSd, 2),
    instruments: spec.instruments,
  };
}

function byTimeThenId(a: { timeMs: number; id: string }, b: { timeMs: number; id: string }): number {
  return a.timeMs - b.timeMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Releases whose local date falls in a month (key year * 12 + month - 1), by time then id. */
const monthCache = new LruCache<number, readonly SimEconomicEvent[]>(600);

function monthEvents(key: number): readonly SimEconomicEvent[] {
  return monthCache.getOrCompute(key, () => {
    const year = Math.floor(key / 12);
    const month = (key % 12) + 1;
    const out: SimEconomicEvent[] = [];
    for (const s of SERIES)
      for (const o of releasesInMonth(s.spec.rule, year, month, s.spec.country, s.shift)) out.push(makeEvent(s, o));
    return Object.freeze(out.sort(byTimeThenId).map((e) => Object.freeze(e)));
  });
}

function monthKey(epochDay: number): number {
  const { year, month } = monthOf(epochDay);
  return year * 12 + month - 1;
}

/** Economic releases in [fromMs, toMs), by time then id; deterministic. */
export function economicEvents(fromMs: number, toMs: number): SimEconomicEvent[] {
  if (!(toMs > fromMs)) return [];
  // local dates lie within a day of UTC dates
  const first = monthKey(Math.floor(fromMs / MS_PER_DAY) - 1);
  const last = monthKey(Math.floor((toMs - 1) / MS_PER_DAY) + 1);
  const out: SimEconomicEvent[] = [];
  for (let key = first; key <= last; key++) {
    for (const e of monthEvents(key)) if (e.timeMs >= fromMs && e.timeMs < toMs) out.push(e);
  }
  return first === last ? out : out.sort(byTimeThenId);
}

/** One economic release by its id (`${code}-${YYYY-MM-DD}`, the local release date), or null. */
export function economicEventById(id: string): SimEconomicEvent | null {
  const match = /^([A-Z0-9_]+)-(\d{4})-(\d{2})-(\d{2})$/.exec(id);
  if (!match || !SERIES_BY_CODE.has(match[1]!)) return null;
  const year = Number(match[2]);
  const month = Number(match[3]);
  if (month < 1 || month > 12) return null;
  return monthEvents(year * 12 + month - 1).find((e) => e.id === id) ?? null;
}

/** The `count` releases of `code` before `beforeMs`, newest first (history for a detail view). */
export function pastReleases(code: string, beforeMs: number, count: number): SimEconomicEvent[] {
  const s = SERIES_BY_CODE.get(code);
  if (!s || count <= 0) return [];
  const out: SimEconomicEvent[] = [];
  let key = monthKey(Math.floor(beforeMs / MS_PER_DAY) + 1);
  // the rarest rule releases 4 times a year, so a year without one means the code has none left
  for (let empty = 0; out.length < count && empty < 13 && key >= 1971 * 12; key--) {
    const year = Math.floor(key / 12);
    const occurrences = releasesInMonth(s.spec.rule, year, (key % 12) + 1, s.spec.country, s.shift).reverse();
    empty = occurrences.length === 0 ? empty + 1 : 0;
    for (const o of occurrences) {
      const e = makeEvent(s, o);
      if (e.timeMs < beforeMs && out.length < count) out.push(e);
    }
  }
  return out;
}

/** The release as seen at `nowMs`: before its time the actual is unknown (null) and the surprise 0. */
export function economicEventAsOf(e: SimEconomicEvent, nowMs: number): SimEconomicEvent {
  return nowMs >= e.timeMs ? e : { ...e, actual: null, surprise: 0 };
}

/** The indicator's schedule spec (rule, series model), for tests and the market hook. */
export function indicatorSpec(code: string): IndicatorSpec | undefined {
  return SPEC_BY_CODE.get(code);
}
