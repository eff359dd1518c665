import { useCallback } from 'react';
import { z } from 'zod';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../shared/toast/toast';
import { userDataApi, useWorkspaceDocumentQuery } from '../../../shared/user-data/user-data-api';
import { ALERT_TRIGGERS, type AlertDefaults, BUILT_IN_DEFAULTS } from '../alert-form-model';

/**
 * The user's defaults for new alerts (the alerts panel's Settings tab), kept in the user-data store as the
 * workspace document "alerts-settings": the server has no alert settings route, and the store follows the user
 * across browsers. Nothing saved (404) or an unreadable document gives the built-in defaults (trigger only_once).
 */
export const ALERT_DEFAULTS_NAME = 'alerts-settings';
const VERSION = 1;

const schema = z.object({
  toast: z.boolean().catch(BUILT_IN_DEFAULTS.toast),
  sound: z.boolean().catch(BUILT_IN_DEFAULTS.sound),
  email: z.boolean().catch(BUILT_IN_DEFAULTS.email),
  trigger: z.enum(ALERT_TRIGGERS).catch(BUILT_IN_DEFAULTS.trigger),
  expiryDays: z.number().int().min(1).max(365).nullable().catch(BUILT_IN_DEFAULTS.expiryDays),
});

export function readAlertDefaults(version: number | undefined, state: unknown): AlertDefaults {
  if (version !== VERSION) return BUILT_IN_DEFAULTS;
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : BUILT_IN_DEFAULTS;
}

export function useAlertDefaults() {
  const dispatch = useAppDispatch();
  const query = useWorkspaceDocumentQuery(ALERT_DEFAULTS_NAME);
  const defaults = readAlertDefaults(query.data?.version, query.data?.state);

  const saveDefaults = useCallback(
    async (patch: Partial<AlertDefaults>) => {
      const previous = query.data;
      const next: AlertDefaults = { ...defaults, ...patch };
      const optimistic = { name: ALERT_DEFAULTS_NAME, version: VERSION, state: next, updatedAt: '' };
      await dispatch(userDataApi.util.upsertQueryData('workspaceDocument', ALERT_DEFAULTS_NAME, optimistic));
      const result = await dispatch(
        userDataApi.endpoints.saveWorkspaceDocument.initiate({
          name: ALERT_DEFAULTS_NAME,
          version: VERSION,
          state: next,
        }),
      );
      if ('error' in result) {
        const back = previous ?? { ...optimistic, state: BUILT_IN_DEFAULTS };
        await dispatch(userDataApi.util.upsertQueryData('workspaceDocument', ALERT_DEFAULTS_NAME, back));
        toast.error('Your alert settings could not be saved. Try again in a moment.');
        return false;
      }
      return true;
    },
    [dispatch, defaults, query.data],
  );

  // A missing document answers 404: the defaults apply, and that is no loading state.
  return { defaults, loading: query.isLoading, saveDefaults };
}
