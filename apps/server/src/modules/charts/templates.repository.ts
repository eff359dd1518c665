import type { ChartTemplateKind } from '@tradedesk/contracts';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { type ChartTemplateRow, chartTemplates } from './charts.table.js';

/** Chart and indicator templates, scoped by owner; default changes happen in one transaction. */
export function createTemplatesRepository(db: Db) {
  return queries(db, (fn) => db.transaction((tx) => fn(queries(tx as unknown as Db, () => Promise.reject()))));
}

type Tx = <T>(fn: (q: ReturnType<typeof queries>) => Promise<T>) => Promise<T>;

function queries(db: Db, transaction: Tx) {
  const owned = (userId: string, id: string) => and(eq(chartTemplates.userId, userId), eq(chartTemplates.id, id));
  return {
    transaction,

    /** Serialises default changes of one user (two tabs making different templates default at once). */
    async lockUser(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`templates:${userId}`}, 0))`);
    },

    async list(userId: string, kind?: ChartTemplateKind): Promise<ChartTemplateRow[]> {
      const where = kind
        ? and(eq(chartTemplates.userId, userId), eq(chartTemplates.kind, kind))
        : eq(chartTemplates.userId, userId);
      return db
        .select()
        .from(chartTemplates)
        .where(where)
        .orderBy(asc(chartTemplates.createdAt), asc(chartTemplates.id));
    },

    async find(userId: string, id: string): Promise<ChartTemplateRow | undefined> {
      const [row] = await db.select().from(chartTemplates).where(owned(userId, id)).limit(1);
      return row;
    },

    async findDefault(userId: string, kind: ChartTemplateKind): Promise<ChartTemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(chartTemplates)
        .where(
          and(eq(chartTemplates.userId, userId), eq(chartTemplates.kind, kind), eq(chartTemplates.isDefault, true)),
        )
        .limit(1);
      return row;
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(chartTemplates).where(eq(chartTemplates.userId, userId));
      return row?.n ?? 0;
    },

    async insert(row: ChartTemplateRow): Promise<void> {
      await db.insert(chartTemplates).values(row);
    },

    async update(
      userId: string,
      id: string,
      patch: Partial<Pick<ChartTemplateRow, 'name' | 'settings' | 'indicators' | 'updatedAt' | 'isDefault'>>,
    ): Promise<ChartTemplateRow | undefined> {
      const [row] = await db.update(chartTemplates).set(patch).where(owned(userId, id)).returning();
      return row;
    },

    async clearDefault(userId: string, kind: ChartTemplateKind, except: string): Promise<void> {
      await db
        .update(chartTemplates)
        .set({ isDefault: false })
        .where(
          and(
            eq(chartTemplates.userId, userId),
            eq(chartTemplates.kind, kind),
            eq(chartTemplates.isDefault, true),
            ne(chartTemplates.id, except),
          ),
        );
    },

    async latest(userId: string, kind: ChartTemplateKind): Promise<ChartTemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(chartTemplates)
        .where(and(eq(chartTemplates.userId, userId), eq(chartTemplates.kind, kind)))
        .orderBy(desc(chartTemplates.updatedAt), desc(chartTemplates.id))
        .limit(1);
      return row;
    },

    async delete(userId: string, id: string): Promise<ChartTemplateRow | undefined> {
      const [row] = await db.delete(chartTemplates).where(owned(userId, id)).returning();
      return row;
    },
  };
}
export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
export type TemplateQueries = ReturnType<typeof queries>;
