import type { PaymentEvents } from '../billing.types.js';

export type RecordedEvent =
  | { kind: 'succeeded'; ref: string }
  | { kind: 'failed'; ref: string; reason: string }
  | { kind: 'refunded'; ref: string; amountMinor: number };

/** A PaymentEvents sink (the subscriptions slice's part) that records each call, for assertions. */
export function createRecordingEvents(): { events: PaymentEvents; calls: RecordedEvent[] } {
  const calls: RecordedEvent[] = [];
  return {
    calls,
    events: {
      async chargeSucceeded(ref) {
        calls.push({ kind: 'succeeded', ref });
      },
      async chargeFailed(ref, reason) {
        calls.push({ kind: 'failed', ref, reason });
      },
      async chargeRefunded(ref, amountMinor) {
        calls.push({ kind: 'refunded', ref, amountMinor });
      },
    },
  };
}

/** A test card as the session page sends it (expiry well ahead of the tests' clocks). */
export const card = (number: string) => ({ number, exp_month: 12, exp_year: 2030, cvc: '123' });
export const VISA_OK = '4242 4242 4242 4242';
export const VISA_DECLINED = '4000 0000 0000 0002';
export const VISA_3DS = '4000 0025 0000 3155';
