import type { Candle } from '../candles.js';
import { type SessionTemplate, sessionTemplate } from '../instruments/sessions.js';
import type { Instrument } from '../instruments/types.js';
import { LruCache } from '../lru.js';
import { isoWeekday, MINUTES_PER_DAY, MS_PER_DAY, MS_PER_MINUTE, zoneOffsetMinutes } from '../time-zones.js';
import { EVENT_WINDOW_MINUTES, type EventImpact, eventEffect, IMPACT_RANK } from './events.js';
import { type DayAnchor, dayAnchor, FactorDay, type MinutePath } from './factor-path.js';
import { type AssetSpec, type FactorSpec, MARKET_MODEL } from './model.js';
import {
  type ActivityDay,
  type ActivityProfile,
  activityDay,
  activityProfile,
  profileScale,
  profileZones,
} from './profiles.js';
import { hash3, mix32, NORMAL_MAX, normalHalf, stream, uniform } from './random.js';

/** Interior points of each minute's path: knots every 10 seconds, the 6th is the close. */
export const KNOTS = 6;
const KNOT_STEP = new Float64Array(KNOTS);
const KNOT_SD = new Float64Array(KNOTS);
for (let j = 1; j < KNOTS; j++) {
  const remaining = KNOTS - j + 1;
  KNOT_STEP[j] = 1 / remaining;
  KNOT_SD[j] = Math.sqrt((KNOTS - j) / (KNOTS * remaining));
}
const TAG_KNOT = 0x510e527f;
const TAG_VOLUME = 0x9b05688c;
const TAG_TICK = 0x1f83d9ab;
const TICK_JITTER = 0.8;
/** Largest distance of a knot from the straight open-close line, in minute standard deviations of its factor. */
const KNOT_BOUND = NORMAL_MAX * KNOT_SD.reduce((s, x) => s + x, 0);

/** Columns of 1-minute bars: time in unix seconds, prices rounded to the instrument's digits. */
export interface BarColumns {
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

export function allocateColumns(size: number): BarColumns {
  return {
    time: new Float64Array(size),
    open: new Float64Array(size),
    high: new Float64Array(size),
    low: new Float64Array(size),
    close: new Float64Array(size),
    volume: new Float64Array(size),
  };
}

interface AssetSide {
  usd: boolean;
  logRef: number;
  /** Beta on each of the entry's factors (aligned with `factors`; 0 where the asset does not load). */
  beta: Float64Array;
  /** The asset's own loadings in the model's order: positions in `factors` and betas. Its log value is summed
   * in this order whatever the instrument, so a leg has the same value in every pair it belongs to. */
  at: Int32Array;
  loadings: Float64Array;
}

/** Everything the engine needs about one instrument, precomputed. */
export interface EngineInstrument {
  instrument: Instrument;
  template: SessionTemplate;
  profile: ActivityProfile;
  digits: number;
  /** Factor indices the instrument's assets load on. */
  factors: Int32Array;
  /** Loading of the instrument's log price on each factor (base minus quote). */
  coef: Float64Array;
  /** Seeds of each factor's intraminute knots. */
  knotSeeds: Int32Array;
  base: AssetSide;
  quote: AssetSide | null;
  logRef: number;
  seed: number;
  /** Variance of a busy minute, to scale volume. */
  busyVariance: number;
  baseVolume: number;
  /** Factors that move the instrument noticeably (for event spreads), by id and by index. */
  eventFactors: readonly string[];
  eventFactorIndices: readonly number[];
}

function baseVolumeOf(i: Instrument): number {
  switch (i.source) {
    case 'FOREX':
      return 120;
    case 'COMMODITIES':
      return 150;
    case 'INDICES':
      return 200;
    case 'CRYPTO':
      return 300;
    case 'STOCKS':
      return Math.round(2_000_000 / Math.sqrt(i.quoteCurrency === 'GBX' ? i.referencePrice / 100 : i.referencePrice));
  }
}

export interface EngineOptions {
  /** Factor-days kept in memory (each about 23 KB). */
  factorDayCache: number;
  /** Events from a deterministic source (the simulated calendar), asked for lazily per UTC day. */
  eventSource?: DayEventSource;
}

/** An event of a source on one factor: its minute, impact and surprise (> 0 raises the factor). */
export interface SourceEvent {
  minute: number;
  impact: EventImpact;
  surprise: number;
}

/**
 * Events touching UTC day `day` by factor index: those whose minute lies in [day start - EVENT_WINDOW_MINUTES
 * - 1, day end], so the effects spilling over from the previous day are included. Must be a pure function.
 */
export type DayEventSource = (day: number) => ReadonlyMap<number, readonly SourceEvent[]>;

const NO_EVENTS: ReadonlyMap<number, readonly SourceEvent[]> = new Map();

/**
 * The minute-level machinery: factor paths per UTC day (cached), events applied on top, and the 1-minute bars,
 * knots and ticks of instruments built from them. All results are pure functions of (instrument, time, events).
 */
export class PathEngine {
  /** Activity days by (profile, weekday, UTC offsets of its zones): the same for every week without a DST change. */
  readonly #activityBySignature = new LruCache<string, ActivityDay>(512);
  readonly #activityByDay = new LruCache<string, ActivityDay>(256);
  readonly #activityTotals = new LruCache<string, number>(8192);
  readonly #factorDays: LruCache<number, FactorDay>;
  readonly #eventedDays: LruCache<number, MinutePath>;
  readonly #instruments = new Map<string, EngineInstrument>();
  readonly #eventSource: DayEventSource | undefined;
  readonly #sourceDays = new LruCache<number, ReadonlyMap<number, readonly SourceEvent[]>>(512);
  /** factor index -> sorted event minutes */
  #eventMinutes = new Map<number, number[]>();
  /** factor id -> minute -> impact */
  #impacts = new Map<string, Map<number, EventImpact>>();
  readonly #prices = new Float64Array(MINUTES_PER_DAY + 1);
  readonly #logs = new Float64Array(MINUTES_PER_DAY + 1);
  readonly #acc = new Float64Array(KNOTS);
  readonly #row = new Float64Array(KNOTS + 1);
  #hi = 0;
  #lo = 0;
  #foldTop = new Float64Array(0);
  #foldBottom = new Float64Array(0);
  #foldBound = new Float64Array(0);
  readonly #knotPrices = new Float64Array(MINUTES_PER_DAY + 1);
  readonly #knotLogs = new Float64Array(MINUTES_PER_DAY + 1);
  readonly #knotRow = new Float64Array(KNOTS + 1);

  constructor(options: EngineOptions) {
    this.#factorDays = new LruCache(options.factorDayCache);
    this.#eventedDays = new LruCache(Math.max(64, Math.floor(options.factorDayCache / 4)));
    this.#eventSource = options.eventSource;
  }

  /** The source's events touching UTC day `day`, by factor index (cached). */
  #sourceDay(day: number): ReadonlyMap<number, readonly SourceEvent[]> {
    const source = this.#eventSource;
    if (!source) return NO_EVENTS;
    return this.#sourceDays.getOrCompute(day, () => source(day));
  }

  /** Replaces the registered events (factor id -> minute -> strongest impact); their effects are made lazily. */
  setEvents(impacts: Map<string, Map<number, EventImpact>>): void {
    this.#impacts = impacts;
    this.#eventMinutes = new Map();
    for (const [factorId, perMinute] of impacts) {
      const k = MARKET_MODEL.factorIndex.get(factorId)!;
      this.#eventMinutes.set(
        k,
        [...perMinute.keys()].sort((a, b) => a - b),
      );
    }
    this.#eventedDays.clear();
  }

  /** Strongest event impact on any of the instrument's factors at each minute within `radius` of m (or null). */
  eventNear(e: EngineInstrument, m: number, radius: number): { impact: EventImpact; distance: number } | null {
    let best: { impact: EventImpact; distance: number } | null = null;
    const consider = (impact: EventImpact, distance: number) => {
      if (
        !best ||
        distance < best.distance ||
        (distance === best.distance && IMPACT_RANK[impact] > IMPACT_RANK[best.impact])
      )
        best = { impact, distance };
    };
    for (const f of e.eventFactors) {
      const perMinute = this.#impacts.get(f);
      if (!perMinute) continue;
      for (let d = -radius; d <= radius; d++) {
        const impact = perMinute.get(m + d);
        if (impact) consider(impact, Math.abs(d));
      }
    }
    if (this.#eventSource) {
      // a day's source events include the previous day's last minutes, so the day of m + radius covers the span
      const byFactor = this.#sourceDay(Math.floor((m + radius) / MINUTES_PER_DAY));
      for (const k of e.eventFactorIndices) {
        for (const ev of byFactor.get(k) ?? []) {
          const d = Math.abs(ev.minute - m);
          if (d <= radius) consider(ev.impact, d);
        }
      }
    }
    return best;
  }

  instrument(instrument: Instrument): EngineInstrument {
    const cached = this.#instruments.get(instrument.id);
    if (cached) return cached;
    const entry = MARKET_MODEL.instruments.get(instrument.id);
    if (!entry) throw new RangeError(`Unknown instrument "${instrument.id}".`);
    const factorSet = new Map<number, number>();
    const add = (a: AssetSpec) => {
      for (const [k] of a.loadings) if (!factorSet.has(k)) factorSet.set(k, factorSet.size);
    };
    add(entry.base);
    if (entry.quote) add(entry.quote);
    const factors = Int32Array.from(factorSet.keys());
    const side = (a: AssetSpec): AssetSide => {
      const beta = new Float64Array(factors.length);
      for (const [k, b] of a.loadings) beta[factorSet.get(k)!] = b;
      const at = Int32Array.from(a.loadings.map(([k]) => factorSet.get(k)!));
      const loadings = Float64Array.from(a.loadings.map(([, b]) => b));
      return { usd: a.id === 'USD', logRef: a.logRef, beta, at, loadings };
    };
    const base = side(entry.base);
    const quote = entry.quote ? side(entry.quote) : null;
    const coef = new Float64Array(factors.length);
    let busyVariance = 0;
    const eventFactors: string[] = [];
    for (let n = 0; n < factors.length; n++) {
      coef[n] = base.beta[n]! - (quote ? quote.beta[n]! : 0);
      const f = MARKET_MODEL.factors[factors[n]!]!;
      const scale = profileScale(activityProfile(f.profile));
      busyVariance += coef[n]! ** 2 * ((f.vol * f.vol) / (365.25 * scale.meanDaily)) * scale.busyLevel;
      if (Math.abs(coef[n]!) >= 0.2) eventFactors.push(f.id);
    }
    const e: EngineInstrument = {
      instrument,
      template: sessionTemplate(instrument.session),
      profile: activityProfile(entry.profile),
      digits: instrument.digits,
      factors,
      coef,
      knotSeeds: Int32Array.from(factors, (k) => MARKET_MODEL.factors[k]!.seed ^ TAG_KNOT),
      base,
      quote,
      logRef: base.logRef - (quote ? quote.logRef : 0),
      seed: entry.base.seed ^ (entry.quote ? entry.quote.seed : 0),
      busyVariance,
      baseVolume: baseVolumeOf(instrument),
      eventFactors,
      eventFactorIndices: eventFactors.map((id) => MARKET_MODEL.factorIndex.get(id)!),
    };
    this.#instruments.set(instrument.id, e);
    return e;
  }

  /** Activity of a profile over UTC day `day` (cached). */
  activity(profile: ActivityProfile, day: number): ActivityDay {
    const start = day * MS_PER_DAY;
    const end = start + MS_PER_DAY - MS_PER_MINUTE;
    let signature = `${profile.id}|${isoWeekday(day)}`;
    for (const zone of profileZones(profile)) {
      const offset = zoneOffsetMinutes(zone, start);
      if (offset !== zoneOffsetMinutes(zone, end)) {
        return this.#activityByDay.getOrCompute(`${profile.id}|${day}`, () => activityDay(profile, day));
      }
      signature += `|${offset}`;
    }
    return this.#activityBySignature.getOrCompute(signature, () => activityDay(profile, day));
  }

  #activityTotal(profile: ActivityProfile, day: number): number {
    return this.#activityTotals.getOrCompute(`${profile.id}|${day}`, () => this.activity(profile, day).total);
  }

  /** Path of factor `k` over UTC day `day`, events included; call `ensure` for the minutes to read. */
  factorDay(k: number, day: number): MinutePath {
    const key = k * 262_144 + day;
    const base = this.#factorDays.getOrCompute(key, () => this.#computeFactorDay(MARKET_MODEL.factors[k]!, day));
    const first = day * MINUTES_PER_DAY - EVENT_WINDOW_MINUTES - 1;
    const last = (day + 1) * MINUTES_PER_DAY;
    const minutes = this.#eventMinutes.get(k);
    const registered = minutes ? minutes.filter((m) => m >= first && m <= last) : [];
    const fromSource = this.#sourceDay(day).get(k);
    if (registered.length === 0 && !fromSource) return base;
    return this.#eventedDays.getOrCompute(key, () => {
      // per minute the strongest event; a registered event wins a tie and keeps its random jump
      const chosen = new Map<number, { impact: EventImpact; surprise: number | undefined }>();
      for (const ev of fromSource ?? []) {
        const prev = chosen.get(ev.minute);
        if (!prev) chosen.set(ev.minute, { impact: ev.impact, surprise: ev.surprise });
        else if (IMPACT_RANK[ev.impact] > IMPACT_RANK[prev.impact]) chosen.set(ev.minute, { ...ev });
        else if (ev.impact === prev.impact) prev.surprise = (prev.surprise ?? 0) + ev.surprise;
      }
      const perMinute = this.#impacts.get(MARKET_MODEL.factors[k]!.id);
      for (const m of registered) {
        const impact = perMinute!.get(m)!;
        const prev = chosen.get(m);
        if (!prev || IMPACT_RANK[impact] >= IMPACT_RANK[prev.impact]) chosen.set(m, { impact, surprise: undefined });
      }
      base.ensure(0, MINUTES_PER_DAY);
      const values = Float64Array.from(base.values);
      const variances = Float64Array.from(base.variances);
      const f = MARKET_MODEL.factors[k]!;
      const dayStart = day * MINUTES_PER_DAY;
      for (const [m, { impact, surprise }] of chosen) {
        const eff = eventEffect(f, m, impact, this.#eventScale(f, Math.floor(m / MINUTES_PER_DAY)), surprise);
        // offsets[o] lands on boundary m + 1 + o, extraVariance[o] on minute m + o
        for (let o = Math.max(0, dayStart - m - 1); o < eff.offsets.length; o++) {
          const b = m + 1 + o - dayStart;
          if (b > MINUTES_PER_DAY) break;
          values[b]! += eff.offsets[o]!;
        }
        for (let o = Math.max(0, dayStart - m); o < eff.extraVariance.length; o++) {
          const i = m + o - dayStart;
          if (i >= MINUTES_PER_DAY) break;
          variances[i]! += eff.extraVariance[o]!;
        }
      }
      return { values, variances, ensure: () => {} };
    });
  }

  /**
   * Size of an event on a factor: the standard deviation over that day of what the factor stands for (a
   * currency's, index's or share's whole USD value or price for its own factor), so an event on the euro moves
   * the euro by a fraction of the euro's daily move.
   */
  #eventScale(f: FactorSpec, day: number): number {
    const asset = f.id.startsWith('own:') ? MARKET_MODEL.assets.get(f.id.slice(4)) : undefined;
    if (!asset) return Math.sqrt(this.#anchor(f, day).variance);
    let variance = 0;
    for (const [k, beta] of asset.loadings)
      variance += beta * beta * this.#anchor(MARKET_MODEL.factors[k]!, day).variance;
    return Math.sqrt(variance);
  }

  #anchor(f: FactorSpec, day: number): DayAnchor {
    const profile = activityProfile(f.profile);
    return dayAnchor(f, day, (d) => this.#activityTotal(profile, d), profileScale(profile).meanDaily);
  }

  #computeFactorDay(f: FactorSpec, day: number): FactorDay {
    return new FactorDay(f, day, this.#anchor(f, day), this.activity(activityProfile(f.profile), day).cumulative);
  }

  /** The instrument's factor paths over a UTC day, minutes [from, to) computed. */
  #factorDays_(e: EngineInstrument, day: number, from: number, to: number): MinutePath[] {
    const out: MinutePath[] = new Array(e.factors.length);
    for (let n = 0; n < e.factors.length; n++) {
      const fd = this.factorDay(e.factors[n]!, day);
      fd.ensure(from, to);
      out[n] = fd;
    }
    return out;
  }

  /** Unrounded mid price at minute boundary b (the close of minute b - 1 and open of minute b). */
  boundaryPrice(e: EngineInstrument, b: number): number {
    const day = Math.floor(b / MINUTES_PER_DAY);
    const i = b - day * MINUTES_PER_DAY;
    return this.#boundaryPriceIn(e, this.#factorDays_(e, day, Math.min(i, MINUTES_PER_DAY - 1), i + 1), i);
  }

  /** Prices and log prices at boundaries i0..i1 of a day. */
  #boundaries(
    e: EngineInstrument,
    fds: MinutePath[],
    i0: number,
    i1: number,
    prices: Float64Array,
    logs: Float64Array,
  ): void {
    const baseUsd = e.base.usd;
    const quoteExp = e.quote !== null && !e.quote.usd;
    for (let i = i0; i <= i1; i++) {
      const la = assetLog(e.base, fds, i);
      const lq = e.quote ? assetLog(e.quote, fds, i) : 0;
      prices[i] = (baseUsd ? 1 : Math.exp(la)) / (quoteExp ? Math.exp(lq) : 1);
      logs[i] = la - lq;
    }
  }

  #boundaryPriceIn(e: EngineInstrument, fds: MinutePath[], i: number): number {
    const la = assetLog(e.base, fds, i);
    const lq = e.quote ? assetLog(e.quote, fds, i) : 0;
    return (e.base.usd ? 1 : Math.exp(la)) / (e.quote && !e.quote.usd ? Math.exp(lq) : 1);
  }

  /**
   * Writes the 1-minute bars of minutes [m0, m1) (all assumed open) into `out` from index `at`; returns the
   * next index. This is the hot loop: plain arithmetic on typed arrays.
   */
  writeMinutes(e: EngineInstrument, m0: number, m1: number, out: BarColumns, at: number): number {
    const scale = 10 ** e.digits;
    const prices = this.#prices;
    const logs = this.#logs;
    let k = at;
    for (let m = m0; m < m1; ) {
      const day = Math.floor(m / MINUTES_PER_DAY);
      const dayStart = day * MINUTES_PER_DAY;
      const i0 = m - dayStart;
      const i1 = Math.min(m1, dayStart + MINUTES_PER_DAY) - dayStart;
      const fds = this.#factorDays_(e, day, i0, i1);
      this.#boundaries(e, fds, i0, i1, prices, logs);
      for (let i = i0; i < i1; i++) {
        const minute = dayStart + i;
        const minuteHash = mix32(minute ^ TAG_KNOT);
        this.#knotExtremes(e, fds, i, minuteHash);
        const open = Math.round(prices[i]! * scale) / scale;
        const close = Math.round(prices[i + 1]! * scale) / scale;
        // exp only when the path leaves the open-close range
        const top = logs[i]! > logs[i + 1]! ? logs[i]! : logs[i + 1]!;
        const bottom = logs[i]! < logs[i + 1]! ? logs[i]! : logs[i + 1]!;
        const h = this.#hi > top ? Math.round(Math.exp(this.#hi) * scale) / scale : open;
        const l = this.#lo < bottom ? Math.round(Math.exp(this.#lo) * scale) / scale : open;
        out.time[k] = minute * 60;
        out.open[k] = open;
        out.close[k] = close;
        out.high[k] = Math.max(open, close, h);
        out.low[k] = Math.min(open, close, l);
        out.volume[k] = this.#volumeOf(e, minuteHash, minuteVariance(e, fds, i));
        k++;
      }
      m = dayStart + i1;
    }
    return k;
  }

  /**
   * The aggregate bar of open minutes [m0, m1): exactly the aggregation of `writeMinutes`' bars, faster. High and
   * low need a minute's interior path only if it can reach beyond the extremes already seen; the path's distance
   * from the open-close line is bounded (normal draws are capped), so most minutes of a long range are skipped.
   */
  foldMinutes(e: EngineInstrument, m0: number, m1: number): Omit<Candle, 'time'> | null {
    if (m1 <= m0) return null;
    const n = m1 - m0;
    if (this.#foldTop.length < n) {
      this.#foldTop = new Float64Array(n);
      this.#foldBottom = new Float64Array(n);
      this.#foldBound = new Float64Array(n);
    }
    const tops = this.#foldTop;
    const bottoms = this.#foldBottom;
    const bounds = this.#foldBound;
    const scale = 10 ** e.digits;
    const prices = this.#prices;
    const logs = this.#logs;
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    let open = 0;
    let close = 0;
    let volume = 0;
    for (let m = m0; m < m1; ) {
      const day = Math.floor(m / MINUTES_PER_DAY);
      const dayStart = day * MINUTES_PER_DAY;
      const i0 = m - dayStart;
      const i1 = Math.min(m1, dayStart + MINUTES_PER_DAY) - dayStart;
      const fds = this.#factorDays_(e, day, i0, i1);
      this.#boundaries(e, fds, i0, i1, prices, logs);
      for (let i = i0; i < i1; i++) {
        const k = dayStart + i - m0;
        const o = Math.round(prices[i]! * scale) / scale;
        const c = Math.round(prices[i + 1]! * scale) / scale;
        if (k === 0) open = o;
        close = c;
        high = Math.max(high, o, c);
        low = Math.min(low, o, c);
        tops[k] = logs[i]! > logs[i + 1]! ? logs[i]! : logs[i + 1]!;
        bottoms[k] = logs[i]! < logs[i + 1]! ? logs[i]! : logs[i + 1]!;
        let spread = 0;
        for (let f = 0; f < fds.length; f++) spread += Math.abs(e.coef[f]!) * Math.sqrt(fds[f]!.variances[i]!);
        bounds[k] = spread * KNOT_BOUND + 1e-9;
        volume += this.#volumeOf(e, mix32((dayStart + i) ^ TAG_KNOT), minuteVariance(e, fds, i));
      }
      m = dayStart + i1;
    }
    let logHigh = Math.log(high);
    let logLow = Math.log(low);
    for (let m = m0; m < m1; ) {
      const day = Math.floor(m / MINUTES_PER_DAY);
      const dayStart = day * MINUTES_PER_DAY;
      const i0 = m - dayStart;
      const i1 = Math.min(m1, dayStart + MINUTES_PER_DAY) - dayStart;
      let fds: MinutePath[] | null = null;
      for (let i = i0; i < i1; i++) {
        const k = dayStart + i - m0;
        if (tops[k]! + bounds[k]! < logHigh && bottoms[k]! - bounds[k]! > logLow) continue;
        fds ??= this.#factorDays_(e, day, i0, i1);
        this.#knotExtremes(e, fds, i, mix32((dayStart + i) ^ TAG_KNOT));
        if (this.#hi > tops[k]!) {
          const h = Math.round(Math.exp(this.#hi) * scale) / scale;
          if (h > high) {
            high = h;
            logHigh = Math.log(h);
          }
        }
        if (this.#lo < bottoms[k]!) {
          const l = Math.round(Math.exp(this.#lo) * scale) / scale;
          if (l < low) {
            low = l;
            logLow = Math.log(l);
          }
        }
      }
      m = dayStart + i1;
    }
    return { open, high, low, close, volume };
  }

  /** Highest and lowest interior knot (log price) of minute i of the day, into #hi and #lo. */
  #knotExtremes(e: EngineInstrument, fds: MinutePath[], i: number, minuteHash: number): void {
    const acc = this.#acc;
    const row = this.#row;
    for (let j = 1; j < KNOTS; j++) acc[j] = e.logRef;
    for (let n = 0; n < fds.length; n++) {
      const c = e.coef[n]!;
      if (c === 0) continue;
      const fd = fds[n]!;
      const seed = e.knotSeeds[n]!;
      bridgeKnots(fd.values[i]!, fd.values[i + 1]!, Math.sqrt(fd.variances[i]!), mix32(seed ^ minuteHash), row);
      for (let j = 1; j < KNOTS; j++) acc[j]! += c * row[j]!;
    }
    let hi = acc[1]!;
    let lo = hi;
    for (let j = 2; j < KNOTS; j++) {
      const x = acc[j]!;
      if (x > hi) hi = x;
      else if (x < lo) lo = x;
    }
    this.#hi = hi;
    this.#lo = lo;
  }

  /** Volume of a minute: tick or share count, rising with the minute's variance. */
  #volumeOf(e: EngineInstrument, minuteHash: number, variance: number): number {
    const ratio = Math.min(10, Math.sqrt(variance / e.busyVariance));
    const u = ((mix32(e.seed ^ minuteHash ^ TAG_VOLUME) >>> 0) / 4_294_967_296) * 0.6 + 0.7;
    return Math.max(1, Math.round(e.baseVolume * (0.25 + 0.75 * ratio) * u));
  }

  /**
   * The path of minute m at its KNOTS + 1 knots, in log price: knots[0] is the open, knots[KNOTS] the close
   * (the same boundary logs as the bars), the rest the sum of the factors' knots.
   */
  minuteKnots(e: EngineInstrument, m: number): Float64Array {
    const day = Math.floor(m / MINUTES_PER_DAY);
    const i = m - day * MINUTES_PER_DAY;
    const fds = this.#factorDays_(e, day, i, i + 1);
    const knots = new Float64Array(KNOTS + 1);
    const logs = this.#knotLogs;
    this.#boundaries(e, fds, i, i + 1, this.#knotPrices, logs);
    knots[0] = logs[i]!;
    knots[KNOTS] = logs[i + 1]!;
    for (let j = 1; j < KNOTS; j++) knots[j] = e.logRef;
    const row = this.#knotRow;
    const minuteHash = mix32(m ^ TAG_KNOT);
    for (let n = 0; n < e.factors.length; n++) {
      const c = e.coef[n]!;
      if (c === 0) continue;
      const fd = fds[n]!;
      const base = mix32(MARKET_MODEL.factors[e.factors[n]!]!.seed ^ TAG_KNOT ^ minuteHash);
      bridgeKnots(fd.values[i]!, fd.values[i + 1]!, Math.sqrt(fd.variances[i]!), base, row);
      for (let j = 1; j < KNOTS; j++) knots[j]! += c * row[j]!;
    }
    return knots;
  }

  /** One 1-minute bar (assumed open), exactly as `writeMinutes` makes it, with its knots. */
  minuteBar(e: EngineInstrument, m: number) {
    const out = allocateColumns(1);
    this.writeMinutes(e, m, m + 1, out, 0);
    return {
      knots: this.minuteKnots(e, m),
      open: out.open[0]!,
      close: out.close[0]!,
      high: out.high[0]!,
      low: out.low[0]!,
      volume: out.volume[0]!,
    };
  }

  /**
   * Where an instant sits in its minute's path: knot index j and the weight g of knot j + 1. The weight is
   * the same for every instrument at a given millisecond, so ticks of crosses and their legs stay consistent.
   */
  static tickPosition(ms: number): { minute: number; j: number; g: number; end: boolean } {
    const minute = Math.floor(ms / 60_000);
    const elapsed = ms - minute * 60_000 + 1;
    if (elapsed >= 60_000) return { minute, j: KNOTS - 1, g: 1, end: true };
    const pos = (elapsed / 60_000) * KNOTS;
    const j = Math.floor(pos);
    const f = pos - j;
    const u = uniform(hash3(TAG_TICK, minute, elapsed));
    const g = Math.min(1, Math.max(0, f + TICK_JITTER * (u - 0.5) * 2 * Math.sqrt(f * (1 - f))));
    return { minute, j, g, end: false };
  }

  /** Log USD value of a value asset (currency, metal, coin) at an instant, on the same path as the quotes. */
  assetLogValue(asset: AssetSpec, ms: number): number {
    if (asset.id === 'USD') return 0;
    const { minute, j, g } = PathEngine.tickPosition(ms);
    const day = Math.floor(minute / MINUTES_PER_DAY);
    const i = minute - day * MINUTES_PER_DAY;
    const knots = new Float64Array(KNOTS + 1);
    const minuteHash = mix32(minute ^ TAG_KNOT);
    let out = asset.logRef;
    for (const [k, beta] of asset.loadings) {
      const fd = this.factorDay(k, day);
      fd.ensure(i, i + 1);
      factorKnotsInto(fd, i, mix32(MARKET_MODEL.factors[k]!.seed ^ TAG_KNOT ^ minuteHash), knots);
      out += beta * (knots[j]! + g * (knots[j + 1]! - knots[j]!));
    }
    return out;
  }
}

/** Variance of an instrument's log price over minute i of the day (sum over its factors). */
function minuteVariance(e: EngineInstrument, fds: MinutePath[], i: number): number {
  let variance = 0;
  for (let n = 0; n < fds.length; n++) {
    const c = e.coef[n]!;
    if (c !== 0) variance += c * c * fds[n]!.variances[i]!;
  }
  return variance;
}

/** Log value of an asset at boundary i of the day, summed in the asset's own loading order. */
function assetLog(side: AssetSide, fds: MinutePath[], i: number): number {
  let x = side.logRef;
  const at = side.at;
  const loadings = side.loadings;
  for (let n = 0; n < at.length; n++) x += loadings[n]! * fds[at[n]!]!.values[i]!;
  return x;
}

/** The knots of one factor over minute i of its day; `base` is the hash of (factor, minute). */
function factorKnotsInto(fd: MinutePath, i: number, base: number, out: Float64Array): void {
  bridgeKnots(fd.values[i]!, fd.values[i + 1]!, Math.sqrt(fd.variances[i]!), base, out);
}

/**
 * Knots 0..KNOTS of a Brownian bridge from `from` to `to` with standard deviation `sd` over the minute, each
 * step drawn given the previous knot and the end; two normal draws per hash of (`base`, pair index).
 */
function bridgeKnots(from: number, to: number, sd: number, base: number, out: Float64Array): void {
  let x = from;
  let h = 0;
  out[0] = from;
  for (let j = 1; j < KNOTS; j++) {
    let z: number;
    if ((j & 1) === 1) {
      h = stream(base, j);
      z = normalHalf(h, false);
    } else z = normalHalf(h, true);
    x += (to - x) * KNOT_STEP[j]! + sd * KNOT_SD[j]! * z;
    out[j] = x;
  }
  out[KNOTS] = to;
}
