import { AccountFormatPreferences } from '../../account/account-format-preferences';
import { ChartWorkspace } from '../workspace/chart-workspace';

/**
 * The chart screen: `/chart?symbol=EURUSD&tf=15m` (an unsaved chart), `/chart?chart=<id>` (a saved chart,
 * autosaved) or `/chart?layout=<id>` (a layout of 2, 4 or 8 charts), in the user's time zone and clock.
 */
export function Component() {
  return (
    <AccountFormatPreferences>
      <ChartWorkspace />
    </AccountFormatPreferences>
  );
}
