import type { AiAction, AiAnswer, AiInsight, AiInsightTab, AiMediaFile, AiUsage } from '@tradedesk/contracts';
import { AI_TIMEOUTS } from '@tradedesk/contracts/ai-timeouts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';
import type {
  AiChat,
  AiChatDetail,
  AiChatList,
  AiFolder,
  AiFolderType,
  AiModelInfo,
  AiPrompt,
  AiSanityCategory,
  AiSanityPrompt,
  AiShare,
  AiSharedChat,
} from './ai-wire';

/** A bar of the market feed, as a chart analysis sends it (unix seconds). */
export type ChartBar = { time: number; open: number; high: number; low: number; close: number; volume?: number };

/** The chats list's filters (GET /ai/chats). */
export type AiChatsArgs = { search: string; archived: boolean; folderId: string | null };

export type AiChatPatch = Partial<Pick<AiChat, 'title' | 'pinned' | 'archived' | 'folderId'>>;
export type AiFolderBody = {
  name: string;
  color: string;
  type: AiFolderType;
  instructions?: string;
  knowledgeMediaIds?: string[];
};
export type AiPromptBody = { name: string; prompt: string; folderId: string | null; command: string | null };

const enc = encodeURIComponent;

/**
 * The AI assistant's calls (docs/api.md "AI assistant"), on the spec's `ai` host. Streamed turns are not here: they
 * are read from the response body by `streamTurn` (sse.ts); after one ends the screen invalidates `AiChat`.
 */
export const aiApi = api
  .enhanceEndpoints({ addTagTypes: ['AiChats', 'AiChat', 'AiFolders', 'AiPrompts', 'AiUsage'] })
  .injectEndpoints({
    endpoints: (build) => ({
      aiChats: build.query<AiChatList, AiChatsArgs>({
        query: (args) => ({
          host: 'ai',
          url: '/ai/chats',
          timeout: AI_TIMEOUTS.historyMs,
          params: {
            search: args.search.trim() || undefined,
            archived: args.archived ? 'true' : undefined,
            folderId: args.folderId ?? undefined,
            limit: 100,
          },
        }),
        providesTags: ['AiChats'],
      }),
      /** An insight tab read directly (GET /ai/insights): cached per tab, account and period, refetched on demand. */
      aiInsight: build.query<AiInsight, { tab: AiInsightTab; account: string; period: string }>({
        query: ({ tab, account, period }) => ({
          host: 'ai',
          url: '/ai/insights',
          params: { tab, accountId: account || undefined, period },
          timeout: AI_TIMEOUTS.historyMs,
        }),
        keepUnusedDataFor: 300,
      }),
      aiChat: build.query<AiChatDetail, string>({
        query: (id) => ({ host: 'ai', url: `/ai/chats/${enc(id)}`, timeout: AI_TIMEOUTS.chatFetchMs }),
        providesTags: (_r, _e, id) => [{ type: 'AiChat', id }],
      }),
      createAiChat: build.mutation<AiChat, { title?: string; folderId?: string | null }>({
        query: (body) => ({ host: 'ai', url: '/ai/chats', method: 'POST', body }),
        invalidatesTags: (_r, error) => (error ? [] : ['AiChats']),
      }),
      updateAiChat: build.mutation<AiChat, { id: string; patch: AiChatPatch }>({
        query: ({ id, patch }) => ({ host: 'ai', url: `/ai/chats/${enc(id)}`, method: 'PATCH', body: patch }),
        invalidatesTags: (_r, error, { id }) => (error ? [] : ['AiChats', { type: 'AiChat', id }]),
      }),
      deleteAiChat: build.mutation<void, string>({
        query: (id) => ({
          host: 'ai',
          url: `/ai/chats/${enc(id)}`,
          method: 'DELETE',
          timeout: AI_TIMEOUTS.chatFetchMs,
        }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error) => (error ? [] : ['AiChats']),
      }),
      bulkDeleteAiChats: build.mutation<void, string[]>({
        query: (ids) => ({
          host: 'ai',
          url: '/ai/chats/bulk-delete',
          method: 'POST',
          body: { ids },
          timeout: AI_TIMEOUTS.chatFetchMs,
        }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error) => (error ? [] : ['AiChats']),
      }),
      clearAiChat: build.mutation<void, string>({
        query: (id) => ({ host: 'ai', url: `/ai/chats/${enc(id)}/clear`, method: 'POST' }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'AiChat', id }]),
      }),
      /** Removes the last answer; answers the previous user message, which goes back into the composer. */
      redoAiChat: build.mutation<{ content: string; mentions: AiAnswer['mentions']; media: AiAnswer['media'] }, string>(
        {
          query: (id) => ({ host: 'ai', url: `/ai/chats/${enc(id)}/redo`, method: 'POST' }),
          invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'AiChat', id }]),
        },
      ),
      aiFeedback: build.mutation<
        void,
        { chatId: string; responseId: string; vote: 'up' | 'down'; comment: string | null }
      >({
        query: ({ chatId, responseId, vote, comment }) => ({
          host: 'ai',
          url: `/ai/chats/${enc(chatId)}/messages/${enc(responseId)}/feedback`,
          method: 'POST',
          body: { vote, comment },
        }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error, { chatId }) => (error ? [] : [{ type: 'AiChat', id: chatId }]),
      }),
      shareAiChat: build.mutation<AiShare, string>({
        query: (id) => ({ host: 'ai', url: `/ai/chats/${enc(id)}/share`, method: 'POST' }),
        invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'AiChat', id }]),
      }),
      unshareAiChat: build.mutation<void, string>({
        query: (id) => ({ host: 'ai', url: `/ai/chats/${enc(id)}/share`, method: 'DELETE' }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'AiChat', id }]),
      }),
      sharedAiChat: build.query<AiSharedChat, string>({
        query: (token) => ({ host: 'ai', url: `/ai/shared/${enc(token)}` }),
      }),
      aiFolders: build.query<AiFolder[], void>({
        query: () => ({ host: 'ai', url: '/ai/folders' }),
        transformResponse: (answer: { folders: AiFolder[] }) => answer.folders,
        providesTags: ['AiFolders'],
      }),
      createAiFolder: build.mutation<AiFolder, AiFolderBody>({
        query: (body) => ({ host: 'ai', url: '/ai/folders', method: 'POST', body }),
        invalidatesTags: (_r, error) => (error ? [] : ['AiFolders']),
      }),
      updateAiFolder: build.mutation<AiFolder, { id: string; body: Partial<AiFolderBody> }>({
        query: ({ id, body }) => ({ host: 'ai', url: `/ai/folders/${enc(id)}`, method: 'PUT', body }),
        invalidatesTags: (_r, error) => (error ? [] : ['AiFolders']),
      }),
      deleteAiFolder: build.mutation<void, string>({
        query: (id) => ({
          host: 'ai',
          url: `/ai/folders/${enc(id)}`,
          method: 'DELETE',
          timeout: AI_TIMEOUTS.chatFetchMs,
        }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error) => (error ? [] : ['AiFolders', 'AiChats']),
      }),
      aiPrompts: build.query<AiPrompt[], void>({
        query: () => ({ host: 'ai', url: '/ai/prompts' }),
        transformResponse: (answer: { prompts: AiPrompt[] }) => answer.prompts,
        providesTags: ['AiPrompts'],
      }),
      createAiPrompt: build.mutation<AiPrompt, AiPromptBody>({
        query: (body) => ({ host: 'ai', url: '/ai/prompts', method: 'POST', body }),
        invalidatesTags: (_r, error) => (error ? [] : ['AiPrompts']),
      }),
      deleteAiPrompt: build.mutation<void, string>({
        query: (id) => ({
          host: 'ai',
          url: `/ai/prompts/${enc(id)}`,
          method: 'DELETE',
          timeout: AI_TIMEOUTS.chatFetchMs,
        }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error) => (error ? [] : ['AiPrompts']),
      }),
      aiSanityPrompts: build.query<{ categories: AiSanityCategory[]; prompts: AiSanityPrompt[] }, void>({
        async queryFn(_arg, _api, _extra, baseQuery) {
          const [prompts, categories] = await Promise.all([
            baseQuery({ host: 'ai', url: '/ai/sanity-prompts' }),
            baseQuery({ host: 'ai', url: '/ai/sanity-prompts/categories' }),
          ]);
          if (prompts.error) return { error: prompts.error };
          if (categories.error) return { error: categories.error };
          return {
            data: {
              prompts: (prompts.data as { prompts: AiSanityPrompt[] }).prompts,
              categories: (categories.data as { categories: AiSanityCategory[] }).categories,
            },
          };
        },
      }),
      aiUsage: build.query<AiUsage, void>({
        query: () => ({ host: 'ai', url: '/ai/usage' }),
        providesTags: ['AiUsage'],
      }),
      aiModels: build.query<AiModelInfo[], void>({
        query: () => ({ host: 'ai', url: '/ai/models' }),
        transformResponse: (answer: { models: AiModelInfo[] }) => answer.models,
      }),
      confirmAiAction: build.mutation<AiAction, string>({
        query: (id) => ({ host: 'ai', url: `/ai/actions/${enc(id)}/confirm`, method: 'POST' }),
      }),
      rejectAiAction: build.mutation<AiAction, string>({
        query: (id) => ({ host: 'ai', url: `/ai/actions/${enc(id)}/reject`, method: 'POST' }),
      }),
      /** The agent tabs of the AI screen: the caller's pinned agents (the agents screen manages them). */
      aiAgentTabs: build.query<{ id: string; name: string }[], void>({
        query: () => ({ host: 'ai', url: '/ai/agents', params: { pinned: 'true' } }),
        transformResponse: (answer: { agents: { id: string; name: string }[] }) =>
          answer.agents.map((a) => ({ id: a.id, name: a.name })),
      }),
      /** The latest bars of a chart (the market feed), sent with a chart analysis so it works from the numbers. */
      aiChartBars: build.query<ChartBar[], { symbol: string; timeframe: string; limit: number }>({
        query: ({ symbol, timeframe, limit }) => ({
          url: `/middleware/feed/historical?${new URLSearchParams({ symbol, timeframe, limit: String(limit) })}`,
        }),
        transformResponse: (answer: { candles: ChartBar[] }) => answer.candles,
      }),
      /** An agent opened by address (`/ai?agent=<id>`) that is not pinned gets a tab of its own too. */
      aiAgentTab: build.query<{ id: string; name: string }, string>({
        query: (id) => ({ host: 'ai', url: `/ai/agents/${enc(id)}` }),
        transformResponse: (answer: { id: string; name: string }) => ({ id: answer.id, name: answer.name }),
      }),
      aiMediaFile: build.query<AiMediaFile, string>({
        query: (id) => ({ host: 'ai', url: `/ai/media/${enc(id)}` }),
      }),
    }),
  });

// The shared chat page and an agent tab opened by address say themselves when the link or agent is gone.
// The insight panel shows its own errors in place.
markQuietEndpoints('sharedAiChat', 'aiAgentTab', 'aiInsight');

export const {
  useAiChatsQuery,
  useAiChatQuery,
  useAiInsightQuery,
  useCreateAiChatMutation,
  useUpdateAiChatMutation,
  useDeleteAiChatMutation,
  useBulkDeleteAiChatsMutation,
  useClearAiChatMutation,
  useRedoAiChatMutation,
  useAiFeedbackMutation,
  useShareAiChatMutation,
  useUnshareAiChatMutation,
  useSharedAiChatQuery,
  useAiFoldersQuery,
  useCreateAiFolderMutation,
  useUpdateAiFolderMutation,
  useDeleteAiFolderMutation,
  useAiPromptsQuery,
  useCreateAiPromptMutation,
  useDeleteAiPromptMutation,
  useAiSanityPromptsQuery,
  useAiUsageQuery,
  useAiModelsQuery,
  useAiAgentTabsQuery,
  useAiAgentTabQuery,
  useConfirmAiActionMutation,
  useRejectAiActionMutation,
} = aiApi;
