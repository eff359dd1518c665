import { describe, expect, it } from 'vitest';
import { evaluateGraph, GraphInvalidError } from './evaluate.js';
import type { Graph } from './graph.js';
import { barsOf, edge, graphOf, MONDAY, node, withBuy } from './testing.js';

const CTX = { symbol: 'EURUSD', currencies: ['EUR', 'USD'], barSeconds: 3600 };

function buySignals(graph: Graph, bars = barsOf([1]), ctx: object = {}): number[] {
  const ev = evaluateGraph(graph, bars, { ...CTX, ...ctx });
  return [...ev.actions.find((a) => a.nodeId === 'buy')!.signals];
}

const closeVs = (value: number) => [node('p', 'price', { field: 'close' }), node('k', 'constant', { value })];

describe('evaluateGraph: hand-worked signals', () => {
  it('cross above: previous a <= previous b and a > b', () => {
    const g = withBuy(
      [...closeVs(10), node('x', 'cross', { direction: 'above' })],
      [edge('p', 'value', 'x', 'a'), edge('k', 'value', 'x', 'b')],
      'x',
    );
    // 9 -> 10 stays at or below (10 is not above 10); 10 -> 11 crosses; 11 -> 10 no; 10 -> 12 crosses; 12 -> 12 no
    expect(buySignals(g, barsOf([9, 10, 11, 10, 12, 12]))).toEqual([0, 0, 1, 0, 1, 0]);
  });

  it('cross below is the mirror; the first bar never crosses', () => {
    const g = withBuy(
      [...closeVs(10), node('x', 'cross', { direction: 'below' })],
      [edge('p', 'value', 'x', 'a'), edge('k', 'value', 'x', 'b')],
      'x',
    );
    expect(buySignals(g, barsOf([9, 11, 10, 9, 12, 8]))).toEqual([0, 0, 0, 1, 0, 1]);
  });

  it('trend rising over 2 bars: each of the last 2 bars rose', () => {
    const g = withBuy(
      [node('p', 'price', { field: 'close' }), node('t', 'trend', { direction: 'rising', bars: 2 })],
      [edge('p', 'value', 't', 'in')],
      't',
    );
    expect(buySignals(g, barsOf([1, 2, 3, 3, 4, 5, 6]))).toEqual([0, 0, 1, 0, 0, 1, 1]);
  });

  it('trend falling over 1 bar', () => {
    const g = withBuy(
      [node('p', 'price', { field: 'close' }), node('t', 'trend', { direction: 'falling', bars: 1 })],
      [edge('p', 'value', 't', 'in')],
      't',
    );
    expect(buySignals(g, barsOf([5, 4, 4, 3, 6]))).toEqual([0, 1, 0, 1, 0]);
  });

  it('and, or, not of two comparisons', () => {
    const parts = [
      node('p', 'price', { field: 'close' }),
      node('five', 'constant', { value: 5 }),
      node('eight', 'constant', { value: 8 }),
      node('gt', 'compare', { operator: '>' }),
      node('lt', 'compare', { operator: '<' }),
    ];
    const wires = [
      edge('p', 'value', 'gt', 'a'),
      edge('five', 'value', 'gt', 'b'),
      edge('p', 'value', 'lt', 'a'),
      edge('eight', 'value', 'lt', 'b'),
    ];
    const bars = barsOf([4, 6, 9, 7, 8]);
    // gt: 0 1 1 1 1; lt: 1 1 0 1 0
    const logic = (type: 'and' | 'or') =>
      withBuy(
        [...parts, node('l', type)],
        [...wires, edge('gt', 'result', 'l', 'a'), edge('lt', 'result', 'l', 'b')],
        'l',
      );
    expect(buySignals(logic('and'), bars)).toEqual([0, 1, 0, 1, 0]);
    expect(buySignals(logic('or'), bars)).toEqual([1, 1, 1, 1, 1]);
    const not = withBuy([...parts, node('n', 'not')], [...wires, edge('gt', 'result', 'n', 'in')], 'n');
    expect(buySignals(not, bars)).toEqual([1, 0, 0, 0, 0]);
  });

  it('compare operators, with hl2 and ohlc4 prices', () => {
    const bars = barsOf([
      [1, 4, 0, 3], // hl2 2, ohlc4 2
      [2, 6, 2, 2], // hl2 4, ohlc4 3
    ]);
    const g = (operator: string) =>
      withBuy(
        [
          node('h', 'price', { field: 'hl2' }),
          node('o', 'price', { field: 'ohlc4' }),
          node('c', 'compare', { operator }),
        ],
        [edge('h', 'value', 'c', 'a'), edge('o', 'value', 'c', 'b')],
        'c',
      );
    expect(buySignals(g('=='), bars)).toEqual([1, 0]);
    expect(buySignals(g('>'), bars)).toEqual([0, 1]);
    expect(buySignals(g('>='), bars)).toEqual([1, 1]);
    expect(buySignals(g('<'), bars)).toEqual([0, 0]);
    expect(buySignals(g('<='), bars)).toEqual([1, 0]);
  });

  it('NaN inputs (an indicator warming up) make signals false', () => {
    const g = withBuy(
      [
        node('sma', 'indicator', { indicatorId: 'sma', inputs: { period: 3 }, output: 'sma' }),
        node('k', 'constant', { value: 0 }),
        node('c', 'compare', { operator: '>' }),
        node('x', 'cross', { direction: 'above' }),
        node('a', 'and'),
      ],
      [
        edge('sma', 'value', 'c', 'a'),
        edge('k', 'value', 'c', 'b'),
        edge('sma', 'value', 'x', 'a'),
        edge('k', 'value', 'x', 'b'),
        edge('c', 'result', 'a', 'a'),
        edge('c', 'result', 'a', 'b'),
      ],
      'a',
    );
    const ev = evaluateGraph(g, barsOf([1, 1, 1, 1]), CTX);
    expect([...(ev.outputs.get('sma') as Float64Array)].map((v) => (Number.isNaN(v) ? null : v))).toEqual([
      null,
      null,
      1,
      1,
    ]);
    expect([...ev.actions[0]!.signals]).toEqual([0, 0, 1, 1]);
    // the cross from NaN to a value is not a cross
    expect([...(ev.outputs.get('x') as Uint8Array)]).toEqual([0, 0, 0, 0]);
  });

  it('an indicator by short name with one of its outputs (Bollinger upper band)', () => {
    const g = withBuy(
      [
        node('p', 'price', { field: 'close' }),
        node('bb', 'indicator', { indicatorId: 'BB', inputs: { period: 2 }, output: 'upper' }),
        node('c', 'compare', { operator: '>=' }),
      ],
      [edge('bb', 'value', 'c', 'a'), edge('p', 'value', 'c', 'b')],
      'c',
    );
    expect(buySignals(g, barsOf([1, 2, 3, 3]))).toEqual([0, 1, 1, 1]);
  });

  it('time window: local time of the zone across a DST change, weekdays only, and over midnight', () => {
    // Europe/London goes from UTC+0 to UTC+1 on Sunday 29 March 2026
    const friday = Date.UTC(2026, 2, 27) / 1000;
    const bars = barsOf(new Array(24 * 4).fill(1), friday);
    const g = (data: object) => withBuy([node('t', 'time', data)], [], 't', 'active');
    const active = (data: object) =>
      buySignals(g(data), bars)
        .map((v, i) => (v ? new Date((friday + i * 3600) * 1000).toISOString().slice(5, 13) : null))
        .filter(Boolean);
    expect(active({ from: '08:00', to: '09:00', timeZone: 'Europe/London', days: [1, 2, 3, 4, 5] })).toEqual([
      '03-27T08',
      '03-30T07',
    ]);
    expect(active({ from: '23:00', to: '01:00', timeZone: 'UTC', days: [6] })).toEqual(['03-28T00', '03-28T23']);
  });

  it('calendar event: bars overlapping the window of an event of at least the impact for the currencies', () => {
    const event = (h: number, m: number, impact: 'low' | 'medium' | 'high', currencies: string[]) => ({
      timeMs: Date.UTC(2026, 2, 2, h, m),
      impact,
      currencies,
    });
    const events = [event(10, 30, 'high', ['USD']), event(14, 0, 'low', ['USD']), event(18, 0, 'high', ['JPY'])];
    const g = (data: object) =>
      withBuy(
        [
          node('ev', 'calendar_event', {
            impact: 'medium',
            currencies: [],
            minutesBefore: 30,
            minutesAfter: 0,
            ...data,
          }),
        ],
        [],
        'ev',
        'active',
      );
    const hours = (data: object) =>
      buySignals(g(data), barsOf(new Array(24).fill(1)), { events })
        .map((v, i) => (v ? i : null))
        .filter((v) => v !== null);
    // 10:00-10:30 overlaps the 10:00 bar only; the low-impact USD event and the JPY event do not count for EURUSD
    expect(hours({})).toEqual([10]);
    // the bar holding the event's own minute is inside [event - before, event + after] too
    expect(hours({ minutesBefore: 60, minutesAfter: 60 })).toEqual([9, 10, 11]);
    expect(hours({ currencies: ['JPY'] })).toEqual([17, 18]);
    expect(hours({ impact: 'low' })).toEqual([10, 13, 14]);
  });

  it('refuses a graph with problems', () => {
    const g = graphOf([node('c', 'compare', { operator: '>' }), node('buy', 'buy_action', {})], []);
    expect(() => evaluateGraph(g, barsOf([1]), CTX)).toThrow(GraphInvalidError);
  });

  it('weekday of the bar in the zone: Monday 00:30 UTC is still Sunday in New York', () => {
    const g = withBuy(
      [node('t', 'time', { from: '00:00', to: '23:59', timeZone: 'America/New_York', days: [7] })],
      [],
      't',
      'active',
    );
    expect(buySignals(g, barsOf([1, 1, 1, 1, 1, 1], MONDAY))).toEqual([1, 1, 1, 1, 1, 0]);
  });
});
