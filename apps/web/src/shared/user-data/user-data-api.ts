import type { UserDataDocument, UserDataDocumentResponse } from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../api/quiet-endpoints';

export type SaveWorkspaceDocumentArgs = { name: string; version: number; state: unknown };

const path = (name: string) => `/user-data/v1/store/workspace/${encodeURIComponent(name)}`;

/**
 * The user-data store's workspace documents (GET/PUT/DELETE /user-data/v1/store/workspace/{name}), on the
 * spec's user-data host. The kit's hooks read and write through these; screens use the hooks.
 */
export const userDataApi = api.enhanceEndpoints({ addTagTypes: ['UserData'] }).injectEndpoints({
  endpoints: (build) => ({
    workspaceDocument: build.query<UserDataDocument, string>({
      query: (name) => ({ url: path(name), host: 'userData' }),
      transformResponse: (response: UserDataDocumentResponse) => response.payload,
      providesTags: (_result, _error, name) => [{ type: 'UserData', id: name }],
    }),
    saveWorkspaceDocument: build.mutation<UserDataDocument, SaveWorkspaceDocumentArgs>({
      query: ({ name, version, state }) => ({
        url: path(name),
        method: 'PUT',
        host: 'userData',
        // Sent as text: the base query turns object keys into snake_case, and a saved state's keys (panel ids,
        // dockview's own fields) must reach the server exactly as they are.
        body: JSON.stringify({ version, state }),
        headers: { 'content-type': 'application/json' },
      }),
      transformResponse: (response: UserDataDocumentResponse) => response.payload,
      // Readers of the same document (a remount, another component) see what was saved without asking again.
      async onQueryStarted({ name }, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(
          (result) => result.data,
          () => null,
        );
        if (saved) await dispatch(userDataApi.util.upsertQueryData('workspaceDocument', name, saved));
      },
    }),
    deleteWorkspaceDocument: build.mutation<void, string>({
      query: (name) => ({ url: path(name), method: 'DELETE', host: 'userData' }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, name) => [{ type: 'UserData', id: name }],
    }),
  }),
});

// A missing document is a normal answer (the screen uses its default), and a failed save is reported by
// the workspace itself: the global error toast stays out of both.
markQuietEndpoints('workspaceDocument', 'saveWorkspaceDocument', 'deleteWorkspaceDocument');

export const { useWorkspaceDocumentQuery, useSaveWorkspaceDocumentMutation, useDeleteWorkspaceDocumentMutation } =
  userDataApi;
