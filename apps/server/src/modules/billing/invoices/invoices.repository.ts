import { and, asc, count, desc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import {
  type InvoiceLineRow,
  type InvoiceRow,
  invoiceLines,
  invoiceNumberCounters,
  invoices,
} from './invoices.table.js';

export type InvoiceWithLines = InvoiceRow & { lines: InvoiceLineRow[] };

/** Invoices and their lines; every query on a user's invoices is scoped by the owner in the query. */
export function createInvoicesRepository(db: Db) {
  async function withLines(rows: InvoiceRow[]): Promise<InvoiceWithLines[]> {
    if (rows.length === 0) return [];
    const lines = await db
      .select()
      .from(invoiceLines)
      .where(
        inArray(
          invoiceLines.invoiceId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(invoiceLines.position));
    return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.invoiceId === r.id) }));
  }

  return {
    /** Invoices of a user paid or refunded since `since`, oldest payment first (for re-announcing them). */
    async settledSince(since: Date): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(
          and(
            isNotNull(invoices.userId),
            or(gte(invoices.paidAt, since), gte(invoices.refundedAt, since)),
            inArray(invoices.status, ['paid', 'refunded']),
          ),
        )
        .orderBy(asc(invoices.paidAt), asc(invoices.id));
    },

    async findByKey(key: string): Promise<InvoiceWithLines | undefined> {
      const rows = await db.select().from(invoices).where(eq(invoices.key, key)).limit(1);
      return (await withLines(rows))[0];
    },

    async find(id: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
      return row;
    },

    async findOwned(userId: string, id: string): Promise<InvoiceWithLines | undefined> {
      const rows = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, userId), eq(invoices.id, id)))
        .limit(1);
      return (await withLines(rows))[0];
    },

    async page(userId: string, page: number, limit: number): Promise<{ rows: InvoiceWithLines[]; total: number }> {
      const rows = await db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.issuedAt), desc(invoices.number))
        .limit(limit)
        .offset((page - 1) * limit);
      const [n] = await db.select({ n: count() }).from(invoices).where(eq(invoices.userId, userId));
      return { rows: await withLines(rows), total: n?.n ?? 0 };
    },

    /**
     * Inserts an invoice with the next number of `year`, in one transaction: the counter's row stays locked until
     * the commit, so numbers are given in order, and a rollback gives the number back (no gaps). The same key
     * issued twice at once: the advisory lock makes the second wait and find the first.
     */
    async issue(
      key: string,
      year: number,
      make: (number: string) => { invoice: InvoiceRow; lines: InvoiceLineRow[] },
    ): Promise<InvoiceWithLines> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invoice-key:${key}`}, 0))`);
        const existing = await tx.select().from(invoices).where(eq(invoices.key, key)).limit(1);
        if (existing[0]) {
          const lines = await tx
            .select()
            .from(invoiceLines)
            .where(eq(invoiceLines.invoiceId, existing[0].id))
            .orderBy(asc(invoiceLines.position));
          return { ...existing[0], lines };
        }
        const [counter] = await tx
          .insert(invoiceNumberCounters)
          .values({ year, last: 1 })
          .onConflictDoUpdate({
            target: invoiceNumberCounters.year,
            set: { last: sql`${invoiceNumberCounters.last} + 1` },
          })
          .returning({ last: invoiceNumberCounters.last });
        const number = `TD-${year}-${String(counter!.last).padStart(6, '0')}`;
        const { invoice, lines } = make(number);
        await tx.insert(invoices).values(invoice);
        if (lines.length > 0) await tx.insert(invoiceLines).values(lines);
        return { ...invoice, lines };
      });
    },

    /** Applies `patch` only while the invoice is in one of `from`; answers the row changed, if any. */
    async transition(
      id: string,
      from: InvoiceRow['status'][],
      patch: Partial<Pick<InvoiceRow, 'status' | 'paidAt' | 'chargeRef' | 'voidedAt' | 'refunded' | 'refundedAt'>>,
    ): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .update(invoices)
        .set(patch)
        .where(and(eq(invoices.id, id), inArray(invoices.status, from)))
        .returning();
      return row;
    },

    /**
     * Adds a refund under the row's lock: answers the row after it, or undefined when the invoice is not paid or
     * the refund is more than is left.
     */
    async addRefund(id: string, amount: string, at: Date): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .update(invoices)
        .set({
          refunded: sql`${invoices.refunded} + ${amount}::numeric`,
          refundedAt: at,
          status: sql`case when ${invoices.refunded} + ${amount}::numeric >= ${invoices.total} then 'refunded' else 'paid' end`,
        })
        .where(
          and(
            eq(invoices.id, id),
            eq(invoices.status, 'paid'),
            sql`${invoices.refunded} + ${amount}::numeric <= ${invoices.total}`,
          ),
        )
        .returning();
      return row;
    },
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
