import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from './catalogue.js';
import { recommendSymbols } from './recommendations.js';
import { marketGroups, searchInstruments } from './search.js';

const ids = (q: Parameters<typeof searchInstruments>[0]) => searchInstruments(q).items.map((i) => i.id);

describe('symbol search', () => {
  it('puts the exact ticker first, then prefixes, then name matches', () => {
    expect(ids({ search: 'EURUSD' })[0]).toBe('EURUSD');
    expect(ids({ search: 'eur/usd' })[0]).toBe('EURUSD');
    const eur = ids({ search: 'eur', limit: 10 });
    expect(eur[0]).toBe('EURUSD'); // catalogue order among equal prefix matches
    expect(eur.every((id) => id.startsWith('EUR'))).toBe(true);
    expect(ids({ search: 'apple' })).toEqual(['AAPL']);
    expect(ids({ search: 'bitcoin' })).toEqual(expect.arrayContaining(['BTCUSD', 'BTCEUR', 'BTCGBP']));
    expect(ids({ search: 'gold euro' })).toEqual(['XAUEUR']);
    expect(ids({ search: 'no such thing' })).toEqual([]);
  });

  it('combines filters with AND and values within a filter with OR', () => {
    const us = searchInstruments({ countries: ['us'], sources: ['STOCKS'], limit: 500 });
    expect(us.total).toBe(INSTRUMENTS.filter((i) => i.country === 'US' && i.source === 'STOCKS').length);
    expect(us.items.every((i) => i.country === 'US' && i.source === 'STOCKS')).toBe(true);
    const two = ids({ exchanges: ['XETRA', 'SIX'], limit: 500 });
    expect(two.every((id) => id.endsWith('.DE') || id.endsWith('.SW'))).toBe(true);
    expect(ids({ symbols: ['FOREX:EURUSD', 'AAPL'] })).toEqual(['EURUSD', 'AAPL']);
    expect(ids({ tickers: ['BTCUSD', 'ETHUSD'] })).toEqual(['BTCUSD', 'ETHUSD']);
    expect(ids({ sources: ['CRYPTO'], search: 'eth', limit: 3 })[0]).toBe('ETHUSD');
    expect(ids({ categories: ['majors'] })).toEqual([
      'EURUSD',
      'GBPUSD',
      'USDJPY',
      'USDCHF',
      'AUDUSD',
      'USDCAD',
      'NZDUSD',
    ]);
    expect(ids({ countries: ['ZZ'] })).toEqual([]);
  });

  it('pages through results', () => {
    const first = searchInstruments({ sources: ['FOREX'], page: 1, limit: 20 });
    const second = searchInstruments({ sources: ['FOREX'], page: 2, limit: 20 });
    expect(first.items).toHaveLength(20);
    expect(second.items[0]).toEqual(searchInstruments({ sources: ['FOREX'], limit: 500 }).items[20]);
    expect(first.pages).toBe(Math.ceil(first.total / 20));
    expect(searchInstruments({ page: 99, limit: 50 }).items).toEqual([]);
    expect(() => searchInstruments({ page: 0 })).toThrow('page must be a whole number of at least 1.');
    expect(() => searchInstruments({ limit: 501 })).toThrow('limit must be a whole number from 1 to 500.');
  });

  it('groups every instrument once into the markets tab', () => {
    const groups = marketGroups();
    expect(groups.map((g) => g.id)).toContain('forex-majors');
    expect(groups.find((g) => g.id === 'commodities-metals')?.label).toBe('Commodities: Metals');
    const all = groups.flatMap((g) => g.instrumentIds);
    expect(all.length).toBe(INSTRUMENTS.length);
    expect(new Set(all).size).toBe(INSTRUMENTS.length);
  });
});

describe('symbol recommendations', () => {
  it('recommends pairs with the same base currency first, then correlated ones', () => {
    const recs = recommendSymbols('EURUSD', 12);
    expect(recs[0]?.reason).toBe('same_base_currency');
    const sameBase = recs.filter((r) => r.reason === 'same_base_currency').map((r) => r.instrument.id);
    expect(sameBase).toEqual(expect.arrayContaining(['EURGBP', 'EURJPY', 'EURCHF']));
    expect(sameBase.every((id) => id.startsWith('EUR'))).toBe(true);
    const correlated = recommendSymbols('EURUSD', 40).filter((r) => r.reason === 'correlated');
    expect(correlated.map((r) => r.instrument.id)).toContain('GBPUSD');
    expect(correlated.find((r) => r.instrument.id === 'USDCHF')?.correlation).toBeLessThan(-0.5);
    expect(correlated.every((r) => Math.abs(r.correlation) >= 0.5)).toBe(true);
  });

  it('recommends shares of the same sector and their index', () => {
    const recs = recommendSymbols('AAPL', 20);
    const sector = recs.filter((r) => r.reason === 'same_sector').map((r) => r.instrument);
    expect(sector.length).toBeGreaterThan(3);
    expect(sector.every((i) => i.sector === 'Information Technology')).toBe(true);
    expect(recs.find((r) => r.instrument.id === 'US100')?.reason).toBe('correlated');
    expect(new Set(recs.map((r) => r.instrument.id)).size).toBe(recs.length);
    expect(recs.some((r) => r.instrument.id === 'AAPL')).toBe(false);
  });

  it('rejects unknown symbols and bad limits', () => {
    expect(() => recommendSymbols('NOPE')).toThrow('Unknown instrument "NOPE".');
    expect(() => recommendSymbols('EURUSD', 0)).toThrow('limit must be a whole number from 1 to 100.');
  });
});
