import { and, eq, inArray, isNotNull, max, ne } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { billingWebhookEvents } from './stripe.table.js';

export type WebhookEventClaim = {
  id: string;
  type: string;
  objectRef: string | null;
  refundedMinor: number | null;
  createdAt: Date;
  receivedAt: Date;
};

/** The only file that reads and writes billing_webhook_events. */
export function createStripeRepository(db: Db) {
  return {
    /**
     * Records the event; false when its id is known and was handled already (a replay). An id known but not yet
     * handled (an earlier attempt failed, or one runs now) answers true: the payment events are idempotent.
     */
    async claim(e: WebhookEventClaim): Promise<boolean> {
      const inserted = await db
        .insert(billingWebhookEvents)
        .values({
          id: e.id,
          type: e.type,
          objectRef: e.objectRef,
          refunded: e.refundedMinor === null ? null : String(e.refundedMinor),
          createdAt: e.createdAt,
          receivedAt: e.receivedAt,
        })
        .onConflictDoNothing()
        .returning({ id: billingWebhookEvents.id });
      if (inserted.length > 0) return true;
      const [row] = await db
        .select({ processedAt: billingWebhookEvents.processedAt })
        .from(billingWebhookEvents)
        .where(eq(billingWebhookEvents.id, e.id));
      return row?.processedAt == null;
    },

    async markProcessed(id: string, at: Date): Promise<void> {
      await db.update(billingWebhookEvents).set({ processedAt: at }).where(eq(billingWebhookEvents.id, id));
    },

    /** A handled event of one of `types` about `objectRef`, other than `exceptId`, exists. */
    async handled(objectRef: string, types: string[], exceptId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: billingWebhookEvents.id })
        .from(billingWebhookEvents)
        .where(
          and(
            eq(billingWebhookEvents.objectRef, objectRef),
            inArray(billingWebhookEvents.type, types),
            isNotNull(billingWebhookEvents.processedAt),
            ne(billingWebhookEvents.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The largest refunded total already handled for the PaymentIntent (0 when none), other than `exceptId`. */
    async refundedSoFar(objectRef: string, exceptId: string): Promise<number> {
      const [row] = await db
        .select({ total: max(billingWebhookEvents.refunded) })
        .from(billingWebhookEvents)
        .where(
          and(
            eq(billingWebhookEvents.objectRef, objectRef),
            eq(billingWebhookEvents.type, 'charge.refunded'),
            isNotNull(billingWebhookEvents.processedAt),
            ne(billingWebhookEvents.id, exceptId),
          ),
        );
      return row?.total == null ? 0 : Number(row.total);
    },
  };
}
export type StripeRepository = ReturnType<typeof createStripeRepository>;
