import { findInstrument, INSTRUMENTS } from '../instruments/catalogue.js';
import { COUNTRIES, isValueAssetCode } from '../instruments/reference-data.js';
import { type FactorSpec, MARKET_MODEL } from './model.js';
import { hash3, normal } from './random.js';

/**
 * Scheduled market events (economic releases, later the calendar): an event at a minute gives the factors it
 * concerns a jump at that minute and a burst of extra volatility that fades over the next hour and a half,
 * then the effect is gone. It depends only on (factor, minute, impact), so the same registered events give the
 * same prices in every process, in any registration order, and prices before an event never change.
 */

export const EVENT_IMPACTS = ['low', 'medium', 'high'] as const;
export type EventImpact = (typeof EVENT_IMPACTS)[number];

export interface MarketEventInput {
  /** Caller's id; registering the same id again replaces the event. */
  id: string;
  /** Unix seconds; the event happens in the minute that contains it. */
  time: number;
  impact: EventImpact;
  /** Currency, metal or coin codes (e.g. USD, EUR, XAU). */
  currencies?: readonly string[];
  /** ISO country codes (EU for the euro area): the country's currency and its stock indices. */
  countries?: readonly string[];
  /** Instrument ids: a pair moves through its base currency, other instruments alone. */
  instruments?: readonly string[];
}

export interface MarketEvent {
  id: string;
  time: number;
  minute: number;
  impact: EventImpact;
  currencies: readonly string[];
  countries: readonly string[];
  instruments: readonly string[];
  /** Factors of the market model the event moves. */
  factors: readonly string[];
}

/** Minutes an event's effect lasts after its own minute. */
export const EVENT_WINDOW_MINUTES = 90;
const NOISE_DECAY_MINUTES = 12;
/** Jump and per-minute noise of an event, in standard deviations of the factor's move over that day. */
const JUMP_SCALE: Record<EventImpact, number> = { low: 0.12, medium: 0.3, high: 0.6 };
const NOISE_SCALE: Record<EventImpact, number> = { low: 0.06, medium: 0.14, high: 0.3 };
export const IMPACT_RANK: Record<EventImpact, number> = { low: 1, medium: 2, high: 3 };
const TAG_EVENT = 0x6a09e667;

function currencyFactor(code: string): string {
  if (code === 'GBX') return 'own:GBP';
  return code === 'USD' ? 'USD' : `own:${code}`;
}

/** Validates an event and resolves the factors it moves; throws a RangeError naming the bad field. */
export function resolveEvent(input: MarketEventInput, minTimeSec: number, maxTimeSec: number): MarketEvent {
  if (typeof input.id !== 'string' || input.id.length === 0 || input.id.length > 200) {
    throw new RangeError('Event id must be a non-empty string of at most 200 characters.');
  }
  if (!Number.isFinite(input.time) || input.time < minTimeSec || input.time >= maxTimeSec) {
    throw new RangeError(`Event ${input.id}: time must be unix seconds between ${minTimeSec} and ${maxTimeSec}.`);
  }
  if (!EVENT_IMPACTS.includes(input.impact)) {
    throw new RangeError(`Event ${input.id}: impact must be one of ${EVENT_IMPACTS.join(', ')}.`);
  }
  const currencies = [...(input.currencies ?? [])].map((c) => c.toUpperCase());
  const countries = [...(input.countries ?? [])].map((c) => c.toUpperCase());
  const instruments = [...(input.instruments ?? [])];
  if (currencies.length + countries.length + instruments.length === 0) {
    throw new RangeError(`Event ${input.id}: name at least one currency, country or instrument it concerns.`);
  }
  const factors = new Set<string>();
  for (const c of currencies) {
    if (!isValueAssetCode(c)) throw new RangeError(`Event ${input.id}: currencies contains unknown code "${c}".`);
    factors.add(currencyFactor(c));
  }
  for (const code of countries) {
    const country = COUNTRIES.find((x) => x.code === code);
    if (!country) throw new RangeError(`Event ${input.id}: countries contains unknown country "${code}".`);
    factors.add(currencyFactor(country.currency));
    for (const i of INSTRUMENTS) if (i.source === 'INDICES' && i.country === code) factors.add(`own:${i.id}`);
  }
  const resolvedIds: string[] = [];
  for (const id of instruments) {
    const i = findInstrument(id);
    if (!i) throw new RangeError(`Event ${input.id}: instruments contains unknown instrument "${id}".`);
    resolvedIds.push(i.id);
    const entry = MARKET_MODEL.instruments.get(i.id)!;
    factors.add(entry.quote ? currencyFactor(entry.base.id) : `own:${i.id}`);
  }
  for (const f of factors) {
    if (!MARKET_MODEL.factorIndex.has(f))
      throw new RangeError(`Event ${input.id}: nothing in the market moves with ${f}.`);
  }
  return {
    id: input.id,
    time: input.time,
    minute: Math.floor(input.time / 60),
    impact: input.impact,
    currencies,
    countries,
    instruments: resolvedIds,
    factors: [...factors].sort(),
  };
}

/** What one event does to one factor: path offsets at the boundaries after its minute and extra minute variance. */
export interface EventEffect {
  minute: number;
  impact: EventImpact;
  /** offset[k] is added at the boundary minute + 1 + k (k = 0 ... window; the last is 0). */
  offsets: Float64Array;
  /** extra[k] is added to the variance of minute + k. */
  extraVariance: Float64Array;
}

/** Largest surprise (in typical surprises) that still grows an event's jump. */
const SURPRISE_CAP = 2.5;
/** Weights of the surprise and of a random draw in the jump of an event with a known surprise. */
const SURPRISE_WEIGHT = 0.8;
const SURPRISE_NOISE = 0.35;

/**
 * The effect of an event of `impact` on `factor` at `minute`, sized by `daySd`, the standard deviation over
 * that day of what the factor moves (so an event stands out in calm and stormy periods alike); deterministic.
 * With a `surprise` (typical surprises, > 0 good for what the factor stands for) the jump follows its sign and
 * size with a little noise; without one the jump's sign is a random draw.
 */
export function eventEffect(
  factor: FactorSpec,
  minute: number,
  impact: EventImpact,
  daySd: number,
  surprise?: number,
): EventEffect {
  const W = EVENT_WINDOW_MINUTES;
  const dailySd = Math.max(daySd, (0.5 * factor.vol) / Math.sqrt(252));
  const seed = factor.seed ^ TAG_EVENT;
  const draw = normal(hash3(seed, minute, 0));
  const z =
    surprise === undefined
      ? draw
      : SURPRISE_WEIGHT * Math.max(-SURPRISE_CAP, Math.min(SURPRISE_CAP, surprise)) + SURPRISE_NOISE * draw;
  const jump = z * JUMP_SCALE[impact] * dailySd;
  const a = NOISE_SCALE[impact] * dailySd;
  const walk = new Float64Array(W + 1);
  for (let k = 1; k <= W; k++)
    walk[k] = walk[k - 1]! + a * Math.exp(-k / NOISE_DECAY_MINUTES) * normal(hash3(seed, minute, k));
  const offsets = new Float64Array(W + 1);
  for (let k = 0; k <= W; k++) {
    const left = 1 - k / W;
    offsets[k] = jump * left * left + walk[k]! - (k / W) * walk[W]!;
  }
  offsets[W] = 0;
  const extraVariance = new Float64Array(W);
  extraVariance[0] = (jump * jump) / 2 + a * a;
  for (let k = 1; k < W; k++) extraVariance[k] = (a * Math.exp(-k / NOISE_DECAY_MINUTES)) ** 2;
  return { minute, impact, offsets, extraVariance };
}

/** Keeps, per factor and minute, the strongest impact among events; order of registration does not matter. */
export function strongestByFactorMinute(events: Iterable<MarketEvent>): Map<string, Map<number, EventImpact>> {
  const out = new Map<string, Map<number, EventImpact>>();
  for (const e of events) {
    for (const f of e.factors) {
      let perMinute = out.get(f);
      if (!perMinute) {
        perMinute = new Map();
        out.set(f, perMinute);
      }
      const prev = perMinute.get(e.minute);
      if (!prev || IMPACT_RANK[e.impact] > IMPACT_RANK[prev]) perMinute.set(e.minute, e.impact);
    }
  }
  return out;
}

/** Spread multiplier of an event of this impact at `distance` minutes from it (1 when far). */
export function eventSpreadFactor(impact: EventImpact, distance: number): number {
  const peak = impact === 'high' ? 4 : impact === 'medium' ? 2.5 : 1.5;
  if (distance <= 1) return peak;
  if (distance <= 3) return 1 + (peak - 1) / 2;
  return 1;
}
