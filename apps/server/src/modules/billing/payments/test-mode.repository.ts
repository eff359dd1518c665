import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import {
  type BillingTestChargeRow,
  type BillingTestMethodRow,
  type BillingTestSessionRow,
  billingTestCharges,
  billingTestCustomers,
  billingTestMethods,
  billingTestRefunds,
  billingTestSessions,
} from './payments.table.js';

type NewMethod = Omit<typeof billingTestMethods.$inferInsert, 'seq' | 'isDefault'>;

/**
 * The test-mode provider's records. Queries on a person's records are scoped by their customer (or user) in the
 * query itself; the routes of the in-app pages reach sessions and charges only through `userId`.
 */
export function createTestModeRepository(db: Db) {
  return {
    ...queries(db),
    transaction: <T>(fn: (q: TestModeQueries) => Promise<T>): Promise<T> =>
      db.transaction((tx) => fn(queries(tx as unknown as Db))),
  };
}
export type TestModeQueries = ReturnType<typeof queries>;

function queries(db: Db) {
  async function customerOf(userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ ref: billingTestCustomers.ref })
      .from(billingTestCustomers)
      .where(eq(billingTestCustomers.userId, userId));
    return row?.ref;
  }
  return {
    customerOf,

    /** Inserts the customer unless the user has one; answers the user's customer either way. */
    async insertCustomer(row: typeof billingTestCustomers.$inferInsert): Promise<string> {
      await db.insert(billingTestCustomers).values(row).onConflictDoNothing();
      const ref = await customerOf(row.userId);
      if (!ref) throw new Error('The test-mode customer was not stored.');
      return ref;
    },

    async customerExists(ref: string): Promise<boolean> {
      const [row] = await db
        .select({ ref: billingTestCustomers.ref })
        .from(billingTestCustomers)
        .where(eq(billingTestCustomers.ref, ref));
      return row !== undefined;
    },

    async methods(customerRef: string): Promise<BillingTestMethodRow[]> {
      return db
        .select()
        .from(billingTestMethods)
        .where(eq(billingTestMethods.customerRef, customerRef))
        .orderBy(desc(billingTestMethods.seq));
    },

    async method(customerRef: string, ref: string): Promise<BillingTestMethodRow | undefined> {
      const [row] = await db
        .select()
        .from(billingTestMethods)
        .where(and(eq(billingTestMethods.customerRef, customerRef), eq(billingTestMethods.ref, ref)));
      return row;
    },

    async defaultMethod(customerRef: string): Promise<BillingTestMethodRow | undefined> {
      const [row] = await db
        .select()
        .from(billingTestMethods)
        .where(and(eq(billingTestMethods.customerRef, customerRef), eq(billingTestMethods.isDefault, true)));
      return row;
    },

    /** Serialises changes to one customer's methods (the one default). */
    async lockCustomer(customerRef: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing-test:${customerRef}`}, 0))`);
    },

    async insertMethod(row: NewMethod, isDefault: boolean): Promise<BillingTestMethodRow> {
      const [inserted] = await db
        .insert(billingTestMethods)
        .values({ ...row, isDefault })
        .returning();
      if (!inserted) throw new Error('The test card was not stored.');
      return inserted;
    },

    async deleteMethod(customerRef: string, ref: string): Promise<void> {
      await db
        .delete(billingTestMethods)
        .where(and(eq(billingTestMethods.customerRef, customerRef), eq(billingTestMethods.ref, ref)));
    },

    async setDefault(customerRef: string, ref: string): Promise<void> {
      await db
        .update(billingTestMethods)
        .set({ isDefault: false })
        .where(and(eq(billingTestMethods.customerRef, customerRef), ne(billingTestMethods.ref, ref)));
      await db
        .update(billingTestMethods)
        .set({ isDefault: true })
        .where(and(eq(billingTestMethods.customerRef, customerRef), eq(billingTestMethods.ref, ref)));
    },

    async insertSession(row: typeof billingTestSessions.$inferInsert): Promise<void> {
      await db.insert(billingTestSessions).values(row);
    },

    async session(userId: string, id: string, forUpdate = false): Promise<BillingTestSessionRow | undefined> {
      const q = db
        .select()
        .from(billingTestSessions)
        .where(and(eq(billingTestSessions.userId, userId), eq(billingTestSessions.id, id)));
      const [row] = forUpdate ? await q.for('update') : await q;
      return row;
    },

    async completeSession(id: string, at: Date): Promise<void> {
      await db.update(billingTestSessions).set({ completedAt: at }).where(eq(billingTestSessions.id, id));
    },

    async chargeByKey(key: string): Promise<BillingTestChargeRow | undefined> {
      const [row] = await db.select().from(billingTestCharges).where(eq(billingTestCharges.idempotencyKey, key));
      return row;
    },

    async charge(ref: string, forUpdate = false): Promise<BillingTestChargeRow | undefined> {
      const q = db.select().from(billingTestCharges).where(eq(billingTestCharges.ref, ref));
      const [row] = forUpdate ? await q.for('update') : await q;
      return row;
    },

    /** A charge of the user's customer, or undefined (also for another user's charge). */
    async chargeOfUser(userId: string, ref: string, forUpdate = false): Promise<BillingTestChargeRow | undefined> {
      const q = db
        .select({ charge: billingTestCharges })
        .from(billingTestCharges)
        .innerJoin(billingTestCustomers, eq(billingTestCustomers.ref, billingTestCharges.customerRef))
        .where(and(eq(billingTestCustomers.userId, userId), eq(billingTestCharges.ref, ref)));
      const [row] = forUpdate ? await q.for('update', { of: billingTestCharges }) : await q;
      return row?.charge;
    },

    /** Inserts the charge unless its idempotency key was used; false when it was. */
    async insertCharge(row: typeof billingTestCharges.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(billingTestCharges)
        .values(row)
        .onConflictDoNothing({ target: billingTestCharges.idempotencyKey })
        .returning({ ref: billingTestCharges.ref });
      return inserted.length > 0;
    },

    async decideCharge(
      ref: string,
      status: 'succeeded' | 'failed',
      failureReason: string | null,
      at: Date,
    ): Promise<void> {
      await db
        .update(billingTestCharges)
        .set({ status, failureReason, decidedAt: at })
        .where(eq(billingTestCharges.ref, ref));
    },

    async refundByKey(key: string): Promise<{ ref: string; chargeRef: string; amount: string } | undefined> {
      const [row] = await db
        .select({
          ref: billingTestRefunds.ref,
          chargeRef: billingTestRefunds.chargeRef,
          amount: billingTestRefunds.amount,
        })
        .from(billingTestRefunds)
        .where(eq(billingTestRefunds.idempotencyKey, key));
      return row;
    },

    async insertRefund(row: typeof billingTestRefunds.$inferInsert, chargeRefunded: string): Promise<void> {
      await db.insert(billingTestRefunds).values(row);
      await db
        .update(billingTestCharges)
        .set({ refunded: chargeRefunded })
        .where(eq(billingTestCharges.ref, row.chargeRef));
    },
  };
}
