import type { AppContext } from '../../../platform/context.js';
import type { SocialNotifier } from '../social.types.js';
import { createModerationRepository } from './moderation.repository.js';
import { moderationRoutes } from './moderation.routes.js';
import { createModerationService } from './moderation.service.js';
import { createStaffRoles } from './staff.js';

export { createSocialNotifier, SOCIAL_NOTICE_SWITCH, type SocialNotifierDeps } from './social-notifier.js';

/** What moderation is handed besides the context. */
export type SocialModerationDeps = {
  /** Sends the owner's moderation notices (hide, warn): the social notifier (createSocialNotifier). */
  notifier: SocialNotifier;
  /** Overrides config SOCIAL_REPORT_HIDE_THRESHOLD (default 3). */
  hideThreshold?: number;
  /** Overrides config STAFF_EMAILS. */
  staffEmails?: readonly string[];
};

/**
 * Reports and moderation (issue 15, item 7): `registry` is the ModerationRegistry the content slices register
 * their handlers with and report through; `routes` the staff queue (mount under /api); `start()` grants the staff
 * role to STAFF_EMAILS' accounts (call once at start).
 */
export function createSocialModeration(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, deps: SocialModerationDeps) {
  const repo = createModerationRepository(ctx.db);
  const staffEmails = deps.staffEmails ?? ctx.config.moderation?.staffEmails ?? [];
  const service = createModerationService({
    repo,
    clock: ctx.clock,
    notifier: deps.notifier,
    hideThreshold: deps.hideThreshold ?? ctx.config.moderation?.reportHideThreshold ?? 3,
    staffEmails,
  });
  const staff = createStaffRoles({ repo, staffEmails });
  return {
    registry: service.registry,
    service,
    staff,
    routes: moderationRoutes({ moderation: service }),
    start: () => staff.grantConfigured(),
  };
}
export type SocialModeration = ReturnType<typeof createSocialModeration>;
