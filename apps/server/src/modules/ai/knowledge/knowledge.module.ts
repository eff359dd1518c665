import type { AppContext } from '../../../platform/context.js';
import type { PlanGate } from '../../billing/entitlements/entitlements.js';
import { createTesseractOcr, type Ocr } from './knowledge.ocr.js';
import { createReembedder } from './knowledge.reembed.js';
import { createKnowledgeRepository } from './knowledge.repository.js';
import { knowledgeRoutes } from './knowledge.routes.js';
import { createKnowledgeSearch, type Embedder, type KnowledgeScopes } from './knowledge.search.js';
import { createKnowledgeService, defaultKnowledgeSettings, type KnowledgeSettings } from './knowledge.service.js';

export type AiKnowledgeDeps = {
  /** The plan's knowledge_storage_mb (billing). */
  entitlements?: PlanGate;
  log?: { warn(obj: object, msg: string): void };
  /** The caller's embeddings, when their model offers them (ai-engine: `models.embedder`). */
  embedder?: Embedder;
  /** Which files a folder (ai-chats) or an agent (ai-agents) carries. */
  scopes?: KnowledgeScopes;
  /** Upload limit, timeouts, link limits, chunk size (defaults: 20 MB, 5 min, 10 s / 2 MB, 800 characters). */
  settings?: Partial<KnowledgeSettings>;
  /** OCR engine (tests may pass another); tesseract.js with its packaged English data by default. */
  ocr?: Ocr;
};

/**
 * Media and knowledge of the AI assistant: the media library routes, retrieval for the `search_knowledge` tool
 * (`search`, a KnowledgeSearch), and `media` for the other AI modules (attachments of a message, an agent's
 * knowledge files, a chart snapshot's bytes). Call `close()` when the app closes (ends the OCR worker).
 */
export function createAiKnowledge(ctx: Pick<AppContext, 'db' | 'clock' | 'storage'>, deps: AiKnowledgeDeps = {}) {
  const settings: KnowledgeSettings = {
    ...defaultKnowledgeSettings,
    ...deps.settings,
    link: { ...defaultKnowledgeSettings.link, ...deps.settings?.link },
  };
  const repo = createKnowledgeRepository(ctx.db);
  const ocr = deps.ocr ?? createTesseractOcr();
  const index = createKnowledgeSearch({ repo, scopes: deps.scopes, embedder: deps.embedder, log: deps.log });
  const media = createKnowledgeService({
    repo,
    storage: ctx.storage,
    clock: ctx.clock,
    ocr,
    index,
    embedder: deps.embedder,
    settings,
    log: deps.log,
    entitlements: deps.entitlements,
  });
  const reembedder = createReembedder({ repo, embedder: deps.embedder, log: deps.log });
  return {
    search: { search: index.search },
    media,
    /** Re-embedding after a change of embedding model: `job` for the leader, `reembed`/`status` per owner. */
    reembedder,
    routes: knowledgeRoutes({ media, reembedder, maxBytes: settings.maxBytes }),
    /** Folder and agent knowledge, once the chats and agents modules exist (they are built after this one). */
    useScopes: index.useScopes,
    close: () => ocr.close(),
  };
}
export type AiKnowledge = ReturnType<typeof createAiKnowledge>;
