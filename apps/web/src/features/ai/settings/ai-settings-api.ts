import { api } from '../../../app/api';
import type { AiModelInfo, AiUserModelInput, AiUserModelSetting } from './ai-settings-types';

function itemsOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const items = (body as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as T[]) : [];
}

/** The AI model settings (docs/api.md "AI assistant: models"): what is configured, and the user's own key. */
export const aiSettingsApi = api.enhanceEndpoints({ addTagTypes: ['AiModels'] }).injectEndpoints({
  endpoints: (build) => ({
    aiModels: build.query<AiModelInfo[], void>({
      query: () => ({ url: '/ai/models', host: 'ai' }),
      transformResponse: (body: unknown) => itemsOf<AiModelInfo>(body),
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
    deleteAiUserModel: build.mutation<void, void>({
      query: () => ({ url: '/ai/settings/model', method: 'DELETE', host: 'ai' }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, error) => (error ? [] : ['AiModels']),
    }),
  }),
});

export const { useAiModelsQuery, useAiUserModelQuery, useSaveAiUserModelMutation, useDeleteAiUserModelMutation } =
  aiSettingsApi;
