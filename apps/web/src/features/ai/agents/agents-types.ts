import type { AiMediaFile } from '@tradedesk/contracts';

/**
 * The wire shapes the agents screen reads (answers in camelCase), written from the lead's design of issue 14
 * (routes of ai-agents, ai-knowledge, ai-tools). The server slices own their contracts (contracts/ai-agents.ts,
 * ai-media.ts); until they are merged the web keeps these few types here. At merge: replace each with the
 * contract's type of the same role (the fields are the design's), and delete what becomes a duplicate.
 */

/** A knowledge item of an agent (spec section 3: file, link, type). */
export type AgentKnowledgeItem = {
  type: 'file' | 'link';
  mediaId: string;
  /** The file name, or the page title of a link. */
  name: string;
  /** Links: the address the page was read from. */
  url?: string | null;
};

/** A slash command of an agent: typing `/command` in the chat sends `prompt`. */
export type AgentCommand = { command: string; prompt: string };

export type AiAgent = {
  id: string;
  name: string;
  description: string;
  instructions: string;
  commands: AgentCommand[];
  /** The registry tools the agent may use; null means every tool. */
  toolNames: string[] | null;
  knowledge: AgentKnowledgeItem[];
  /** Public share: anyone signed in can chat with it read-only (spec section 4). */
  isPublic: boolean;
  /** The caller owns it (may edit, share, delete). A public agent of someone else is false. */
  mine: boolean;
  /** Per caller. */
  pinned: boolean;
  starred: boolean;
  /** The owner's display name, shown on public agents. */
  ownerName?: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AgentScope = 'mine' | 'public';

export type AgentListArgs = { scope: AgentScope; search?: string; starred?: boolean; pinned?: boolean };

/** The body of POST /ai/agents and PUT /ai/agents/{id}; tools, commands and knowledge have routes of their own. */
export type AgentInput = { name: string; description: string; instructions: string };

/** GET /ai/tools: the registry, for the tools picker. */
export type AiToolInfo = { name: string; description: string; kind: 'read' | 'action' };

export const MEDIA_KINDS = ['document', 'image', 'scanned'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** A media file of the library: the spec's media file, with what kind it was stored as. */
export type AiMediaItem = AiMediaFile & { kind?: MediaKind | 'link'; url?: string | null };

export type MediaPage = { items: AiMediaItem[]; total: number; page: number; limit: number };

/** Spec section 9: scanned images are listed page 1, size 10; the library pages every kind the same way. */
export const MEDIA_PAGE_SIZE = 10;

/** Spec section 9: uploads may take up to 5 minutes (OCR of scanned images). */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;
