import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import type { CountedItem, LimitGate } from '../billing/entitlements/entitlements.js';
import {
  type StrategyApproachRow,
  type StrategyChecklistItemRow,
  type StrategyConditionCommentRow,
  type StrategyConditionImageRow,
  type StrategyConditionRow,
  type StrategyCriterionRow,
  type StrategyFolderRow,
  type StrategyRow,
  type StrategySnapshotRow,
  strategies,
  strategyApproaches,
  strategyChecklistItems,
  strategyConditionComments,
  strategyConditionImages,
  strategyConditions,
  strategyCriteria,
  strategyFolders,
  strategySnapshots,
} from './strategies.table.js';

/** An approach with everything below it, as read for an answer. */
export type ApproachTree = {
  approach: StrategyApproachRow;
  criteria: StrategyCriterionRow[];
  conditions: StrategyConditionRow[];
  checklist: StrategyChecklistItemRow[];
  images: StrategyConditionImageRow[];
  comments: StrategyConditionCommentRow[];
};

/**
 * Strategies and everything below them. A strategy or an approach is always read scoped by its owner; a row
 * further down is read scoped by its parent, which the service has already found among the caller's.
 */
export function createStrategiesRepository(db: Db) {
  return queries(db, (fn) => db.transaction((tx) => fn(queries(tx as unknown as Db, () => Promise.reject()))));
}

type Tx = <T>(fn: (q: StrategyQueries) => Promise<T>) => Promise<T>;

function queries(db: Db, transaction: Tx) {
  const ownedStrategy = (userId: string, id: string) => and(eq(strategies.userId, userId), eq(strategies.id, id));

  async function conditionFileKeys(conditionIds: string[]): Promise<string[]> {
    if (conditionIds.length === 0) return [];
    const rows = await db
      .select({ key: strategyConditionImages.fileKey })
      .from(strategyConditionImages)
      .where(inArray(strategyConditionImages.conditionId, conditionIds));
    return rows.map((r) => r.key);
  }

  return {
    transaction,

    /** Serialises one user's changes to their strategies, so counted limits and list positions hold. */
    async lockUser(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`strategies:${userId}`}, 0))`);
    },

    // ---- strategies --------------------------------------------------------------------------------

    async countStrategies(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(strategies).where(eq(strategies.userId, userId));
      return row?.n ?? 0;
    },

    /** Inside a transaction: the plan's strategies limit, checked under the user's lock on it (LimitGate). */
    async holdPlanLimit(gate: LimitGate, userId: string): Promise<void> {
      await gate.hold(db, async () => {
        const [row] = await db.select({ n: count() }).from(strategies).where(eq(strategies.userId, userId));
        return row?.n ?? 0;
      });
    },

    /** What the plan's strategies limit counts, for assertEditable. */
    async countedStrategies(userId: string): Promise<CountedItem[]> {
      return db
        .select({ id: strategies.id, createdAt: strategies.createdAt })
        .from(strategies)
        .where(eq(strategies.userId, userId));
    },

    /** Newest first. */
    async listStrategies(userId: string, offset: number, limit: number): Promise<StrategyRow[]> {
      return db
        .select()
        .from(strategies)
        .where(eq(strategies.userId, userId))
        .orderBy(desc(strategies.seq))
        .offset(offset)
        .limit(limit);
    },

    async findStrategy(userId: string, id: string): Promise<StrategyRow | undefined> {
      const [row] = await db.select().from(strategies).where(ownedStrategy(userId, id)).limit(1);
      return row;
    },

    async insertStrategy(row: typeof strategies.$inferInsert): Promise<void> {
      await db.insert(strategies).values(row);
    },

    async updateStrategy(
      userId: string,
      id: string,
      patch: Partial<Omit<StrategyRow, 'id' | 'userId' | 'createdAt'>>,
    ): Promise<void> {
      await db.update(strategies).set(patch).where(ownedStrategy(userId, id));
    },

    async deleteStrategy(userId: string, id: string): Promise<void> {
      await db.delete(strategies).where(ownedStrategy(userId, id));
    },

    /** Snapshots, folders and approach counts of several strategies at once. */
    async strategyParts(ids: string[]): Promise<{
      snapshots: StrategySnapshotRow[];
      folders: StrategyFolderRow[];
      approaches: Map<string, number>;
    }> {
      if (ids.length === 0) return { snapshots: [], folders: [], approaches: new Map() };
      const [snapshots, folders, counts] = await Promise.all([
        db
          .select()
          .from(strategySnapshots)
          .where(inArray(strategySnapshots.strategyId, ids))
          .orderBy(asc(strategySnapshots.seq)),
        db
          .select()
          .from(strategyFolders)
          .where(inArray(strategyFolders.strategyId, ids))
          .orderBy(asc(strategyFolders.seq)),
        db
          .select({ strategyId: strategyApproaches.strategyId, n: count() })
          .from(strategyApproaches)
          .where(inArray(strategyApproaches.strategyId, ids))
          .groupBy(strategyApproaches.strategyId),
      ]);
      return { snapshots, folders, approaches: new Map(counts.map((c) => [c.strategyId, c.n])) };
    },

    /** Every stored file below a strategy (snapshots and condition images), to delete with it. */
    async strategyFileKeys(strategyId: string): Promise<string[]> {
      const snapshots = await db
        .select({ key: strategySnapshots.fileKey })
        .from(strategySnapshots)
        .where(eq(strategySnapshots.strategyId, strategyId));
      const images = await db
        .select({ key: strategyConditionImages.fileKey })
        .from(strategyConditionImages)
        .innerJoin(strategyConditions, eq(strategyConditions.id, strategyConditionImages.conditionId))
        .innerJoin(strategyCriteria, eq(strategyCriteria.id, strategyConditions.criterionId))
        .innerJoin(strategyApproaches, eq(strategyApproaches.id, strategyCriteria.approachId))
        .where(eq(strategyApproaches.strategyId, strategyId));
      return [...snapshots.map((s) => s.key), ...images.map((i) => i.key)].filter((k): k is string => k !== null);
    },

    /** Each strategy of the user with its approaches: ids and names, for other modules' pickers and checks. */
    async ownedNames(userId: string): Promise<Array<{ strategy: StrategyRow; approaches: StrategyApproachRow[] }>> {
      const rows = await db
        .select()
        .from(strategies)
        .where(eq(strategies.userId, userId))
        .orderBy(asc(strategies.name), asc(strategies.id));
      const approaches = await db
        .select()
        .from(strategyApproaches)
        .where(eq(strategyApproaches.userId, userId))
        .orderBy(asc(strategyApproaches.seq));
      return rows.map((strategy) => ({
        strategy,
        approaches: approaches.filter((a) => a.strategyId === strategy.id),
      }));
    },

    // ---- snapshots and folders ----------------------------------------------------------------------

    async countSnapshots(strategyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(strategySnapshots)
        .where(eq(strategySnapshots.strategyId, strategyId));
      return row?.n ?? 0;
    },

    async insertSnapshot(row: typeof strategySnapshots.$inferInsert): Promise<void> {
      await db.insert(strategySnapshots).values(row);
    },

    async deleteSnapshot(strategyId: string, id: string): Promise<StrategySnapshotRow | undefined> {
      const [row] = await db
        .delete(strategySnapshots)
        .where(and(eq(strategySnapshots.strategyId, strategyId), eq(strategySnapshots.id, id)))
        .returning();
      return row;
    },

    async countFolders(strategyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(strategyFolders)
        .where(eq(strategyFolders.strategyId, strategyId));
      return row?.n ?? 0;
    },

    async insertFolder(row: typeof strategyFolders.$inferInsert): Promise<void> {
      await db.insert(strategyFolders).values(row);
    },

    async deleteFolder(strategyId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(strategyFolders)
        .where(and(eq(strategyFolders.strategyId, strategyId), eq(strategyFolders.id, id)))
        .returning({ id: strategyFolders.id });
      return rows.length > 0;
    },

    // ---- approaches ---------------------------------------------------------------------------------

    async countApproaches(strategyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(strategyApproaches)
        .where(eq(strategyApproaches.strategyId, strategyId));
      return row?.n ?? 0;
    },

    async listApproaches(userId: string, strategyId: string): Promise<StrategyApproachRow[]> {
      return db
        .select()
        .from(strategyApproaches)
        .where(and(eq(strategyApproaches.userId, userId), eq(strategyApproaches.strategyId, strategyId)))
        .orderBy(asc(strategyApproaches.seq));
    },

    async findApproach(userId: string, strategyId: string, id: string): Promise<StrategyApproachRow | undefined> {
      const [row] = await db
        .select()
        .from(strategyApproaches)
        .where(
          and(
            eq(strategyApproaches.userId, userId),
            eq(strategyApproaches.strategyId, strategyId),
            eq(strategyApproaches.id, id),
          ),
        )
        .limit(1);
      return row;
    },

    /** An approach of the user by its id alone (other modules' checks). */
    async findApproachOfUser(userId: string, id: string): Promise<StrategyApproachRow | undefined> {
      const [row] = await db
        .select()
        .from(strategyApproaches)
        .where(and(eq(strategyApproaches.userId, userId), eq(strategyApproaches.id, id)))
        .limit(1);
      return row;
    },

    async insertApproach(row: typeof strategyApproaches.$inferInsert): Promise<void> {
      await db.insert(strategyApproaches).values(row);
    },

    async updateApproach(
      id: string,
      patch: Partial<Omit<StrategyApproachRow, 'id' | 'userId' | 'strategyId' | 'createdAt'>>,
    ): Promise<void> {
      await db.update(strategyApproaches).set(patch).where(eq(strategyApproaches.id, id));
    },

    async deleteApproach(id: string): Promise<void> {
      await db.delete(strategyApproaches).where(eq(strategyApproaches.id, id));
    },

    async approachFileKeys(approachId: string): Promise<string[]> {
      const rows = await db
        .select({ key: strategyConditionImages.fileKey })
        .from(strategyConditionImages)
        .innerJoin(strategyConditions, eq(strategyConditions.id, strategyConditionImages.conditionId))
        .innerJoin(strategyCriteria, eq(strategyCriteria.id, strategyConditions.criterionId))
        .where(eq(strategyCriteria.approachId, approachId));
      return rows.map((r) => r.key);
    },

    /** Everything below the approaches, ordered as answered: criteria, conditions, images, comments oldest first; checklist by position. */
    async trees(approaches: StrategyApproachRow[]): Promise<ApproachTree[]> {
      if (approaches.length === 0) return [];
      const criteria = await db
        .select()
        .from(strategyCriteria)
        .where(
          inArray(
            strategyCriteria.approachId,
            approaches.map((a) => a.id),
          ),
        )
        .orderBy(asc(strategyCriteria.seq));
      const conditions =
        criteria.length === 0
          ? []
          : await db
              .select()
              .from(strategyConditions)
              .where(
                inArray(
                  strategyConditions.criterionId,
                  criteria.map((c) => c.id),
                ),
              )
              .orderBy(asc(strategyConditions.seq));
      const conditionIds = conditions.map((c) => c.id);
      const [checklist, images, comments] =
        conditionIds.length === 0
          ? [[], [], []]
          : await Promise.all([
              db
                .select()
                .from(strategyChecklistItems)
                .where(inArray(strategyChecklistItems.conditionId, conditionIds))
                .orderBy(asc(strategyChecklistItems.position), asc(strategyChecklistItems.id)),
              db
                .select()
                .from(strategyConditionImages)
                .where(inArray(strategyConditionImages.conditionId, conditionIds))
                .orderBy(asc(strategyConditionImages.seq)),
              db
                .select()
                .from(strategyConditionComments)
                .where(inArray(strategyConditionComments.conditionId, conditionIds))
                .orderBy(asc(strategyConditionComments.seq)),
            ]);
      return approaches.map((approach) => {
        const mine = criteria.filter((c) => c.approachId === approach.id);
        const criterionIds = new Set(mine.map((c) => c.id));
        const conds = conditions.filter((c) => criterionIds.has(c.criterionId));
        const condIds = new Set(conds.map((c) => c.id));
        return {
          approach,
          criteria: mine,
          conditions: conds,
          checklist: checklist.filter((i) => condIds.has(i.conditionId)),
          images: images.filter((i) => condIds.has(i.conditionId)),
          comments: comments.filter((i) => condIds.has(i.conditionId)),
        };
      });
    },

    // ---- criteria and conditions ----------------------------------------------------------------------

    async countCriteria(approachId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(strategyCriteria)
        .where(eq(strategyCriteria.approachId, approachId));
      return row?.n ?? 0;
    },

    async findCriterion(approachId: string, id: string): Promise<StrategyCriterionRow | undefined> {
      const [row] = await db
        .select()
        .from(strategyCriteria)
        .where(and(eq(strategyCriteria.approachId, approachId), eq(strategyCriteria.id, id)))
        .limit(1);
      return row;
    },

    async insertCriterion(row: typeof strategyCriteria.$inferInsert): Promise<void> {
      await db.insert(strategyCriteria).values(row);
    },

    async renameCriterion(id: string, name: string): Promise<void> {
      await db.update(strategyCriteria).set({ name }).where(eq(strategyCriteria.id, id));
    },

    async deleteCriterion(id: string): Promise<void> {
      await db.delete(strategyCriteria).where(eq(strategyCriteria.id, id));
    },

    async criterionFileKeys(criterionId: string): Promise<string[]> {
      const rows = await db
        .select({ id: strategyConditions.id })
        .from(strategyConditions)
        .where(eq(strategyConditions.criterionId, criterionId));
      return conditionFileKeys(rows.map((r) => r.id));
    },

    async countConditions(criterionId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(strategyConditions)
        .where(eq(strategyConditions.criterionId, criterionId));
      return row?.n ?? 0;
    },

    async findCondition(criterionId: string, id: string): Promise<StrategyConditionRow | undefined> {
      const [row] = await db
        .select()
        .from(strategyConditions)
        .where(and(eq(strategyConditions.criterionId, criterionId), eq(strategyConditions.id, id)))
        .limit(1);
      return row;
    },

    async insertCondition(row: typeof strategyConditions.$inferInsert): Promise<void> {
      await db.insert(strategyConditions).values(row);
    },

    async updateConditionText(id: string, text: string): Promise<void> {
      await db.update(strategyConditions).set({ text }).where(eq(strategyConditions.id, id));
    },

    async deleteCondition(id: string): Promise<void> {
      await db.delete(strategyConditions).where(eq(strategyConditions.id, id));
    },

    conditionFileKeys: (conditionId: string) => conditionFileKeys([conditionId]),

    // ---- checklist items, images and comments -----------------------------------------------------------

    async checklist(conditionId: string): Promise<StrategyChecklistItemRow[]> {
      return db
        .select()
        .from(strategyChecklistItems)
        .where(eq(strategyChecklistItems.conditionId, conditionId))
        .orderBy(asc(strategyChecklistItems.position), asc(strategyChecklistItems.id));
    },

    async insertChecklistItem(row: StrategyChecklistItemRow): Promise<void> {
      await db.insert(strategyChecklistItems).values(row);
    },

    async updateChecklistItem(id: string, patch: Partial<Pick<StrategyChecklistItemRow, 'text' | 'position'>>) {
      await db.update(strategyChecklistItems).set(patch).where(eq(strategyChecklistItems.id, id));
    },

    async deleteChecklistItem(id: string): Promise<void> {
      await db.delete(strategyChecklistItems).where(eq(strategyChecklistItems.id, id));
    },

    /** A checklist item of the user by its id alone, with the ids above it (other modules' checks). */
    async checklistItemOfUser(
      userId: string,
      itemId: string,
    ): Promise<
      | {
          item: StrategyChecklistItemRow;
          conditionId: string;
          criterionId: string;
          approachId: string;
          strategyId: string;
        }
      | undefined
    > {
      const [row] = await db
        .select({
          item: strategyChecklistItems,
          conditionId: strategyConditions.id,
          criterionId: strategyCriteria.id,
          approachId: strategyApproaches.id,
          strategyId: strategyApproaches.strategyId,
        })
        .from(strategyChecklistItems)
        .innerJoin(strategyConditions, eq(strategyConditions.id, strategyChecklistItems.conditionId))
        .innerJoin(strategyCriteria, eq(strategyCriteria.id, strategyConditions.criterionId))
        .innerJoin(strategyApproaches, eq(strategyApproaches.id, strategyCriteria.approachId))
        .where(and(eq(strategyApproaches.userId, userId), eq(strategyChecklistItems.id, itemId)))
        .limit(1);
      return row;
    },

    async countImages(conditionId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(strategyConditionImages)
        .where(eq(strategyConditionImages.conditionId, conditionId));
      return row?.n ?? 0;
    },

    async insertImage(row: typeof strategyConditionImages.$inferInsert): Promise<void> {
      await db.insert(strategyConditionImages).values(row);
    },

    async deleteImage(conditionId: string, id: string): Promise<StrategyConditionImageRow | undefined> {
      const [row] = await db
        .delete(strategyConditionImages)
        .where(and(eq(strategyConditionImages.conditionId, conditionId), eq(strategyConditionImages.id, id)))
        .returning();
      return row;
    },

    async countComments(conditionId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(strategyConditionComments)
        .where(eq(strategyConditionComments.conditionId, conditionId));
      return row?.n ?? 0;
    },

    async insertComment(row: typeof strategyConditionComments.$inferInsert): Promise<void> {
      await db.insert(strategyConditionComments).values(row);
    },

    async updateComment(conditionId: string, id: string, text: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(strategyConditionComments)
        .set({ text, updatedAt: at })
        .where(and(eq(strategyConditionComments.conditionId, conditionId), eq(strategyConditionComments.id, id)))
        .returning({ id: strategyConditionComments.id });
      return rows.length > 0;
    },

    async deleteComment(conditionId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(strategyConditionComments)
        .where(and(eq(strategyConditionComments.conditionId, conditionId), eq(strategyConditionComments.id, id)))
        .returning({ id: strategyConditionComments.id });
      return rows.length > 0;
    },
  };
}
export type StrategyQueries = ReturnType<typeof queries>;
export type StrategiesRepository = ReturnType<typeof createStrategiesRepository>;
