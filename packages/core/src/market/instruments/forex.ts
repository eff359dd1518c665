import { carrySwapPoints, derived, roundToDigits, spreadPoints } from './build.js';
import { valueAsset } from './reference-data.js';
import type { InstrumentCategory, InstrumentDefinition } from './types.js';

type FxCategory = Extract<InstrumentCategory, 'majors' | 'minors' | 'exotics'>;

/** [pair, category, typical spread in basis points of the price] */
const PAIRS: readonly (readonly [string, FxCategory, number])[] = [
  ['EURUSD', 'majors', 0.7],
  ['GBPUSD', 'majors', 1],
  ['USDJPY', 'majors', 0.8],
  ['USDCHF', 'majors', 1.4],
  ['AUDUSD', 'majors', 1.6],
  ['USDCAD', 'majors', 1.3],
  ['NZDUSD', 'majors', 2.5],
  ['EURGBP', 'minors', 1.4],
  ['EURJPY', 'minors', 1.3],
  ['EURCHF', 'minors', 1.8],
  ['EURAUD', 'minors', 1.8],
  ['EURCAD', 'minors', 1.9],
  ['EURNZD', 'minors', 2.8],
  ['GBPJPY', 'minors', 1.6],
  ['GBPCHF', 'minors', 2.4],
  ['GBPAUD', 'minors', 2.4],
  ['GBPCAD', 'minors', 2.6],
  ['GBPNZD', 'minors', 3.2],
  ['AUDJPY', 'minors', 1.8],
  ['AUDNZD', 'minors', 2.5],
  ['AUDCAD', 'minors', 2.4],
  ['AUDCHF', 'minors', 2.8],
  ['NZDJPY', 'minors', 2.6],
  ['NZDCAD', 'minors', 3.2],
  ['NZDCHF', 'minors', 3.4],
  ['CADJPY', 'minors', 2.2],
  ['CADCHF', 'minors', 3],
  ['CHFJPY', 'minors', 2.4],
  ['USDSEK', 'exotics', 3.5],
  ['USDNOK', 'exotics', 3.8],
  ['USDDKK', 'exotics', 2.8],
  ['USDPLN', 'exotics', 6],
  ['USDHUF', 'exotics', 8],
  ['USDCZK', 'exotics', 8],
  ['USDTRY', 'exotics', 40],
  ['USDZAR', 'exotics', 10],
  ['USDMXN', 'exotics', 8],
  ['USDSGD', 'exotics', 2.5],
  ['USDHKD', 'exotics', 1.3],
  ['USDCNH', 'exotics', 4],
  ['EURSEK', 'exotics', 3.5],
  ['EURNOK', 'exotics', 3.8],
  ['EURDKK', 'exotics', 2.5],
  ['EURPLN', 'exotics', 6],
  ['EURHUF', 'exotics', 8],
  ['EURCZK', 'exotics', 8],
  ['EURTRY', 'exotics', 45],
  ['EURZAR', 'exotics', 12],
  ['NOKSEK', 'exotics', 6],
  ['SGDJPY', 'exotics', 4],
  ['ZARJPY', 'exotics', 12],
  ['MXNJPY', 'exotics', 10],
];

const LEVERAGE: Record<FxCategory, number> = { majors: 30, minors: 20, exotics: 20 };

function digitsFor(quote: string): number {
  if (quote === 'JPY' || quote === 'HUF') return 3;
  if (quote === 'CZK') return 4;
  return 5;
}

function pair(ticker: string, category: FxCategory, spreadBp: number): InstrumentDefinition {
  const base = valueAsset(ticker.slice(0, 3));
  const quote = valueAsset(ticker.slice(3));
  const digits = digitsFor(quote.code);
  const price = base.usd / quote.usd;
  const markup = category === 'exotics' ? 1 : 0.5;
  return {
    instrument: {
      id: ticker,
      ticker,
      name: `${base.code}/${quote.code}`,
      description: `${base.name} vs ${quote.name}`,
      source: 'FOREX',
      category,
      exchange: 'OTC',
      country: base.country,
      ...derived(digits, 10, LEVERAGE[category], 'forex'),
      contractSize: 100_000,
      contractUnit: base.code,
      volumeMin: 0.01,
      volumeStep: 0.01,
      volumeMax: category === 'exotics' ? 50 : 100,
      baseCurrency: base.code,
      quoteCurrency: quote.code,
      profitCurrency: quote.code,
      marginCurrency: base.code,
      typicalSpread: spreadPoints(price, spreadBp, digits),
      swapType: 'points',
      ...carrySwapPoints(price, base.rate, quote.rate, markup, digits),
      commissionClass: 'forex',
      sector: null,
      industry: null,
      referencePrice: roundToDigits(price, digits),
    },
    model: { kind: 'pair', base: base.code, quote: quote.code },
  };
}

export const FOREX: readonly InstrumentDefinition[] = PAIRS.map(([t, c, s]) => pair(t, c, s));
