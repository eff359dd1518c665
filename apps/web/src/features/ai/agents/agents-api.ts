import type { AiAgentList, AiDeepResearch, AiToolList } from '@tradedesk/contracts';
import { AI_TIMEOUTS } from '@tradedesk/contracts/ai-timeouts';
import { api } from '../../../app/api';
import type {
  AgentCommand,
  AgentInput,
  AgentKnowledgeItem,
  AgentListArgs,
  AiAgent,
  AiMediaItem,
  AiToolInfo,
  MediaKind,
  MediaPage,
} from './agents-types';
import { MEDIA_PAGE_SIZE } from './agents-types';

const enc = encodeURIComponent;
const agentUrl = (id: string) => `/ai/agents/${enc(id)}`;
const LIST = { type: 'AiAgents' as const, id: 'LIST' };
const agentTag = (id: string) => ({ type: 'AiAgents' as const, id });
const MEDIA = { type: 'AiMedia' as const, id: 'LIST' };

/** A change answering the agent: the answer replaces the cached agent, and lists refetch. */
const changed = (_r: unknown, error: unknown, arg: { id: string } | string) =>
  error ? [] : [LIST, agentTag(typeof arg === 'string' ? arg : arg.id)];

/**
 * The agents screen's calls (docs/api.md "AI assistant: agents"): agents, the tools registry, media and links,
 * and deep research's cancel and read. Every path is under the AI host.
 */
export const agentsApi = api.enhanceEndpoints({ addTagTypes: ['AiAgents', 'AiMedia', 'AiTools'] }).injectEndpoints({
  endpoints: (build) => ({
    aiAgents: build.query<AiAgent[], AgentListArgs>({
      query: ({ scope, search, starred, pinned }) => ({
        url: '/ai/agents',
        host: 'ai',
        params: {
          scope,
          search: search || undefined,
          starred: starred ? 'true' : undefined,
          pinned: pinned ? 'true' : undefined,
        },
      }),
      transformResponse: (body: AiAgentList) => body.agents,
      providesTags: (r) => [LIST, ...(r ?? []).map((a) => agentTag(a.id))],
    }),
    aiAgent: build.query<AiAgent, string>({
      query: (id) => ({ url: agentUrl(id), host: 'ai' }),
      providesTags: (_r, _e, id) => [agentTag(id)],
    }),
    createAiAgent: build.mutation<AiAgent, AgentInput>({
      query: (body) => ({ url: '/ai/agents', method: 'POST', host: 'ai', body }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    updateAiAgent: build.mutation<AiAgent, AgentInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: agentUrl(id), method: 'PUT', host: 'ai', body }),
      invalidatesTags: changed,
    }),
    deleteAiAgent: build.mutation<void, string>({
      query: (id) => ({ url: agentUrl(id), method: 'DELETE', host: 'ai', timeout: AI_TIMEOUTS.chatFetchMs }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    /** pin, unpin, star, unstar: per caller, allowed on public agents too. */
    aiAgentFlag: build.mutation<unknown, { id: string; action: 'pin' | 'unpin' | 'star' | 'unstar' }>({
      query: ({ id, action }) => ({ url: `${agentUrl(id)}/${action}`, method: 'POST', host: 'ai' }),
      invalidatesTags: changed,
    }),
    cloneAiAgent: build.mutation<AiAgent, string>({
      query: (id) => ({ url: `${agentUrl(id)}/clone`, method: 'POST', host: 'ai' }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    setAiAgentTools: build.mutation<unknown, { id: string; names: string[] | null }>({
      query: ({ id, names }) => ({
        url: `${agentUrl(id)}/tools`,
        method: 'PUT',
        host: 'ai',
        body: { names },
        timeout: AI_TIMEOUTS.historyMs,
      }),
      invalidatesTags: changed,
    }),
    setAiAgentCommands: build.mutation<unknown, { id: string; commands: AgentCommand[] }>({
      query: ({ id, commands }) => ({ url: `${agentUrl(id)}/commands`, method: 'PUT', host: 'ai', body: commands }),
      invalidatesTags: changed,
    }),
    setAiAgentKnowledge: build.mutation<unknown, { id: string; items: Pick<AgentKnowledgeItem, 'type' | 'mediaId'>[] }>(
      {
        query: ({ id, items }) => ({
          url: `${agentUrl(id)}/knowledge`,
          method: 'PUT',
          host: 'ai',
          body: { items: items.map((i) => ({ type: i.type, media_id: i.mediaId })) },
          timeout: AI_TIMEOUTS.historyMs,
        }),
        invalidatesTags: changed,
      },
    ),
    /** Public share (spec section 4): made public (POST), made private (DELETE). */
    setAiAgentPublic: build.mutation<unknown, { id: string; isPublic: boolean }>({
      query: ({ id, isPublic }) => ({ url: `${agentUrl(id)}/share`, method: isPublic ? 'POST' : 'DELETE', host: 'ai' }),
      invalidatesTags: changed,
    }),
    aiTools: build.query<AiToolInfo[], void>({
      query: () => ({ url: '/ai/tools', host: 'ai', timeout: AI_TIMEOUTS.historyMs }),
      transformResponse: (body: AiToolList) => body.tools,
      providesTags: ['AiTools'],
    }),
    aiMedia: build.query<MediaPage, { kind: MediaKind; page: number }>({
      query: ({ kind, page }) => ({ url: '/ai/media', host: 'ai', params: { kind, page, limit: MEDIA_PAGE_SIZE } }),
      providesTags: [MEDIA],
    }),
    /** POST /ai/media (multipart: file + lastModified, + kind=scanned for OCR). */
    uploadAiMedia: build.mutation<AiMediaItem, { file: File; scanned?: boolean }>({
      query: ({ file, scanned }) => {
        const body = new FormData();
        body.append('lastModified', String(file.lastModified));
        if (scanned) body.append('kind', 'scanned');
        body.append('file', file, file.name);
        return { url: '/ai/media', method: 'POST', host: 'ai', body, timeout: AI_TIMEOUTS.turnMs };
      },
      invalidatesTags: (_r, error) => (error ? [] : [MEDIA]),
    }),
    addAiLink: build.mutation<AiMediaItem, { url: string }>({
      query: (body) => ({ url: '/ai/media/links', method: 'POST', host: 'ai', body, timeout: AI_TIMEOUTS.turnMs }),
      invalidatesTags: (_r, error) => (error ? [] : [MEDIA]),
    }),
    deleteAiMedia: build.mutation<void, string>({
      query: (id) => ({ url: `/ai/media/${enc(id)}`, method: 'DELETE', host: 'ai', timeout: AI_TIMEOUTS.chatFetchMs }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, error) => (error ? [] : [MEDIA]),
    }),
    aiResearch: build.query<AiDeepResearch, string>({
      query: (id) => ({ url: `/ai/research/${enc(id)}`, host: 'ai', timeout: AI_TIMEOUTS.historyMs }),
    }),
    cancelAiResearch: build.mutation<unknown, string>({
      query: (id) => ({ url: `/ai/research/${enc(id)}/cancel`, method: 'POST', host: 'ai' }),
    }),
  }),
});

export const {
  useAiAgentsQuery,
  useAiAgentQuery,
  useCreateAiAgentMutation,
  useUpdateAiAgentMutation,
  useDeleteAiAgentMutation,
  useAiAgentFlagMutation,
  useCloneAiAgentMutation,
  useSetAiAgentToolsMutation,
  useSetAiAgentCommandsMutation,
  useSetAiAgentKnowledgeMutation,
  useSetAiAgentPublicMutation,
  useAiToolsQuery,
  useAiMediaQuery,
  useUploadAiMediaMutation,
  useAddAiLinkMutation,
  useDeleteAiMediaMutation,
  useAiResearchQuery,
  useCancelAiResearchMutation,
} = agentsApi;
