import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { type AiActionRow, aiActions } from './tools.table.js';

/** The proposed actions; every read and write is scoped by the owner in the query itself. */
export function createActionsRepository(db: Db) {
  return {
    async insert(row: AiActionRow): Promise<void> {
      await db.insert(aiActions).values(row);
    },

    async find(userId: string, id: string): Promise<AiActionRow | undefined> {
      const [row] = await db
        .select()
        .from(aiActions)
        .where(and(eq(aiActions.id, id), eq(aiActions.userId, userId)));
      return row;
    },

    /** A chat's proposals, oldest first (a reloaded chat shows their current state). */
    async forChat(userId: string, chatId: string): Promise<AiActionRow[]> {
      return db
        .select()
        .from(aiActions)
        .where(and(eq(aiActions.chatId, chatId), eq(aiActions.userId, userId)))
        .orderBy(asc(aiActions.createdAt));
    },

    /** Moves a `proposed` action to `status`; false when it was not proposed any more (someone decided first). */
    async decide(userId: string, id: string, status: 'confirmed' | 'rejected', at: Date): Promise<boolean> {
      const rows = await db
        .update(aiActions)
        .set({ status, decidedAt: at })
        .where(and(eq(aiActions.id, id), eq(aiActions.userId, userId), eq(aiActions.status, 'proposed')))
        .returning({ id: aiActions.id });
      return rows.length > 0;
    },

    async finish(
      userId: string,
      id: string,
      patch: { status: 'confirmed' | 'failed'; result: Record<string, unknown>; redirectTo?: string | null },
    ): Promise<void> {
      await db
        .update(aiActions)
        .set(patch)
        .where(and(eq(aiActions.id, id), eq(aiActions.userId, userId)));
    },
  };
}
export type ActionsRepository = ReturnType<typeof createActionsRepository>;
