import type {
  AccountObjectiveBody,
  CreateUserObjectiveBody,
  ObjectiveCatalogueItem,
  UpdateUserObjectiveBody,
  UserObjective,
} from '@tradedesk/contracts';
import { USER_OBJECTIVES_MAX } from '@tradedesk/contracts';
import { OBJECTIVE_CATALOGUE, type ObjectiveKind, objectiveDefinition, objectiveValueIssue } from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { AccountsService } from '../trading/accounts.service.js';
import { objectiveNotFound, propError } from './prop.errors.js';
import type { PropRepository } from './prop.repository.js';
import type { UserObjectiveRow } from './prop.table.js';
import { unitOf } from './prop.view.js';

function toObjective(row: UserObjectiveRow): UserObjective {
  return {
    id: row.id,
    kind: row.type as UserObjective['kind'],
    name: row.name,
    unit: unitOf(row.type as ObjectiveKind),
    value: row.value,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

/**
 * The trader's own objectives (spec section 7: /trading/objectives and /market/objectives): goals of the
 * catalogue with a default value, set on accounts with a value of their own. Values are checked against the
 * catalogue entry's bounds (core's `objectiveValueIssue`); a bad one is a 422 naming the field.
 */
export function createObjectivesService(deps: {
  repo: PropRepository;
  accounts: AccountsService;
  clock: Clock;
  /** Told when an account's objectives changed, so the live goals follow. */
  onAccountChanged: (accountId: string) => Promise<void>;
}) {
  const { repo, accounts, clock } = deps;

  function checkValue(kind: ObjectiveKind, value: number, field = 'value') {
    const issue = objectiveValueIssue(kind, value, field);
    if (issue) throw propError.onField(field, 'PROP_INVALID_VALUE', issue);
  }

  async function owned(userId: string, id: string) {
    const row = await repo.objective(userId, id);
    if (!row) throw objectiveNotFound();
    return row;
  }

  /** The caller's account and objective, or a 404 for either. */
  async function pair(userId: string, accountId: string, objectiveId: string) {
    const account = await accounts.owned(userId, accountId);
    const objective = await owned(userId, objectiveId);
    return { account, objective };
  }

  return {
    catalogue(): ObjectiveCatalogueItem[] {
      return OBJECTIVE_CATALOGUE.map((d) => ({ ...d }));
    },

    async list(userId: string): Promise<UserObjective[]> {
      return (await repo.objectives(userId)).map(toObjective);
    },

    async create(userId: string, body: CreateUserObjectiveBody): Promise<UserObjective> {
      const definition = objectiveDefinition(body.kind);
      const value = body.value ?? definition.defaultValue;
      checkValue(body.kind, value);
      if ((await repo.countObjectives(userId)) >= USER_OBJECTIVES_MAX) {
        throw propError(
          'PROP_OBJECTIVE_LIMIT_REACHED',
          `You have ${USER_OBJECTIVES_MAX} objectives, the most one user may keep; delete one first.`,
        );
      }
      const now = clock.now();
      const row: UserObjectiveRow = {
        id: newId(),
        userId,
        type: body.kind,
        name: body.name ?? definition.name,
        value,
        createdAt: now,
        updatedAt: now,
      };
      await repo.insertObjective(row);
      return toObjective(row);
    },

    async update(userId: string, id: string, body: UpdateUserObjectiveBody): Promise<UserObjective> {
      const row = await owned(userId, id);
      if (body.value !== undefined) checkValue(row.type as ObjectiveKind, body.value);
      const patch: Partial<UserObjectiveRow> = { updatedAt: clock.now() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.value !== undefined) patch.value = body.value;
      const updated = await repo.updateObjective(userId, id, patch);
      if (!updated) throw objectiveNotFound();
      return toObjective(updated);
    },

    /** Deletes the objective and takes it off every account it was set on. */
    async remove(userId: string, id: string): Promise<void> {
      const accountIds = (await repo.accountsWithObjective(id)).filter(Boolean);
      if (!(await repo.deleteObjective(userId, id))) throw objectiveNotFound();
      for (const accountId of accountIds) await deps.onAccountChanged(accountId);
    },

    async addToAccount(userId: string, accountId: string, objectiveId: string, body: AccountObjectiveBody) {
      const { account, objective } = await pair(userId, accountId, objectiveId);
      const value = body.value ?? objective.value;
      checkValue(objective.type as ObjectiveKind, value);
      const added = await repo.setAccountObjective({
        accountId: account.id,
        objectiveId: objective.id,
        value,
        createdAt: clock.now(),
      });
      if (!added) {
        throw propError(
          'PROP_OBJECTIVE_ALREADY_ON_ACCOUNT',
          'This objective is already set on the account; change its value with PUT instead.',
        );
      }
      await deps.onAccountChanged(account.id);
    },

    async updateOnAccount(userId: string, accountId: string, objectiveId: string, value: number) {
      const { account, objective } = await pair(userId, accountId, objectiveId);
      checkValue(objective.type as ObjectiveKind, value);
      if (!(await repo.updateAccountObjective(account.id, objective.id, value))) {
        throw propError(
          'PROP_OBJECTIVE_NOT_ON_ACCOUNT',
          'This objective is not set on the account; add it with POST first.',
        );
      }
      await deps.onAccountChanged(account.id);
    },

    async removeFromAccount(userId: string, accountId: string, objectiveId: string) {
      const { account, objective } = await pair(userId, accountId, objectiveId);
      if (!(await repo.deleteAccountObjective(account.id, objective.id))) {
        throw propError('PROP_OBJECTIVE_NOT_ON_ACCOUNT', 'This objective is not set on the account.');
      }
      await deps.onAccountChanged(account.id);
    },
  };
}
export type ObjectivesService = ReturnType<typeof createObjectivesService>;
