import type Stripe from 'stripe';
import type { Clock } from '../../../platform/clock.js';
import type { PaymentEvents } from '../billing.types.js';
import type { StripeRepository } from './stripe.repository.js';

/** Event types that settle a PaymentIntent as paid: a refunded charge was paid first. */
const PAID = ['payment_intent.succeeded', 'charge.refunded'];

const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

/** What an event is about: the PaymentIntent (our charge ref) and, for refunds, the total refunded so far. */
function subjectOf(event: Stripe.Event): { objectRef: string | null; refundedMinor: number | null } {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return { objectRef: event.data.object.id, refundedMinor: null };
    case 'charge.refunded':
      return { objectRef: idOf(event.data.object.payment_intent), refundedMinor: event.data.object.amount_refunded };
    default:
      return { objectRef: null, refundedMinor: null };
  }
}

/**
 * Turns verified Stripe events into PaymentEvents, each event id once, whatever order Stripe delivers them in
 * (Stripe does not promise an order): a failure or cancellation arriving after the payment succeeded is stale and
 * ignored; a refund arriving before the success reports the success first (a refunded charge was paid); a refund
 * total lower than one already reported is stale. `chargeRefunded` gets the charge's total refunded so far, so
 * the same total twice changes nothing.
 */
export function createStripeWebhookService(deps: {
  repo: StripeRepository;
  clock: Clock;
  events: () => PaymentEvents;
}) {
  const { repo, clock } = deps;

  async function apply(event: Stripe.Event, objectRef: string): Promise<void> {
    const events = deps.events();
    const paid = () => repo.handled(objectRef, PAID, event.id);
    switch (event.type) {
      case 'payment_intent.succeeded':
        await events.chargeSucceeded(objectRef);
        return;
      case 'payment_intent.payment_failed':
        // the off-session attempt needed 3-D Secure: the provider already sent the holder to authenticate, and the
        // outcome of that (succeeded, or failed with payment_intent_authentication_failure) follows
        if (event.data.object.last_payment_error?.code === 'authentication_required') return;
        if (await paid()) return;
        await events.chargeFailed(
          objectRef,
          event.data.object.last_payment_error?.message ?? 'The payment failed at the card issuer.',
        );
        return;
      case 'payment_intent.canceled':
        if (await paid()) return;
        await events.chargeFailed(objectRef, 'The payment was canceled before it completed.');
        return;
      case 'charge.refunded': {
        const charge = event.data.object;
        if (charge.paid && !(await paid())) await events.chargeSucceeded(objectRef);
        if (charge.amount_refunded > (await repo.refundedSoFar(objectRef, event.id))) {
          await events.chargeRefunded(objectRef, charge.amount_refunded);
        }
        return;
      }
      default:
        return;
    }
  }

  return {
    /** Handles one verified event; `duplicate` when its id was handled before (nothing is done again). */
    async receive(event: Stripe.Event): Promise<{ duplicate: boolean }> {
      const subject = subjectOf(event);
      const fresh = await repo.claim({
        id: event.id,
        type: event.type,
        ...subject,
        createdAt: new Date(event.created * 1000),
        receivedAt: clock.now(),
      });
      if (!fresh) return { duplicate: true };
      // an error leaves the event unprocessed: the route answers 500 and Stripe delivers it again
      if (subject.objectRef !== null) await apply(event, subject.objectRef);
      await repo.markProcessed(event.id, clock.now());
      return { duplicate: false };
    },
  };
}
export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
