import type { CommunityVisibility, CreateCommunityBody } from '@tradedesk/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { type Clock, createManualClock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { inTransaction } from '../../platform/db.js';
import { recordingNotifier } from '../social/moderation/moderation.test-kit.js';
import { createSocialGraph } from '../social/profiles/profiles.graph.js';
import { createCommunityAccess } from './communities.access.js';
import { addMember, insertCommunity } from './communities.store.js';
import { type CommunityRow, communityBans, communityMemberRoles, communityRoles } from './communities.table.js';
import type { CommunitySliceDeps } from './communities.types.js';

/**
 * A test app for one community slice: built `withoutCommunities`, with the real access service and social graph
 * and a notifier that records. Mount the slice under /api with `app.register(slice.routes, { prefix: '/api' })`.
 */
export async function communitiesTestApp(clock: Clock = createManualClock('2026-03-04T09:30:00Z')) {
  const { app } = await createTestApp({ build: { clock, withoutCommunities: true } });
  const notifier = recordingNotifier();
  const access = createCommunityAccess(app.ctx);
  const deps: CommunitySliceDeps = { access, graph: createSocialGraph(app.ctx), notifier };
  return { app, clock, notifier, deps };
}

let counter = 0;
/** A community made directly (no route): the owner holds the Owner role; roles Owner, Moderator, Member (default). */
export async function makeCommunity(
  db: Db,
  ownerId: string,
  options: { visibility?: CommunityVisibility; handle?: string; name?: string; now?: Date } = {},
): Promise<CommunityRow> {
  counter += 1;
  const handle = options.handle ?? `c${Date.now().toString(36)}${counter}`;
  const body: CreateCommunityBody = {
    type: 'trading_group',
    community_size: 'just_starting',
    platforms: [],
    visibility: options.visibility ?? 'public',
    name: options.name ?? `Community ${handle}`,
    handle,
    description: '',
    categories: ['forex'],
  };
  return inTransaction(db, (tx) => insertCommunity(tx, { ownerId, now: options.now ?? new Date(), body }));
}

/** Makes `userId` a member (default roles). */
export async function joinDirect(db: Db, communityId: string, userId: string, now = new Date()): Promise<void> {
  await inTransaction(db, (tx) => addMember(tx, communityId, userId, now));
}

/** The built-in role of a kind. */
export async function builtInRole(db: Db, communityId: string, kind: 'owner' | 'moderator' | 'member') {
  const [role] = await db
    .select()
    .from(communityRoles)
    .where(and(eq(communityRoles.communityId, communityId), eq(communityRoles.kind, kind)));
  if (!role) throw new Error(`no ${kind} role`);
  return role;
}

/** Gives a member a role directly (no checks). */
export async function giveRole(db: Db, communityId: string, userId: string, roleId: string): Promise<void> {
  await db
    .insert(communityMemberRoles)
    .values({ communityId, userId, roleId, assignedAt: new Date() })
    .onConflictDoNothing();
}

/** Bans directly (no checks; removes nothing). */
export async function banDirect(db: Db, communityId: string, userId: string, until: Date | null = null) {
  await db.insert(communityBans).values({ communityId, userId, reason: 'test', createdAt: new Date(), until });
}

type Tuple<N extends number, T, R extends T[] = []> = R['length'] extends N ? R : Tuple<N, T, [T, ...R]>;

/** Signs up `n` people: `const [owner, member] = await people(app, 2)`. */
export function people<N extends number>(app: FastifyInstance, n: N): Promise<Tuple<N, SignedInUser>> {
  return Promise.all(Array.from({ length: n }, () => signUpAndLogin(app))) as Promise<Tuple<N, SignedInUser>>;
}

/** `app.inject` as a person under /api. */
export function caller(app: FastifyInstance) {
  return (user: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) });
}
