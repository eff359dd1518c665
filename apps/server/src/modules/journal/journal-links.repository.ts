import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import {
  strategies,
  strategyApproaches,
  strategyChecklistItems,
  strategyConditions,
  strategyCriteria,
} from '../strategies/strategies.table.js';
import { journalError } from './journal.errors.js';
import type { StrategyLink, StrategyLinks } from './journal.links.js';

/**
 * A trade's links into the user's playbook, checked on the strategies module's tables (read only): the strategy
 * is the user's, the approach is one of that strategy's, and each checklist item is on a condition of one of the
 * strategy's approaches. Anything else, another user's ids included, is a 404 naming the field.
 */
export function createStrategyLinks(db: Db): StrategyLinks {
  return {
    async check(userId: string, link: StrategyLink): Promise<void> {
      if (!link.strategyId) return;
      const [strategy] = await db
        .select({ id: strategies.id })
        .from(strategies)
        .where(and(eq(strategies.id, link.strategyId), eq(strategies.userId, userId)));
      if (!strategy) {
        throw journalError.onField('strategy_id', 'JOURNAL_STRATEGY_NOT_FOUND', 'No strategy of yours has this id.');
      }
      if (link.approachId) {
        const [approach] = await db
          .select({ id: strategyApproaches.id })
          .from(strategyApproaches)
          .where(
            and(
              eq(strategyApproaches.id, link.approachId),
              eq(strategyApproaches.userId, userId),
              eq(strategyApproaches.strategyId, link.strategyId),
            ),
          );
        if (!approach) {
          throw journalError.onField(
            'approach_id',
            'JOURNAL_APPROACH_NOT_FOUND',
            'No approach of this strategy of yours has this id.',
          );
        }
      }
      if (link.checklistItemIds.length > 0) {
        const rows = await db
          .select({ id: strategyChecklistItems.id })
          .from(strategyChecklistItems)
          .innerJoin(strategyConditions, eq(strategyConditions.id, strategyChecklistItems.conditionId))
          .innerJoin(strategyCriteria, eq(strategyCriteria.id, strategyConditions.criterionId))
          .innerJoin(strategyApproaches, eq(strategyApproaches.id, strategyCriteria.approachId))
          .where(
            and(
              inArray(strategyChecklistItems.id, [...link.checklistItemIds]),
              eq(strategyApproaches.userId, userId),
              eq(strategyApproaches.strategyId, link.strategyId),
            ),
          );
        const found = new Set(rows.map((r) => r.id));
        const missing = link.checklistItemIds.find((id) => !found.has(id));
        if (missing) {
          throw journalError.onField(
            'checklist_item_ids',
            'JOURNAL_CHECKLIST_ITEM_NOT_FOUND',
            `No checklist item of this strategy of yours has the id ${missing}.`,
          );
        }
      }
    },

    async existingChecklistItems(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: strategyChecklistItems.id })
        .from(strategyChecklistItems)
        .where(inArray(strategyChecklistItems.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    },
  };
}
