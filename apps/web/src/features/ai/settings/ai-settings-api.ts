import type { AiEmbeddingStatus, AiModelList, AiReembedResult } from '@tradedesk/contracts';
import { AI_TIMEOUTS } from '@tradedesk/contracts/ai-timeouts';
import { api } from '../../../app/api';
import type { AiModelInfo, AiUserModelInput, AiUserModelSetting } from './ai-settings-types';

/** The AI model settings (docs/api.md "AI assistant: models"): what is configured, and the user's own key. */
export const aiSettingsApi = api.enhanceEndpoints({ addTagTypes: ['AiModels'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Named apart from the AI screen's `aiModels` (same call, its own cache entry): both are injected into one api. */
    aiModelChoices: build.query<AiModelInfo[], void>({
      query: () => ({ url: '/ai/models', host: 'ai' }),
      transformResponse: (body: AiModelList) => body.models,
      providesTags: ['AiModels'],
    }),
    aiUserModel: build.query<AiUserModelSetting, void>({
      query: () => ({ url: '/ai/settings/model', host: 'ai' }),
      providesTags: ['AiModels'],
    }),
    saveAiUserModel: build.mutation<AiUserModelSetting, AiUserModelInput>({
      query: (body) => ({ url: '/ai/settings/model', method: 'PUT', host: 'ai', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['AiModels']),
    }),
    /** GET /ai/media/embeddings: how many of the user's documents carry the vectors of the model in use. */
    aiEmbeddingStatus: build.query<AiEmbeddingStatus, void>({
      query: () => ({ url: '/ai/media/embeddings', host: 'ai' }),
      // a change of model (AiModels) changes which vectors are current
      providesTags: ['AiModels'],
    }),
    /** POST /ai/media/embeddings: re-indexes up to 50 documents; called again while some wait. */
    reembedAiMedia: build.mutation<AiReembedResult, void>({
      query: () => ({ url: '/ai/media/embeddings', method: 'POST', host: 'ai', timeout: AI_TIMEOUTS.turnMs }),
    }),
    deleteAiUserModel: build.mutation<void, void>({
      query: () => ({ url: '/ai/settings/model', method: 'DELETE', host: 'ai' }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, error) => (error ? [] : ['AiModels']),
    }),
  }),
});

export const {
  useAiModelChoicesQuery: useAiModelsQuery,
  useAiUserModelQuery,
  useSaveAiUserModelMutation,
  useDeleteAiUserModelMutation,
  useAiEmbeddingStatusQuery,
  useReembedAiMediaMutation,
} = aiSettingsApi;
