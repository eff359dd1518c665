import type { HelpSearchResult } from '@tradedesk/contracts';
import { api } from '../../../app/api';

/** GET /helpcenter/search: one search across the guide, the posts and the caller's tickets. */
export const helpSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    helpSearch: build.query<HelpSearchResult, string>({
      query: (q) => ({ url: '/helpcenter/search', params: { q, limit: 20 } }),
    }),
  }),
});

export const { useHelpSearchQuery } = helpSearchApi;
