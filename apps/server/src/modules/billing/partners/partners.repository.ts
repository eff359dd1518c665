import { and, count, countDistinct, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { newId } from '../../../platform/ids.js';
import { users } from '../../users/users.table.js';
import {
  type AffiliateRow,
  affiliatePayouts,
  affiliates,
  type CommissionRow,
  commissions,
  referralClicks,
  referrals,
} from './partners.table.js';

type Status = AffiliateRow['status'];

/** The partner program's tables; the only file that queries them. */
export function createPartnersRepository(db: Db) {
  return queries(db, (fn) => db.transaction((tx) => fn(queries(tx as unknown as Db, () => Promise.reject()))));
}

type Tx = <T>(fn: (q: PartnersQueries) => Promise<T>) => Promise<T>;

function queries(db: Db, transaction: Tx) {
  return {
    transaction,

    async latestOf(userId: string): Promise<AffiliateRow | undefined> {
      const [row] = await db
        .select()
        .from(affiliates)
        .where(eq(affiliates.userId, userId))
        .orderBy(desc(affiliates.createdAt), desc(affiliates.id))
        .limit(1);
      return row;
    },

    async find(id: string): Promise<AffiliateRow | undefined> {
      const [row] = await db.select().from(affiliates).where(eq(affiliates.id, id)).limit(1);
      return row;
    },

    async byCode(code: string): Promise<AffiliateRow | undefined> {
      const [row] = await db
        .select()
        .from(affiliates)
        .where(and(eq(affiliates.code, code), eq(affiliates.status, 'approved')))
        .limit(1);
      return row;
    },

    async insertApplication(row: AffiliateRow): Promise<void> {
      await db.insert(affiliates).values(row);
    },

    /** Decides a pending application; false when it was not pending (decided meanwhile). */
    async decide(
      id: string,
      patch: Pick<AffiliateRow, 'status' | 'code' | 'commissionPercent' | 'decidedAt' | 'decidedBy'>,
    ): Promise<AffiliateRow | undefined> {
      const [row] = await db
        .update(affiliates)
        .set(patch)
        .where(and(eq(affiliates.id, id), eq(affiliates.status, 'pending')))
        .returning();
      return row;
    },

    /**
     * Staff list with each applicant's e-mail and username. Reads the users table directly: the users service
     * answers one user at a time, and this list is one query.
     */
    async list(status: Status | undefined, limit: number) {
      return db
        .select({ affiliate: affiliates, email: users.email, username: users.username })
        .from(affiliates)
        .innerJoin(users, eq(users.id, affiliates.userId))
        .where(status ? eq(affiliates.status, status) : undefined)
        .orderBy(desc(affiliates.createdAt), desc(affiliates.id))
        .limit(limit);
    },

    async insertClick(affiliateId: string, at: Date): Promise<void> {
      await db.insert(referralClicks).values({ id: newId(), affiliateId, clickedAt: at });
    },

    /**
     * Makes referrals of users who signed up with an approved partner's code (the `referral_code` the sign-up
     * stored from the cookie) when a click of that partner came at most `windowMs` before the sign-up. Never the
     * partner's own account; a user is referred once (the first partner wins). Reads users.referral_code: the
     * users service has no query by it, and this is one statement. `userId` limits it to one user;
     * `createdSince` to recent sign-ups (the leader's job).
     */
    async attribute(options: { windowMs: number; userId?: string; createdSince?: Date }): Promise<number> {
      const windowSeconds = Math.floor(options.windowMs / 1000);
      const rows = await db.execute(sql`
        insert into ${referrals} (id, affiliate_id, referred_user_id, attributed_at)
        select gen_random_uuid(), a.id, u.id, u.created_at
        from ${users} u
        join ${affiliates} a on a.code = upper(u.referral_code) and a.status = 'approved' and a.user_id <> u.id
        where u.referral_code is not null
          ${options.userId ? sql`and u.id = ${options.userId}` : sql``}
          ${options.createdSince ? sql`and u.created_at >= ${options.createdSince.toISOString()}` : sql``}
          and not exists (select 1 from ${referrals} r where r.referred_user_id = u.id)
          and exists (
            select 1 from ${referralClicks} c
            where c.affiliate_id = a.id
              and c.clicked_at <= u.created_at
              and c.clicked_at >= u.created_at - make_interval(secs => ${windowSeconds})
          )
        on conflict do nothing
        returning id`);
      return (rows as unknown as { rows?: unknown[] }).rows?.length ?? 0;
    },

    async referralOf(userId: string) {
      const [row] = await db
        .select({ referral: referrals, affiliate: affiliates })
        .from(referrals)
        .innerJoin(affiliates, eq(affiliates.id, referrals.affiliateId))
        .where(eq(referrals.referredUserId, userId))
        .limit(1);
      return row;
    },

    /** Inserts a commission unless the invoice already has one of its kind; true when inserted. */
    async insertCommission(row: CommissionRow): Promise<boolean> {
      const done = await db
        .insert(commissions)
        .values(row)
        .onConflictDoNothing({ target: [commissions.invoiceId, commissions.kind] })
        .returning({ id: commissions.id });
      return done.length > 0;
    },

    async earningOf(invoiceId: string): Promise<CommissionRow | undefined> {
      const [row] = await db
        .select()
        .from(commissions)
        .where(and(eq(commissions.invoiceId, invoiceId), eq(commissions.kind, 'earning')))
        .limit(1);
      return row;
    },

    /** Reverses an earning not paid out yet; false when it was paid (or reversed) meanwhile. */
    async reverseUnpaid(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(commissions)
        .set({ status: 'reversed', reversedAt: at })
        .where(and(eq(commissions.id, id), inArray(commissions.status, ['pending', 'payable'])))
        .returning({ id: commissions.id });
      return rows.length > 0;
    },

    /** Pending commissions whose hold period ended become payable. */
    async release(now: Date, affiliateId?: string): Promise<number> {
      const rows = await db
        .update(commissions)
        .set({ status: 'payable' })
        .where(
          and(
            eq(commissions.status, 'pending'),
            lte(commissions.availableAt, now),
            affiliateId ? eq(commissions.affiliateId, affiliateId) : undefined,
          ),
        )
        .returning({ id: commissions.id });
      return rows.length;
    },

    /** The payable rows of one partner and currency, locked until the transaction ends. */
    async payableForUpdate(affiliateId: string, currency: string): Promise<CommissionRow[]> {
      return db
        .select()
        .from(commissions)
        .where(
          and(
            eq(commissions.affiliateId, affiliateId),
            eq(commissions.currency, currency),
            eq(commissions.status, 'payable'),
          ),
        )
        .for('update');
    },

    async insertPayout(row: typeof affiliatePayouts.$inferInsert, commissionIds: string[]): Promise<void> {
      await db.insert(affiliatePayouts).values(row);
      await db
        .update(commissions)
        .set({ status: 'paid', payoutId: row.id })
        .where(inArray(commissions.id, commissionIds));
    },

    async payouts(affiliateId: string, limit: number) {
      return db
        .select()
        .from(affiliatePayouts)
        .where(eq(affiliatePayouts.affiliateId, affiliateId))
        .orderBy(desc(affiliatePayouts.paidAt), desc(affiliatePayouts.id))
        .limit(limit);
    },

    /** Sums of commission amounts per currency and status (reversed left out). */
    async sums(affiliateIds: string[]) {
      if (affiliateIds.length === 0) return [];
      return db
        .select({
          affiliateId: commissions.affiliateId,
          currency: commissions.currency,
          status: commissions.status,
          total: sql<string>`sum(${commissions.amount})`,
        })
        .from(commissions)
        .where(and(inArray(commissions.affiliateId, affiliateIds), ne(commissions.status, 'reversed')))
        .groupBy(commissions.affiliateId, commissions.currency, commissions.status);
    },

    async counts(affiliateId: string) {
      const [[clicks], [signUps], [paying]] = await Promise.all([
        db.select({ n: count() }).from(referralClicks).where(eq(referralClicks.affiliateId, affiliateId)),
        db.select({ n: count() }).from(referrals).where(eq(referrals.affiliateId, affiliateId)),
        db
          .select({ n: countDistinct(commissions.referralId) })
          .from(commissions)
          .where(
            and(
              eq(commissions.affiliateId, affiliateId),
              eq(commissions.kind, 'earning'),
              ne(commissions.status, 'reversed'),
            ),
          ),
      ]);
      return { clicks: clicks?.n ?? 0, signUps: signUps?.n ?? 0, paying: paying?.n ?? 0 };
    },
  };
}
export type PartnersQueries = ReturnType<typeof queries>;
export type PartnersRepository = ReturnType<typeof createPartnersRepository>;
