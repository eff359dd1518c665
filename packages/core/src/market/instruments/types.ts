import type { SessionTemplateId, TradingHours } from './sessions.js';

export const INSTRUMENT_SOURCES = ['FOREX', 'COMMODITIES', 'INDICES', 'STOCKS', 'CRYPTO'] as const;
export type InstrumentSource = (typeof INSTRUMENT_SOURCES)[number];

/** Sub-groups of each source, used by the "markets" tab of the symbol search. */
export const INSTRUMENT_CATEGORIES = {
  FOREX: ['majors', 'minors', 'exotics'],
  COMMODITIES: ['metals', 'energies'],
  INDICES: ['americas', 'europe', 'asia-pacific'],
  STOCKS: ['us', 'europe'],
  CRYPTO: ['coins', 'crosses'],
} as const satisfies Record<InstrumentSource, readonly string[]>;
export type InstrumentCategory = (typeof INSTRUMENT_CATEGORIES)[InstrumentSource][number];

export type SwapType = 'points' | 'annual_percent';
export type CommissionClassId = 'none' | 'forex' | 'metals' | 'us_stocks' | 'eu_stocks' | 'uk_stocks' | 'crypto';

/** A tradable instrument with its contract specification, as a retail broker lists it. */
export interface Instrument {
  /** Stable id, equal to the ticker (e.g. EURUSD, AAPL, SAP.DE). */
  id: string;
  ticker: string;
  name: string;
  description: string;
  source: InstrumentSource;
  category: InstrumentCategory;
  /** Exchange id (see `EXCHANGES`). */
  exchange: string;
  /** ISO 3166 alpha-2 code (EU for the euro area), or null when no country applies (spot metals, crypto). */
  country: string | null;
  /** Decimal places of a price; a point is 10^-digits. */
  digits: number;
  pointSize: number;
  pipSize: number;
  /** Units of the underlying in one lot. */
  contractSize: number;
  contractUnit: string;
  /** Order size bounds and increment, in lots. */
  volumeMin: number;
  volumeStep: number;
  volumeMax: number;
  /** Initial margin as a fraction of the notional; leverage is its inverse. */
  marginRate: number;
  leverage: number;
  /** Traded asset: a currency, metal or coin code, or the underlying's ticker for CFDs. */
  baseCurrency: string;
  /** Currency prices are quoted in (GBX is pence sterling). */
  quoteCurrency: string;
  /** Currency profit and loss is booked in before conversion. */
  profitCurrency: string;
  /** Currency the margin is computed in. */
  marginCurrency: string;
  /** Weekly trading schedule (see `SESSION_TEMPLATES`) and its local description. */
  session: SessionTemplateId;
  tradingHours: TradingHours;
  /** Typical spread during the main session, in points. */
  typicalSpread: number;
  /** Overnight financing per lot: in points, or in percent per year of the notional. */
  swapType: SwapType;
  swapLong: number;
  swapShort: number;
  commissionClass: CommissionClassId;
  /** GICS sector and industry for shares, null otherwise. */
  sector: string | null;
  industry: string | null;
  /** Price level the simulated market moves around. */
  referencePrice: number;
}

/** Simulator inputs of an instrument: a ratio of two value assets (FX, metals vs currencies, crypto) or a priced asset. */
export type InstrumentModel =
  | { kind: 'pair'; base: string; quote: string }
  | {
      kind: 'single';
      /** Annual volatility of the instrument's own component (fraction of log price). */
      vol: number;
      /** Loadings on shared factors (factor id, beta). */
      exposures: readonly (readonly [string, number])[];
      /** Activity profile id of the simulator (intraday volatility pattern). */
      profile: string;
    };

export interface InstrumentDefinition {
  instrument: Instrument;
  model: InstrumentModel;
}
