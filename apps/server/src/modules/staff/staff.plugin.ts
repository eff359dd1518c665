import { FREE_PLAN_ID } from '@tradedesk/contracts';
import type { AppContext } from '../../platform/context.js';
import { createStaffAccess } from './staff.access.js';
import { createStaffAudit } from './staff.audit.js';
import { staffRoutes } from './staff.routes.js';
import { createStaffUsers, type PlanOf } from './staff.users.js';

/**
 * Staff (README "Help center and staff console"): who is staff, the audit log, and the console's own calls (the
 * user look-up and roles). Built right after the users module; `access` and `audit` are handed to every module
 * with staff actions. `usePlans` tells the user look-up each user's plan once billing's entitlements exist.
 */
export function createStaffModule(ctx: AppContext) {
  const access = createStaffAccess({ db: ctx.db, staffEmails: ctx.config.moderation?.staffEmails ?? [] });
  const audit = createStaffAudit({ db: ctx.db, clock: ctx.clock });
  let planOf: PlanOf = async () => ({ id: FREE_PLAN_ID, name: 'Free' });
  const users = createStaffUsers({ db: ctx.db, clock: ctx.clock, access, audit, planOf: () => planOf });
  return {
    access,
    audit,
    users,
    routes: staffRoutes({ access, audit, users }),
    usePlans(lookup: PlanOf) {
      planOf = lookup;
    },
  };
}
export type StaffModule = ReturnType<typeof createStaffModule>;
