import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { hashToken, newId } from '../../../platform/ids.js';
import { mayInviteSql } from '../communities.access.js';
import { communityInvites } from '../communities.table.js';
import type { Paging } from './members.repository.js';

export type CommunityInviteRow = typeof communityInvites.$inferSelect;

/** An invite is open while it is not revoked, not used up and not expired. */
const openAt = (now: Date) =>
  and(
    isNull(communityInvites.revokedAt),
    lt(communityInvites.uses, communityInvites.maxUses),
    gt(communityInvites.expiresAt, now),
  );

/** An open invite admits someone only while its creator may still invite (as `accept` checks). */
const admitsAt = (now: Date) =>
  and(openAt(now), mayInviteSql(communityInvites.communityId, communityInvites.createdBy, now));

export function isOpen(invite: CommunityInviteRow, now: Date): boolean {
  return !invite.revokedAt && invite.uses < invite.maxUses && invite.expiresAt > now;
}

/** Invites (personal and links): tokens are looked up by their SHA-256 only. */
export function createInvitesRepository(db: Db) {
  return {
    async create(
      tx: Db,
      input: {
        communityId: string;
        inviteeId: string | null;
        createdBy: string;
        token: string;
        maxUses: number;
        expiresAt: Date;
        now: Date;
      },
    ): Promise<CommunityInviteRow> {
      const [row] = await tx
        .insert(communityInvites)
        .values({
          id: newId(),
          communityId: input.communityId,
          inviteeId: input.inviteeId,
          createdBy: input.createdBy,
          tokenHash: hashToken(input.token),
          token: input.token,
          maxUses: input.maxUses,
          expiresAt: input.expiresAt,
          createdAt: input.now,
        })
        .returning();
      if (!row) throw new Error('the invite was not written');
      return row;
    },

    async byToken(token: string, tx: Db = db): Promise<CommunityInviteRow | undefined> {
      const [row] = await tx
        .select()
        .from(communityInvites)
        .where(eq(communityInvites.tokenHash, hashToken(token)));
      return row;
    },

    async byId(communityId: string, inviteId: string): Promise<CommunityInviteRow | undefined> {
      const [row] = await db
        .select()
        .from(communityInvites)
        .where(and(eq(communityInvites.communityId, communityId), eq(communityInvites.id, inviteId)));
      return row;
    },

    /** The person's personal invite to the community that would still admit them, if any. */
    async openFor(communityId: string, inviteeId: string, now: Date, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(communityInvites)
        .where(
          and(eq(communityInvites.communityId, communityId), eq(communityInvites.inviteeId, inviteeId), admitsAt(now)),
        )
        .orderBy(desc(communityInvites.createdAt))
        .limit(1);
      return row;
    },

    /** The invites of a community that would admit someone now, newest first. */
    async admitting(communityId: string, now: Date, paging: Paging) {
      const where = and(eq(communityInvites.communityId, communityId), admitsAt(now));
      const rows = await db
        .select()
        .from(communityInvites)
        .where(where)
        .orderBy(desc(communityInvites.createdAt), desc(communityInvites.id))
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit);
      const [c] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(communityInvites)
        .where(where);
      return { rows, total: c?.n ?? 0 };
    },

    /** Revokes an open invite; false when it was not open. */
    async revoke(tx: Db, inviteId: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(communityInvites)
        .set({ revokedAt: now })
        .where(and(eq(communityInvites.id, inviteId), openAt(now)))
        .returning({ id: communityInvites.id });
      return rows.length > 0;
    },

    /**
     * Counts one use, atomically: only while the invite is open (two people racing for the last use of a link
     * cannot both get in). Undefined when it was not open.
     */
    async use(tx: Db, inviteId: string, now: Date): Promise<CommunityInviteRow | undefined> {
      const [row] = await tx
        .update(communityInvites)
        .set({ uses: sql`${communityInvites.uses} + 1` })
        .where(and(eq(communityInvites.id, inviteId), openAt(now)))
        .returning();
      return row;
    },
  };
}
export type InvitesRepository = ReturnType<typeof createInvitesRepository>;
