import { CATALOGUE } from '../instruments/catalogue.js';
import { COINS, CURRENCIES, METALS } from '../instruments/reference-data.js';
import type { Instrument } from '../instruments/types.js';
import { seedOf } from './random.js';

/**
 * The factor model of the simulated market. Every price is built from a few factor paths: the dollar, FX blocs,
 * global and regional equities, sectors, metals, oil, crypto, and one own factor per asset. A currency's (or
 * metal's or coin's) value in USD is one "value asset"; a pair is the ratio of two of them, so crosses agree with
 * their legs. Other instruments (indices, shares, energies) are priced assets in their quote currency.
 */

export interface FactorSpec {
  id: string;
  index: number;
  seed: number;
  /** Annual volatility of the factor's log path. */
  vol: number;
  /** Activity profile id: when the factor moves during the week. */
  profile: string;
  /** Seed of the volatility regime (day-level cascade) the factor shares with its asset class. */
  regimeSeed: number;
}

export interface AssetSpec {
  id: string;
  seed: number;
  /** Log of the reference price (USD value for value assets, quote price for priced assets). */
  logRef: number;
  /** Loadings on factors, own factor included (factor index, beta); empty for USD. */
  loadings: readonly (readonly [number, number])[];
  profile: string;
}

const SHARED: readonly (readonly [string, number, string])[] = [
  ['USD', 0.05, 'fx'],
  ['EUROPE_FX', 0.03, 'fx'],
  ['COMMODITY_FX', 0.045, 'fx'],
  ['ASIA_FX', 0.03, 'fx'],
  ['EM_FX', 0.06, 'fx'],
  ['GLOBAL_EQUITY', 0.13, 'global-equity'],
  ['US_EQUITY', 0.05, 'us-index'],
  ['EU_EQUITY', 0.08, 'eurex-index'],
  ['UK_EQUITY', 0.07, 'ice-uk-index'],
  ['CH_EQUITY', 0.07, 'six-index'],
  ['JP_EQUITY', 0.13, 'tse'],
  ['HK_EQUITY', 0.17, 'hkex'],
  ['AU_EQUITY', 0.08, 'asx'],
  ['METALS', 0.1, 'metals'],
  ['OIL', 0.28, 'energy'],
  ['CRYPTO', 0.4, 'crypto'],
];

const SECTOR_VOL = 0.09;

/** Loadings and own volatility of value assets (USD value of one unit). */
const VALUE_ASSETS: Record<string, { exposures: [string, number][]; vol: number; profile: string }> = {
  EUR: {
    exposures: [
      ['USD', -1],
      ['EUROPE_FX', 1],
    ],
    vol: 0.04,
    profile: 'fx',
  },
  GBP: {
    exposures: [
      ['USD', -0.9],
      ['EUROPE_FX', 0.7],
    ],
    vol: 0.05,
    profile: 'fx',
  },
  CHF: {
    exposures: [
      ['USD', -0.9],
      ['EUROPE_FX', 0.8],
      ['GLOBAL_EQUITY', -0.05],
    ],
    vol: 0.045,
    profile: 'fx',
  },
  JPY: {
    exposures: [
      ['USD', -0.8],
      ['ASIA_FX', 0.6],
      ['GLOBAL_EQUITY', -0.12],
    ],
    vol: 0.06,
    profile: 'fx',
  },
  AUD: {
    exposures: [
      ['USD', -0.9],
      ['COMMODITY_FX', 1],
      ['GLOBAL_EQUITY', 0.15],
    ],
    vol: 0.04,
    profile: 'fx',
  },
  NZD: {
    exposures: [
      ['USD', -0.9],
      ['COMMODITY_FX', 0.9],
      ['GLOBAL_EQUITY', 0.12],
    ],
    vol: 0.05,
    profile: 'fx',
  },
  CAD: {
    exposures: [
      ['USD', -0.6],
      ['COMMODITY_FX', 0.5],
      ['OIL', 0.04],
    ],
    vol: 0.03,
    profile: 'fx',
  },
  SEK: {
    exposures: [
      ['USD', -1],
      ['EUROPE_FX', 1],
    ],
    vol: 0.055,
    profile: 'fx',
  },
  NOK: {
    exposures: [
      ['USD', -0.9],
      ['EUROPE_FX', 0.8],
      ['COMMODITY_FX', 0.3],
      ['OIL', 0.05],
    ],
    vol: 0.055,
    profile: 'fx',
  },
  // pegged to the euro: the krone carries the euro's own moves
  DKK: {
    exposures: [
      ['USD', -1],
      ['EUROPE_FX', 1],
      ['own:EUR', 1],
    ],
    vol: 0.003,
    profile: 'fx',
  },
  PLN: {
    exposures: [
      ['USD', -1],
      ['EUROPE_FX', 1],
      ['own:EUR', 0.8],
      ['EM_FX', 0.4],
    ],
    vol: 0.04,
    profile: 'fx',
  },
  HUF: {
    exposures: [
      ['USD', -1],
      ['EUROPE_FX', 1],
      ['own:EUR', 0.8],
      ['EM_FX', 0.5],
    ],
    vol: 0.06,
    profile: 'fx',
  },
  CZK: {
    exposures: [
      ['USD', -1],
      ['EUROPE_FX', 1],
      ['own:EUR', 0.9],
      ['EM_FX', 0.3],
    ],
    vol: 0.03,
    profile: 'fx',
  },
  TRY: {
    exposures: [
      ['USD', -0.5],
      ['EM_FX', 0.6],
    ],
    vol: 0.1,
    profile: 'fx',
  },
  ZAR: {
    exposures: [
      ['USD', -0.8],
      ['EM_FX', 1],
      ['COMMODITY_FX', 0.5],
      ['GLOBAL_EQUITY', 0.2],
    ],
    vol: 0.09,
    profile: 'fx',
  },
  MXN: {
    exposures: [
      ['USD', -0.7],
      ['EM_FX', 0.9],
      ['GLOBAL_EQUITY', 0.15],
    ],
    vol: 0.08,
    profile: 'fx',
  },
  SGD: {
    exposures: [
      ['USD', -0.6],
      ['ASIA_FX', 0.6],
    ],
    vol: 0.02,
    profile: 'fx',
  },
  // pegged to the US dollar
  HKD: { exposures: [], vol: 0.003, profile: 'fx' },
  CNH: {
    exposures: [
      ['USD', -0.3],
      ['ASIA_FX', 0.5],
    ],
    vol: 0.02,
    profile: 'fx',
  },
  XAU: {
    exposures: [
      ['USD', -0.6],
      ['METALS', 1],
    ],
    vol: 0.08,
    profile: 'metals',
  },
  XAG: {
    exposures: [
      ['USD', -0.6],
      ['METALS', 1.4],
    ],
    vol: 0.18,
    profile: 'metals',
  },
  XPT: {
    exposures: [
      ['USD', -0.4],
      ['METALS', 0.8],
      ['GLOBAL_EQUITY', 0.2],
    ],
    vol: 0.18,
    profile: 'metals',
  },
  XPD: {
    exposures: [
      ['USD', -0.3],
      ['METALS', 0.6],
      ['GLOBAL_EQUITY', 0.2],
    ],
    vol: 0.25,
    profile: 'metals',
  },
  BTC: {
    exposures: [
      ['CRYPTO', 1],
      ['GLOBAL_EQUITY', 0.3],
    ],
    vol: 0.22,
    profile: 'crypto',
  },
  ETH: {
    exposures: [
      ['CRYPTO', 1.15],
      ['GLOBAL_EQUITY', 0.35],
    ],
    vol: 0.32,
    profile: 'crypto',
  },
};
const ALTCOIN = {
  exposures: [
    ['CRYPTO', 1.25],
    ['GLOBAL_EQUITY', 0.4],
  ] as [string, number][],
  vol: 0.55,
  profile: 'crypto',
};

/** Volatility regimes are shared within an asset class: calm and stormy periods come to all its instruments at once. */
function regimeOf(profile: string): string {
  if (profile === 'fx') return 'fx';
  if (profile === 'crypto') return 'crypto';
  if (profile === 'metals' || profile === 'energy' || profile === 'brent') return 'commodities';
  return 'equities';
}

export interface MarketModel {
  factors: readonly FactorSpec[];
  factorIndex: ReadonlyMap<string, number>;
  assets: ReadonlyMap<string, AssetSpec>;
  /** Instrument id -> its assets: a pair (base over quote) or a single priced asset. */
  instruments: ReadonlyMap<
    string,
    { instrument: Instrument; base: AssetSpec; quote: AssetSpec | null; profile: string }
  >;
}

function build(): MarketModel {
  const factors: FactorSpec[] = [];
  const factorIndex = new Map<string, number>();
  const addFactor = (id: string, vol: number, profile: string) => {
    const existing = factorIndex.get(id);
    if (existing !== undefined) return existing;
    const index = factors.length;
    factors.push({
      id,
      index,
      seed: seedOf(`factor:${id}`),
      vol,
      profile,
      regimeSeed: seedOf(`regime:${regimeOf(profile)}`),
    });
    factorIndex.set(id, index);
    return index;
  };
  for (const [id, vol, profile] of SHARED) addFactor(id, vol, profile);

  // raw exposures (may reference own:X and index:X) of every asset, resolved below
  const raw = new Map<
    string,
    { exposures: readonly (readonly [string, number])[]; vol: number; profile: string; logRef: number }
  >();
  for (const a of [...CURRENCIES, ...METALS, ...COINS]) {
    if (a.code === 'USD') continue;
    const spec = VALUE_ASSETS[a.code] ?? (COINS.includes(a) ? ALTCOIN : undefined);
    if (!spec) throw new Error(`No simulation model for ${a.code}.`);
    raw.set(a.code, { ...spec, logRef: Math.log(a.usd) });
  }
  for (const { instrument, model } of CATALOGUE) {
    if (model.kind !== 'single') continue;
    raw.set(instrument.id, {
      exposures: model.exposures,
      vol: model.vol,
      profile: model.profile,
      logRef: Math.log(instrument.referencePrice),
    });
  }

  const resolved = new Map<string, Map<number, number>>();
  const resolve = (id: string, depth: number): Map<number, number> => {
    const done = resolved.get(id);
    if (done) return done;
    if (depth > 4) throw new Error(`Exposure cycle at ${id}.`);
    const r = raw.get(id);
    if (!r) throw new Error(`Unknown asset ${id} in the market model.`);
    const out = new Map<number, number>();
    const add = (f: number, beta: number) => out.set(f, (out.get(f) ?? 0) + beta);
    add(addFactor(`own:${id}`, r.vol, r.profile), 1);
    for (const [name, beta] of r.exposures) {
      if (name.startsWith('index:')) {
        for (const [f, b] of resolve(name.slice(6), depth + 1)) add(f, b * beta);
      } else if (name.startsWith('own:')) {
        const target = raw.get(name.slice(4));
        if (!target) throw new Error(`Unknown asset in ${name}.`);
        add(addFactor(name, target.vol, target.profile), beta);
      } else if (name.startsWith('SECTOR:')) {
        add(addFactor(name, SECTOR_VOL, 'global-equity'), beta);
      } else {
        const f = factorIndex.get(name);
        if (f === undefined) throw new Error(`Unknown factor ${name}.`);
        add(f, beta);
      }
    }
    resolved.set(id, out);
    return out;
  };

  const assets = new Map<string, AssetSpec>();
  assets.set('USD', { id: 'USD', seed: seedOf('asset:USD'), logRef: 0, loadings: [], profile: 'fx' });
  for (const [id, r] of raw) {
    assets.set(id, {
      id,
      seed: seedOf(`asset:${id}`),
      logRef: r.logRef,
      loadings: [...resolve(id, 0)],
      profile: r.profile,
    });
  }

  const instruments = new Map<
    string,
    { instrument: Instrument; base: AssetSpec; quote: AssetSpec | null; profile: string }
  >();
  for (const { instrument, model } of CATALOGUE) {
    if (model.kind === 'pair') {
      const base = assets.get(model.base)!;
      const quote = assets.get(model.quote)!;
      instruments.set(instrument.id, {
        instrument,
        base,
        quote,
        profile: base.id === 'USD' ? quote.profile : base.profile,
      });
    } else {
      instruments.set(instrument.id, {
        instrument,
        base: assets.get(instrument.id)!,
        quote: null,
        profile: model.profile,
      });
    }
  }
  return { factors, factorIndex, assets, instruments };
}

/** The one market model (built from the catalogue; immutable). */
export const MARKET_MODEL: MarketModel = build();

/** Loadings of an instrument's log price on the factors (base minus quote for pairs), as factor index -> beta. */
export function instrumentLoadings(instrumentId: string): Map<number, number> {
  const entry = MARKET_MODEL.instruments.get(instrumentId);
  if (!entry) throw new RangeError(`Unknown instrument "${instrumentId}".`);
  const out = new Map<number, number>();
  for (const [f, b] of entry.base.loadings) out.set(f, (out.get(f) ?? 0) + b);
  if (entry.quote) for (const [f, b] of entry.quote.loadings) out.set(f, (out.get(f) ?? 0) - b);
  return out;
}

/** Model correlation of two instruments' log returns (from the factor loadings and factor volatilities), -1 to 1. */
export function modelCorrelation(a: string, b: string): number {
  const la = instrumentLoadings(a);
  const lb = instrumentLoadings(b);
  const f = MARKET_MODEL.factors;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (const [i, x] of la) {
    const v = f[i]!.vol ** 2;
    va += x * x * v;
    const y = lb.get(i);
    if (y !== undefined) cov += x * y * v;
  }
  for (const [i, y] of lb) vb += y * y * f[i]!.vol ** 2;
  if (va === 0 || vb === 0) return 0;
  return cov / Math.sqrt(va * vb);
}

/** Model annual volatility of an instrument's log price (fraction, e.g. 0.07 for 7%). */
export function modelVolatility(instrumentId: string): number {
  let v = 0;
  for (const [i, x] of instrumentLoadings(instrumentId)) v += x * x * MARKET_MODEL.factors[i]!.vol ** 2;
  return Math.sqrt(v);
}
