import { describe, expect, it } from 'vitest';
import { advanceSetup, type SetupLevels, type SetupStatus, setupLevelsProblem } from './setup-tracker.js';

// spread 0.0002 everywhere: bid = mid - 0.0001, ask = mid + 0.0001
const q = (mid: number) => ({ bid: Number((mid - 0.0001).toFixed(5)), ask: Number((mid + 0.0001).toFixed(5)) });

const long: SetupLevels = { direction: 'long', entryFrom: 1.1, entryTo: 1.101, stopLoss: 1.095, takeProfit: 1.11 };
const short: SetupLevels = { direction: 'short', entryFrom: 1.2, entryTo: 1.201, stopLoss: 1.206, takeProfit: 1.19 };

/** Runs a series of mids through the tracker: the statuses after each quote. */
function walk(levels: SetupLevels, mids: number[], from: SetupStatus = 'watching'): SetupStatus[] {
  let status = from;
  let previous: ReturnType<typeof q> | undefined;
  const out: SetupStatus[] = [];
  for (const mid of mids) {
    const quote = q(mid);
    status = advanceSetup(levels, status, quote, previous).status;
    previous = quote;
    out.push(status);
  }
  return out;
}

describe('advanceSetup', () => {
  it.each([
    // long: ask 1.1021 above the zone, then ask 1.1006 inside it, then bid reaches the target 1.1100
    [
      'long into the zone then the target',
      long,
      [1.102, 1.1005, 1.105, 1.1101],
      ['watching', 'triggered', 'triggered', 'target_hit'],
    ],
    // long: triggered, then bid 1.0949 at or below the stop 1.0950
    ['long triggered then stopped', long, [1.1005, 1.098, 1.095], ['triggered', 'triggered', 'stopped']],
    // long: bid falls to the stop before the ask ever entered the zone (from below)
    ['long invalidated before entry', long, [1.097, 1.0951], ['watching', 'invalidated']],
    // long: ask 1.1031 above, then ask 1.0991 below: it went through the zone between two quotes
    ['long through the zone between quotes', long, [1.103, 1.099], ['watching', 'triggered']],
    // a final status never changes
    ['final stays final', long, [1.1005, 1.2], ['triggered', 'target_hit']],
    // short enters at the bid: bid 1.1999 is below the zone, bid 1.2004 inside
    [
      'short into the zone then the target',
      short,
      [1.198, 1.2005, 1.1901, 1.1899],
      ['watching', 'triggered', 'triggered', 'target_hit'],
    ],
    // short: bid 1.2029 above the zone, then ask 1.2061 at or above the stop 1.206 before triggering
    ['short invalidated before entry', short, [1.203, 1.206], ['watching', 'invalidated']],
    ['short triggered then stopped', short, [1.2005, 1.2059], ['triggered', 'stopped']],
  ] as const)('%s', (_name, levels, mids, expected) => {
    expect(walk(levels, [...mids])).toEqual(expected);
  });

  it('reports the price that moved the setup: entry side on trigger, exit side on stop', () => {
    expect(advanceSetup(long, 'watching', q(1.1005))).toEqual({ status: 'triggered', price: 1.1006 });
    expect(advanceSetup(long, 'triggered', q(1.095))).toEqual({ status: 'stopped', price: 1.0949 });
    expect(advanceSetup(long, 'watching', q(1.12))).toEqual({ status: 'watching', price: null });
    expect(advanceSetup(long, 'target_hit', q(1.0))).toEqual({ status: 'target_hit', price: null });
  });

  it('a setup without stop or target is only triggered', () => {
    const bare: SetupLevels = { direction: 'long', entryFrom: 1.1, entryTo: 1.1, stopLoss: null, takeProfit: null };
    expect(walk(bare, [1.09, 1.0999, 1.5, 0.5])).toEqual(['watching', 'triggered', 'triggered', 'triggered']);
  });
});

describe('setupLevelsProblem', () => {
  it.each([
    [long, null],
    [short, null],
    [{ ...long, stopLoss: 1.1 }, 'stop_loss'],
    [{ ...long, takeProfit: 1.1005 }, 'take_profit'],
    [{ ...short, stopLoss: 1.201 }, 'stop_loss'],
    [{ ...short, takeProfit: 1.2 }, 'take_profit'],
    [{ ...long, stopLoss: null, takeProfit: null }, null],
  ] as const)('%o -> %s', (levels, field) => {
    expect(setupLevelsProblem(levels)?.field ?? null).toBe(field);
  });
});
