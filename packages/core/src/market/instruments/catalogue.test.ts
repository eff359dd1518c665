import { describe, expect, it } from 'vitest';
import { isValidTimeZone } from '../time-zones.js';
import { pointOf } from './build.js';
import {
  commissionPerSide,
  findInstrument,
  getInstrument,
  INSTRUMENTS,
  instrumentSessionStatus,
  listCountries,
  listExchanges,
  listSources,
} from './catalogue.js';
import { COMMISSION_CLASSES, COUNTRIES, EXCHANGES, isValueAssetCode } from './reference-data.js';
import { SESSION_TEMPLATES } from './sessions.js';
import { INSTRUMENT_CATEGORIES } from './types.js';

const count = (f: (i: (typeof INSTRUMENTS)[number]) => boolean) => INSTRUMENTS.filter(f).length;
const isMultipleOf = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;

describe('instrument catalogue', () => {
  it('lists at least 150 instruments over every source and category', () => {
    expect(INSTRUMENTS.length).toBeGreaterThanOrEqual(150);
    expect(count((i) => i.source === 'FOREX' && i.category === 'majors')).toBe(7);
    expect(count((i) => i.source === 'FOREX' && i.category === 'minors')).toBeGreaterThanOrEqual(20);
    expect(count((i) => i.source === 'FOREX' && i.category === 'exotics')).toBeGreaterThanOrEqual(15);
    expect(count((i) => i.category === 'metals')).toBeGreaterThanOrEqual(5);
    expect(count((i) => i.category === 'energies')).toBeGreaterThanOrEqual(3);
    expect(count((i) => i.source === 'INDICES')).toBeGreaterThanOrEqual(12);
    expect(count((i) => i.source === 'STOCKS' && i.category === 'us')).toBeGreaterThanOrEqual(40);
    expect(count((i) => i.source === 'STOCKS' && i.category === 'europe')).toBeGreaterThanOrEqual(30);
    expect(count((i) => i.source === 'CRYPTO')).toBeGreaterThanOrEqual(20);
    for (const i of INSTRUMENTS) expect(INSTRUMENT_CATEGORIES[i.source] as readonly string[]).toContain(i.category);
  });

  it('has unique ids equal to tickers, found case-insensitively', () => {
    expect(new Set(INSTRUMENTS.map((i) => i.id)).size).toBe(INSTRUMENTS.length);
    for (const i of INSTRUMENTS) expect(i.id).toBe(i.ticker);
    expect(findInstrument('eurusd')?.id).toBe('EURUSD');
    expect(findInstrument('NOPE')).toBeUndefined();
    expect(() => getInstrument('NOPE')).toThrow('Unknown instrument "NOPE".');
  });

  it('gives every instrument a consistent contract specification', () => {
    const exchanges = new Set(EXCHANGES.map((e) => e.id));
    const countries = new Set(COUNTRIES.map((c) => c.code));
    for (const i of INSTRUMENTS) {
      const where = `${i.id}`;
      expect(Number.isInteger(i.digits) && i.digits >= 0 && i.digits <= 6, where).toBe(true);
      expect(i.pointSize, where).toBe(pointOf(i.digits));
      expect(i.pipSize >= i.pointSize && isMultipleOf(i.pipSize, i.pointSize), where).toBe(true);
      expect(i.contractSize > 0, where).toBe(true);
      expect(i.volumeMin > 0 && i.volumeMin <= i.volumeMax, where).toBe(true);
      expect(isMultipleOf(i.volumeMin, i.volumeStep) && isMultipleOf(i.volumeMax, i.volumeStep), where).toBe(true);
      expect(i.marginRate > 0 && i.marginRate <= 1, where).toBe(true);
      expect(i.leverage * i.marginRate, where).toBeCloseTo(1, 12);
      expect(
        isValueAssetCode(i.quoteCurrency) && isValueAssetCode(i.profitCurrency) && isValueAssetCode(i.marginCurrency),
        where,
      ).toBe(true);
      expect(exchanges.has(i.exchange), where).toBe(true);
      expect(i.country === null || countries.has(i.country), where).toBe(true);
      expect(i.session in SESSION_TEMPLATES, where).toBe(true);
      expect(isValidTimeZone(i.tradingHours.timeZone), where).toBe(true);
      expect(Number.isInteger(i.typicalSpread) && i.typicalSpread >= 1, where).toBe(true);
      expect(i.referencePrice > 0 && isMultipleOf(i.referencePrice, i.pointSize), where).toBe(true);
      // the spread is a small fraction of the price, as at a retail broker (under 0.5%)
      expect((i.typicalSpread * i.pointSize) / i.referencePrice < 0.005, where).toBe(true);
      expect(
        COMMISSION_CLASSES.some((c) => c.id === i.commissionClass),
        where,
      ).toBe(true);
      expect(Number.isFinite(i.swapLong) && Number.isFinite(i.swapShort), where).toBe(true);
      expect(i.source === 'STOCKS' ? Boolean(i.sector && i.industry) : i.sector === null, where).toBe(true);
    }
  });

  it('uses retail broker conventions for well-known instruments', () => {
    const eurusd = getInstrument('EURUSD');
    expect(eurusd).toMatchObject({
      digits: 5,
      pipSize: 0.0001,
      contractSize: 100_000,
      leverage: 30,
      baseCurrency: 'EUR',
      quoteCurrency: 'USD',
    });
    expect(eurusd.typicalSpread).toBeLessThanOrEqual(12);
    expect(getInstrument('USDJPY')).toMatchObject({ digits: 3, pipSize: 0.01, profitCurrency: 'JPY' });
    expect(getInstrument('XAUUSD')).toMatchObject({
      digits: 2,
      contractSize: 100,
      contractUnit: 'troy oz',
      leverage: 20,
    });
    expect(getInstrument('AAPL')).toMatchObject({
      exchange: 'NASDAQ',
      country: 'US',
      sector: 'Information Technology',
      leverage: 5,
      session: 'us-equities',
    });
    expect(getInstrument('SAP.DE')).toMatchObject({ exchange: 'XETRA', quoteCurrency: 'EUR', session: 'xetra' });
    expect(getInstrument('HSBA.L').quoteCurrency).toBe('GBX');
    expect(getInstrument('BTCUSD')).toMatchObject({ session: 'crypto', leverage: 2, country: null });
    // carry: long USDJPY earns the rate difference, long EURUSD pays it
    expect(getInstrument('USDJPY').swapLong).toBeGreaterThan(0);
    expect(getInstrument('EURUSD').swapLong).toBeLessThan(0);
    expect(getInstrument('USDTRY').swapLong).toBeLessThan(getInstrument('USDTRY').swapShort);
  });

  it('lists sources, exchanges and countries that have instruments', () => {
    expect(listSources().map((s) => s.id)).toEqual(['FOREX', 'COMMODITIES', 'INDICES', 'STOCKS', 'CRYPTO']);
    expect(listSources().reduce((n, s) => n + s.instrumentCount, 0)).toBe(INSTRUMENTS.length);
    const exchanges = listExchanges();
    expect(exchanges.map((e) => e.id)).toEqual(
      expect.arrayContaining(['NASDAQ', 'NYSE', 'XETRA', 'OTC', 'CRYPTO', 'LSE']),
    );
    expect(exchanges.every((e) => e.instrumentCount > 0)).toBe(true);
    const names = exchanges.map((e) => e.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(listCountries().find((c) => c.code === 'US')?.instrumentCount).toBeGreaterThan(40);
  });

  it('tells whether an instrument trades at an instant', () => {
    const saturday = Date.UTC(2024, 2, 9, 12);
    expect(instrumentSessionStatus('EURUSD', saturday)).toEqual({
      open: false,
      nextOpenMs: Date.UTC(2024, 2, 10, 21, 5),
      nextCloseMs: Date.UTC(2024, 2, 11, 21),
    });
    expect(instrumentSessionStatus('BTCUSD', saturday).open).toBe(true);
    expect(instrumentSessionStatus('SAP.DE', Date.UTC(2024, 2, 11, 12)).nextCloseMs).toBe(
      Date.UTC(2024, 2, 11, 16, 30),
    );
    expect(() => instrumentSessionStatus('NOPE', saturday)).toThrow('Unknown instrument "NOPE".');
  });

  it('charges commission per side by class', () => {
    const rows: [string, number, number, number, string][] = [
      // instrument, lots, price, expected amount, currency
      ['EURUSD', 2, 1.1, 6, 'USD'], // 3 USD per lot
      ['AAPL', 10, 200, 1, 'USD'], // 10 shares * 0.02 = 0.20, minimum 1
      ['AAPL', 500, 200, 10, 'USD'], // 500 shares * 0.02
      ['SAP.DE', 100, 250, 25, 'EUR'], // 0.1% of 25,000
      ['SAP.DE', 1, 250, 5, 'EUR'], // minimum 5
      ['HSBA.L', 10, 800, 500, 'GBX'], // 0.1% of 8,000 GBX is 8, minimum 500 GBX
      ['BTCUSD', 1, 90_000, 45, 'USD'], // 0.05%
      ['US500', 1, 5800, 0, 'USD'],
    ];
    for (const [id, lots, price, amount, currency] of rows) {
      const c = commissionPerSide(getInstrument(id), lots, price);
      expect(c.amount, id).toBeCloseTo(amount, 10);
      expect(c.currency, id).toBe(currency);
    }
    expect(() => commissionPerSide(getInstrument('EURUSD'), 0, 1.1)).toThrow('lots must be a positive number.');
  });
});
