import { type AiAgentChatBody, type AiMention, type AiStreamEvent, addMentions } from '@tradedesk/contracts';
import { type AgentsService, expandCommand } from './agents.service.js';
import type { AgentConversation } from './agents.types.js';

/**
 * Agent chat and media chat: the message goes through ai-chats' conversation with the agent as the turn's runtime
 * (its instructions, knowledge and tools), while the chat, the quota and every tool's data are the CALLER's.
 */
export function createAgentChat(deps: { agents: Pick<AgentsService, 'runtime'>; conversation: AgentConversation }) {
  return {
    async send(
      userId: string,
      agentId: string,
      body: AiAgentChatBody,
      emit: (event: AiStreamEvent) => void,
      signal: AbortSignal,
    ): Promise<void> {
      const { commands, ...agent } = await deps.agents.runtime(userId, agentId);
      const content = expandCommand(commands, body.content);
      const mentions = addMentions<AiMention>(
        [],
        body.mentions.map((m) => ({ category: m.category, option: m.option, subOption: m.sub_option || null })),
      );
      await deps.conversation.ask({
        userId,
        chatId: body.chat_id ?? null,
        agent,
        folderId: null,
        content,
        mentions,
        mediaIds: body.media_ids,
        signal,
        emit,
      });
    },
  };
}
export type AgentChatService = ReturnType<typeof createAgentChat>;
