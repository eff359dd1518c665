import type { StaffUserDetail, StaffUserList, StaffUserRow, StaffUsersQuery, UserRole } from '@tradedesk/contracts';
import { count, desc, eq, max, or, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { containsPattern } from '../../platform/sql-like.js';
import { sessions } from '../auth/auth.table.js';
import { tradingAccounts } from '../trading/trading.table.js';
import { type UserRow, users } from '../users/users.table.js';
import type { StaffAccess } from './staff.access.js';
import type { StaffAudit } from './staff.audit.js';
import { ownRole, userNotFound } from './staff.errors.js';

/** The plan a user holds now (the entitlement service's answer); the free plan when billing is not mounted. */
export type PlanOf = (userId: string) => Promise<{ id: string; name: string }>;

const rowOf = (u: UserRow): StaffUserRow => ({
  id: u.id,
  email: u.email,
  username: u.username,
  name: `${u.firstName} ${u.lastName}`.trim(),
  status: u.status,
  role: u.role,
  createdAt: u.createdAt.toISOString(),
});

/** The staff console's user look-up and role changes (issue 18, item 5). Callers check staff/admin first. */
export function createStaffUsers(deps: {
  db: Db;
  clock: Clock;
  access: StaffAccess;
  audit: StaffAudit;
  planOf: () => PlanOf;
}) {
  const { db } = deps;

  async function find(id: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw userNotFound();
    return user;
  }

  return {
    /** Accounts whose e-mail, username or name contains `q` (case-insensitive), newest first. */
    async search(query: StaffUsersQuery): Promise<StaffUserList> {
      let filter: SQL | undefined;
      const term = query.q?.trim().toLowerCase();
      if (term) {
        const contains = containsPattern(term);
        filter = or(
          sql`lower(${users.email}) like ${contains}`,
          sql`lower(${users.username}) like ${contains}`,
          sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${contains}`,
        );
      }
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(filter)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(users).where(filter),
      ]);
      return { items: rows.map(rowOf), page: query.page, limit: query.limit, total: total?.n ?? 0 };
    },

    async detail(id: string): Promise<StaffUserDetail> {
      const user = await find(id);
      const [[accounts], [signIn], plan, role] = await Promise.all([
        db.select({ n: count() }).from(tradingAccounts).where(eq(tradingAccounts.userId, id)),
        db
          .select({ at: max(sessions.createdAt) })
          .from(sessions)
          .where(eq(sessions.userId, id)),
        deps.planOf()(id),
        deps.access.roleOf(id),
      ]);
      return {
        ...rowOf(user),
        role,
        activatedAt: user.activatedAt?.toISOString() ?? null,
        lastSignInAt: signIn?.at ? new Date(signIn.at).toISOString() : null,
        plan,
        tradingAccounts: accounts?.n ?? 0,
      };
    },

    /** Sets a user's stored role (the caller is an admin); nobody changes their own. */
    async setRole(actorId: string, id: string, role: UserRole): Promise<StaffUserDetail> {
      if (actorId === id) throw ownRole();
      const user = await find(id);
      if (user.role !== role) {
        await db.update(users).set({ role, updatedAt: deps.clock.now() }).where(eq(users.id, id));
        await deps.audit.record({
          actorId,
          action: 'user.role',
          targetKind: 'user',
          targetId: id,
          summary: `Changed the role of ${user.email} from ${user.role} to ${role}.`,
        });
      }
      return this.detail(id);
    },
  };
}
export type StaffUsers = ReturnType<typeof createStaffUsers>;
