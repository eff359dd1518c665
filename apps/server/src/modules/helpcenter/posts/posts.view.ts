import type { HelpPerson, HelpPost, HelpPostKind, VoteType } from '@tradedesk/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import { users } from '../../users/users.table.js';
import { type HelpPostRow, helpPosts, helpUpdateFeatures } from './posts.table.js';

/** Where each kind lives under /api/helpcenter and in the web (`/help/<tab>/<id>`). */
export const PLURAL = {
  bug: 'bugs',
  feature: 'features',
  announcement: 'announcements',
  update: 'updates',
  tutorial: 'tutorials',
} as const satisfies Record<HelpPostKind, string>;
export const TAB = {
  bug: 'bugs_report',
  feature: 'all_requests',
  announcement: 'whats_new',
  update: 'whats_new',
  tutorial: 'tutorials',
} as const satisfies Record<HelpPostKind, string>;
export const webPath = (kind: HelpPostKind, id: string) => `/help/${TAB[kind]}/${id}`;

/** Staff-published kinds; a post of these without an author is the team's own (the seeded ones). */
const PUBLISHED = new Set<HelpPostKind>(['announcement', 'update', 'tutorial']);

/** The post columns plus what the cards show, counted for the viewer. */
export function postColumns(viewerId: string) {
  return {
    post: helpPosts,
    commentCount: sql<number>`(select count(*)::int from help_comments c where c.post_id = ${helpPosts.id})`,
    likeCount: sql<number>`(select count(*)::int from help_likes l where l.post_id = ${helpPosts.id})`,
    liked: sql<boolean>`exists (select 1 from help_likes l where l.post_id = ${helpPosts.id} and l.user_id = ${viewerId})`,
    up: sql<number>`(select count(*)::int from help_votes v where v.post_id = ${helpPosts.id} and v.vote_type = 'up')`,
    down: sql<number>`(select count(*)::int from help_votes v where v.post_id = ${helpPosts.id} and v.vote_type = 'down')`,
    mine: sql<VoteType | null>`(select v.vote_type from help_votes v where v.post_id = ${helpPosts.id} and v.user_id = ${viewerId})`,
  };
}
export type PostSelection = {
  post: HelpPostRow;
  commentCount: number;
  likeCount: number;
  liked: boolean;
  up: number;
  down: number;
  mine: VoteType | null;
};

/** The viewer and whether they are staff. */
export type Viewer = { id: string; staff: boolean };

export function createPostView(deps: { db: Db; storage: FileStorage; staffEmails: readonly string[] }) {
  const { db, storage } = deps;
  const configured = new Set(deps.staffEmails.map((e) => e.toLowerCase()));

  /** Name, avatar and staff mark of each user id (missing ids: "Deleted user"). */
  async function people(ids: Array<string | null>): Promise<(id: string | null, team?: boolean) => HelpPerson> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    const rows =
      wanted.length === 0
        ? []
        : await db
            .select({
              id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              username: users.username,
              avatarKey: users.avatarKey,
              role: users.role,
              email: users.email,
              status: users.status,
            })
            .from(users)
            .where(inArray(users.id, wanted));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return (id, team = false) => {
      const u = id ? byId.get(id) : undefined;
      if (!u) return { id: null, name: team ? 'TradeDesk team' : 'Deleted user', avatarUrl: null, isStaff: team };
      const name = `${u.firstName} ${u.lastName}`.trim() || u.username;
      const isStaff = u.role !== 'user' || (u.status === 'active' && configured.has(u.email.toLowerCase()));
      return { id: u.id, name, avatarUrl: u.avatarKey ? storage.url(u.avatarKey) : null, isStaff };
    };
  }

  async function toWire(rows: PostSelection[], viewer: Viewer): Promise<HelpPost[]> {
    const person = await people(rows.map((r) => r.post.authorId));
    const updateIds = rows.filter((r) => r.post.kind === 'update').map((r) => r.post.id);
    const shipped =
      updateIds.length === 0
        ? []
        : await db.select().from(helpUpdateFeatures).where(inArray(helpUpdateFeatures.updateId, updateIds));
    return rows.map(({ post: p, ...n }) => {
      const kind = p.kind as HelpPostKind;
      const own = p.authorId !== null && p.authorId === viewer.id;
      const seesPrivate = kind === 'bug' && (own || viewer.staff);
      const base = `/api/helpcenter/${PLURAL[kind]}/${p.id}`;
      return {
        id: p.id,
        kind,
        title: p.title,
        body: p.body,
        status: p.status,
        author: person(p.authorId, PUBLISHED.has(kind)),
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        commentCount: n.commentCount,
        likeCount: n.likeCount,
        liked: n.liked,
        likeUrl: `${base}/like`,
        unlikeUrl: `${base}/unlike`,
        canDelete: viewer.staff || (kind === 'bug' && own),
        votes: kind === 'feature' ? { up: n.up, down: n.down, score: n.up - n.down, mine: n.mine } : null,
        mergedIntoId: p.mergedIntoId,
        changelogId: p.changelogId,
        context: seesPrivate ? { appVersion: p.appVersion, page: p.page, browser: p.browser } : null,
        screenshotUrl: seesPrivate && p.screenshotKey ? storage.url(p.screenshotKey) : null,
        version: p.version,
        featureIds: shipped.filter((s) => s.updateId === p.id).map((s) => s.featureId),
        videoUrl: p.videoUrl,
      };
    });
  }

  return {
    people,
    toWire,
    async one(id: string, viewer: Viewer): Promise<HelpPost | null> {
      const rows = await db.select(postColumns(viewer.id)).from(helpPosts).where(eq(helpPosts.id, id));
      const [wire] = await toWire(rows, viewer);
      return wire ?? null;
    },
  };
}
export type PostView = ReturnType<typeof createPostView>;
