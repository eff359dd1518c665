import { useCallback } from 'react';
import { z } from 'zod';
import { useAppDispatch } from '../../app/hooks';
import { type PnlColorScheme, pnlColorSchemes } from '../format/pnl';
import { toast } from '../toast/toast';
import { userDataApi, useWorkspaceDocumentQuery } from './user-data-api';

/** The user's workspace preferences, kept in the user-data store as the workspace document "preferences". */
export type WorkspacePreferences = { pnlColors: PnlColorScheme };

export const WORKSPACE_PREFERENCES_NAME = 'preferences';
const VERSION = 1;
export const defaultWorkspacePreferences: WorkspacePreferences = { pnlColors: 'green-up' };

const schema = z.object({ pnlColors: z.enum(pnlColorSchemes).catch('green-up') });

function readPreferences(version: number | undefined, state: unknown): WorkspacePreferences {
  if (version !== VERSION) return defaultWorkspacePreferences;
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : defaultWorkspacePreferences;
}

/**
 * The workspace preferences (P/L colours) and a setter that saves at once. Every reader shares one cached
 * copy, so a change shows everywhere; nothing saved yet (404) or an unreadable document gives the defaults.
 */
export function useWorkspacePreferences(options: { skip?: boolean } = {}) {
  const dispatch = useAppDispatch();
  const query = useWorkspaceDocumentQuery(WORKSPACE_PREFERENCES_NAME, { skip: options.skip });
  const preferences = readPreferences(query.data?.version, query.data?.state);

  const setPreferences = useCallback(
    async (patch: Partial<WorkspacePreferences>) => {
      const previous = query.data;
      const next: WorkspacePreferences = { ...preferences, ...patch };
      const optimistic = { name: WORKSPACE_PREFERENCES_NAME, version: VERSION, state: next, updatedAt: '' };
      await dispatch(userDataApi.util.upsertQueryData('workspaceDocument', WORKSPACE_PREFERENCES_NAME, optimistic));
      const result = await dispatch(
        userDataApi.endpoints.saveWorkspaceDocument.initiate({
          name: WORKSPACE_PREFERENCES_NAME,
          version: VERSION,
          state: next,
        }),
      );
      if ('error' in result) {
        const back = previous ?? { ...optimistic, state: defaultWorkspacePreferences };
        await dispatch(userDataApi.util.upsertQueryData('workspaceDocument', WORKSPACE_PREFERENCES_NAME, back));
        toast.error('Your workspace preferences could not be saved. Try again in a moment.');
      }
    },
    [dispatch, preferences, query.data],
  );

  return { preferences, loading: query.isLoading, setPreferences };
}
