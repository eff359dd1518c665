import {
  getInstrument,
  lotsForRisk,
  marginRequired,
  pipValue,
  type QuoteBook,
  resolveStop,
  volumeIssue,
} from '@tradedesk/core';
import { describe, expect, it } from 'vitest';
import { defaultTicketValues, orderRequestOf, readNumber, ticketPreview } from './ticket-model';

const eurusd = getInstrument('EURUSD');
const usdjpy = getInstrument('USDJPY');
const quotes: QuoteBook = new Map([
  ['EURUSD', { bid: 1.1, ask: 1.1002, open: true }],
  ['USDJPY', { bid: 150, ask: 150.02, open: true }],
]);
const account = { equity: 10_000, currency: 'USD', leverage: 100, freeMargin: 10_000 };
// A Wednesday, markets open.
const NOW = Date.UTC(2026, 0, 14, 12);

describe('ticket defaults (spec sections 2 and 9)', () => {
  it('opens on a limit order of 1 lot, risk 0.1 %', () => {
    const v = defaultTicketValues();
    expect(v).toMatchObject({ type: 'limit', lots: '1', riskPercent: '0.1', sizeMode: 'lots' });
  });
});

describe('ticketPreview', () => {
  it('shows the figures core computes for a market buy with SL and TP in pips', () => {
    const values = {
      ...defaultTicketValues('buy', 'market'),
      lots: '0.5',
      stopLoss: { value: '20', lock: 'pips' as const },
      takeProfit: { value: '50', lock: 'pips' as const },
    };
    const p = ticketPreview({ values, instrument: eurusd, quote: quotes.get('EURUSD')!, quotes, account, nowMs: NOW });
    const sl = resolveStop(eurusd, 'buy', 1.1002, 'sl', null, 20, 'pips')!;
    const tp = resolveStop(eurusd, 'buy', 1.1002, 'tp', null, 50, 'pips')!;
    expect(p.issues).toEqual([]);
    expect(p.entry).toBe(1.1002);
    expect(p.stopLoss).toEqual(sl);
    expect(p.takeProfit).toEqual(tp);
    expect(p.pipValue).toBeCloseTo(pipValue(eurusd, 'USD', quotes, 0.5), 10);
    expect(p.moneyAtRisk).toBeCloseTo(20 * pipValue(eurusd, 'USD', quotes, 0.5), 10);
    expect(p.reward).toBeCloseTo(50 * pipValue(eurusd, 'USD', quotes, 0.5), 10);
    expect(p.riskReward).toBeCloseTo(2.5, 10);
    expect(p.margin).toBeCloseTo(marginRequired(eurusd, 'buy', 0.5, 1.1002, 'USD', quotes, 100).amount, 10);
  });

  it('sizes from the risk % with core lotsForRisk, converting a JPY pip to USD', () => {
    const values = {
      ...defaultTicketValues('sell', 'limit'),
      sizeMode: 'risk' as const,
      riskPercent: '1',
      limitPrice: '150.500',
      stopLoss: { value: '151.000', lock: 'price' as const },
    };
    const p = ticketPreview({ values, instrument: usdjpy, quote: quotes.get('USDJPY')!, quotes, account, nowMs: NOW });
    const sized = lotsForRisk({
      instrument: usdjpy,
      equity: 10_000,
      riskPercent: 1,
      stopLossPips: 50,
      accountCurrency: 'USD',
      quotes,
    });
    expect(sized.ok).toBe(true);
    expect(p.stopLoss?.pips).toBe(50);
    expect(p.lots).toBe(sized.ok ? sized.lots : -1);
    expect(p.issues).toEqual([]);
  });

  it('names the field of each problem with core messages', () => {
    const values = { ...defaultTicketValues('buy', 'market'), lots: '0.001' };
    const p = ticketPreview({ values, instrument: eurusd, quote: quotes.get('EURUSD')!, quotes, account, nowMs: NOW });
    expect(p.issues).toContainEqual({ field: 'volume', message: volumeIssue(eurusd, 0.001) });

    const wrongSide = {
      ...defaultTicketValues('buy', 'market'),
      stopLoss: { value: '1.2000', lock: 'price' as const },
    };
    const q = ticketPreview({
      values: wrongSide,
      instrument: eurusd,
      quote: quotes.get('EURUSD')!,
      quotes,
      account,
      nowMs: NOW,
    });
    expect(q.issues.map((i) => i.field)).toEqual(['stopLoss']);
    expect(q.issues[0]?.message).toMatch(/stopLoss/);

    const noLimit = ticketPreview({
      values: defaultTicketValues('buy', 'limit'),
      instrument: eurusd,
      quote: quotes.get('EURUSD')!,
      quotes,
      account,
      nowMs: NOW,
    });
    expect(noLimit.issues).toContainEqual({
      field: 'limitPrice',
      message: 'Limit price is required for a limit order.',
    });
  });

  it('asks for a stop loss before sizing from risk', () => {
    const values = { ...defaultTicketValues('buy', 'market'), sizeMode: 'risk' as const };
    const p = ticketPreview({ values, instrument: eurusd, quote: quotes.get('EURUSD')!, quotes, account, nowMs: NOW });
    expect(p.lots).toBeNull();
    expect(p.issues).toContainEqual({
      field: 'stopLoss',
      message: 'A stop loss is needed to size the order from risk.',
    });
  });
});

describe('orderRequestOf', () => {
  it('sends the lots shown, each stop by its locked figure and the price seen', () => {
    const values = {
      ...defaultTicketValues('buy', 'market'),
      stopLoss: { value: '20', lock: 'pips' as const },
      takeProfit: { value: '1.1100', lock: 'price' as const },
    };
    const p = ticketPreview({ values, instrument: eurusd, quote: quotes.get('EURUSD')!, quotes, account, nowMs: NOW });
    expect(orderRequestOf(values, eurusd, p)).toEqual({
      symbol: 'EURUSD',
      side: 'buy',
      type: 'market',
      size: 1,
      requestedPrice: 1.1002,
      stopLossLock: 'pips',
      stopLossPips: 20,
      takeProfitLock: 'price',
      takeProfit: 1.11,
    });
  });

  it('reads decimals with a comma and refuses text', () => {
    expect(readNumber('1,5')).toBe(1.5);
    expect(readNumber('abc')).toBeNull();
    expect(readNumber(' ')).toBeNull();
  });
});
