import type { JournalAnnotationBody, JournalTrade } from '@tradedesk/contracts';
import type { Clock } from '../../platform/clock.js';
import type { UsersService } from '../users/users.service.js';
import { journalError } from './journal.errors.js';
import type { StrategyLinks } from './journal.links.js';
import type { JournalRepository } from './journal.repository.js';
import { sanitizeRichText } from './journal.sanitize.js';
import type { JournalTradeAnnotationRow } from './journal.table.js';
import type { TradeReader } from './journal.trades.js';
import type { JournalMistakesService } from './journal-mistakes.service.js';

const tradeNotFound = () =>
  journalError('JOURNAL_TRADE_NOT_FOUND', 'No position of your trading accounts has this id.');

/**
 * A trade's annotation, kept by its position id: notes, screenshots, the strategy and approach it followed, the
 * checklist items it met, its mistakes and a 1-5 rating. Only a closed position of the user's own accounts can be
 * annotated (anyone else's: 404; one still open: 409), and every linked id must be the user's.
 */
export function createJournalAnnotationsService(deps: {
  repo: JournalRepository;
  reader: TradeReader;
  mistakes: Pick<JournalMistakesService, 'unknownIds'>;
  users: Pick<UsersService, 'getById'>;
  links: StrategyLinks;
  clock: Clock;
}) {
  const { repo, reader, mistakes, users, links, clock } = deps;

  async function owned(userId: string, positionId: string) {
    const found = await repo.ownedPosition(userId, positionId);
    if (!found) throw tradeNotFound();
    if (found.position.status !== 'closed' || !found.position.closedAt) {
      throw journalError(
        'JOURNAL_TRADE_OPEN',
        'This position is still open: it becomes a trade of the journal once it is closed.',
      );
    }
    return found;
  }

  async function tradeOf(userId: string, positionId: string): Promise<JournalTrade> {
    const { position, account } = await owned(userId, positionId);
    const zone = (await users.getById(userId)).timeZone;
    const annotations = await reader.annotations(userId, [positionId]);
    const trade = reader.toWire(await reader.one(position, account, zone), annotations.get(positionId) ?? null);
    return (await reader.withNews([trade]))[0]!;
  }

  return {
    /** GET /journal/trades/{positionId}: the trade with its annotation (null when it has none). */
    trade: tradeOf,

    /** PUT /journal/trades/{positionId}: creates or changes the annotation; fields left out keep their value. */
    async annotate(userId: string, positionId: string, body: JournalAnnotationBody): Promise<JournalTrade> {
      await owned(userId, positionId);
      const before = await repo.annotation(userId, positionId);

      // A new strategy (or none) drops the approach and checklist items of the old one unless they are sent too.
      const strategyId = body.strategy_id !== undefined ? body.strategy_id : (before?.strategyId ?? null);
      const strategyChanged = body.strategy_id !== undefined && body.strategy_id !== (before?.strategyId ?? null);
      const approachId =
        body.approach_id !== undefined ? body.approach_id : strategyChanged ? null : (before?.approachId ?? null);
      const checklistItemIds = body.checklist_item_ids ?? (strategyChanged ? [] : (before?.checklistItemIds ?? []));
      if (!strategyId && approachId) {
        throw journalError.onField(
          'approach_id',
          'JOURNAL_INVALID_FIELD',
          'approach_id needs strategy_id: an approach belongs to a strategy.',
        );
      }
      if (!strategyId && checklistItemIds.length > 0) {
        throw journalError.onField(
          'checklist_item_ids',
          'JOURNAL_INVALID_FIELD',
          'checklist_item_ids needs strategy_id: checklist items belong to a strategy.',
        );
      }
      if (body.strategy_id !== undefined || body.approach_id !== undefined || body.checklist_item_ids !== undefined) {
        await links.check(userId, { strategyId, approachId, checklistItemIds });
      }

      if (body.mistake_ids) {
        const unknown = await mistakes.unknownIds(userId, body.mistake_ids);
        if (unknown.length > 0) {
          throw journalError.onField(
            'mistake_ids',
            'JOURNAL_MISTAKE_NOT_FOUND',
            `No mistake of yours has the id ${unknown[0]}.`,
          );
        }
      }
      if (body.screenshots) {
        const mine = new Set((await repo.images(userId, body.screenshots)).map((i) => i.id));
        const unknown = body.screenshots.find((id) => !mine.has(id));
        if (unknown) {
          throw journalError.onField(
            'screenshots',
            'JOURNAL_IMAGE_NOT_FOUND',
            `No journal image of yours has the id ${unknown}.`,
          );
        }
      }

      const now = clock.now();
      const row: JournalTradeAnnotationRow = {
        positionId,
        userId,
        notes: body.notes !== undefined ? sanitizeRichText(body.notes) : (before?.notes ?? ''),
        screenshots: body.screenshots ?? before?.screenshots ?? [],
        strategyId,
        approachId,
        checklistItemIds: [...checklistItemIds],
        mistakeIds: body.mistake_ids ?? before?.mistakeIds ?? [],
        rating: body.rating !== undefined ? body.rating : (before?.rating ?? null),
        createdAt: before?.createdAt ?? now,
        updatedAt: now,
      };
      await repo.upsertAnnotation(row);
      return tradeOf(userId, positionId);
    },

    /** DELETE /journal/trades/{positionId}: removes the annotation (the trade stays). */
    async clear(userId: string, positionId: string): Promise<JournalTrade> {
      await owned(userId, positionId);
      if (!(await repo.deleteAnnotation(userId, positionId))) {
        throw journalError('JOURNAL_ANNOTATION_NOT_FOUND', 'This trade has no annotation to delete.');
      }
      return tradeOf(userId, positionId);
    },

    /** The strategy linked to each of the positions that has one (for the metrics' strategy filter). */
    strategiesOf: (positionIds: readonly string[]) => repo.strategiesOf(positionIds),
  };
}
export type JournalAnnotationsService = ReturnType<typeof createJournalAnnotationsService>;
