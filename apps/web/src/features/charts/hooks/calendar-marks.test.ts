import type { EconomicEvent } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { type CalendarMark, eventsInScope, layoutBadges, marksOnBars } from './calendar-marks';

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
      { time: start + 3 * hour, label: 'JPY', title: 'JPY BoJ Rate Decision' },
      { time: start + 13 * hour, label: 'USD 2', title: 'USD Non-Farm Payrolls\nUSD Jobless Claims' },
    ]);
    // after the last bar's end, and before the first bar: not marked
    expect(marksOnBars([nfp], bars.slice(0, 13), hour)).toEqual([]);
    expect(marksOnBars([boj], bars.slice(4), hour)).toEqual([]);
  });

  const mark = (time: number, label: string, title: string): CalendarMark => ({ time, label, title });
  const width = (label: string) => label.length * 7 + 8; // as the canvas would measure it

  it('draws badges only for marks within the pane, never pinned to an edge', () => {
    const badges = layoutBadges(
      [
        { mark: mark(1, 'USD', 'USD CPI'), x: -40 }, // scrolled out to the left
        { mark: mark(2, 'EUR', 'EUR ECB Rate Decision'), x: 300 },
        { mark: mark(3, 'JPY', 'JPY BoJ Rate Decision'), x: 1200 }, // beyond the right edge
        { mark: mark(4, 'GBP', 'GBP BoE'), x: null }, // not on the time scale
      ],
      800,
      width,
    );
    expect(badges.map((b) => [b.x, b.label])).toEqual([[300, 'EUR']]);
  });

  it('merges badges closer than their width, so none overlap, and keeps every event for the tooltip', () => {
    const badges = layoutBadges(
      [
        { mark: mark(1, 'USD', 'USD Non-Farm Payrolls'), x: 100 },
        { mark: mark(2, 'USD 2', 'USD CPI\nUSD Jobless Claims'), x: 110 },
        { mark: mark(3, 'EUR', 'EUR ECB Rate Decision'), x: 118 },
        { mark: mark(4, 'JPY', 'JPY BoJ Rate Decision'), x: 400 },
      ],
      800,
      width,
    );
    expect(badges.map((b) => b.label)).toEqual(['EUR/USD 4', 'JPY']);
    expect(badges[0]!.title).toBe('USD Non-Farm Payrolls\nUSD CPI\nUSD Jobless Claims\nEUR ECB Rate Decision');
    for (let i = 1; i < badges.length; i++) {
      const a = badges[i - 1]!;
      const b = badges[i]!;
      expect(b.x - b.width / 2).toBeGreaterThanOrEqual(a.x + a.width / 2);
    }
  });
});
