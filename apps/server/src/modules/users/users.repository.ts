import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { type NewUserRow, type UserRow, users } from './users.table.js';

export type UserPatch = Partial<Omit<NewUserRow, 'id' | 'createdAt'>>;

export function createUsersRepository(db: Db) {
  const first = <T>(rows: T[]): T | undefined => rows[0];
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      return first(await db.select().from(users).where(eq(users.id, id)).limit(1));
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return first(await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1));
    },
    async findByUsername(username: string): Promise<UserRow | undefined> {
      return first(
        await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1),
      );
    },
    async findByGoogleSub(sub: string): Promise<UserRow | undefined> {
      return first(await db.select().from(users).where(eq(users.googleSub, sub)).limit(1));
    },
    async insert(row: NewUserRow): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
      return created!;
    },
    async update(id: string, patch: UserPatch): Promise<UserRow | undefined> {
      return first(await db.update(users).set(patch).where(eq(users.id, id)).returning());
    },
    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
