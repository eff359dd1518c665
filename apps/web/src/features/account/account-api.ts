import type { Configuration, Theme } from '@tradedesk/contracts';
import { api } from '../../app/api';

/**
 * The customer calls the shell needs (configuration for the home page, the theme choice). Settings
 * pages inject theirs in features/settings and reuse these endpoints rather than declaring them again.
 */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    configuration: build.query<Configuration, void>({
      query: () => ({ url: '/customer/configuration' }),
      providesTags: ['Configuration'],
    }),
    saveTheme: build.mutation<unknown, { theme: Theme }>({
      query: (body) => ({ url: '/customer/theme', method: 'PUT', body }),
    }),
  }),
});

export const { useConfigurationQuery, useSaveThemeMutation } = accountApi;
