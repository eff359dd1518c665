import { describe, expect, it } from 'vitest';
import { readObjectiveValue } from './objective-values';

const trades = { name: 'Maximum trades per day', min: 1, max: 100, step: 1 };
const risk = { name: 'Maximum risk per trade', min: 0.1, max: 10, step: 0.1 };

describe('readObjectiveValue', () => {
  it.each([
    ['a whole count', trades, '5', { ok: true, value: 5 }],
    ['a decimal comma', risk, '0,5', { ok: true, value: 0.5 }],
    ['blank', trades, '', { ok: false, message: 'Maximum trades per day must be a number.' }],
    ['below the minimum', trades, '0', { ok: false, message: 'Maximum trades per day must be between 1 and 100.' }],
    ['above the maximum', risk, '12', { ok: false, message: 'Maximum risk per trade must be between 0.1 and 10.' }],
    ['off the step', trades, '2.5', { ok: false, message: 'Maximum trades per day must be a multiple of 1.' }],
  ])('%s', (_name, item, text, expected) => {
    expect(readObjectiveValue(text, item)).toEqual(expected);
  });
});
