import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { billingCustomers } from './payments.table.js';

/** The provider customer of each user (billing_customers), scoped by user and provider kind. */
export function createPaymentsRepository(db: Db) {
  return {
    async customerRef(userId: string, provider: 'test' | 'stripe'): Promise<string | undefined> {
      const [row] = await db
        .select({ ref: billingCustomers.customerRef })
        .from(billingCustomers)
        .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)));
      return row?.ref;
    },

    /** Stores the customer unless the user has one of this provider already (a racing request stored it). */
    async insertCustomer(row: typeof billingCustomers.$inferInsert): Promise<void> {
      await db.insert(billingCustomers).values(row).onConflictDoNothing();
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
