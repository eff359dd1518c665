import type { AiAction, AiActionKind, AiActionStatus, AiActionView } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import type { ActionStore, ToolRegistry } from '../ai.types.js';
import type { ActionsRepository } from './actions.repository.js';
import { actionNotFound, aiToolError } from './tools.errors.js';
import type { AiActionRow } from './tools.table.js';

export function toAction(row: AiActionRow): AiAction {
  return {
    id: row.id,
    kind: row.kind as AiActionKind,
    status: row.status as AiActionStatus,
    summary: row.summary,
    params: row.params,
    fromContent: row.fromContent,
    result: row.result ?? null,
    redirectTo: row.redirectTo,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toActionView(row: AiActionRow): AiActionView {
  return {
    ...toAction(row),
    chatId: row.chatId,
    responseId: row.responseId,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Proposed actions and the user's decision on them. A turn only ever calls `propose` (nothing changes but this
 * row); `confirm` runs the stored proposal with the tool's `execute` as its owner, exactly as it was shown: the
 * row leaves `proposed` in one conditional update before anything runs, so a proposal runs at most once.
 */
export function createActionsService(deps: { repo: ActionsRepository; clock: Clock; registry: ToolRegistry }) {
  const { repo, clock, registry } = deps;

  async function owned(userId: string, id: string): Promise<AiActionRow> {
    const row = await repo.find(userId, id);
    if (!row) throw actionNotFound();
    return row;
  }

  async function claim(userId: string, id: string, status: 'confirmed' | 'rejected'): Promise<AiActionRow> {
    const row = await owned(userId, id);
    if (row.status !== 'proposed' || !(await repo.decide(userId, id, status, clock.now()))) {
      const now = (await repo.find(userId, id))?.status ?? row.status;
      throw aiToolError('AI_ACTION_DECIDED', `This action was already ${now}; a proposal is decided only once.`);
    }
    return row;
  }

  const store: ActionStore = {
    async propose(input) {
      const row: AiActionRow = {
        id: newId(),
        userId: input.userId,
        chatId: input.chatId,
        responseId: input.responseId,
        kind: input.kind,
        status: 'proposed',
        summary: input.summary,
        params: input.params,
        redirectTo: input.redirectTo,
        fromContent: input.fromContent,
        result: null,
        createdAt: clock.now(),
        decidedAt: null,
      };
      await repo.insert(row);
      return toAction(row);
    },
  };

  return {
    store,

    /** The current state of a chat's proposals (ai-chats shows them on a reloaded chat). */
    async forChat(userId: string, chatId: string): Promise<AiAction[]> {
      return (await repo.forChat(userId, chatId)).map(toAction);
    },

    async get(userId: string, id: string): Promise<AiActionView> {
      return toActionView(await owned(userId, id));
    },

    /**
     * Runs the proposal as its owner. A refusal of the tool (the account went away, the symbol is already listed)
     * leaves the action `failed` with the reason in `result.error`; the answer is the action either way.
     */
    async confirm(userId: string, id: string): Promise<AiActionView> {
      const row = await claim(userId, id, 'confirmed');
      const tool = registry.get(row.kind);
      try {
        if (!tool?.execute) throw new AppError('AI_TOOL_UNKNOWN', 'unprocessable', `No tool can run ${row.kind}.`);
        const out = await tool.execute(userId, row.params);
        await repo.finish(userId, id, { status: 'confirmed', result: out.result, redirectTo: out.redirectTo });
      } catch (error) {
        const known = error instanceof AppError && error.category !== 'internal';
        const message = known ? error.message : 'The action could not be completed because of a server error.';
        await repo.finish(userId, id, {
          status: 'failed',
          result: { error: { code: known ? error.code : 'INTERNAL', message } },
        });
        if (!known) throw error;
      }
      return toActionView(await owned(userId, id));
    },

    async reject(userId: string, id: string): Promise<AiActionView> {
      await claim(userId, id, 'rejected');
      return toActionView(await owned(userId, id));
    },
  };
}
export type ActionsService = ReturnType<typeof createActionsService>;
