import { randomBytes } from 'node:crypto';
import type { ProfileSummary, ReportBody, ReportResult, ReportTargetKind } from '@tradedesk/contracts';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { newId } from '../../../platform/ids.js';
import { users } from '../../users/users.table.js';
import { socialBlocks, socialFollows } from '../social.table.js';
import type {
  ModerationRegistry,
  ModerationTargetHandler,
  SocialGraph,
  SocialNotice,
  SocialNotifier,
} from '../social.types.js';

/** A graph over the real follow and block tables, enough for the messenger (the profiles slice has the real one). */
export function tableGraph(db: Db): SocialGraph {
  const isFollowing = async (a: string, b: string) =>
    (
      await db
        .select()
        .from(socialFollows)
        .where(and(eq(socialFollows.followerId, a), eq(socialFollows.followeeId, b)))
    ).length > 0;
  return {
    async relation() {
      throw new Error('not used by the messenger');
    },
    async canSeeContent() {
      return true;
    },
    async blockedEither(a, b) {
      const rows = await db
        .select()
        .from(socialBlocks)
        .where(
          or(
            and(eq(socialBlocks.blockerId, a), eq(socialBlocks.blockedId, b)),
            and(eq(socialBlocks.blockerId, b), eq(socialBlocks.blockedId, a)),
          ),
        );
      return rows.length > 0;
    },
    isFollowing,
    async areFriends(a, b) {
      return (await isFollowing(a, b)) && (await isFollowing(b, a));
    },
    async usersByUsername() {
      return [];
    },
    async summaries(viewerId, ids): Promise<ProfileSummary[]> {
      if (ids.length === 0) return [];
      const rows = await db.select().from(users).where(inArray(users.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const out: ProfileSummary[] = [];
      for (const id of ids) {
        const r = byId.get(id);
        if (!r) continue;
        out.push({
          id: r.id,
          username: r.username,
          displayName: `${r.firstName} ${r.lastName}`.trim() || r.username,
          avatarUrl: null,
          isPublic: r.isPublic,
          following: id !== viewerId && (await isFollowing(viewerId, id)),
        });
      }
      return out;
    },
  };
}

export async function follow(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.insert(socialFollows).values({ followerId, followeeId, createdAt: new Date() }).onConflictDoNothing();
}
export async function block(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(socialBlocks).values({ blockerId, blockedId, createdAt: new Date() }).onConflictDoNothing();
}

export function recordingNotifier(): SocialNotifier & { notices: SocialNotice[] } {
  const notices: SocialNotice[] = [];
  return {
    notices,
    async notify(notice) {
      notices.push(notice);
    },
  };
}

/** A registry that keeps handlers and records reports (404 when the handler does not show the item). */
export function recordingModeration(): ModerationRegistry & {
  handlers: Map<ReportTargetKind, ModerationTargetHandler>;
  reports: { reporterId: string; kind: ReportTargetKind; id: string; body: ReportBody }[];
} {
  const handlers = new Map<ReportTargetKind, ModerationTargetHandler>();
  const reports: { reporterId: string; kind: ReportTargetKind; id: string; body: ReportBody }[] = [];
  return {
    handlers,
    reports,
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async report(reporterId, kind, id, body): Promise<ReportResult> {
      const target = await handlers.get(kind)?.findVisible(reporterId, id);
      if (!target) {
        const { AppError } = await import('../../../platform/errors.js');
        throw new AppError(
          'REPORT_TARGET_NOT_FOUND',
          'not_found',
          'There is nothing of this kind with this id to report.',
        );
      }
      reports.push({ reporterId, kind, id, body });
      return { id: newId(), status: 'open', createdAt: new Date().toISOString() };
    },
  };
}

/** A multipart/form-data body built by hand, as a browser's FormData sends it. */
export function multipartFile(data: Buffer, filename = 'file.bin') {
  const boundary = `----tradedesk${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
