import { carrySwapPoints, cfdSwapPercent, derived, roundToDigits, spreadPoints } from './build.js';
import { valueAsset } from './reference-data.js';
import type { SessionTemplateId } from './sessions.js';
import type { InstrumentDefinition } from './types.js';

/** [ticker, digits, contract size (troy oz), leverage, spread in basis points, max lots] */
const METAL_PAIRS: readonly (readonly [string, number, number, number, number, number])[] = [
  ['XAUUSD', 2, 100, 20, 1, 50],
  ['XAGUSD', 3, 5000, 10, 8, 50],
  ['XPTUSD', 2, 100, 10, 25, 20],
  ['XPDUSD', 2, 100, 10, 40, 20],
  ['XAUEUR', 2, 100, 20, 1.6, 50],
  ['XAUGBP', 2, 100, 20, 1.8, 50],
  ['XAUAUD', 2, 100, 20, 2, 50],
  ['XAUCHF', 2, 100, 20, 2, 50],
  ['XAGEUR', 3, 5000, 10, 10, 50],
];

function metalPair([ticker, digits, contract, leverage, bp, max]: (typeof METAL_PAIRS)[number]): InstrumentDefinition {
  const metal = valueAsset(ticker.slice(0, 3));
  const quote = valueAsset(ticker.slice(3));
  const price = metal.usd / quote.usd;
  return {
    instrument: {
      id: ticker,
      ticker,
      name: `${metal.name} / ${quote.code}`,
      description: `${metal.name} spot in ${quote.name}, per troy ounce`,
      source: 'COMMODITIES',
      category: 'metals',
      exchange: 'OTC',
      country: null,
      ...derived(digits, 10, leverage, 'cme-globex'),
      contractSize: contract,
      contractUnit: 'troy oz',
      volumeMin: 0.01,
      volumeStep: 0.01,
      volumeMax: max,
      baseCurrency: metal.code,
      quoteCurrency: quote.code,
      profitCurrency: quote.code,
      marginCurrency: quote.code,
      typicalSpread: spreadPoints(price, bp, digits),
      swapType: 'points',
      ...carrySwapPoints(price, metal.rate, quote.rate, 1, digits),
      commissionClass: 'metals',
      sector: null,
      industry: null,
      referencePrice: roundToDigits(price, digits),
    },
    model: { kind: 'pair', base: metal.code, quote: quote.code },
  };
}

interface SingleCommodity {
  ticker: string;
  name: string;
  description: string;
  category: 'metals' | 'energies';
  exchange: string;
  country: string;
  session: SessionTemplateId;
  price: number;
  digits: number;
  contractSize: number;
  contractUnit: string;
  spreadBp: number;
  vol: number;
  exposures: readonly (readonly [string, number])[];
  profile: string;
}

const SINGLES: readonly SingleCommodity[] = [
  {
    ticker: 'COPPER',
    name: 'Copper',
    description: 'High-grade copper, COMEX futures based, per pound',
    category: 'metals',
    exchange: 'COMEX',
    country: 'US',
    session: 'cme-globex',
    price: 4.3,
    digits: 4,
    contractSize: 25_000,
    contractUnit: 'lb',
    spreadBp: 6,
    vol: 0.16,
    exposures: [
      ['GLOBAL_EQUITY', 0.35],
      ['METALS', 0.35],
    ],
    profile: 'metals',
  },
  {
    ticker: 'USOIL',
    name: 'WTI Crude Oil',
    description: 'West Texas Intermediate crude oil, NYMEX futures based, per barrel',
    category: 'energies',
    exchange: 'NYMEX',
    country: 'US',
    session: 'cme-globex',
    price: 75,
    digits: 2,
    contractSize: 1000,
    contractUnit: 'barrels',
    spreadBp: 5,
    vol: 0.08,
    exposures: [
      ['OIL', 1],
      ['GLOBAL_EQUITY', 0.2],
    ],
    profile: 'energy',
  },
  {
    ticker: 'UKOIL',
    name: 'Brent Crude Oil',
    description: 'Brent crude oil, ICE futures based, per barrel',
    category: 'energies',
    exchange: 'ICE-EU',
    country: 'GB',
    session: 'ice-brent',
    price: 78,
    digits: 2,
    contractSize: 1000,
    contractUnit: 'barrels',
    spreadBp: 5,
    vol: 0.07,
    exposures: [
      ['OIL', 1],
      ['GLOBAL_EQUITY', 0.2],
    ],
    profile: 'brent',
  },
  {
    ticker: 'NATGAS',
    name: 'Natural Gas',
    description: 'Henry Hub natural gas, NYMEX futures based, per MMBtu',
    category: 'energies',
    exchange: 'NYMEX',
    country: 'US',
    session: 'cme-globex',
    price: 3,
    digits: 3,
    contractSize: 10_000,
    contractUnit: 'MMBtu',
    spreadBp: 20,
    vol: 0.5,
    exposures: [['OIL', 0.2]],
    profile: 'energy',
  },
];

function single(c: SingleCommodity): InstrumentDefinition {
  return {
    instrument: {
      id: c.ticker,
      ticker: c.ticker,
      name: c.name,
      description: c.description,
      source: 'COMMODITIES',
      category: c.category,
      exchange: c.exchange,
      country: c.country,
      ...derived(c.digits, c.digits >= 3 ? 10 : 1, 10, c.session),
      contractSize: c.contractSize,
      contractUnit: c.contractUnit,
      volumeMin: 0.01,
      volumeStep: 0.01,
      volumeMax: 100,
      baseCurrency: c.ticker,
      quoteCurrency: 'USD',
      profitCurrency: 'USD',
      marginCurrency: 'USD',
      typicalSpread: spreadPoints(c.price, c.spreadBp, c.digits),
      swapType: 'annual_percent',
      ...cfdSwapPercent(valueAsset('USD').rate, 3),
      commissionClass: 'none',
      sector: null,
      industry: null,
      referencePrice: c.price,
    },
    model: { kind: 'single', vol: c.vol, exposures: c.exposures, profile: c.profile },
  };
}

export const COMMODITIES: readonly InstrumentDefinition[] = [...METAL_PAIRS.map(metalPair), ...SINGLES.map(single)];
