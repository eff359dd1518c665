import {
  JOURNAL_DEFAULT_MISTAKES,
  JOURNAL_MISTAKES_MAX,
  type JournalMistake,
  type JournalMistakeBody,
  type JournalMistakeList,
} from '@tradedesk/contracts';
import type { Clock } from '../../platform/clock.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { newId } from '../../platform/ids.js';
import { journalError } from './journal.errors.js';
import type { JournalRepository } from './journal.repository.js';
import type { JournalMistakeRow } from './journal.table.js';

const toWire = (r: JournalMistakeRow): JournalMistake => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const notFound = () => journalError('JOURNAL_MISTAKE_NOT_FOUND', 'No mistake of yours has this id.');
const duplicate = (name: string) =>
  journalError.onField('name', 'JOURNAL_MISTAKE_DUPLICATE', `Your list already has a mistake named "${name}".`);

/**
 * The user's own list of mistakes a trade can be tagged with. A new user's list starts with the defaults, given
 * once on the first read (deleting them all does not bring them back).
 */
export function createJournalMistakesService(deps: { repo: JournalRepository; clock: Clock }) {
  const { repo, clock } = deps;

  async function list(userId: string): Promise<JournalMistakeRow[]> {
    const now = clock.now();
    if (await repo.claimMistakeSeeding(userId, now)) {
      // one millisecond apart, so the defaults keep their order
      await repo.insertMistakes(
        JOURNAL_DEFAULT_MISTAKES.map((name, i) => {
          const at = new Date(now.getTime() + i);
          return { id: newId(), userId, name, createdAt: at, updatedAt: at };
        }),
      );
    }
    return repo.mistakes(userId);
  }

  return {
    async list(userId: string): Promise<JournalMistakeList> {
      return { mistakes: (await list(userId)).map(toWire) };
    },

    /** The ids that are not mistakes of the user. */
    async unknownIds(userId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const mine = new Set((await list(userId)).map((m) => m.id));
      return ids.filter((id) => !mine.has(id));
    },

    async create(userId: string, body: JournalMistakeBody): Promise<JournalMistake> {
      const existing = await list(userId);
      if (existing.length >= JOURNAL_MISTAKES_MAX) {
        throw journalError(
          'JOURNAL_MISTAKE_LIMIT_REACHED',
          `You can keep at most ${JOURNAL_MISTAKES_MAX} mistakes: delete one you no longer use first.`,
        );
      }
      if (existing.some((m) => m.name.toLowerCase() === body.name.toLowerCase())) throw duplicate(body.name);
      const now = clock.now();
      const [row] = await repo.insertMistakes([
        { id: newId(), userId, name: body.name, createdAt: now, updatedAt: now },
      ]);
      if (!row) throw duplicate(body.name); // added by a request at the same moment
      return toWire(row);
    },

    async rename(userId: string, id: string, body: JournalMistakeBody): Promise<JournalMistake> {
      const same = await repo.mistakeNamed(userId, body.name);
      if (same && same.id !== id) throw duplicate(body.name);
      try {
        const row = await repo.renameMistake(userId, id, body.name, clock.now());
        if (!row) throw notFound();
        return toWire(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(body.name);
        throw error;
      }
    },

    /** Deletes the mistake and takes it off every trade it was on. */
    async delete(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteMistake(userId, id))) throw notFound();
    },
  };
}
export type JournalMistakesService = ReturnType<typeof createJournalMistakesService>;
