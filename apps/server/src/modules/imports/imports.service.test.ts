import { describe, expect, it } from 'vitest';
import { recordKey, reportMinor } from './imports.service.js';
import type { CheckedTrade } from './parsers/index.js';

describe('reportMinor', () => {
  it('books a report amount in minor units of the account currency, half away from zero', () => {
    expect(reportMinor('26.00', 'USD')).toBe(2600);
    expect(reportMinor('12.344', 'USD')).toBe(1234);
    expect(reportMinor('12.345', 'USD')).toBe(1235);
    expect(reportMinor('-0.005', 'USD')).toBe(-1);
    expect(reportMinor('-0.004', 'USD')).toBe(0);
    expect(reportMinor('1234.5', 'JPY')).toBe(1235);
    expect(reportMinor('10000', 'EUR')).toBe(1_000_000);
  });
});

describe('recordKey', () => {
  const trade: CheckedTrade = {
    kind: 'trade',
    line: 2,
    ticket: null,
    symbol: 'EURUSD',
    known: true,
    side: 'buy',
    volume: 1,
    openTime: Date.parse('2024-05-02T09:00:00Z'),
    openPrice: 1.07,
    closeTime: Date.parse('2024-05-02T11:30:00Z'),
    closePrice: 1.0725,
    stopLoss: null,
    takeProfit: null,
    profit: '250.00',
    commission: '-7.00',
    swap: '0',
  };

  it('is the ticket when there is one', () => {
    expect(recordKey({ ...trade, ticket: '5001' })).toBe('t:5001');
    expect(recordKey({ kind: 'balance', line: 1, ticket: '9', time: 0, amount: '1', comment: '' })).toBe('b:9');
  });

  it('without a ticket, tells trades apart by what they are, not by their line or money', () => {
    const key = recordKey(trade);
    expect(key).toMatch(/^h:[0-9a-f]{64}$/);
    expect(recordKey({ ...trade, line: 40, profit: '1.00' })).toBe(key);
    expect(recordKey({ ...trade, volume: 2 })).not.toBe(key);
    expect(recordKey({ ...trade, side: 'sell' })).not.toBe(key);
    expect(recordKey({ ...trade, closeTime: trade.closeTime + 1000 })).not.toBe(key);
  });
});
