import {
  AI_FOLDER_DEFAULT_COLOR,
  AI_FOLDER_MAX_PER_USER,
  AI_PROMPT_MAX_PER_USER,
  type AiFolder,
  type AiFolderType,
  type AiPrompt,
  type CreateAiFolderBody,
  type CreateAiPromptBody,
  promptVariables,
  type UpdateAiFolderBody,
  type UpdateAiPromptBody,
} from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import { aiChatError, folderNotFound, promptNotFound } from './chats.errors.js';
import type { ChatsRepository } from './chats.repository.js';
import type { AiFolderRow, AiPromptRow } from './chats.table.js';

/** Checks that media ids are the caller's (ai-knowledge); without it, knowledge ids cannot be set. */
export type MediaLookup = {
  files(userId: string, ids: string[]): Promise<import('@tradedesk/contracts').AiMediaFile[]>;
};

function toFolder(row: AiFolderRow, chats: number, prompts: number): AiFolder {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    type: row.type,
    instructions: row.instructions,
    knowledgeMediaIds: row.knowledgeMediaIds,
    chats,
    prompts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPrompt(row: AiPromptRow): AiPrompt {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    folderId: row.folderId,
    command: row.command,
    variables: promptVariables(row.prompt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Chat folders (projects) and the prompt library. */
export function createLibraryService(deps: { repo: ChatsRepository; clock: Clock; media?: MediaLookup }) {
  const { repo, clock } = deps;

  async function checkMedia(userId: string, ids: string[] | undefined): Promise<string[] | undefined> {
    if (!ids) return undefined;
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = deps.media ? await deps.media.files(userId, unique) : [];
    const have = new Set(found.map((f) => f.id));
    if (unique.some((id) => !have.has(id)))
      throw aiChatError.onField(
        'knowledge_media_ids',
        'AI_MEDIA_NOT_FOUND',
        'knowledge_media_ids holds an id that is not one of your media files.',
      );
    return unique;
  }

  async function folderOut(userId: string, row: AiFolderRow): Promise<AiFolder> {
    const counts = await repo.folderCounts(userId);
    return toFolder(row, counts.chats.get(row.id) ?? 0, counts.prompts.get(row.id) ?? 0);
  }

  async function checkCommand(userId: string, command: string | null | undefined, self?: string) {
    if (!command) return;
    const taken = await repo.findPromptByCommand(userId, command);
    if (taken && taken.id !== self)
      throw aiChatError.onField(
        'command',
        'AI_PROMPT_COMMAND_TAKEN',
        `command /${command} is already used by another prompt.`,
      );
  }

  return {
    async listFolders(userId: string, type?: AiFolderType): Promise<AiFolder[]> {
      const [rows, counts] = await Promise.all([repo.listFolders(userId, type), repo.folderCounts(userId)]);
      return rows.map((r) => toFolder(r, counts.chats.get(r.id) ?? 0, counts.prompts.get(r.id) ?? 0));
    },

    async folder(userId: string, id: string): Promise<AiFolderRow> {
      const row = await repo.findFolder(userId, id);
      if (!row) throw folderNotFound();
      return row;
    },

    async getFolder(userId: string, id: string): Promise<AiFolder> {
      return folderOut(userId, await this.folder(userId, id));
    },

    async createFolder(userId: string, body: CreateAiFolderBody): Promise<AiFolder> {
      if ((await repo.countFolders(userId)) >= AI_FOLDER_MAX_PER_USER)
        throw aiChatError('AI_FOLDER_LIMIT_REACHED', `You can have at most ${AI_FOLDER_MAX_PER_USER} folders.`);
      const now = clock.now();
      const row: AiFolderRow = {
        id: newId(),
        userId,
        name: body.name,
        color: body.color ?? AI_FOLDER_DEFAULT_COLOR,
        type: body.type ?? 'CHAT',
        instructions: body.instructions ?? '',
        knowledgeMediaIds: (await checkMedia(userId, body.knowledge_media_ids)) ?? [],
        createdAt: now,
        updatedAt: now,
      };
      await repo.insertFolder(row);
      return toFolder(row, 0, 0);
    },

    async updateFolder(userId: string, id: string, body: UpdateAiFolderBody): Promise<AiFolder> {
      await this.folder(userId, id);
      const knowledge = await checkMedia(userId, body.knowledge_media_ids);
      const row = await repo.updateFolder(userId, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.color !== undefined ? { color: body.color } : {}),
        ...(body.type !== undefined ? { type: body.type } : {}),
        ...(body.instructions !== undefined ? { instructions: body.instructions } : {}),
        ...(knowledge !== undefined ? { knowledgeMediaIds: knowledge } : {}),
        updatedAt: clock.now(),
      });
      if (!row) throw folderNotFound();
      return folderOut(userId, row);
    },

    /** Deletes a folder; its chats and prompts stay, outside any folder. */
    async deleteFolder(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteFolder(userId, id))) throw folderNotFound();
    },

    async listPrompts(userId: string, q: { folder_id?: string; search?: string }): Promise<AiPrompt[]> {
      const rows = await repo.listPrompts(userId, {
        ...(q.folder_id ? { folderId: q.folder_id } : {}),
        ...(q.search ? { search: q.search } : {}),
      });
      return rows.map(toPrompt);
    },

    async getPrompt(userId: string, id: string): Promise<AiPrompt> {
      const row = await repo.findPrompt(userId, id);
      if (!row) throw promptNotFound();
      return toPrompt(row);
    },

    async createPrompt(userId: string, body: CreateAiPromptBody): Promise<AiPrompt> {
      if ((await repo.countPrompts(userId)) >= AI_PROMPT_MAX_PER_USER)
        throw aiChatError('AI_PROMPT_LIMIT_REACHED', `You can have at most ${AI_PROMPT_MAX_PER_USER} prompts.`);
      if (body.folder_id && !(await repo.findFolder(userId, body.folder_id))) throw folderNotFound('folder_id');
      await checkCommand(userId, body.command);
      const now = clock.now();
      const row: AiPromptRow = {
        id: newId(),
        userId,
        name: body.name,
        prompt: body.prompt,
        folderId: body.folder_id ?? null,
        command: body.command ?? null,
        createdAt: now,
        updatedAt: now,
      };
      await repo.insertPrompt(row);
      return toPrompt(row);
    },

    async updatePrompt(userId: string, id: string, body: UpdateAiPromptBody): Promise<AiPrompt> {
      if (!(await repo.findPrompt(userId, id))) throw promptNotFound();
      if (body.folder_id && !(await repo.findFolder(userId, body.folder_id))) throw folderNotFound('folder_id');
      await checkCommand(userId, body.command, id);
      const row = await repo.updatePrompt(userId, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.prompt !== undefined ? { prompt: body.prompt } : {}),
        ...(body.folder_id !== undefined ? { folderId: body.folder_id } : {}),
        ...(body.command !== undefined ? { command: body.command } : {}),
        updatedAt: clock.now(),
      });
      if (!row) throw promptNotFound();
      return toPrompt(row);
    },

    async deletePrompt(userId: string, id: string): Promise<void> {
      if (!(await repo.deletePrompt(userId, id))) throw promptNotFound();
    },
  };
}
export type LibraryService = ReturnType<typeof createLibraryService>;
