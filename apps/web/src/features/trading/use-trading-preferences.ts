import { useCallback } from 'react';
import { z } from 'zod';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../shared/toast/toast';
import { userDataApi, useWorkspaceDocumentQuery } from '../../shared/user-data/user-data-api';

/**
 * The trader's order-entry settings, kept per user in the user-data store (workspace document "trading"):
 * one-click trading is off until the trader turns it on and confirms it once.
 */
export type TradingPreferences = { oneClick: boolean; oneClickConfirmed: boolean };

export const TRADING_PREFERENCES_NAME = 'trading';
const VERSION = 1;
export const defaultTradingPreferences: TradingPreferences = { oneClick: false, oneClickConfirmed: false };
const schema = z.object({ oneClick: z.boolean().catch(false), oneClickConfirmed: z.boolean().catch(false) });

function read(version: number | undefined, state: unknown): TradingPreferences {
  if (version !== VERSION) return defaultTradingPreferences;
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : defaultTradingPreferences;
}

export function useTradingPreferences() {
  const dispatch = useAppDispatch();
  const query = useWorkspaceDocumentQuery(TRADING_PREFERENCES_NAME);
  const preferences = read(query.data?.version, query.data?.state);

  const setPreferences = useCallback(
    async (patch: Partial<TradingPreferences>) => {
      const previous = query.data;
      const next: TradingPreferences = { ...preferences, ...patch };
      const optimistic = { name: TRADING_PREFERENCES_NAME, version: VERSION, state: next, updatedAt: '' };
      await dispatch(userDataApi.util.upsertQueryData('workspaceDocument', TRADING_PREFERENCES_NAME, optimistic));
      const result = await dispatch(
        userDataApi.endpoints.saveWorkspaceDocument.initiate({
          name: TRADING_PREFERENCES_NAME,
          version: VERSION,
          state: next,
        }),
      );
      if ('error' in result) {
        const back = previous ?? { ...optimistic, state: defaultTradingPreferences };
        await dispatch(userDataApi.util.upsertQueryData('workspaceDocument', TRADING_PREFERENCES_NAME, back));
        toast.error('Your trading settings could not be saved. Try again in a moment.');
      }
    },
    [dispatch, preferences, query.data],
  );

  return { preferences, loading: query.isLoading, setPreferences };
}
