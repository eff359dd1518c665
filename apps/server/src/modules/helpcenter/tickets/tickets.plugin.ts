import type { AppContext } from '../../../platform/context.js';
import type { HelpCenterDeps, HelpCenterSlice } from '../helpcenter.types.js';

/** SKELETON: the tickets slice replaces this file. */
export function createHelpTickets(_ctx: AppContext, _deps: HelpCenterDeps): HelpCenterSlice {
  return { routes: async () => {} };
}
