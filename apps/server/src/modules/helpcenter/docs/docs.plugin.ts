import type { AppContext } from '../../../platform/context.js';
import type { HelpCenterDeps, HelpCenterSlice } from '../helpcenter.types.js';
import { loadGuide, resolveGuideDir } from './docs.guide.js';
import { helpDocsRoutes } from './docs.routes.js';
import { createGuideSearch } from './docs.search.js';

/**
 * The user guide (issue 18, "docs" tab): the Markdown of the repository's `docs/guide/` read and rendered once at
 * start (`guideDir`, else found from the sources or the bundle; without one the guide is empty), its routes, and
 * the search over its articles and FAQ.
 */
export function createHelpDocs(
  _ctx: AppContext,
  _deps: HelpCenterDeps,
  options: { guideDir?: string } = {},
): HelpCenterSlice {
  const guide = loadGuide(resolveGuideDir(options.guideDir));
  const search = createGuideSearch(guide);
  return { routes: helpDocsRoutes({ guide, articleSlugs: search.articleSlugs }), search };
}
