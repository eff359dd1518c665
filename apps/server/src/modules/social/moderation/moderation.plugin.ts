import type { AppContext } from '../../../platform/context.js';
import { createStaffAccess, type StaffAccess } from '../../staff/staff.access.js';
import { createStaffAudit, type StaffAudit } from '../../staff/staff.audit.js';
import { createStaffRoles } from '../../staff/staff.roles.js';
import type { SocialNotifier } from '../social.types.js';
import { createModerationRepository } from './moderation.repository.js';
import { moderationRoutes } from './moderation.routes.js';
import { createModerationService } from './moderation.service.js';

export { createSocialNotifier, SOCIAL_NOTICE_SWITCH, type SocialNotifierDeps } from './social-notifier.js';

/** What moderation is handed besides the context. */
export type SocialModerationDeps = {
  /** Sends the owner's moderation notices (hide, warn, shown again): the social notifier (createSocialNotifier). */
  notifier: SocialNotifier;
  /** Overrides config SOCIAL_REPORT_HIDE_THRESHOLD (default 3). */
  hideThreshold?: number;
  /** Overrides config STAFF_EMAILS. */
  staffEmails?: readonly string[];
  /** Who is staff and the audit log (modules/staff); built here from the context when not given (tests). */
  staff?: { access: StaffAccess; audit: StaffAudit };
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
    access: deps.staff?.access ?? createStaffAccess({ db: ctx.db, staffEmails }),
    audit: deps.staff?.audit ?? createStaffAudit({ db: ctx.db, clock: ctx.clock }),
  });
  const staff = createStaffRoles({ db: ctx.db, staffEmails });
  return {
    registry: service.registry,
    service,
    staff,
    routes: moderationRoutes({ moderation: service }),
    start: () => staff.grantConfigured(),
  };
}
export type SocialModeration = ReturnType<typeof createSocialModeration>;
