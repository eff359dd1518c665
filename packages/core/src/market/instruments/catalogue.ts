import { COMMODITIES } from './commodities.js';
import { CRYPTO } from './crypto.js';
import { FOREX } from './forex.js';
import { INDICES } from './indices.js';
import {
  COMMISSION_CLASSES,
  COUNTRIES,
  type CommissionClass,
  type Country,
  EXCHANGES,
  type Exchange,
} from './reference-data.js';
import { SESSION_TEMPLATES, type SessionStatus, sessionStatus } from './sessions.js';
import { STOCKS } from './stocks.js';
import { INSTRUMENT_SOURCES, type Instrument, type InstrumentDefinition, type InstrumentSource } from './types.js';

/** Every instrument with its simulator model, in catalogue order (by source, then as listed). */
export const CATALOGUE: readonly InstrumentDefinition[] = [...FOREX, ...COMMODITIES, ...INDICES, ...STOCKS, ...CRYPTO];

/** All instruments in catalogue order: forex, commodities, indices, stocks, crypto. */
export const INSTRUMENTS: readonly Instrument[] = Object.freeze(CATALOGUE.map((d) => Object.freeze(d.instrument)));

const byId = new Map<string, Instrument>();
for (const i of INSTRUMENTS) {
  if (byId.has(i.id)) throw new Error(`Duplicate instrument id ${i.id}.`);
  byId.set(i.id, i);
}
const orderOf = new Map(INSTRUMENTS.map((i, n) => [i.id, n]));

/** The instrument with this id (ticker, case-insensitive), or undefined. */
export function findInstrument(id: string): Instrument | undefined {
  return byId.get(id) ?? byId.get(id.toUpperCase());
}

/** The instrument with this id; throws a RangeError naming the id when there is none. */
export function getInstrument(id: string): Instrument {
  const i = findInstrument(id);
  if (!i) throw new RangeError(`Unknown instrument "${id}".`);
  return i;
}

/** Open or closed at unix ms `ms` for an instrument, with its next open and next close (unix ms). */
export function instrumentSessionStatus(id: string, ms: number): SessionStatus {
  if (!Number.isFinite(ms)) throw new RangeError('ms must be a finite number of milliseconds since the epoch.');
  return sessionStatus(SESSION_TEMPLATES[getInstrument(id).session], ms);
}

/** Position of an instrument in the catalogue (for stable ordering). */
export function catalogueOrder(id: string): number {
  return orderOf.get(id) ?? Number.MAX_SAFE_INTEGER;
}

/** Sources that have instruments, in catalogue order, with their instrument counts. */
export function listSources(): { id: InstrumentSource; instrumentCount: number }[] {
  return INSTRUMENT_SOURCES.map((id) => ({ id, instrumentCount: INSTRUMENTS.filter((i) => i.source === id).length }));
}

/** Exchanges that list at least one instrument, by name, with their instrument counts. */
export function listExchanges(): (Exchange & { instrumentCount: number })[] {
  return EXCHANGES.map((e) => ({ ...e, instrumentCount: INSTRUMENTS.filter((i) => i.exchange === e.id).length }))
    .filter((e) => e.instrumentCount > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Countries that have at least one instrument, by name, with their instrument counts. */
export function listCountries(): (Country & { instrumentCount: number })[] {
  return COUNTRIES.map((c) => ({ ...c, instrumentCount: INSTRUMENTS.filter((i) => i.country === c.code).length }))
    .filter((c) => c.instrumentCount > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** The commission class with this id. */
export function commissionClass(id: string): CommissionClass {
  const c = COMMISSION_CLASSES.find((x) => x.id === id);
  if (!c) throw new RangeError(`Unknown commission class "${id}".`);
  return c;
}

/**
 * Commission of one side of a trade (open or close) of `lots` at `price`: the amount and its currency
 * (the instrument's quote currency when the class names none).
 */
export function commissionPerSide(
  instrument: Instrument,
  lots: number,
  price: number,
): { amount: number; currency: string } {
  if (!(lots > 0)) throw new RangeError('lots must be a positive number.');
  if (!(price > 0)) throw new RangeError('price must be a positive number.');
  const c = commissionClass(instrument.commissionClass);
  const currency = c.currency ?? instrument.quoteCurrency;
  const units = lots * instrument.contractSize;
  let amount = 0;
  if (c.kind === 'per_lot') amount = lots * c.rate;
  else if (c.kind === 'per_unit') amount = units * c.rate;
  else if (c.kind === 'percent') amount = (units * price * c.rate) / 100;
  return { amount: c.kind === 'none' ? 0 : Math.max(amount, c.minimum), currency };
}
