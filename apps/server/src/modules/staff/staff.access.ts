import type { UserRole } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { users } from '../users/users.table.js';
import { adminOnly, staffOnly } from './staff.errors.js';

/**
 * Who is staff (issue 18, item 5): the one place every module asks. A user's role is `users.role` (user, staff or
 * admin); an active account whose e-mail is in STAFF_EMAILS is staff whatever its stored role. Admins are staff too.
 */
export function createStaffAccess(deps: { db: Db; staffEmails: readonly string[] }) {
  const { db } = deps;
  const configured = new Set(deps.staffEmails.map((e) => e.toLowerCase()));

  async function roleOf(userId: string): Promise<UserRole> {
    const [user] = await db
      .select({ role: users.role, status: users.status, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) return 'user';
    if (user.role === 'admin' || user.role === 'staff') return user.role;
    return user.status === 'active' && configured.has(user.email.toLowerCase()) ? 'staff' : 'user';
  }

  return {
    roleOf,
    async isStaff(userId: string): Promise<boolean> {
      return (await roleOf(userId)) !== 'user';
    },
    async isAdmin(userId: string): Promise<boolean> {
      return (await roleOf(userId)) === 'admin';
    },
    /** Throws 403 STAFF_ONLY "Only staff can do this." unless the user is staff or admin. */
    async requireStaff(userId: string): Promise<void> {
      if ((await roleOf(userId)) === 'user') throw staffOnly();
    },
    /** Throws 403 STAFF_ADMIN_ONLY "Only an admin can do this." unless the user is an admin. */
    async requireAdmin(userId: string): Promise<void> {
      if ((await roleOf(userId)) !== 'admin') throw adminOnly();
    },
  };
}
export type StaffAccess = ReturnType<typeof createStaffAccess>;
