import type { ModerationAction, ModerationResolution, ReportTargetKind } from '@tradedesk/contracts';
import { and, asc, countDistinct, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import {
  type SocialModerationActionRow,
  type SocialReportRow,
  socialModerationActions,
  socialReports,
} from './moderation.table.js';

export type TargetKey = { kind: ReportTargetKind; targetId: string };
export type ReportGroup = TargetKey & {
  openReports: number;
  totalReports: number;
  firstReportedAt: Date;
  lastReportedAt: Date;
};

const sameTarget = (k: TargetKey) => and(eq(socialReports.kind, k.kind), eq(socialReports.targetId, k.targetId));
const anyTarget = <T extends typeof socialReports | typeof socialModerationActions>(table: T, keys: TargetKey[]) =>
  or(...keys.map((k) => and(eq(table.kind, k.kind), eq(table.targetId, k.targetId))));

/** Reports and the moderation history of items. */
export function createModerationRepository(db: Db) {
  return {
    /** One report per reporter and item: a second one updates the reason and details (and keeps its status). */
    async upsertReport(row: {
      id: string;
      reporterId: string;
      kind: ReportTargetKind;
      targetId: string;
      reason: string;
      details: string | null;
      now: Date;
    }): Promise<SocialReportRow> {
      const [saved] = await db
        .insert(socialReports)
        .values({ ...row, status: 'open', createdAt: row.now, updatedAt: row.now })
        .onConflictDoUpdate({
          target: [socialReports.reporterId, socialReports.kind, socialReports.targetId],
          set: { reason: row.reason, details: row.details, updatedAt: row.now },
        })
        .returning();
      return saved!;
    },

    /** Distinct people with an open report on the item. */
    async openReporters(key: TargetKey): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(socialReports.reporterId) })
        .from(socialReports)
        .where(and(sameTarget(key), eq(socialReports.status, 'open')));
      return row?.n ?? 0;
    },

    async reportCount(key: TargetKey): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(socialReports).where(sameTarget(key));
      return row?.n ?? 0;
    },

    async resolveOpen(key: TargetKey, resolution: ModerationResolution, staffId: string, now: Date): Promise<number> {
      const rows = await db
        .update(socialReports)
        .set({ status: 'resolved', resolution, resolvedAt: now, resolvedBy: staffId, updatedAt: now })
        .where(and(sameTarget(key), eq(socialReports.status, 'open')))
        .returning({ id: socialReports.id });
      return rows.length;
    },

    async addAction(row: {
      id: string;
      kind: ReportTargetKind;
      targetId: string;
      actorId: string | null;
      action: ModerationAction;
      note: string | null;
      createdAt: Date;
    }): Promise<void> {
      await db.insert(socialModerationActions).values(row);
    },

    /** The item's newest hide or restore (automatic or by staff), or null when never moderated. */
    async lastVisibilityAction(key: TargetKey): Promise<'auto_hide' | 'hide' | 'restore' | null> {
      const [row] = await db
        .select({ action: socialModerationActions.action })
        .from(socialModerationActions)
        .where(
          and(
            eq(socialModerationActions.kind, key.kind),
            eq(socialModerationActions.targetId, key.targetId),
            inArray(socialModerationActions.action, ['auto_hide', 'hide', 'restore']),
          ),
        )
        .orderBy(desc(socialModerationActions.seq))
        .limit(1);
      return (row?.action as 'auto_hide' | 'hide' | 'restore' | undefined) ?? null;
    },

    /**
     * Reported items grouped per item: with open reports (`open`), with none left open (`resolved`) or all; most
     * open reports first, then the newest report.
     */
    async groups(filter: {
      status: 'open' | 'resolved' | 'all';
      kind?: ReportTargetKind;
      offset: number;
      limit: number;
    }): Promise<{ groups: ReportGroup[]; total: number }> {
      const open = sql<number>`(count(*) filter (where ${socialReports.status} = 'open'))::int`;
      const having =
        filter.status === 'open' ? sql`${open} > 0` : filter.status === 'resolved' ? sql`${open} = 0` : undefined;
      const rows = await db
        .select({
          kind: socialReports.kind,
          targetId: socialReports.targetId,
          openReports: open,
          totalReports: sql<number>`count(*)::int`,
          firstReportedAt: sql<Date>`min(${socialReports.createdAt})`.mapWith(socialReports.createdAt),
          lastReportedAt: sql<Date>`max(${socialReports.createdAt})`.mapWith(socialReports.createdAt),
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(socialReports)
        .where(filter.kind ? eq(socialReports.kind, filter.kind) : undefined)
        .groupBy(socialReports.kind, socialReports.targetId)
        .having(having)
        .orderBy(desc(open), desc(sql`max(${socialReports.createdAt})`), asc(socialReports.targetId))
        .limit(filter.limit)
        .offset(filter.offset);
      const total = rows[0]?.total ?? (filter.offset > 0 ? await this.groupCount(filter) : 0);
      return { groups: rows.map(({ total: _t, ...g }) => g), total };
    },

    /** How many items the filter matches (for a page past the end). */
    async groupCount(filter: { status: 'open' | 'resolved' | 'all'; kind?: ReportTargetKind }): Promise<number> {
      const open = sql`count(*) filter (where ${socialReports.status} = 'open')`;
      const having =
        filter.status === 'open'
          ? sql`having ${open} > 0`
          : filter.status === 'resolved'
            ? sql`having ${open} = 0`
            : sql``;
      const where = filter.kind ? sql`where ${socialReports.kind} = ${filter.kind}` : sql``;
      const result = await db.execute(
        sql`select count(*)::int as n from (select 1 from ${socialReports} ${where} group by ${socialReports.kind}, ${socialReports.targetId} ${having}) g`,
      );
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    },

    /** The reports of the given items, newest first. */
    async reportsOf(keys: TargetKey[]): Promise<SocialReportRow[]> {
      if (keys.length === 0) return [];
      return db
        .select()
        .from(socialReports)
        .where(anyTarget(socialReports, keys))
        .orderBy(desc(socialReports.createdAt), desc(socialReports.id));
    },

    /** The moderation history of the given items, oldest first. */
    async actionsOf(keys: TargetKey[]): Promise<SocialModerationActionRow[]> {
      if (keys.length === 0) return [];
      return db
        .select()
        .from(socialModerationActions)
        .where(anyTarget(socialModerationActions, keys))
        .orderBy(asc(socialModerationActions.seq));
    },
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
