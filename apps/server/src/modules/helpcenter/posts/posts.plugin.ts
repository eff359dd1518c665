import type { AppContext } from '../../../platform/context.js';
import type { HelpCenterDeps, HelpCenterSlice } from '../helpcenter.types.js';
import { postsRoutes } from './posts.routes.js';
import { seedHelpPosts } from './posts.seed.js';
import { createPostsService } from './posts.service.js';
import { createPostView } from './posts.view.js';

/**
 * Help-center posts (issue 18): bugs and feature requests with comments, activity, votes and likes;
 * announcements, updates and tutorials; quick feedback; staff triage and publishing. Seeds the team's first
 * posts when the routes are mounted on an empty database.
 */
export function createHelpPosts(ctx: AppContext, deps: HelpCenterDeps): HelpCenterSlice {
  const view = createPostView({
    db: ctx.db,
    storage: ctx.storage,
    staffEmails: ctx.config.moderation?.staffEmails ?? [],
  });
  const posts = createPostsService({ db: ctx.db, clock: ctx.clock, storage: ctx.storage, view, help: deps });
  const routes = postsRoutes({ posts });
  return {
    routes: async (app, options) => {
      await seedHelpPosts(ctx.db, ctx.clock);
      await routes(app, options);
    },
    search: { search: posts.search },
  };
}
