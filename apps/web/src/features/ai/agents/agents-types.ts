import type {
  AiAgent,
  AiAgentKnowledgeItem,
  AiAgentListQuery,
  AiAgentScope,
  AiMedia,
  AiMediaPage,
  AiToolInfo,
  CreateAiAgentBody,
} from '@tradedesk/contracts';

/**
 * The agents screen's wire shapes: the contracts of ai-agents (contracts/ai-agents.ts), ai-knowledge (ai-media.ts)
 * and ai-tools (ai-tools.ts), under the names the screen uses, plus the few shapes only the web has.
 */

export type { AiAgent, AiToolInfo };

/** A knowledge item of an agent (spec section 3: file, link, type). */
export type AgentKnowledgeItem = AiAgentKnowledgeItem;

/** A slash command of an agent as the editor holds it: typing `/command` in the chat sends `prompt`. */
export type AgentCommand = { command: string; prompt: string };

export type AgentScope = AiAgentScope;

/** GET /ai/agents filters the screen uses (the page and limit stay at the server's defaults). */
export type AgentListArgs = Pick<AiAgentListQuery, 'scope'> &
  Partial<Pick<AiAgentListQuery, 'search' | 'starred' | 'pinned'>>;

/** The body of POST /ai/agents and PUT /ai/agents/{id} as the editor sends it; tools, commands and knowledge go with it. */
export type AgentInput = Pick<CreateAiAgentBody, 'name' | 'description' | 'instructions'>;

export const MEDIA_KINDS = ['document', 'image', 'scanned'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** A media file of the library (the spec's media file, with its kind and what indexing made of it). */
export type AiMediaItem = AiMedia;

export type MediaPage = AiMediaPage;

/** Spec section 9: scanned images are listed page 1, size 10; the library pages every kind the same way. */
export const MEDIA_PAGE_SIZE = 10;

/** Spec section 9: uploads may take up to 5 minutes (OCR of scanned images). */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;
