import type { AppContext } from '../../../platform/context.js';
import type { HelpCenterDeps, HelpCenterSlice } from '../helpcenter.types.js';

/** SKELETON: the posts slice replaces this file. */
export function createHelpPosts(_ctx: AppContext, _deps: HelpCenterDeps): HelpCenterSlice {
  return { routes: async () => {} };
}
