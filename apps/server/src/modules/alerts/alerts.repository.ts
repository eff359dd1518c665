import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import type { CountedItem, LimitGate } from '../billing/entitlements/entitlements.js';
import {
  type AlertLogRow,
  type AlertRow,
  type AlertWebhookDeliveryRow,
  alertLog,
  alerts,
  alertWebhookDeliveries,
} from './alerts.table.js';

export type NewAlertLog = Omit<AlertLogRow, 'seq'> & { seq?: number };

/** Alerts, their log and pending webhook deliveries; a user's alerts are scoped by the owner in the query. */
export function createAlertsRepository(db: Db) {
  const owned = (userId: string, id: string) => and(eq(alerts.userId, userId), eq(alerts.id, id));
  /** What the plan's alerts limit of a type counts: the user's alerts of that type still active. */
  const activeOfType = (userId: string, type: AlertRow['type']) =>
    and(eq(alerts.userId, userId), eq(alerts.type, type), eq(alerts.status, 'active'));
  const countActive = async (q: Db, userId: string, type: AlertRow['type']) => {
    const [row] = await q.select({ n: count() }).from(alerts).where(activeOfType(userId, type));
    return row?.n ?? 0;
  };
  return {
    async list(userId: string, filter: { status?: string; type?: string; symbol?: string }): Promise<AlertRow[]> {
      const where = [eq(alerts.userId, userId)];
      if (filter.status) where.push(eq(alerts.status, filter.status));
      if (filter.type) where.push(eq(alerts.type, filter.type as AlertRow['type']));
      if (filter.symbol) where.push(eq(alerts.symbol, filter.symbol));
      return db
        .select()
        .from(alerts)
        .where(and(...where))
        .orderBy(desc(alerts.createdAt), asc(alerts.id));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(alerts).where(eq(alerts.userId, userId));
      return row?.n ?? 0;
    },

    async get(userId: string, id: string): Promise<AlertRow | undefined> {
      const [row] = await db.select().from(alerts).where(owned(userId, id));
      return row;
    },

    async byId(id: string): Promise<AlertRow | undefined> {
      const [row] = await db.select().from(alerts).where(eq(alerts.id, id));
      return row;
    },

    /** With `gate`: the plan's limit of the row's type checked in the same transaction, under the user's lock on it. */
    async insert(row: AlertRow, gate?: LimitGate): Promise<AlertRow> {
      if (!gate) return (await db.insert(alerts).values(row).returning())[0]!;
      return db.transaction(async (tx) => {
        await gate.hold(tx, () => countActive(tx as unknown as Db, row.userId, row.type));
        return (await tx.insert(alerts).values(row).returning())[0]!;
      });
    },

    /** With `arming` (an alert made active again): its type's plan limit checked as for a new one. */
    async update(
      userId: string,
      id: string,
      patch: Partial<AlertRow>,
      arming?: { gate: LimitGate; type: AlertRow['type'] },
    ): Promise<AlertRow | undefined> {
      if (!arming) return (await db.update(alerts).set(patch).where(owned(userId, id)).returning())[0];
      return db.transaction(async (tx) => {
        await arming.gate.hold(tx, () => countActive(tx as unknown as Db, userId, arming.type));
        return (await tx.update(alerts).set(patch).where(owned(userId, id)).returning())[0];
      });
    },

    /** What the plan's limit of a type counts (active alerts), for assertEditable. */
    async counted(userId: string, type: AlertRow['type']): Promise<CountedItem[]> {
      return db.select({ id: alerts.id, createdAt: alerts.createdAt }).from(alerts).where(activeOfType(userId, type));
    },

    /** The evaluator's update of an alert it watches (no owner: the leader acts for every user). */
    async updateById(id: string, patch: Partial<AlertRow>): Promise<AlertRow | undefined> {
      const [saved] = await db.update(alerts).set(patch).where(eq(alerts.id, id)).returning();
      return saved;
    },

    /** Records a fire: status, count and time, the price it fired at, the evaluator's state. */
    async recordFire(
      id: string,
      fire: { at: Date; status: string; price: number | null; state?: AlertRow['state'] },
    ): Promise<AlertRow | undefined> {
      const [saved] = await db
        .update(alerts)
        .set({
          status: fire.status,
          lastTriggeredAt: fire.at,
          triggerCount: sql`${alerts.triggerCount} + 1`,
          ...(fire.price !== null ? { lastPrice: fire.price } : {}),
          ...(fire.state ? { state: fire.state } : {}),
          updatedAt: fire.at,
        })
        .where(and(eq(alerts.id, id), eq(alerts.status, 'active')))
        .returning();
      return saved;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const gone = await db.delete(alerts).where(owned(userId, id)).returning({ id: alerts.id });
      return gone.length > 0;
    },

    /** Every active alert (the evaluator's book on a new lead). */
    async active(): Promise<AlertRow[]> {
      return db.select().from(alerts).where(eq(alerts.status, 'active'));
    },

    async byIds(ids: string[]): Promise<AlertRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(alerts).where(inArray(alerts.id, ids));
    },

    /** Marks active alerts past their expiry expired; answers them. */
    async expire(now: Date): Promise<AlertRow[]> {
      return db
        .update(alerts)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(alerts.status, 'active'), lte(alerts.expiresAt, now)))
        .returning();
    },

    async log(entries: NewAlertLog[]): Promise<void> {
      if (entries.length === 0) return;
      await db.insert(alertLog).values(entries.map((e, i) => ({ ...e, seq: e.seq ?? i })));
    },

    async logOf(alertId: string, limit: number): Promise<AlertLogRow[]> {
      return db
        .select()
        .from(alertLog)
        .where(eq(alertLog.alertId, alertId))
        .orderBy(desc(alertLog.at), desc(alertLog.seq))
        .limit(limit);
    },

    async insertDelivery(row: AlertWebhookDeliveryRow): Promise<void> {
      await db.insert(alertWebhookDeliveries).values(row);
    },

    async dueDeliveries(now: Date, limit: number): Promise<AlertWebhookDeliveryRow[]> {
      return db
        .select()
        .from(alertWebhookDeliveries)
        .where(and(eq(alertWebhookDeliveries.status, 'pending'), lte(alertWebhookDeliveries.nextAttemptAt, now)))
        .orderBy(asc(alertWebhookDeliveries.nextAttemptAt))
        .limit(limit);
    },

    async updateDelivery(id: string, patch: Partial<AlertWebhookDeliveryRow>): Promise<void> {
      await db.update(alertWebhookDeliveries).set(patch).where(eq(alertWebhookDeliveries.id, id));
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
