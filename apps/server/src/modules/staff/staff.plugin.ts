import type { AppContext } from '../../platform/context.js';
import { createStaffAccess } from './staff.access.js';
import { createStaffAudit } from './staff.audit.js';
import { staffRoutes } from './staff.routes.js';

/**
 * Staff (README "Help center and staff console"): who is staff, the audit log, and the console's own calls. Built
 * right after the users module; `access` and `audit` are handed to every module with staff actions.
 */
export function createStaffModule(ctx: AppContext) {
  const access = createStaffAccess({ db: ctx.db, staffEmails: ctx.config.moderation?.staffEmails ?? [] });
  const audit = createStaffAudit({ db: ctx.db, clock: ctx.clock });
  return { access, audit, routes: staffRoutes({ access, audit }) };
}
export type StaffModule = ReturnType<typeof createStaffModule>;
