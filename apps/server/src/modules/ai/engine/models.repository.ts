import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { type AiUserModelRow, aiUserModels } from './models.table.js';

/** Users' own provider settings: one row per user, every query keyed by the owner. */
export function createAiUserModelsRepository(db: Db) {
  return {
    async get(userId: string): Promise<AiUserModelRow | null> {
      const [row] = await db.select().from(aiUserModels).where(eq(aiUserModels.userId, userId));
      return row ?? null;
    },
    async upsert(row: AiUserModelRow): Promise<AiUserModelRow> {
      const { userId, createdAt, ...changes } = row;
      const [saved] = await db
        .insert(aiUserModels)
        .values(row)
        .onConflictDoUpdate({ target: aiUserModels.userId, set: changes })
        .returning();
      return saved as AiUserModelRow;
    },
    async delete(userId: string): Promise<boolean> {
      const deleted = await db.delete(aiUserModels).where(eq(aiUserModels.userId, userId)).returning();
      return deleted.length > 0;
    },
  };
}
export type AiUserModelsRepository = ReturnType<typeof createAiUserModelsRepository>;
