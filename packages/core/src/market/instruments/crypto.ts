import { derived, pointOf, roundToDigits, spreadPoints } from './build.js';
import { COINS, valueAsset } from './reference-data.js';
import type { InstrumentDefinition } from './types.js';

/** Typical spread in basis points for a coin quoted in US dollars. */
const SPREAD_BP: Record<string, number> = { BTC: 2.5, ETH: 3, SOL: 8, BNB: 8, XRP: 10, LTC: 10, BCH: 12 };
const DEFAULT_SPREAD_BP = 20;

function digitsFor(price: number): number {
  if (price >= 100) return 2;
  if (price >= 10) return 3;
  if (price >= 1) return 4;
  if (price >= 0.1) return 5;
  return 6;
}

function pair(baseCode: string, quoteCode: string, category: 'coins' | 'crosses'): InstrumentDefinition {
  const base = valueAsset(baseCode);
  const quote = valueAsset(quoteCode);
  const price = base.usd / quote.usd;
  const digits = digitsFor(price);
  const point = pointOf(digits);
  const pip = Math.max(point, 10 ** (Math.floor(Math.log10(price)) - 4));
  // smallest order worth roughly 100 to 1,000 US dollars
  const volumeMin = 10 ** Math.ceil(Math.log10(100 / base.usd));
  const bp = (SPREAD_BP[base.code] ?? DEFAULT_SPREAD_BP) * (category === 'crosses' ? 1.5 : 1);
  const ticker = `${base.code}${quote.code}`;
  return {
    instrument: {
      id: ticker,
      ticker,
      name: `${base.name} / ${quote.code}`,
      description: `${base.name} vs ${quote.name}, spot`,
      source: 'CRYPTO',
      category,
      exchange: 'CRYPTO',
      country: null,
      ...derived(digits, Math.round(pip / point), 2, 'crypto'),
      contractSize: 1,
      contractUnit: base.code,
      volumeMin,
      volumeStep: volumeMin,
      volumeMax: volumeMin * 10_000,
      baseCurrency: base.code,
      quoteCurrency: quote.code,
      profitCurrency: quote.code,
      marginCurrency: quote.code,
      typicalSpread: spreadPoints(price, bp, digits),
      swapType: 'annual_percent',
      swapLong: -20,
      swapShort: -12,
      commissionClass: 'crypto',
      sector: null,
      industry: null,
      referencePrice: roundToDigits(price, digits),
    },
    model: { kind: 'pair', base: base.code, quote: quote.code },
  };
}

export const CRYPTO: readonly InstrumentDefinition[] = [
  ...COINS.map((c) => pair(c.code, 'USD', 'coins')),
  pair('BTC', 'EUR', 'crosses'),
  pair('ETH', 'EUR', 'crosses'),
  pair('BTC', 'GBP', 'crosses'),
  pair('ETH', 'BTC', 'crosses'),
];
