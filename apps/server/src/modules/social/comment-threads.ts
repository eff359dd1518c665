import { type AnyColumn, and, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.js';
import { socialBlocks } from './social.table.js';

/**
 * Comments threaded one level, shared by the posts slice (`social_comments`) and the articles slice
 * (`social_article_comments`): a top-level comment carries its first replies and their count, the rest are paged
 * through `?parent_id`; a reply answers a top-level comment only; a moderated comment is seen by its writer alone.
 */

/** Replies shown under each top-level comment. */
export const REPLIES_SHOWN = 3;

/** What the thread helpers need of a comment row. */
export type ThreadRow = { id: string; parentId: string | null; authorId: string; moderatedAt: Date | null };

/** A comments table: the columns the replies query orders and groups by. */
type ThreadTable = PgTable & { id: AnyPgColumn; parentId: AnyPgColumn; createdAt: AnyPgColumn };

/** Comments whose writer (`author`) neither blocks the viewer nor is blocked by them. */
export const notBlockedWith = (viewerId: string, author: AnyColumn): SQL =>
  sql`not exists (select 1 from ${socialBlocks} where (${socialBlocks.blockerId} = ${viewerId} and ${socialBlocks.blockedId} = ${author}) or (${socialBlocks.blockerId} = ${author} and ${socialBlocks.blockedId} = ${viewerId}))`;

/**
 * The first `per` replies of each parent (oldest first) and each parent's reply count, in one query; `where`
 * narrows both (blocked people left out).
 */
export async function firstReplies<T extends ThreadTable>(
  db: Db,
  table: T,
  parentIds: string[],
  per: number,
  where?: SQL,
): Promise<{ rows: T['$inferSelect'][]; counts: Map<string, number> }> {
  if (parentIds.length === 0) return { rows: [], counts: new Map() };
  const all = (await db
    .select({
      c: table as PgTable,
      n: sql<number>`row_number() over (partition by ${table.parentId} order by ${table.createdAt}, ${table.id})`,
      total: sql<number>`count(*) over (partition by ${table.parentId})`,
    })
    .from(table as PgTable)
    .where(and(inArray(table.parentId, parentIds), where))) as unknown as {
    c: T['$inferSelect'] & ThreadRow & { createdAt: Date };
    n: number;
    total: number;
  }[];
  const counts = new Map<string, number>();
  for (const r of all) if (r.c.parentId) counts.set(r.c.parentId, Number(r.total));
  const rows = all.filter((r) => Number(r.n) <= per).map((r) => r.c);
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return { rows, counts };
}

/** The rows `viewerId` may see: a moderated comment only its writer. */
export const shownTo = <R extends ThreadRow>(viewerId: string, rows: R[]): R[] =>
  rows.filter((r) => !r.moderatedAt || r.authorId === viewerId);

/**
 * Top-level comments on the wire, each with its shown replies and reply count. `wire` turns one row into its wire
 * form (null leaves it out, e.g. a writer the viewer cannot see).
 */
export function nestReplies<R extends ThreadRow, W>(
  rows: R[],
  replies: { rows: R[]; counts: Map<string, number> },
  wire: (row: R) => W | null,
): Array<W & { replies: W[]; replyCount: number }> {
  return rows.flatMap((r) => {
    const w = wire(r);
    if (w === null) return [];
    return [
      {
        ...w,
        replies: replies.rows.filter((x) => x.parentId === r.id).flatMap((x) => wire(x) ?? []),
        replyCount: replies.counts.get(r.id) ?? 0,
      },
    ];
  });
}

/** Whether `parent` may take a reply: a top-level comment (replies are one level deep). */
export const takesReplies = (parent: ThreadRow | undefined): parent is ThreadRow =>
  parent !== undefined && parent.parentId === null;
