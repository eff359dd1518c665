import { and, desc, eq, gt, inArray, isNull, lt, lte, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.js';
import { emailTokens, loginChallenges, recoveryCodes, refreshTokens, sessions, twoFactor } from './auth.table.js';

export type SessionRow = typeof sessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type EmailTokenPurpose = EmailTokenRow['purpose'];
export type TwoFactorRow = typeof twoFactor.$inferSelect;
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

const first = <T>(rows: T[]): T | undefined => rows[0];

export function createAuthRepository(db: Db) {
  // Every authenticated request asks this: built once (not per call), and only the two columns it needs.
  const liveness = db
    .select({ userId: sessions.userId, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_session_liveness');
  return {
    // ---- sessions and refresh tokens ----
    /** Who a session belongs to and whether it was revoked; undefined when it does not exist (any more). */
    async sessionLiveness(id: string): Promise<{ userId: string; revokedAt: Date | null } | undefined> {
      return first(await liveness.execute({ id }));
    },
    async insertSession(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },
    async findSession(id: string): Promise<SessionRow | undefined> {
      return first(await db.select().from(sessions).where(eq(sessions.id, id)).limit(1));
    },
    async findOwnedSession(userId: string, id: string): Promise<SessionRow | undefined> {
      return first(
        await db
          .select()
          .from(sessions)
          .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
          .limit(1),
      );
    },
    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, id));
    },
    /** Live: not revoked, and a refresh token of either family can still be used. */
    async listLiveSessions(userId: string, now: Date): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.sessionId} = ${sessions.id}
              and ${refreshTokens.rotatedAt} is null and ${refreshTokens.expiresAt} > ${now})`,
          ),
        )
        .orderBy(desc(sessions.createdAt), desc(sessions.id));
    },
    /** Revokes the user's not yet revoked sessions (only `ids`, or all but `exceptId`); returns their ids. */
    async revokeSessions(
      userId: string,
      at: Date,
      reason: string,
      filter: { ids?: string[]; exceptId?: string } = {},
    ): Promise<string[]> {
      if (filter.ids && filter.ids.length === 0) return [];
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            filter.ids ? inArray(sessions.id, filter.ids) : undefined,
            filter.exceptId ? ne(sessions.id, filter.exceptId) : undefined,
          ),
        )
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },
    async insertRefreshToken(row: typeof refreshTokens.$inferInsert): Promise<void> {
      await db.insert(refreshTokens).values(row);
    },
    async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      return first(await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1));
    },
    /** Marks the token used; false when another request rotated it first (that is reuse). */
    async markRotated(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ rotatedAt: at })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length > 0;
    },

    // ---- emailed single-use tokens ----
    async insertEmailToken(row: typeof emailTokens.$inferInsert): Promise<void> {
      await db.insert(emailTokens).values(row);
    },
    async findEmailToken(purpose: EmailTokenPurpose, tokenHash: string): Promise<EmailTokenRow | undefined> {
      return first(
        await db
          .select()
          .from(emailTokens)
          .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
          .limit(1),
      );
    },
    /** Consumes one token; false when it was used meanwhile (two clicks racing). */
    async useEmailToken(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: at })
        .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return rows.length > 0;
    },
    /** Voids every other open link of that purpose (a reset link must not outlive the reset). */
    async useAllEmailTokens(userId: string, purpose: EmailTokenPurpose, at: Date): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: at })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    },

    // ---- two-factor ----
    async findTwoFactor(userId: string): Promise<TwoFactorRow | undefined> {
      return first(await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1));
    },
    async upsertPendingTwoFactor(userId: string, secret: string, at: Date): Promise<void> {
      await db
        .insert(twoFactor)
        .values({ userId, secret, createdAt: at })
        .onConflictDoUpdate({
          target: twoFactor.userId,
          set: { secret, createdAt: at, confirmedAt: null, lastUsedStep: null },
        });
    },
    async confirmTwoFactor(userId: string, at: Date): Promise<void> {
      await db.update(twoFactor).set({ confirmedAt: at }).where(eq(twoFactor.userId, userId));
    },
    /** Records the TOTP step used; false when that step (or a later one) was already used: a replay. */
    async claimTotpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(twoFactor)
        .set({ lastUsedStep: step })
        .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))))
        .returning({ userId: twoFactor.userId });
      return rows.length > 0;
    },
    async deleteTwoFactor(userId: string): Promise<void> {
      await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    },
    async replaceRecoveryCodes(userId: string, rows: Array<{ id: string; codeHash: string }>): Promise<void> {
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await db.insert(recoveryCodes).values(rows.map((r) => ({ ...r, userId })));
    },
    /** Consumes a recovery code of this user; false when unknown or already used. */
    async useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: at })
        .where(
          and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },

    // ---- login challenges ----
    async insertChallenge(row: typeof loginChallenges.$inferInsert): Promise<void> {
      await db.insert(loginChallenges).values(row);
    },
    async findChallenge(tokenHash: string): Promise<LoginChallengeRow | undefined> {
      return first(await db.select().from(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash)).limit(1));
    },
    /** Counts a failed attempt; returns the attempts made so far. */
    async failChallenge(id: string): Promise<number> {
      const rows = await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(eq(loginChallenges.id, id))
        .returning({ attempts: loginChallenges.attempts });
      return rows[0]?.attempts ?? Number.POSITIVE_INFINITY;
    },
    async deleteChallenge(id: string): Promise<void> {
      await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
    },
    async deleteExpiredChallenges(now: Date): Promise<void> {
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;

// ---- cleanup of spent rows (the leader's auth-cleanup job, see auth.cleanup.ts) ----------------------

const liveToken = alias(refreshTokens, 'live_token');

/** Bounded deletes of rows nothing can use any more; each answers how many rows went. */
export function createAuthCleanupRepository(db: Db) {
  return {
    /** Emailed links (used or not) that expired before `before`. */
    async deleteEmailTokensExpiredBefore(before: Date, limit: number): Promise<number> {
      const ids = db
        .select({ id: emailTokens.id })
        .from(emailTokens)
        .where(lt(emailTokens.expiresAt, before))
        .limit(limit);
      const rows = await db.delete(emailTokens).where(inArray(emailTokens.id, ids)).returning({ id: emailTokens.id });
      return rows.length;
    },
    /** Two-factor login challenges that expired before `before`. */
    async deleteChallengesExpiredBefore(before: Date, limit: number): Promise<number> {
      const ids = db
        .select({ id: loginChallenges.id })
        .from(loginChallenges)
        .where(lt(loginChallenges.expiresAt, before))
        .limit(limit);
      const rows = await db
        .delete(loginChallenges)
        .where(inArray(loginChallenges.id, ids))
        .returning({ id: loginChallenges.id });
      return rows.length;
    },
    /**
     * Refresh tokens of families (one session, one kind) in which no token is valid after `now`: every token of
     * the family, spent or not, has expired, so nothing can be refreshed in it any more.
     */
    async deleteDeadRefreshFamilies(now: Date, limit: number): Promise<number> {
      const ids = db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(
          and(
            lte(refreshTokens.expiresAt, now),
            notExists(
              db
                .select({ one: sql`1` })
                .from(liveToken)
                .where(
                  and(
                    eq(liveToken.sessionId, refreshTokens.sessionId),
                    eq(liveToken.kind, refreshTokens.kind),
                    gt(liveToken.expiresAt, now),
                  ),
                ),
            ),
          ),
        )
        .limit(limit);
      const rows = await db
        .delete(refreshTokens)
        .where(inArray(refreshTokens.id, ids))
        .returning({ id: refreshTokens.id });
      return rows.length;
    },
    /**
     * Sessions that can no longer be used: revoked before `revokedBefore`, or without any refresh token left and
     * created before `createdBefore` (a session gets its tokens right after it is created; the margin keeps a
     * session that is being created from being taken for a spent one). Their rows cascade.
     */
    async deleteSpentSessions(revokedBefore: Date, createdBefore: Date, limit: number): Promise<number> {
      const ids = db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          or(
            lt(sessions.revokedAt, revokedBefore),
            and(
              lt(sessions.createdAt, createdBefore),
              notExists(db.select({ one: sql`1` }).from(refreshTokens).where(eq(refreshTokens.sessionId, sessions.id))),
            ),
          ),
        )
        .limit(limit);
      const rows = await db.delete(sessions).where(inArray(sessions.id, ids)).returning({ id: sessions.id });
      return rows.length;
    },
  };
}
export type AuthCleanupRepository = ReturnType<typeof createAuthCleanupRepository>;
