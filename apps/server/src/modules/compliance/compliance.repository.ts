import type { PlaybookStrategy, TradeAnnotation } from '@tradedesk/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { journalMistakes, journalTradeAnnotations } from '../journal/journal.table.js';
import {
  strategies,
  strategyApproaches,
  strategyChecklistItems,
  strategyConditions,
  strategyCriteria,
} from '../strategies/strategies.table.js';

/** Position ids read per query (bounded parameter lists). */
const CHUNK = 5000;

/**
 * Read-only access to what the compliance analytics need of the journal (trade annotations, the mistakes list)
 * and of the strategies (the playbook's approaches and their checklists). Every query is scoped by the owner.
 */
export function createComplianceRepository(db: Db) {
  return {
    /** The user's annotations of these positions. */
    async annotationsOf(userId: string, positionIds: readonly string[]): Promise<TradeAnnotation[]> {
      const out: TradeAnnotation[] = [];
      for (let i = 0; i < positionIds.length; i += CHUNK) {
        const rows = await db
          .select({
            positionId: journalTradeAnnotations.positionId,
            strategyId: journalTradeAnnotations.strategyId,
            approachId: journalTradeAnnotations.approachId,
            checklistItemIds: journalTradeAnnotations.checklistItemIds,
            mistakeIds: journalTradeAnnotations.mistakeIds,
          })
          .from(journalTradeAnnotations)
          .where(
            and(
              eq(journalTradeAnnotations.userId, userId),
              inArray(journalTradeAnnotations.positionId, positionIds.slice(i, i + CHUNK)),
            ),
          );
        for (const r of rows) {
          out.push({
            tradeId: r.positionId,
            strategyId: r.strategyId,
            approachId: r.approachId,
            checklistItemIdsMet: r.checklistItemIds,
            mistakeIds: r.mistakeIds,
          });
        }
      }
      return out;
    },

    /**
     * The user's playbook: strategies (in the order they were made), their approaches, and each approach's checklist (the items
     * of its criteria's conditions, in the order of criteria, conditions and item positions).
     */
    async playbookOf(userId: string): Promise<PlaybookStrategy[]> {
      const [strategyRows, approachRows, itemRows] = await Promise.all([
        db
          .select({ id: strategies.id, name: strategies.name })
          .from(strategies)
          .where(eq(strategies.userId, userId))
          .orderBy(asc(strategies.seq)),
        db
          .select({
            id: strategyApproaches.id,
            name: strategyApproaches.name,
            strategyId: strategyApproaches.strategyId,
          })
          .from(strategyApproaches)
          .where(eq(strategyApproaches.userId, userId))
          .orderBy(asc(strategyApproaches.seq)),
        db
          .select({
            id: strategyChecklistItems.id,
            text: strategyChecklistItems.text,
            approachId: strategyCriteria.approachId,
          })
          .from(strategyChecklistItems)
          .innerJoin(strategyConditions, eq(strategyConditions.id, strategyChecklistItems.conditionId))
          .innerJoin(strategyCriteria, eq(strategyCriteria.id, strategyConditions.criterionId))
          .innerJoin(strategyApproaches, eq(strategyApproaches.id, strategyCriteria.approachId))
          .where(eq(strategyApproaches.userId, userId))
          .orderBy(asc(strategyCriteria.seq), asc(strategyConditions.seq), asc(strategyChecklistItems.position)),
      ]);
      const items = new Map<string, { id: string; label: string }[]>();
      for (const r of itemRows) {
        const list = items.get(r.approachId) ?? [];
        list.push({ id: r.id, label: r.text });
        items.set(r.approachId, list);
      }
      const approaches = new Map<string, PlaybookStrategy['approaches'][number][]>();
      for (const a of approachRows) {
        const list = approaches.get(a.strategyId) ?? [];
        list.push({ id: a.id, name: a.name, checklistItems: items.get(a.id) ?? [] });
        approaches.set(a.strategyId, list);
      }
      return strategyRows.map((s) => ({ id: s.id, name: s.name, approaches: approaches.get(s.id) ?? [] }));
    },

    /** The user's mistakes list, by name. */
    async mistakesOf(userId: string): Promise<{ id: string; label: string }[]> {
      const rows = await db
        .select({ id: journalMistakes.id, label: journalMistakes.name })
        .from(journalMistakes)
        .where(eq(journalMistakes.userId, userId))
        .orderBy(asc(journalMistakes.name));
      return rows;
    },
  };
}
export type ComplianceRepository = ReturnType<typeof createComplianceRepository>;
