import { describe, expect, it } from 'vitest';
import { failedStatus, goals, ruleStatus } from './test/prop-fixtures';
import { breachMessage } from './use-breach-alerts';

const money = (n: number, c: string) => `${n.toFixed(2)} ${c}`;

describe('breachMessage', () => {
  it('tells a failure with its reason and equity when the state turns failed', () => {
    expect(breachMessage('active', goals(failedStatus()), 'Challenge 10k', money)).toEqual({
      variant: 'error',
      title: 'Challenge 10k: challenge failed',
      message:
        'Equity fell to 9,480.00 USD, below the daily loss floor of 9,500.00 USD. Equity at the breach: 9480.00 USD. Its positions were closed and trading has stopped.',
    });
  });
  it('says nothing on the first reading, nor when the state did not change', () => {
    expect(breachMessage(undefined, goals(failedStatus()), 'A', money)).toBeNull();
    expect(breachMessage('failed', goals(failedStatus()), 'A', money)).toBeNull();
    expect(breachMessage('active', goals(ruleStatus()), 'A', money)).toBeNull();
  });
  it('tells a pause until the next reset', () => {
    expect(breachMessage('active', goals(ruleStatus({ state: 'paused' })), 'A', money)?.variant).toBe('warning');
  });
});
