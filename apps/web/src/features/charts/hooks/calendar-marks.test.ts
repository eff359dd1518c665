import type { EconomicEvent } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { eventsInScope, marksOnBars } from './calendar-marks';

const event = (id: string, time: string, currency: string, country: string, title = id): EconomicEvent => ({
  id,
  code: null,
  title,
  country,
  currency,
  impact: 'high',
  time,
  period: null,
  unit: null,
  decimals: 1,
  actual: null,
  forecast: null,
  prior: null,
  surprise: null,
  tone: null,
  released: false,
  source: 'Simulated',
  instruments: [],
});

const nfp = event('nfp', '2026-03-06T13:30:00Z', 'USD', 'US', 'Non-Farm Payrolls');
const ecb = event('ecb', '2026-03-05T13:15:00Z', 'EUR', 'EU', 'ECB Rate Decision');
const boj = event('boj', '2026-03-06T03:00:00Z', 'JPY', 'JP', 'BoJ Rate Decision');
const claims = event('claims', '2026-03-06T13:30:00Z', 'USD', 'US', 'Jobless Claims');

describe('calendar marks on the chart', () => {
  it('keeps the events of the symbol’s currencies or country', () => {
    expect(eventsInScope([nfp, ecb, boj], { currencies: ['EUR', 'USD'], country: null }).map((e) => e.id)).toEqual([
      'nfp',
      'ecb',
    ]);
    // A US share: its country's events.
    expect(eventsInScope([nfp, ecb, boj], { currencies: [], country: 'US' }).map((e) => e.id)).toEqual(['nfp']);
  });

  it('puts each event on the bar it falls in, events of one bar together, none outside the bars', () => {
    const hour = 3600;
    const start = Date.parse('2026-03-06T00:00:00Z') / 1000;
    const bars = Array.from({ length: 14 }, (_, i) => start + i * hour); // 00:00 … 13:00
    const marks = marksOnBars([nfp, claims, boj, ecb], bars, hour);
    expect(marks).toEqual([
      { time: start + 3 * hour, label: 'JPY BoJ Rate Decision', title: 'JP BoJ Rate Decision' },
      { time: start + 13 * hour, label: 'USD 2 events', title: 'US Non-Farm Payrolls · US Jobless Claims' },
    ]);
    expect(marksOnBars([nfp], bars.slice(0, 13), hour)).toEqual([]);
  });
});
