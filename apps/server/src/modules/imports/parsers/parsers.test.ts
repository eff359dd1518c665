import { readFileSync } from 'node:fs';
import { TRADE_IMPORT_MAX_ROWS } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { catalogueSymbol, decodeReport, detectFormat, parseReport, parseTime, UnreadableReportError } from './index.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const UTC = { zone: 'UTC', maxRows: TRADE_IMPORT_MAX_ROWS };
const at = (iso: string) => Date.parse(iso);

describe('MetaTrader 5 Trade History Report (HTML, UTF-16LE with BOM)', () => {
  const report = parseReport(fixture('mt5-report.htm'), 'auto', UTC);

  it('is told from its content', () => {
    expect(report.format).toBe('mt5_html');
  });

  it('reads every position with exact money, mapping broker suffixes to the catalogue', () => {
    const trades = report.records.filter((r) => r.kind === 'trade');
    expect(trades).toEqual([
      {
        kind: 'trade',
        line: 15,
        ticket: '5001',
        symbol: 'EURUSD',
        known: true,
        side: 'buy',
        volume: 0.1,
        openTime: at('2024-03-04T10:15:30Z'),
        openPrice: 1.0845,
        closeTime: at('2024-03-04T14:20:10Z'),
        closePrice: 1.0871,
        stopLoss: 1.082,
        takeProfit: 1.089,
        profit: '26.00',
        commission: '-0.70',
        swap: '0.00',
      },
      expect.objectContaining({ ticket: '5002', symbol: 'GBPUSD', side: 'sell', volume: 0.2, stopLoss: null }),
      expect.objectContaining({ ticket: '5003', symbol: 'XAUUSD', openPrice: 2140.5, closePrice: 2150.1 }),
      expect.objectContaining({ ticket: '5004', symbol: 'FOOBAR.X', known: false, profit: '12.34' }),
    ]);
    expect(trades[1]).toMatchObject({ profit: '-50.00', commission: '-1.40', swap: '-0.35' });
    expect(trades[2]).toMatchObject({ profit: '48.00', commission: '-0.50', swap: '-1.25' });
  });

  it('reads the balance rows of the Deals table and skips trade deals', () => {
    expect(report.records.filter((r) => r.kind === 'balance')).toEqual([
      {
        kind: 'balance',
        line: 25,
        ticket: '9001',
        time: at('2024-03-01T08:00:00Z'),
        amount: '10000.00',
        comment: 'Deposit',
      },
      {
        kind: 'balance',
        line: 27,
        ticket: '9010',
        time: at('2024-03-08T09:00:00Z'),
        amount: '-500.00',
        comment: 'Withdrawal',
      },
    ]);
  });

  it('reports the malformed line and the unknown symbol by line', () => {
    expect(report.problems).toEqual([
      {
        line: 18,
        severity: 'warning',
        message: expect.stringContaining('symbol FOOBAR.x is not in the instrument catalogue'),
      },
      { line: 19, severity: 'error', message: 'volume "abc" is not a positive number.' },
    ]);
  });

  it('reads the same report written in UTF-8', () => {
    const utf8 = Buffer.from(decodeReport(fixture('mt5-report.htm')), 'utf8');
    const again = parseReport(utf8, 'mt5_html', UTC);
    expect(again.records).toEqual(report.records);
  });

  it('reads times in the zone the report was written in', () => {
    const athens = parseReport(fixture('mt5-report.htm'), 'auto', { ...UTC, zone: 'Europe/Athens' });
    const first = athens.records.find((r) => r.kind === 'trade');
    expect(first?.kind === 'trade' && first.openTime).toBe(at('2024-03-04T08:15:30Z'));
  });
});

describe('MetaTrader 4 Statement (HTML)', () => {
  const report = parseReport(fixture('mt4-statement.htm'), 'auto', UTC);

  it('reads closed transactions, adding taxes to the commission', () => {
    expect(report.format).toBe('mt4_html');
    const trades = report.records.filter((r) => r.kind === 'trade');
    expect(trades.map((t) => [t.ticket, t.symbol, t.side, t.volume, t.profit, t.commission, t.swap])).toEqual([
      ['700101', 'EURUSD', 'buy', 0.5, '147.60', '-3.50', '0.00'],
      ['700102', 'USDJPY', 'sell', 1, '-215.84', '-7.50', '-4.20'],
      ['700105', 'US500', 'buy', 0.1, '28.05', '0.00', '-1.15'],
    ]);
    expect(trades[1]).toMatchObject({ openPrice: 150.25, closePrice: 150.6, stopLoss: 150.8, takeProfit: null });
  });

  it('reads balance and credit rows with their comment', () => {
    expect(report.records.filter((r) => r.kind === 'balance')).toEqual([
      {
        kind: 'balance',
        line: 11,
        ticket: '700100',
        time: at('2024-03-01T08:00:00Z'),
        amount: '5000.00',
        comment: 'Deposit',
      },
      {
        kind: 'balance',
        line: 17,
        ticket: '700106',
        time: at('2024-03-13T08:00:00Z'),
        amount: '-100.00',
        comment: 'Bonus correction',
      },
    ]);
  });

  it('skips cancelled pending orders with a warning and reports a bad date as an error of its line', () => {
    expect(report.problems).toEqual([
      {
        line: 14,
        severity: 'warning',
        message: 'Ticket 700103 is a buy limit order that never filled; it is not a trade and was skipped.',
      },
      {
        line: 15,
        severity: 'error',
        message: expect.stringMatching(/^close time "2024\/13\/08 16:00:00" is not a date and time/),
      },
    ]);
  });
});

describe('CSV', () => {
  it('reads a MetaTrader 5 history export (tab separated, Time and Price written twice)', () => {
    const report = parseReport(fixture('mt5-history.csv'), 'auto', UTC);
    expect(report.format).toBe('mt5_csv');
    expect(report.records).toEqual([
      {
        kind: 'balance',
        line: 2,
        ticket: null,
        time: at('2024-04-01T08:00:00Z'),
        amount: '2500.00',
        comment: 'balance',
      },
      expect.objectContaining({
        line: 3,
        ticket: '8101',
        symbol: 'EURJPY',
        side: 'sell',
        volume: 0.3,
        profit: '39.67',
        commission: '-2.10',
      }),
      expect.objectContaining({
        line: 4,
        ticket: '8102',
        symbol: 'AUDUSD',
        closeTime: at('2024-04-04T09:00:00Z'),
        swap: '-0.62',
      }),
    ]);
    expect(report.problems).toEqual([
      { line: 5, severity: 'error', message: expect.stringMatching(/^close time "not a time"/) },
    ]);
  });

  it('reads a generic CSV by common header names, ISO and short times', () => {
    const report = parseReport(fixture('generic.csv'), 'auto', UTC);
    expect(report.format).toBe('csv');
    expect(report.records).toEqual([
      expect.objectContaining({
        line: 2,
        ticket: null,
        symbol: 'EURUSD',
        side: 'buy',
        volume: 1,
        stopLoss: 1.068,
        profit: '250.00',
        commission: '-7.00',
        swap: '0',
      }),
      expect.objectContaining({
        line: 3,
        symbol: 'BTCUSD',
        side: 'sell',
        openTime: at('2024-05-03T14:00:00Z'),
        openPrice: 63000.5,
      }),
      expect.objectContaining({ line: 4, ticket: 'T-3', symbol: 'SOMETHINGX', known: false, profit: '-50.00' }),
    ]);
    expect(report.problems).toEqual([
      {
        line: 4,
        severity: 'warning',
        message: expect.stringContaining('symbol SOMETHINGX is not in the instrument catalogue'),
      },
      { line: 5, severity: 'error', message: 'type "flat" is not a trade: it must be buy or sell.' },
    ]);
  });

  it('refuses a CSV without the needed columns, naming them', () => {
    const bad = Buffer.from('symbol,volume,profit\nEURUSD,1,10\n');
    expect(() => parseReport(bad, 'csv', UTC)).toThrow(
      /no column for type, open time, open price, close time, close price/,
    );
  });

  it('refuses a file with more rows than one import takes', () => {
    const line = 'EURUSD,buy,1,2024-05-02 09:00,1.07,2024-05-02 10:00,1.08,10\n';
    const big = Buffer.from(`symbol,type,volume,open time,open price,close time,close price,profit\n${line.repeat(6)}`);
    expect(() => parseReport(big, 'auto', { zone: 'UTC', maxRows: 5 })).toThrow(
      'The file has 6 lines of trades, more than the 5 one import takes; split it by date and import the parts.',
    );
  });
});

describe('whole-file problems and helpers', () => {
  it('refuses HTML that is no MetaTrader report, and binary data', () => {
    expect(() => detectFormat('<html><body><table><tr><td>x</td></tr></table></body></html>')).toThrow(
      UnreadableReportError,
    );
    expect(() => parseReport(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 1, 2, 3, 0, 0, 0, 9]), 'auto', UTC)).toThrow(
      'The file is not text: it holds binary data, not an HTML or CSV report.',
    );
    expect(() => parseReport(fixture('mt4-statement.htm'), 'mt5_html', UTC)).toThrow(
      /not a MetaTrader 5 Trade History Report/,
    );
    expect(() => parseReport(Buffer.from(''), 'auto', UTC)).toThrow('The file is empty.');
  });

  it('maps broker symbols to the catalogue', () => {
    expect(catalogueSymbol('EURUSD.r')).toBe('EURUSD');
    expect(catalogueSymbol('EURUSDm')).toBe('EURUSD');
    expect(catalogueSymbol('gbpusd#')).toBe('GBPUSD');
    expect(catalogueSymbol('EURUSD_ecn')).toBe('EURUSD');
    expect(catalogueSymbol('NOTASYMBOL')).toBeUndefined();
  });

  it('parses MetaTrader and ISO times and refuses impossible dates', () => {
    expect(parseTime('t', '2024.02.29 23:59:59', 'UTC')).toBe(at('2024-02-29T23:59:59Z'));
    expect(parseTime('t', '2024-03-04T10:00:00+02:00', 'UTC')).toBe(at('2024-03-04T08:00:00Z'));
    expect(() => parseTime('open time', '2023.02.29 10:00', 'UTC')).toThrow(
      /open time "2023.02.29 10:00" is not a date/,
    );
  });
});
