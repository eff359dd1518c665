import { describe, expect, it } from 'vitest';
import {
  type AlertTriggerMode,
  type ComparisonOperator,
  formatAlertMessage,
  formatAlertTime,
  linePriceAt,
  moveHolds,
  stepChannel,
  stepComparison,
  type TriggerMemory,
} from './triggers.js';

const MIN = 60_000;

/** Runs a series of (time, a) against b = 100 and answers the times the alert fired. */
function run(operator: ComparisonOperator, trigger: AlertTriggerMode, series: Array<[number, number]>, b = 100) {
  const memory: TriggerMemory = { lastFiredMs: null };
  const fired: number[] = [];
  for (const [t, a] of series) if (stepComparison(memory, operator, a, b, trigger, t)) fired.push(t);
  return fired;
}

describe('comparison triggers (price against 100)', () => {
  // 0: 99 below, 1 s: 101 crosses up, 2 s: 98 crosses down, 3 s: 102 up, 70 s: 97 down, 75 s: 103 up
  const zigzag: Array<[number, number]> = [
    [0, 99],
    [1000, 101],
    [2000, 98],
    [3000, 102],
    [70_000, 97],
    [75_000, 103],
  ];

  it.each([
    // operator, trigger, expected fire times
    ['crossing', 'only_once', [1000]],
    ['crossing', 'every_time', [1000, 2000, 3000, 70_000, 75_000]],
    ['crossing', 'once_per_minute', [1000, 70_000]],
    ['crossing_up', 'only_once', [1000]],
    ['crossing_up', 'every_time', [1000, 3000, 75_000]],
    ['crossing_up', 'once_per_minute', [1000, 75_000]],
    ['crossing_down', 'every_time', [2000, 70_000]],
    ['crossing_down', 'once_per_minute', [2000, 70_000]],
    ['greater_than', 'only_once', [1000]],
    ['greater_than', 'every_time', [1000, 3000, 75_000]],
    ['greater_than', 'once_per_minute', [1000, 75_000]],
    ['less_than', 'only_once', [0]],
    ['less_than', 'every_time', [0, 2000, 70_000]],
    ['less_than', 'once_per_minute', [0, 70_000]],
  ] as const)('%s %s fires at %j', (operator, trigger, expected) => {
    expect(run(operator, trigger, zigzag)).toEqual(expected);
  });

  it('the first evaluation of a cross only records the side', () => {
    expect(run('crossing', 'every_time', [[0, 150]])).toEqual([]);
    expect(run('greater_than', 'every_time', [[0, 150]])).toEqual([0]);
  });

  it('a price jumping across the value between two evaluations (a gap) crosses it', () => {
    expect(
      run('crossing_up', 'every_time', [
        [0, 90],
        [1000, 130],
      ]),
    ).toEqual([1000]);
    expect(
      run('crossing_down', 'every_time', [
        [0, 130],
        [1000, 60],
      ]),
    ).toEqual([1000]);
  });

  it('touching the value from below and leaving it again is not a cross; going through it is', () => {
    // above means a > b: reaching 100 exactly stays on the lower side
    expect(
      run('crossing', 'every_time', [
        [0, 99],
        [1000, 100],
        [2000, 99],
      ]),
    ).toEqual([]);
    expect(
      run('crossing', 'every_time', [
        [0, 99],
        [1000, 100],
        [2000, 100.5],
      ]),
    ).toEqual([2000]);
  });

  it('a level that keeps holding fires every minute with once_per_minute and once with every_time', () => {
    const steady: Array<[number, number]> = [0, 30, 60, 90, 120, 150].map((s) => [s * 1000, 105]);
    expect(run('greater_than', 'once_per_minute', steady)).toEqual([0, 60_000, 120_000]);
    expect(run('greater_than', 'every_time', steady)).toEqual([0]);
  });

  it('once_per_bar_close, fed bar closes, fires at most once a bar: on a cross between closes, or each close a level holds', () => {
    const closes: Array<[number, number]> = [
      [1 * MIN, 99],
      [2 * MIN, 101],
      [3 * MIN, 102],
      [4 * MIN, 98],
      [5 * MIN, 104],
    ];
    expect(run('crossing', 'once_per_bar_close', closes)).toEqual([2 * MIN, 4 * MIN, 5 * MIN]);
    expect(run('crossing_up', 'once_per_bar_close', closes)).toEqual([2 * MIN, 5 * MIN]);
    expect(run('greater_than', 'once_per_bar_close', closes)).toEqual([2 * MIN, 3 * MIN, 5 * MIN]);
    // the same bar close given twice fires once
    expect(
      run('greater_than', 'once_per_bar_close', [
        [MIN, 105],
        [MIN, 106],
      ]),
    ).toEqual([MIN]);
  });

  it('compares an indicator plot with another plot the same way (fast crossing slow)', () => {
    const memory: TriggerMemory = { lastFiredMs: null };
    const plots = [
      [10, 12],
      [11, 11.5],
      [12.2, 11.8],
      [12.5, 12],
    ];
    const fired = plots.map(([fast, slow], i) => stepComparison(memory, 'crossing_up', fast!, slow!, 'every_time', i));
    expect(fired).toEqual([false, false, true, false]);
  });
});

describe('channel triggers (98 to 102)', () => {
  const series: Array<[number, number]> = [
    [0, 95],
    [1000, 100],
    [2000, 105],
    [3000, 90],
    [4000, 101],
    [70_000, 97],
    [80_000, 99],
  ];
  const fire = (op: 'entering_channel' | 'exiting_channel', trigger: AlertTriggerMode) => {
    const memory: TriggerMemory = { lastFiredMs: null };
    return series.filter(([t, p]) => stepChannel(memory, op, p, 98, 102, trigger, t)).map(([t]) => t);
  };

  it.each([
    ['entering_channel', 'only_once', [1000]],
    ['entering_channel', 'every_time', [1000, 4000, 80_000]],
    ['entering_channel', 'once_per_minute', [1000, 80_000]],
    ['exiting_channel', 'only_once', [2000]],
    ['exiting_channel', 'every_time', [2000, 70_000]],
  ] as const)('%s %s fires at %j', (op, trigger, expected) => {
    expect(fire(op, trigger)).toEqual(expected);
  });

  it('a jump from below the channel to above it exits without entering', () => {
    const enter: TriggerMemory = { lastFiredMs: null };
    const exit: TriggerMemory = { state: true, lastFiredMs: null };
    stepChannel(enter, 'entering_channel', 90, 98, 102, 'every_time', 0);
    expect(stepChannel(enter, 'entering_channel', 110, 98, 102, 'every_time', 1)).toBe(false);
    expect(stepChannel(exit, 'exiting_channel', 110, 98, 102, 'every_time', 1)).toBe(true);
  });
});

describe('moves, lines and messages', () => {
  it.each([
    ['up', 102, 100, 103, 2, true],
    ['up', 101.9, 100, 103, 2, false],
    ['down', 98, 97, 100, 2, true],
    ['down', 98.1, 97, 100, 2, false],
  ] as const)('a move %s to %d over a window of %d-%d by %d %% holds: %s', (dir, price, low, high, pct, holds) => {
    expect(moveHolds(dir, price, low, high, pct)).toBe(holds);
  });

  it('a trend line is extended through its two points; a horizontal line is flat', () => {
    const trend = [
      { time: 1000, price: 10 },
      { time: 2000, price: 20 },
    ];
    expect(linePriceAt(trend, 1500)).toBe(15);
    expect(linePriceAt(trend, 3000)).toBe(30);
    expect(linePriceAt([{ time: 1000, price: 1.2345 }], 99_999)).toBe(1.2345);
    expect(linePriceAt([], 1)).toBeNull();
  });

  it('fills the placeholders', () => {
    const text = formatAlertMessage('{{ticker}} at {{close}} on {{interval}} ({{time}}) {{other}}', {
      ticker: 'EURUSD',
      close: 1.0842,
      interval: '15m',
      timeMs: Date.UTC(2026, 2, 2, 9, 30),
    });
    expect(text).toBe('EURUSD at 1.0842 on 15m (2026-03-02 09:30 (UTC)) {{other}}');
  });

  it('writes {{time}} in the user time zone and clock, not as an ISO string', () => {
    const at = Date.UTC(2026, 10, 23, 9, 23, 33, 816);
    const text = formatAlertMessage('{{ticker}} at {{close}} on {{interval}} at {{time}}', {
      ticker: 'BTCUSD',
      close: 76784.75,
      interval: '1m',
      timeMs: at,
      timeZone: 'Europe/Berlin',
    });
    expect(text).toBe('BTCUSD at 76784.75 on 1m at 2026-11-23 10:23 (Europe/Berlin)');
    // summer time and a 12-hour clock
    expect(formatAlertTime(Date.UTC(2026, 6, 1, 13, 5), 'America/New_York', '12h')).toBe(
      '2026-07-01 09:05 AM (America/New_York)',
    );
    expect(formatAlertTime(Date.UTC(2026, 6, 1, 0, 5), 'UTC', '24h')).toBe('2026-07-01 00:05 (UTC)');
    // an unknown zone falls back to UTC rather than failing the fire
    expect(formatAlertTime(at, 'Not/AZone')).toBe('2026-11-23 09:23 (UTC)');
  });
});
