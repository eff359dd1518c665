/**
 * Sample data for the kit gallery: realistic-looking, generated, and labelled as samples wherever it shows.
 * Deterministic (a seeded generator), so every visit and every screenshot shows the same rows.
 */

export type SampleInstrument = { symbol: string; digits: number; price: number; lotUnits: number; currency: string };

export const sampleInstruments: readonly SampleInstrument[] = [
  { symbol: 'EURUSD', digits: 5, price: 1.08345, lotUnits: 100_000, currency: 'USD' },
  { symbol: 'GBPUSD', digits: 5, price: 1.26712, lotUnits: 100_000, currency: 'USD' },
  { symbol: 'USDJPY', digits: 3, price: 151.234, lotUnits: 100_000, currency: 'JPY' },
  { symbol: 'XAUUSD', digits: 2, price: 2338.45, lotUnits: 100, currency: 'USD' },
  { symbol: 'BTCUSD', digits: 2, price: 67123.45, lotUnits: 1, currency: 'USD' },
  { symbol: 'US500', digits: 1, price: 5234.6, lotUnits: 10, currency: 'USD' },
  { symbol: 'AAPL', digits: 2, price: 189.72, lotUnits: 100, currency: 'USD' },
];

export type SamplePosition = {
  id: string;
  symbol: string;
  digits: number;
  side: 'Buy' | 'Sell';
  volume: number;
  openPrice: number;
  currentPrice: number;
  pnl: number;
  openedAt: string;
  comment: string;
};

/** A small linear congruential generator: the same sequence for the same seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const comments = ['', '', 'Breakout, London open', 'Scale-in', 'News: CPI, "tight" stop', 'Hedge'];

export function samplePositions(count: number, seed = 7): SamplePosition[] {
  const random = generator(seed);
  const start = Date.parse('2026-03-02T14:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const instrument = sampleInstruments[Math.floor(random() * sampleInstruments.length)]!;
    const side = random() < 0.5 ? 'Buy' : 'Sell';
    const volume = Math.max(0.01, Math.round(random() * 300) / 100);
    const move = (random() - 0.5) * 0.01 * instrument.price;
    const round = (v: number) => Math.round(v * 10 ** instrument.digits) / 10 ** instrument.digits;
    const openPrice = round(instrument.price - move);
    const currentPrice = round(instrument.price);
    const direction = side === 'Buy' ? 1 : -1;
    const rawPnl = (currentPrice - openPrice) * direction * volume * instrument.lotUnits;
    // Profit in USD; yen-quoted pairs convert at the sample rate.
    const pnl = Math.round((instrument.currency === 'JPY' ? rawPnl / instrument.price : rawPnl) * 100) / 100;
    return {
      id: `P-${String(100_001 + i)}`,
      symbol: instrument.symbol,
      digits: instrument.digits,
      side,
      volume,
      openPrice,
      currentPrice,
      pnl,
      openedAt: new Date(start - Math.floor(random() * 30 * 24 * 3600) * 1000).toISOString(),
      comment: comments[Math.floor(random() * comments.length)]!,
    };
  });
}

export type SampleEvent = {
  id: string;
  time: string;
  country: string;
  title: string;
  impact: 'Low' | 'Medium' | 'High';
};

export const sampleCalendar: readonly SampleEvent[] = [
  { id: 'e1', time: '2026-03-02T13:30:00Z', country: 'US', title: 'ISM Manufacturing PMI', impact: 'High' },
  { id: 'e2', time: '2026-03-03T10:00:00Z', country: 'EU', title: 'CPI Flash Estimate y/y', impact: 'High' },
  { id: 'e3', time: '2026-03-04T00:30:00Z', country: 'AU', title: 'GDP q/q', impact: 'Medium' },
  { id: 'e4', time: '2026-03-05T23:50:00Z', country: 'JP', title: 'Current Account', impact: 'Low' },
];
