import { and, asc, count, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { containsPattern } from '../../../platform/sql-like.js';
import {
  type AiAgentMarkRow,
  type AiAgentRow,
  type AiResearchRow,
  aiAgentMarks,
  aiAgents,
  aiResearch,
} from './agents.table.js';

export type AgentListFilter = {
  scope: 'mine' | 'public';
  search?: string | undefined;
  starred?: boolean | undefined;
  pinned?: boolean | undefined;
  offset: number;
  limit: number;
};
export type AgentWithMarks = { agent: AiAgentRow; mark: AiAgentMarkRow | null };

/**
 * Agents, their per-user marks and research runs. Every read of an agent is scoped in the query: the owner's own,
 * or a public one (`visible`); writes are the owner's only.
 */
export function createAgentsRepository(db: Db) {
  const owned = (userId: string, id: string) => and(eq(aiAgents.ownerId, userId), eq(aiAgents.id, id));
  const visible = (userId: string) => or(eq(aiAgents.ownerId, userId), eq(aiAgents.isPublic, true));

  return {
    async list(userId: string, filter: AgentListFilter): Promise<{ rows: AgentWithMarks[]; total: number }> {
      const m = aiAgentMarks;
      const join = and(eq(m.agentId, aiAgents.id), eq(m.userId, userId));
      const where: (SQL | undefined)[] = [
        filter.scope === 'mine' ? eq(aiAgents.ownerId, userId) : eq(aiAgents.isPublic, true),
      ];
      if (filter.search) {
        const like = containsPattern(filter.search);
        where.push(
          or(ilike(aiAgents.name, like), ilike(aiAgents.description, like), ilike(aiAgents.publicDescription, like)),
        );
      }
      if (filter.starred !== undefined)
        where.push(filter.starred ? isNotNull(m.starredAt) : sql`${m.starredAt} is null`);
      if (filter.pinned !== undefined) where.push(filter.pinned ? isNotNull(m.pinnedAt) : sql`${m.pinnedAt} is null`);
      const cond = and(...where);
      const [totalRow] = await db.select({ n: count() }).from(aiAgents).leftJoin(m, join).where(cond);
      const rows = await db
        .select({ agent: aiAgents, mark: m })
        .from(aiAgents)
        .leftJoin(m, join)
        .where(cond)
        // pinned first (most recently pinned first), then the most recently changed
        .orderBy(sql`${m.pinnedAt} desc nulls last`, desc(aiAgents.updatedAt), asc(aiAgents.id))
        .limit(filter.limit)
        .offset(filter.offset);
      return {
        rows: rows.map((r) => ({ agent: r.agent, mark: r.mark?.userId ? r.mark : null })),
        total: totalRow?.n ?? 0,
      };
    },

    async countOwned(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(aiAgents).where(eq(aiAgents.ownerId, userId));
      return row?.n ?? 0;
    },

    /** The caller's own agent or a public one, with the caller's marks. */
    async getVisible(userId: string, id: string): Promise<AgentWithMarks | undefined> {
      const [agent] = await db
        .select()
        .from(aiAgents)
        .where(and(eq(aiAgents.id, id), visible(userId)));
      if (!agent) return undefined;
      const [mark] = await db
        .select()
        .from(aiAgentMarks)
        .where(and(eq(aiAgentMarks.userId, userId), eq(aiAgentMarks.agentId, id)));
      return { agent, mark: mark ?? null };
    },

    async insert(row: AiAgentRow): Promise<AiAgentRow> {
      const [saved] = await db.insert(aiAgents).values(row).returning();
      return saved!;
    },

    async update(userId: string, id: string, patch: Partial<AiAgentRow>): Promise<AiAgentRow | undefined> {
      const [saved] = await db.update(aiAgents).set(patch).where(owned(userId, id)).returning();
      return saved;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const gone = await db.delete(aiAgents).where(owned(userId, id)).returning({ id: aiAgents.id });
      return gone.length > 0;
    },

    async setMark(
      userId: string,
      agentId: string,
      patch: { pinnedAt?: Date | null; starredAt?: Date | null },
    ): Promise<AiAgentMarkRow> {
      const [saved] = await db
        .insert(aiAgentMarks)
        .values({ userId, agentId, pinnedAt: null, starredAt: null, ...patch })
        .onConflictDoUpdate({ target: [aiAgentMarks.userId, aiAgentMarks.agentId], set: patch })
        .returning();
      return saved!;
    },

    // ---- research ----
    async insertResearch(row: AiResearchRow): Promise<AiResearchRow> {
      const [saved] = await db.insert(aiResearch).values(row).returning();
      return saved!;
    },

    async getResearch(userId: string, id: string): Promise<AiResearchRow | undefined> {
      const [row] = await db
        .select()
        .from(aiResearch)
        .where(and(eq(aiResearch.userId, userId), eq(aiResearch.id, id)));
      return row;
    },

    async updateResearch(id: string, patch: Partial<AiResearchRow>): Promise<void> {
      await db.update(aiResearch).set(patch).where(eq(aiResearch.id, id));
    },

    /** Marks a running research cancelled; false when it is not the caller's or no longer running. */
    async cancelResearch(userId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(aiResearch)
        .set({ status: 'cancelled', finishedAt: at })
        .where(and(eq(aiResearch.userId, userId), eq(aiResearch.id, id), eq(aiResearch.status, 'running')))
        .returning({ id: aiResearch.id });
      return rows.length > 0;
    },

    async researchStatus(id: string): Promise<AiResearchRow['status'] | undefined> {
      const [row] = await db.select({ status: aiResearch.status }).from(aiResearch).where(eq(aiResearch.id, id));
      return row?.status;
    },
  };
}
export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
