import { index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tradingAccounts } from '../trading/trading.table.js';
import { users } from '../users/users.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A passed phase as kept in `prop_accounts.passed_phases`. */
export type PassedPhaseRecord = {
  phase: string;
  startedAt: string;
  passedAt: string;
  startingBalance: number;
  equity: number;
  tradingDays: number;
};

/**
 * A trading account in a prop-firm challenge: which challenge and phase, where it stands (active, paused until
 * the next reset, failed, completed) and the rule engine's serialisable evaluation state, written by the leader's
 * evaluation job so that a restart or a new leader resumes where the last one stopped. One row per account; it
 * goes with the account.
 */
export const propAccounts = pgTable(
  'prop_accounts',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmId: text('firm_id').notNull(),
    challengeId: text('challenge_id').notNull(),
    phase: text('phase').notNull(),
    size: numeric('size').notNull(),
    currency: text('currency').notNull(),
    state: text('state').notNull(),
    phaseStartedAt: at('phase_started_at').notNull(),
    pausedUntil: at('paused_until'),
    failedAt: at('failed_at'),
    failedEquity: numeric('failed_equity'),
    failedRule: text('failed_rule'),
    failedReason: text('failed_reason'),
    passedPhases: jsonb('passed_phases').$type<PassedPhaseRecord[]>().notNull().default([]),
    /** The core rule engine's state of the current phase (JSON), null until the first evaluation. */
    evaluation: jsonb('evaluation').$type<unknown>(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('prop_accounts_user_idx').on(t.userId)],
);
export type PropAccountRow = typeof propAccounts.$inferSelect;

/** A trader's own objective (a goal of the catalogue with a name and a default value). */
export const userObjectives = pgTable(
  'user_objectives',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    value: numeric('value', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('user_objectives_user_idx').on(t.userId, t.createdAt)],
);
export type UserObjectiveRow = typeof userObjectives.$inferSelect;

/** An objective set on one account, with the value it has there. */
export const accountObjectives = pgTable(
  'account_objectives',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    objectiveId: uuid('objective_id')
      .notNull()
      .references(() => userObjectives.id, { onDelete: 'cascade' }),
    value: numeric('value', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.objectiveId] }),
    index('account_objectives_objective_idx').on(t.objectiveId),
  ],
);
export type AccountObjectiveRow = typeof accountObjectives.$inferSelect;
