import type { PaymentEvents } from '../billing.types.js';

export type RecordedPaymentEvent =
  | { kind: 'succeeded'; ref: string }
  | { kind: 'failed'; ref: string; reason: string }
  | { kind: 'refunded'; ref: string; amountMinor: number };

/** PaymentEvents that records each call in order; `failNext()` makes the next call throw once (a broken sink). */
export function recordingPaymentEvents() {
  const calls: RecordedPaymentEvent[] = [];
  let failures = 0;
  const record = async (call: RecordedPaymentEvent) => {
    if (failures > 0) {
      failures -= 1;
      throw new Error('the payment events sink failed');
    }
    calls.push(call);
  };
  const events: PaymentEvents = {
    chargeSucceeded: (ref) => record({ kind: 'succeeded', ref }),
    chargeFailed: (ref, reason) => record({ kind: 'failed', ref, reason }),
    chargeRefunded: (ref, amountMinor) => record({ kind: 'refunded', ref, amountMinor }),
  };
  return {
    events,
    calls,
    failNext() {
      failures += 1;
    },
    /** Takes and clears what was recorded so far. */
    take(): RecordedPaymentEvent[] {
      return calls.splice(0);
    },
  };
}
