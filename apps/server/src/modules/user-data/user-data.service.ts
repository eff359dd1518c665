import type { UserDataDocument, UserDataDocumentBody, UserDataStore } from '@tradedesk/contracts';
import type { Clock } from '../../platform/clock.js';
import { userDataError } from './user-data.errors.js';
import type { UserDataRepository } from './user-data.repository.js';
import type { UserDataDocumentRow } from './user-data.table.js';

function toDocument(row: UserDataDocumentRow): UserDataDocument {
  return { name: row.name, version: row.version, state: row.state, updatedAt: row.updatedAt.toISOString() };
}

/**
 * The user-data store: per user, per store, per name, one JSON document. Another user's document is
 * indistinguishable from a missing one.
 */
export function createUserDataService(deps: {
  repo: UserDataRepository;
  clock: Clock;
  limits: { maxDocuments: number };
}) {
  const { repo, clock, limits } = deps;
  return {
    async get(userId: string, store: UserDataStore, name: string): Promise<UserDataDocument> {
      const row = await repo.find({ userId, store, name });
      if (!row) throw userDataError('USER_DATA_NOT_FOUND', `Nothing is saved under the name "${name}".`);
      return toDocument(row);
    },

    /** Saves the document, replacing the one of the same name; a new name past the limit is refused. */
    async put(
      userId: string,
      store: UserDataStore,
      name: string,
      body: UserDataDocumentBody,
    ): Promise<UserDataDocument> {
      const existing = await repo.find({ userId, store, name });
      if (!existing && (await repo.count(userId, store)) >= limits.maxDocuments) {
        throw userDataError(
          'USER_DATA_LIMIT_REACHED',
          `You already keep ${limits.maxDocuments} saved documents here, the most allowed; delete one before saving another.`,
        );
      }
      const row = await repo.upsert({
        userId,
        store,
        name,
        version: body.version,
        state: body.state,
        updatedAt: clock.now(),
      });
      return toDocument(row);
    },

    async delete(userId: string, store: UserDataStore, name: string): Promise<void> {
      if (!(await repo.delete({ userId, store, name }))) {
        throw userDataError('USER_DATA_NOT_FOUND', `Nothing is saved under the name "${name}".`);
      }
    },
  };
}
export type UserDataService = ReturnType<typeof createUserDataService>;
