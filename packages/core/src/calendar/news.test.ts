import { describe, expect, it } from 'vitest';
import { newsFromEarnings, newsFromEconomicEvent } from './news.js';
import type { SimEarningsEvent, SimEconomicEvent } from './types.js';

const base: SimEconomicEvent = {
  id: 'US_NFP-2026-11-06',
  code: 'US_NFP',
  title: 'Non-Farm Payrolls',
  country: 'US',
  currency: 'USD',
  impact: 'high',
  timeMs: Date.UTC(2026, 10, 6, 13, 30),
  period: 'Oct 2026',
  unit: 'K',
  decimals: 0,
  forecast: 180,
  prior: 142,
  actual: 254,
  surprise: 1.14,
  instruments: ['EURUSD', 'USDJPY'],
};

describe('news written from economic releases', () => {
  it.each([
    [
      'a beat',
      base,
      'US Non-Farm Payrolls 254K vs 180K expected, beat; prior 142K',
      ['74K above the 180K forecast', '1.1 times a typical one, is positive for the USD', 'EURUSD, USDJPY'],
    ],
    [
      'a miss',
      { ...base, actual: 113, surprise: -1.03 },
      'US Non-Farm Payrolls 113K vs 180K expected, miss; prior 142K',
      ['67K below', 'negative for the USD'],
    ],
    [
      'in line',
      { ...base, actual: 180, surprise: 0 },
      'US Non-Farm Payrolls 180K vs 180K expected, in line; prior 142K',
      ['in line with the 180K forecast', 'no surprise'],
    ],
    [
      'a higher unemployment rate (bad for the currency)',
      {
        ...base,
        id: 'US_UNEMPLOYMENT-2026-11-06',
        code: 'US_UNEMPLOYMENT',
        title: 'Unemployment Rate',
        unit: '%',
        decimals: 1,
        forecast: 4.1,
        prior: 4.1,
        actual: 4.3,
        surprise: -2,
      },
      'US Unemployment Rate 4.3% vs 4.1% expected, above forecast; prior 4.1%',
      ['0.2 percentage points above the 4.1% forecast', 'negative for the USD'],
    ],
    [
      'a rate cut as expected',
      {
        ...base,
        id: 'US_FOMC-2026-11-04',
        code: 'US_FOMC',
        title: 'FOMC Rate Decision (upper bound)',
        unit: '%',
        decimals: 2,
        forecast: 3.75,
        prior: 4,
        actual: 3.75,
        surprise: 0,
      },
      'FOMC cuts rate to 3.75%, as expected',
      ['3.75% after 4.00%', 'as the consensus expected'],
    ],
    [
      'a surprise hike',
      {
        ...base,
        id: 'EU_ECB-2026-12-17',
        code: 'EU_ECB',
        title: 'ECB Deposit Facility Rate Decision',
        country: 'EU',
        currency: 'EUR',
        unit: '%',
        decimals: 2,
        forecast: 2,
        prior: 2,
        actual: 2.25,
        surprise: 1,
      },
      'ECB raises rate to 2.25%, vs 2.00% expected',
      ['positive for the EUR'],
    ],
  ])('%s', (_, event, headline, phrases) => {
    const n = newsFromEconomicEvent(event as SimEconomicEvent);
    expect(n.headline).toBe(headline);
    for (const p of phrases) expect(n.summary).toContain(p);
    expect(n).toMatchObject({
      id: `news-${event.id}`,
      eventId: event.id,
      timeMs: event.timeMs,
      currencies: [event.currency],
    });
  });
});

const earnings: SimEarningsEvent = {
  id: 'ER-AAPL-2026Q3',
  instrumentId: 'AAPL',
  company: 'Apple Inc.',
  exchange: 'NASDAQ',
  country: 'US',
  industry: 'Technology Hardware, Storage & Peripherals',
  timeMs: Date.UTC(2026, 9, 29, 20, 5),
  reactionMs: Date.UTC(2026, 9, 30, 13, 30),
  session: 'after_close',
  fiscalPeriod: 'Q3 2026',
  currency: 'USD',
  epsEstimate: 1.6,
  epsActual: 1.68,
  revenueEstimate: 94_000_000_000,
  revenueActual: 92_120_000_000,
  sharesOutstanding: 15_000_000_000,
  surprise: 0.1,
};

describe('news written from earnings', () => {
  it.each([
    [
      'an EPS beat with a revenue miss',
      earnings,
      'Apple Inc. Q3 2026 EPS $1.68 vs $1.60 expected, beat by 5.0%; revenue $92.12B vs $94.00B, miss by 2.0%',
      ['after the close', 'a beat that lifts the shares'],
    ],
    [
      'a miss in pounds',
      {
        ...earnings,
        company: 'Shell plc',
        instrumentId: 'SHEL.L',
        exchange: 'LSE',
        currency: 'GBP',
        epsActual: 1.5,
        revenueActual: 94_000_000_000,
        revenueEstimate: 94_000_000_000,
        surprise: -0.4,
      },
      'Shell plc Q3 2026 EPS £1.50 vs £1.60 expected, miss by 6.3%; revenue £94.00B vs £94.00B, in line',
      ['a miss that weighs on the shares'],
    ],
    [
      'francs and millions',
      { ...earnings, currency: 'CHF', revenueEstimate: 800_000_000, revenueActual: 812_000_000 },
      'Apple Inc. Q3 2026 EPS 1.68 CHF vs 1.60 CHF expected, beat by 5.0%; revenue 812M CHF vs 800M CHF, beat by 1.5%',
      [],
    ],
  ])('%s', (_, e, headline, phrases) => {
    const n = newsFromEarnings(e);
    expect(n.headline).toBe(headline);
    for (const p of phrases) expect(n.summary).toContain(p);
    expect(n.instruments).toEqual([e.instrumentId]);
  });
});
