import { type ReactNode, useMemo } from 'react';
import { type FormatPreferences, FormatPreferencesProvider } from '../../shared/format/format-preferences';
import { useWorkspacePreferences } from '../../shared/user-data/use-workspace-preferences';
import { useConfigurationQuery } from './account-api';

/**
 * The signed-in user's preferences for every kit formatter below it: time zone and 12/24-hour clock from the
 * account settings (GET /customer/configuration), P/L colours from the workspace preferences in the
 * user-data store. Until they have loaded the account defaults apply (UTC, 24-hour, profit green).
 */
export function AccountFormatPreferences(props: { children: ReactNode }) {
  const { data } = useConfigurationQuery();
  const { preferences } = useWorkspacePreferences();
  const timeZone = data?.general.timeZone;
  const timeFormat = data?.general.timeFormat;
  const value = useMemo((): Partial<FormatPreferences> => {
    const v: Partial<FormatPreferences> = { pnlColors: preferences.pnlColors };
    if (timeZone) v.timeZone = timeZone;
    if (timeFormat) v.timeFormat = timeFormat;
    return v;
  }, [timeZone, timeFormat, preferences.pnlColors]);
  return <FormatPreferencesProvider value={value}>{props.children}</FormatPreferencesProvider>;
}
