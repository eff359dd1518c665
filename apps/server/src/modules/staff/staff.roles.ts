import type { UserRole } from '@tradedesk/contracts';
import { asc, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { users } from '../users/users.table.js';

/**
 * The stored role (users.role) by e-mail: `tradedesk staff grant EMAIL [--admin] | revoke EMAIL | list`, and the
 * accounts named in STAFF_EMAILS made staff at start. The console changes roles by id (staff.users.ts).
 */
export function createStaffRoles(deps: { db: Db; staffEmails: readonly string[] }) {
  const { db } = deps;

  async function setRoleByEmail(email: string, role: UserRole): Promise<{ id: string; email: string } | null> {
    const [row] = await db
      .update(users)
      .set({ role })
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .returning({ id: users.id, email: users.email });
    return row ?? null;
  }

  async function roles(): Promise<Array<{ email: string; role: UserRole }>> {
    return db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(ne(users.role, 'user'))
      .orderBy(asc(users.email));
  }

  return {
    /** Makes the account with this e-mail staff (or admin); null when no account has it. */
    grant: (email: string, role: Exclude<UserRole, 'user'> = 'staff') => setRoleByEmail(email, role),
    /** Makes the account with this e-mail an ordinary user again; null when no account has it. */
    revoke: (email: string) => setRoleByEmail(email, 'user'),
    /** The staff and admin accounts with their roles, by e-mail. */
    roles,
    /** The e-mails of the staff and admin accounts, sorted. */
    list: async () => (await roles()).map((r) => r.email),
    /** Grants STAFF_EMAILS' existing ordinary accounts at start (an admin stays admin); answers the e-mails no account has. */
    async grantConfigured(): Promise<string[]> {
      const missing: string[] = [];
      for (const email of deps.staffEmails) {
        const [row] = await db
          .update(users)
          .set({ role: sql`case when ${users.role} = 'admin' then 'admin' else 'staff' end` })
          .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
          .returning({ id: users.id });
        if (!row) missing.push(email);
      }
      return missing;
    },
  };
}
export type StaffRoles = ReturnType<typeof createStaffRoles>;
