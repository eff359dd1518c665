import type { Clock } from '../../platform/clock.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { newId } from '../../platform/ids.js';
import { userError } from './users.errors.js';
import type { UserPatch, UsersRepository } from './users.repository.js';
import type { NewUserRow, UserRow } from './users.table.js';

export type { UserRow };

/** Customers: lookups and updates that other modules (auth, settings) go through. */
export function createUsersService(deps: { repo: UsersRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    findById: repo.findById,
    findByEmail: repo.findByEmail,
    findByUsername: repo.findByUsername,
    findByGoogleSub: repo.findByGoogleSub,
    count: repo.count,

    async getById(id: string): Promise<UserRow> {
      const user = await repo.findById(id);
      if (!user) throw userError('USER_NOT_FOUND', 'The account was not found.');
      return user;
    },

    async isUsernameAvailable(username: string): Promise<boolean> {
      return !(await repo.findByUsername(username));
    },

    /** Creates a customer; a taken email or username is a 409 naming the field. */
    async create(input: Omit<NewUserRow, 'id' | 'createdAt' | 'updatedAt'>): Promise<UserRow> {
      const now = clock.now();
      try {
        return await repo.insert({ ...input, id: newId(), createdAt: now, updatedAt: now });
      } catch (error) {
        throw mapUniqueViolation(error);
      }
    },

    /** Applies a patch and bumps `updatedAt`. */
    async update(id: string, patch: UserPatch): Promise<UserRow> {
      try {
        const user = await repo.update(id, { ...patch, updatedAt: clock.now() });
        if (!user) throw userError('USER_NOT_FOUND', 'The account was not found.');
        return user;
      } catch (error) {
        throw mapUniqueViolation(error);
      }
    },

    async delete(id: string): Promise<void> {
      await repo.delete(id);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

function mapUniqueViolation(error: unknown): unknown {
  const constraint = isUniqueViolation(error);
  if (constraint === 'users_email_key') {
    return userError.onField('email', 'USER_EMAIL_TAKEN', 'An account with this email already exists.');
  }
  if (constraint === 'users_username_key') {
    return userError.onField('username', 'USER_USERNAME_TAKEN', 'This username is taken.');
  }
  if (constraint === 'users_google_sub_key') {
    return userError('USER_GOOGLE_LINKED', 'This Google account is linked to another user.');
  }
  return error;
}
