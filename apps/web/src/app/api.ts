import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints` in
 * `features/<domain>/<domain>-api.ts`, so each area's calls load with its chunk.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Configuration', 'Sessions', 'Mailbox'],
  endpoints: () => ({}),
});
