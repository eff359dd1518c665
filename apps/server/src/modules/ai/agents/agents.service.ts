import {
  AI_AGENTS_MAX_PER_USER,
  type AiAgent,
  type AiAgentList,
  type AiAgentListQuery,
  type AiAgentShareBody,
  type CreateAiAgentBody,
  type UpdateAiAgentBody,
} from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { newId } from '../../../platform/ids.js';
import type { PlanGate } from '../../billing/entitlements/entitlements.js';
import type { ToolRegistry } from '../ai.types.js';
import { agentError, agentNotFound, agentReadOnly } from './agents.errors.js';
import type { AgentsRepository, AgentWithMarks } from './agents.repository.js';
import type { AgentCommand, AgentKnowledgeRef, AiAgentRow } from './agents.table.js';
import type { AgentMedia, AgentRuntime } from './agents.types.js';

type KnowledgeInput = { type: 'file' | 'link'; media_id: string }[];

/** Agents: CRUD, marks, clone, public share; ownership in every query, public agents read-only to others. */
export function createAgentsService(deps: {
  repo: AgentsRepository;
  clock: Clock;
  registry: Pick<ToolRegistry, 'get'>;
  media: AgentMedia;
  users?: { getById(id: string): Promise<{ username: string }> };
  /** The plan's AI agents switch (billing); absent in tests of the rules alone. */
  entitlements?: PlanGate;
}) {
  const { repo, clock } = deps;

  async function ownerName(ownerId: string): Promise<string | null> {
    if (!deps.users) return null;
    try {
      return (await deps.users.getById(ownerId)).username;
    } catch {
      return null;
    }
  }

  function view({ agent, mark }: AgentWithMarks, callerId: string, owner: string | null): AiAgent {
    const isOwner = agent.ownerId === callerId;
    const showPrompts = isOwner || agent.showInstructions;
    return {
      id: agent.id,
      name: agent.name,
      description: agent.description,
      instructions: showPrompts ? agent.instructions : null,
      commands: agent.commands.map((c) => ({ command: c.command, prompt: showPrompts ? c.prompt : null })),
      tools: agent.toolNames,
      knowledge: agent.knowledge,
      share: {
        isPublic: agent.isPublic,
        publicDescription: agent.publicDescription,
        allowClone: agent.allowClone,
        showInstructions: agent.showInstructions,
        sharedAt: agent.sharedAt?.toISOString() ?? null,
      },
      isOwner,
      ownerName: owner,
      pinned: Boolean(mark?.pinnedAt),
      starred: Boolean(mark?.starredAt),
      clonedFrom: agent.clonedFrom,
      createdAt: agent.createdAt.toISOString(),
      updatedAt: agent.updatedAt.toISOString(),
    };
  }

  async function visible(userId: string, id: string): Promise<AgentWithMarks> {
    const found = await repo.getVisible(userId, id);
    if (!found) throw agentNotFound();
    return found;
  }

  /** The caller's own agent for a change; someone else's public agent is read-only (403), any other id 404. */
  async function ownedForChange(userId: string, id: string): Promise<AgentWithMarks> {
    const found = await visible(userId, id);
    if (found.agent.ownerId !== userId) throw agentReadOnly();
    return found;
  }

  async function present(userId: string, found: AgentWithMarks): Promise<AiAgent> {
    return view(found, userId, await ownerName(found.agent.ownerId));
  }

  function checkTools(names: string[] | null): string[] | null {
    if (names === null) return null;
    const unique = [...new Set(names)];
    const unknown = unique.filter((n) => !deps.registry.get(n));
    if (unknown.length > 0) {
      throw agentError.onField(
        'tools',
        'AI_AGENT_UNKNOWN_TOOL',
        `tools names ${unknown.length === 1 ? 'a tool' : 'tools'} the assistant does not have: ${unknown.join(', ')} (see GET /ai/tools).`,
      );
    }
    return unique;
  }

  async function checkKnowledge(userId: string, items: KnowledgeInput): Promise<AgentKnowledgeRef[]> {
    const ids = [...new Set(items.map((i) => i.media_id))];
    if (ids.length === 0) return [];
    const found = new Map((await deps.media.describe(userId, ids)).map((m) => [m.id, m]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw agentError.onField(
        'knowledge',
        'AI_AGENT_UNKNOWN_MEDIA',
        `knowledge names ${missing.length === 1 ? 'a media file' : 'media files'} not in your library: ${missing.join(', ')}.`,
      );
    }
    const seen = new Set<string>();
    const out: AgentKnowledgeRef[] = [];
    for (const item of items) {
      if (seen.has(item.media_id)) continue;
      seen.add(item.media_id);
      const m = found.get(item.media_id)!;
      out.push({ type: item.type, mediaId: m.id, name: m.name, mediaType: m.type });
    }
    return out;
  }

  async function change(userId: string, id: string, patch: Partial<AiAgentRow>): Promise<AiAgent> {
    await ownedForChange(userId, id);
    await repo.update(userId, id, { ...patch, updatedAt: clock.now() });
    return present(userId, await visible(userId, id));
  }

  async function mark(userId: string, id: string, patch: { pinnedAt?: Date | null; starredAt?: Date | null }) {
    await visible(userId, id);
    await repo.setMark(userId, id, patch);
    return present(userId, await visible(userId, id));
  }

  async function insert(userId: string, row: Omit<AiAgentRow, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>) {
    await deps.entitlements?.assertIncluded(userId, 'ai_agents');
    if ((await repo.countOwned(userId)) >= AI_AGENTS_MAX_PER_USER) {
      throw agentError(
        'AI_AGENT_LIMIT_REACHED',
        `You have ${AI_AGENTS_MAX_PER_USER} agents, the most allowed: delete one to make another.`,
      );
    }
    const now = clock.now();
    return repo.insert({ ...row, id: newId(), ownerId: userId, createdAt: now, updatedAt: now });
  }

  return {
    async list(userId: string, query: AiAgentListQuery): Promise<AiAgentList> {
      const { rows, total } = await repo.list(userId, {
        scope: query.scope,
        search: query.search || undefined,
        starred: query.starred,
        pinned: query.pinned,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      const names = new Map<string, string | null>();
      for (const r of rows) {
        if (!names.has(r.agent.ownerId)) names.set(r.agent.ownerId, await ownerName(r.agent.ownerId));
      }
      return {
        agents: rows.map((r) => view(r, userId, names.get(r.agent.ownerId) ?? null)),
        total,
        page: query.page,
        limit: query.limit,
      };
    },

    async get(userId: string, id: string): Promise<AiAgent> {
      return present(userId, await visible(userId, id));
    },

    async create(userId: string, body: CreateAiAgentBody): Promise<AiAgent> {
      const row = await insert(userId, {
        name: body.name,
        description: body.description,
        instructions: body.instructions,
        commands: body.commands,
        toolNames: checkTools(body.tools),
        knowledge: await checkKnowledge(userId, body.knowledge),
        isPublic: false,
        publicDescription: null,
        allowClone: true,
        showInstructions: false,
        sharedAt: null,
        clonedFrom: null,
      });
      return present(userId, { agent: row, mark: null });
    },

    async update(userId: string, id: string, body: UpdateAiAgentBody): Promise<AiAgent> {
      const patch: Partial<AiAgentRow> = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.description !== undefined) patch.description = body.description;
      if (body.instructions !== undefined) patch.instructions = body.instructions;
      if (body.commands !== undefined) patch.commands = body.commands;
      if (body.tools !== undefined) patch.toolNames = checkTools(body.tools);
      await ownedForChange(userId, id);
      if (body.knowledge !== undefined) patch.knowledge = await checkKnowledge(userId, body.knowledge);
      return change(userId, id, patch);
    },

    async delete(userId: string, id: string): Promise<void> {
      await ownedForChange(userId, id);
      await repo.delete(userId, id);
    },

    async setKnowledge(userId: string, id: string, items: KnowledgeInput): Promise<AiAgent> {
      await ownedForChange(userId, id);
      return change(userId, id, { knowledge: await checkKnowledge(userId, items) });
    },
    setTools: (userId: string, id: string, names: string[] | null) =>
      change(userId, id, { toolNames: checkTools(names) }),
    setCommands: (userId: string, id: string, commands: AgentCommand[]) => change(userId, id, { commands }),

    pin: (userId: string, id: string) => mark(userId, id, { pinnedAt: clock.now() }),
    unpin: (userId: string, id: string) => mark(userId, id, { pinnedAt: null }),
    star: (userId: string, id: string) => mark(userId, id, { starredAt: clock.now() }),
    unstar: (userId: string, id: string) => mark(userId, id, { starredAt: null }),

    /**
     * A copy owned by the caller, private: instructions, commands, tools and knowledge references. Someone else's
     * public agent can be cloned when its owner allows it; its knowledge files are copied into the caller's library
     * (bytes, passages and embeddings: the clone owns its copies and never reads the owner's files; a file the owner
     * has since deleted is left out).
     */
    async clone(userId: string, id: string): Promise<AiAgent> {
      const { agent } = await visible(userId, id);
      const mine = agent.ownerId === userId;
      if (!mine && !agent.allowClone) {
        throw agentError('AI_AGENT_CLONE_NOT_ALLOWED', 'The owner of this agent does not allow it to be cloned.');
      }
      let knowledge = agent.knowledge;
      if (!mine) {
        knowledge = [];
        if (deps.media.copy) {
          for (const k of agent.knowledge) {
            const copied = await deps.media.copy(agent.ownerId, k.mediaId, userId);
            if (!copied) continue;
            knowledge.push({ type: k.type, mediaId: copied.id, name: copied.name, mediaType: copied.type });
          }
        }
      }
      const row = await insert(userId, {
        name: `${agent.name} (copy)`.slice(0, 80),
        description: agent.description,
        instructions: agent.instructions,
        commands: agent.commands,
        toolNames: agent.toolNames,
        knowledge,
        isPublic: false,
        publicDescription: null,
        allowClone: true,
        showInstructions: false,
        sharedAt: null,
        clonedFrom: agent.id,
      });
      return present(userId, { agent: row, mark: null });
    },

    /** Makes the agent public (anyone signed in can find and use it read-only) with its share configuration. */
    async share(userId: string, id: string, body: AiAgentShareBody): Promise<AiAgent> {
      const { agent } = await ownedForChange(userId, id);
      return change(userId, id, {
        isPublic: true,
        sharedAt: agent.isPublic && agent.sharedAt ? agent.sharedAt : clock.now(),
        publicDescription: body.public_description ?? agent.publicDescription,
        allowClone: body.allow_clone ?? agent.allowClone,
        showInstructions: body.show_instructions ?? agent.showInstructions,
      });
    },

    /** Changes the share configuration of a public agent. */
    async updateShare(userId: string, id: string, body: AiAgentShareBody): Promise<AiAgent> {
      const { agent } = await ownedForChange(userId, id);
      if (!agent.isPublic) {
        throw agentError(
          'AI_AGENT_NOT_PUBLIC',
          'This agent is private: make it public (POST) before changing its share.',
        );
      }
      return change(userId, id, {
        ...(body.public_description !== undefined ? { publicDescription: body.public_description } : {}),
        ...(body.allow_clone !== undefined ? { allowClone: body.allow_clone } : {}),
        ...(body.show_instructions !== undefined ? { showInstructions: body.show_instructions } : {}),
      });
    },

    /** Makes the agent private again: others no longer see or use it (their pins and stars stay, hidden). */
    async unshare(userId: string, id: string): Promise<AiAgent> {
      await ownedForChange(userId, id);
      return change(userId, id, { isPublic: false, sharedAt: null });
    },

    /** What a turn runs as: the agent the caller may use (own or public). Its tools run as the caller. */
    async runtime(userId: string, id: string): Promise<AgentRuntime & { commands: AgentCommand[] }> {
      const { agent } = await visible(userId, id);
      return {
        id: agent.id,
        ownerId: agent.ownerId,
        name: agent.name,
        instructions: agent.instructions,
        toolNames: agent.toolNames,
        knowledgeMediaIds: agent.knowledge.map((k) => k.mediaId),
        commands: agent.commands,
      };
    },

    /** The owner's agents by name (demo seeding). */
    async findOwnedByName(userId: string, name: string): Promise<AiAgent | null> {
      const { rows } = await repo.list(userId, { scope: 'mine', search: name, offset: 0, limit: 100 });
      const hit = rows.find((r) => r.agent.name === name);
      return hit ? view(hit, userId, null) : null;
    },
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;

/**
 * `/command rest of the message` -> the command's prompt followed by the rest; any other message unchanged.
 * An unknown command is a 400 naming `content`, so a typo never reaches the model as a literal slash command.
 */
export function expandCommand(commands: AgentCommand[], content: string): string {
  const match = /^\/([a-z0-9][a-z0-9_-]{0,39})(?:\s+([\s\S]*))?$/i.exec(content.trim());
  if (!match) return content;
  const name = match[1]!.toLowerCase();
  const command = commands.find((c) => c.command === name);
  if (!command) {
    const known = commands.map((c) => `/${c.command}`).join(', ');
    throw agentError.onField(
      'content',
      'AI_AGENT_UNKNOWN_COMMAND',
      `content starts with /${name}, which is not a command of this agent${known ? ` (its commands: ${known})` : ''}.`,
    );
  }
  const rest = match[2]?.trim();
  return rest ? `${command.prompt}\n\n${rest}` : command.prompt;
}
