import type { StaffAuditList, StaffAuditQuery } from '@tradedesk/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import { users } from '../users/users.table.js';
import { staffAudit } from './staff.table.js';

/** One staff action to write down: `action` is `<area>.<verb>`, `summary` a sentence for people. */
export type StaffAuditInput = {
  actorId: string;
  action: string;
  targetKind: string;
  targetId?: string | null;
  summary: string;
};

/** The audit log of staff actions (issue 18, item 5). Every staff route writes to it through `record`. */
export function createStaffAudit(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async record(input: StaffAuditInput): Promise<void> {
      await db.insert(staffAudit).values({
        id: newId(),
        actorId: input.actorId,
        action: input.action,
        targetKind: input.targetKind,
        targetId: input.targetId ?? null,
        summary: input.summary,
        createdAt: clock.now(),
      });
    },

    /** Newest first, filtered by actor, action, target kind and target id. */
    async list(query: StaffAuditQuery): Promise<StaffAuditList> {
      const where: SQL[] = [];
      if (query.actor) where.push(eq(staffAudit.actorId, query.actor));
      if (query.action) where.push(eq(staffAudit.action, query.action));
      if (query.target_kind) where.push(eq(staffAudit.targetKind, query.target_kind));
      if (query.target_id) where.push(eq(staffAudit.targetId, query.target_id));
      const filter = where.length > 0 ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: staffAudit, actorEmail: users.email })
          .from(staffAudit)
          .leftJoin(users, eq(users.id, staffAudit.actorId))
          .where(filter)
          .orderBy(desc(staffAudit.createdAt), desc(staffAudit.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(staffAudit).where(filter),
      ]);
      return {
        items: rows.map(({ entry, actorEmail }) => ({
          id: entry.id,
          actorId: entry.actorId,
          actorEmail: actorEmail ?? null,
          action: entry.action,
          targetKind: entry.targetKind,
          targetId: entry.targetId,
          summary: entry.summary,
          createdAt: entry.createdAt.toISOString(),
        })),
        page: query.page,
        limit: query.limit,
        total: total?.n ?? 0,
      };
    },
  };
}
export type StaffAudit = ReturnType<typeof createStaffAudit>;
