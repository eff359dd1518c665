import {
  COMMUNITY_ACCESS_EVENT,
  COMMUNITY_PERMISSIONS,
  type CommunityAccessEvent,
  type CommunityAuditAction,
  type CommunityPermission,
} from '@tradedesk/contracts';
import { type AnyColumn, and, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import { userBusChannel } from '../../platform/ws/ws-gateway.js';
import {
  alreadyMember,
  banned,
  cannotGrant,
  channelNotFound,
  channelReadOnly,
  communityNotFound,
  inviteOnly,
  lacksPermission,
  notMember,
  outranked,
  ownerOnly,
  rulesNotAccepted,
} from './communities.errors.js';
import {
  type CommunityBanRow,
  type CommunityMemberRow,
  type CommunityRoleRow,
  type CommunityRow,
  communities,
  communityAudit,
  communityBans,
  communityInvites,
  communityJoinRequests,
  communityMemberRoles,
  communityMembers,
  communityRoles,
} from './communities.table.js';

/**
 * Who a person is in one community, as every check needs it. Built by `CommunityAccess.viewer` in two statements.
 * `highest` is the position of their highest role (0 when they hold none or are not a member).
 */
export type CommunityViewer = {
  userId: string;
  community: CommunityRow;
  member: CommunityMemberRow | null;
  /** The roles they hold, highest first. */
  roles: CommunityRoleRow[];
  highest: number;
  permissions: ReadonlySet<CommunityPermission>;
  isOwner: boolean;
  /** An active ban (not past `until`), else null. */
  ban: CommunityBanRow | null;
  /** They hold an open invite (to them personally) from someone who may still invite. */
  invited: boolean;
  /** They asked to join and nobody answered yet. */
  requested: boolean;
};

export type AuditEntry = {
  communityId: string;
  actorId: string | null;
  action: CommunityAuditAction;
  targetUserId?: string | null;
  /** A sentence for people: "Banned bob for 7 days: spam." */
  summary: string;
  details?: Record<string, unknown>;
};

const ALL = new Set<CommunityPermission>(COMMUNITY_PERMISSIONS);

/** The permissions a set of roles grants: the Owner role grants all. */
export function permissionsOf(roles: Pick<CommunityRoleRow, 'kind' | 'permissions'>[]): Set<CommunityPermission> {
  if (roles.some((r) => r.kind === 'owner')) return new Set(ALL);
  const out = new Set<CommunityPermission>();
  for (const role of roles) for (const p of role.permissions) out.add(p as CommunityPermission);
  return out;
}

/**
 * Every community permission check happens here (issue 16: "every check happens in one place"). Routes of every
 * slice call `viewer`, then one of the `require*`/`assert*` functions; nothing else decides who may do what.
 *
 * - `viewer` answers 404 for a community that does not exist, that is being deleted (except to its owner), or that
 *   is hidden from the caller (not a member and no open personal invite; a banned person never sees a hidden one).
 * - `requireContent`: may read the feed, channels, members, rules of a private or hidden community (members only;
 *   a banned person reads nothing).
 * - `requirePermission`: a member, not banned, holding the permission. `requireWrite` also wants the rules accepted
 *   (posting, commenting, channel messages).
 * - `assertOutranks` / `assertRoleBelow`: the role hierarchy. Nobody acts on a member whose highest role is equal to
 *   or above their own highest, nor edits, assigns or unassigns a role at or above it.
 * - `assertMayGrant` / `assertMayGiveRole`: nobody but the owner puts a permission they lack on a role, assigns a
 *   role carrying one, or makes such a role a default role.
 */
export function createCommunityAccess(deps: { db: Db; clock: Clock; bus: EventBus }) {
  const { db, clock, bus } = deps;

  async function viewer(
    userId: string,
    communityId: string,
    tx: Db = db,
    /** The caller presents a valid invite token (preview, accept): a hidden community shows itself to them. */
    options: { holdsInvite?: boolean } = {},
  ): Promise<CommunityViewer> {
    const now = clock.now();
    const [row] = await tx
      .select({
        community: communities,
        member: communityMembers,
        ban: communityBans,
        invited: sql<boolean>`exists (select 1 from ${communityInvites} i where i.community_id = ${communities.id}
          and i.invitee_id = ${userId} and i.revoked_at is null and i.uses < i.max_uses and i.expires_at > ${now}
          and ${mayInviteSql(communities.id, sql`i.created_by`, now)})`,
        requested: sql<boolean>`exists (select 1 from ${communityJoinRequests} r where r.community_id = ${communities.id}
          and r.user_id = ${userId})`,
      })
      .from(communities)
      .leftJoin(
        communityMembers,
        and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, userId)),
      )
      .leftJoin(
        communityBans,
        and(
          eq(communityBans.communityId, communities.id),
          eq(communityBans.userId, userId),
          or(isNull(communityBans.until), gt(communityBans.until, now)),
        ),
      )
      .where(eq(communities.id, communityId))
      .limit(1);
    if (!row) throw communityNotFound();
    const { community } = row;
    const isOwnerUser = community.ownerId === userId;
    if (community.deletionScheduledFor && !isOwnerUser) throw communityNotFound();
    const ban = row.ban ?? null;
    const member = ban ? null : (row.member ?? null);
    if (
      community.visibility === 'hidden' &&
      !member &&
      !(row.invited && !ban) &&
      !options.holdsInvite &&
      !isOwnerUser
    ) {
      throw communityNotFound();
    }
    const roles = member ? await rolesHeld(communityId, userId, tx) : [];
    return {
      userId,
      community,
      member,
      roles,
      highest: roles[0]?.position ?? 0,
      permissions: permissionsOf(roles),
      isOwner: roles.some((r) => r.kind === 'owner'),
      ban,
      invited: Boolean(row.invited),
      requested: Boolean(row.requested),
    };
  }

  async function rolesHeld(communityId: string, userId: string, tx: Db = db): Promise<CommunityRoleRow[]> {
    const rows = await tx
      .select({ role: communityRoles })
      .from(communityMemberRoles)
      .innerJoin(communityRoles, eq(communityRoles.id, communityMemberRoles.roleId))
      .where(and(eq(communityMemberRoles.communityId, communityId), eq(communityMemberRoles.userId, userId)))
      .orderBy(sql`${communityRoles.position} desc`);
    return rows.map((r) => r.role);
  }

  /** The roles of many members (one statement), highest first; members without roles map to []. */
  async function rolesOf(
    communityId: string,
    userIds: string[],
    tx: Db = db,
  ): Promise<Map<string, CommunityRoleRow[]>> {
    const out = new Map<string, CommunityRoleRow[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return out;
    const rows = await tx
      .select({ userId: communityMemberRoles.userId, role: communityRoles })
      .from(communityMemberRoles)
      .innerJoin(communityRoles, eq(communityRoles.id, communityMemberRoles.roleId))
      .where(and(eq(communityMemberRoles.communityId, communityId), inArray(communityMemberRoles.userId, userIds)))
      .orderBy(sql`${communityRoles.position} desc`);
    for (const r of rows) out.get(r.userId)?.push(r.role);
    return out;
  }

  /** Whether `v` may read the community's content (feed, channels, members, rules and links of a private one). */
  function seesContent(v: CommunityViewer): boolean {
    if (v.ban) return false;
    if (v.member) return true;
    return v.community.visibility === 'public';
  }

  function requireContent(v: CommunityViewer): CommunityViewer {
    if (v.ban) throw banned(v.ban.until, v.ban.reason);
    if (!seesContent(v)) throw notMember();
    return v;
  }

  function requireMember(v: CommunityViewer): CommunityViewer {
    if (v.ban) throw banned(v.ban.until, v.ban.reason);
    if (!v.member) throw notMember();
    return v;
  }

  function requirePermission(v: CommunityViewer, permission: CommunityPermission): CommunityViewer {
    requireMember(v);
    if (!v.permissions.has(permission)) throw lacksPermission(permission);
    return v;
  }

  /** A write that puts words in the community (post, comment, channel message): the rules must be accepted. */
  async function requireWrite(
    v: CommunityViewer,
    permission: CommunityPermission,
    tx: Db = db,
  ): Promise<CommunityViewer> {
    requirePermission(v, permission);
    if (v.member && !v.member.rulesAcceptedAt && !v.isOwner && (await hasRules(v.community.id, tx))) {
      throw rulesNotAccepted();
    }
    return v;
  }

  /** The rules slice says whether a community has rules (set in `communities.plugin.ts`; none before that). */
  let hasRules: (communityId: string, tx: Db) => Promise<boolean> = async () => false;
  function setRulesLookup(lookup: (communityId: string, tx: Db) => Promise<boolean>): void {
    hasRules = lookup;
  }

  /** `v` outranks the member `targetUserId` (their highest role is strictly below v's). */
  async function assertOutranks(v: CommunityViewer, targetUserId: string, tx: Db = db): Promise<CommunityRoleRow[]> {
    const targetRoles = (await rolesOf(v.community.id, [targetUserId], tx)).get(targetUserId) ?? [];
    const targetHighest = targetRoles[0]?.position ?? 0;
    if (targetUserId === v.userId || targetHighest >= v.highest) throw outranked('member');
    return targetRoles;
  }

  function assertRoleBelow(v: CommunityViewer, role: Pick<CommunityRoleRow, 'position'>): void {
    if (role.position >= v.highest) throw outranked('role');
  }

  /** Whether `v` outranks a member whose roles are known (lists mark `manageable`). */
  function outranks(v: CommunityViewer, targetUserId: string, targetRoles: CommunityRoleRow[]): boolean {
    return targetUserId !== v.userId && (targetRoles[0]?.position ?? 0) < v.highest;
  }

  async function record(entry: AuditEntry, tx: Db = db): Promise<void> {
    await tx.insert(communityAudit).values({
      id: newId(),
      communityId: entry.communityId,
      actorId: entry.actorId,
      targetUserId: entry.targetUserId ?? null,
      action: entry.action,
      summary: entry.summary,
      details: entry.details ?? {},
      createdAt: clock.now(),
    });
  }

  /** Tells a person's open tabs that their access changed (the web leaves a community they were banned from). */
  async function notifyAccess(userId: string, event: CommunityAccessEvent): Promise<void> {
    await bus.publish({ channel: userBusChannel(userId), event: COMMUNITY_ACCESS_EVENT, data: event });
  }

  /**
   * Whether `v` sees a channel: they read the community's content and, for a private channel, are a member holding
   * one of its roles, `view_private_channels` or the Owner role.
   */
  function seesChannel(v: CommunityViewer, channel: ChannelFacts): boolean {
    if (!seesContent(v)) return false;
    if (!channel.private) return true;
    return v.member !== null && rolesSeeChannel(v.roles, channel);
  }

  /** 403 (banned, or not a member of a private community), then 404 for a channel `v` may not see. */
  function requireChannel(v: CommunityViewer, channel: ChannelFacts): CommunityViewer {
    requireContent(v);
    if (!seesChannel(v, channel)) throw channelNotFound();
    return v;
  }

  /** Whether `v` may write in a channel (lists say so; the rules are asked on the write itself). */
  function mayWriteChannel(v: CommunityViewer, channel: ChannelFacts): boolean {
    if (!v.member || v.ban || !seesChannel(v, channel)) return false;
    return v.permissions.has(channel.kind === 'announcements' ? 'manage_channels' : 'use_channels');
  }

  /**
   * A channel message: the channel seen, then `use_channels` in a text channel; announcements are read-only
   * (403 COMMUNITY_CHANNEL_READ_ONLY) except for `manage_channels`. The rules must be accepted either way.
   */
  async function requireChannelWrite(v: CommunityViewer, channel: ChannelFacts, tx: Db = db): Promise<CommunityViewer> {
    requireChannel(v, channel);
    if (channel.kind === 'announcements') {
      requireMember(v);
      if (!v.permissions.has('manage_channels')) throw channelReadOnly();
      return requireWrite(v, 'manage_channels', tx);
    }
    return requireWrite(v, 'use_channels', tx);
  }

  /** Whether `v` may delete a message of `authorId` whose roles are known (lists mark `deletable`). */
  function mayDeleteMessage(v: CommunityViewer, authorId: string, authorRoles: CommunityRoleRow[]): boolean {
    if (!seesContent(v)) return false;
    if (authorId === v.userId) return true;
    return v.member !== null && v.permissions.has('moderate_posts') && outranks(v, authorId, authorRoles);
  }

  /**
   * Deleting a channel message: its author (while not banned), or a member with `moderate_posts` who outranks the
   * author. Answers which, so a moderator's deletion is audited.
   */
  async function requireMessageDelete(
    v: CommunityViewer,
    authorId: string,
    tx: Db = db,
  ): Promise<'author' | 'moderator'> {
    requireContent(v);
    if (authorId === v.userId) return 'author';
    requirePermission(v, 'moderate_posts');
    await assertOutranks(v, authorId, tx);
    return 'moderator';
  }

  /** Only the owner (delete and restore the community): a member holding the Owner role. */
  function requireOwner(v: CommunityViewer): CommunityViewer {
    requireMember(v);
    if (!v.isOwner) throw ownerOnly();
    return v;
  }

  /** Whether the member must still accept the rules before their first post or message (as `requireWrite` asks). */
  async function mustAcceptRules(v: CommunityViewer, tx: Db = db): Promise<boolean> {
    if (v.ban || !v.member || v.member.rulesAcceptedAt || v.isOwner) return false;
    return hasRules(v.community.id, tx);
  }

  /**
   * How `v` joins: at once ('joined', public) or by a request a manager answers ('requested', private). Banned: 403;
   * already a member: 409; hidden: only through an invite (outsiders without one already got 404 from `viewer`).
   */
  function joinMode(v: CommunityViewer): 'joined' | 'requested' {
    if (v.ban) throw banned(v.ban.until, v.ban.reason);
    if (v.member) throw alreadyMember();
    if (v.community.visibility === 'hidden') throw inviteOnly();
    return v.community.visibility === 'public' ? 'joined' : 'requested';
  }

  /** The active ban of someone other than the caller (a join request being accepted), else null. */
  async function activeBan(communityId: string, userId: string, tx: Db = db): Promise<CommunityBanRow | null> {
    const [row] = await tx
      .select()
      .from(communityBans)
      .where(
        and(
          eq(communityBans.communityId, communityId),
          eq(communityBans.userId, userId),
          or(isNull(communityBans.until), gt(communityBans.until, clock.now())),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * `v` may touch this role at all: a role below their highest, or the Owner role when they are the owner (who may
   * rename it; its permissions, position and deletion are refused by the roles slice as protected).
   */
  function assertRoleEditable(v: CommunityViewer, role: Pick<CommunityRoleRow, 'kind' | 'position'>): void {
    if (role.kind === 'owner' ? !v.isOwner : role.position >= v.highest) throw outranked('role');
  }

  /** Whether the role editor offers this role to `v` (manage_roles and below their highest; never the Owner role). */
  function mayEditRole(v: CommunityViewer, role: Pick<CommunityRoleRow, 'kind' | 'position'>): boolean {
    return (
      !v.ban &&
      v.member !== null &&
      v.permissions.has('manage_roles') &&
      role.kind !== 'owner' &&
      role.position < v.highest
    );
  }

  /** Nobody but the owner grants a permission they do not hold themselves. */
  function assertMayGrant(v: CommunityViewer, permissions: readonly CommunityPermission[]): void {
    if (v.isOwner) return;
    const missing = permissions.filter((p) => !v.permissions.has(p));
    if (missing.length > 0) throw cannotGrant(missing);
  }

  /**
   * `v` may hand out this role (assign it, or make it a default role new members get): it is below their highest
   * and, unless they are the owner, grants nothing they do not hold themselves. Otherwise a member who may assign
   * roles could give themselves (or a friend) a lower role carrying permissions they lack.
   */
  function assertMayGiveRole(v: CommunityViewer, role: Pick<CommunityRoleRow, 'name' | 'position' | 'permissions'>) {
    assertRoleBelow(v, role);
    const missing = lackedToGive(v, role);
    if (missing.length > 0) throw cannotGrant(missing, role.name);
  }

  /** What `v` lacks of the permissions a role grants (nothing for the owner). */
  function lackedToGive(v: CommunityViewer, role: Pick<CommunityRoleRow, 'permissions'>): CommunityPermission[] {
    if (v.isOwner) return [];
    return role.permissions.filter(
      (p): p is CommunityPermission =>
        ALL.has(p as CommunityPermission) && !v.permissions.has(p as CommunityPermission),
    );
  }

  /** Whether the members tab offers this role to `v` to hand out (the checks `assign-role` makes of the role). */
  function mayGiveRole(v: CommunityViewer, role: Pick<CommunityRoleRow, 'kind' | 'position' | 'permissions'>): boolean {
    return (
      !v.ban &&
      v.member !== null &&
      v.permissions.has('manage_members') &&
      role.kind !== 'owner' &&
      role.position < v.highest &&
      lackedToGive(v, role).length === 0
    );
  }

  /**
   * `v` may give or take a role (already checked below their highest) from `targetUserId`: themselves, or a member
   * they outrank.
   */
  async function assertMayChangeRolesOf(v: CommunityViewer, targetUserId: string, tx: Db = db): Promise<void> {
    if (targetUserId === v.userId) return;
    await assertOutranks(v, targetUserId, tx);
  }

  /** Lists mark `manageable`: `v` may remove, ban or change the roles of this member. */
  function mayManage(v: CommunityViewer, targetUserId: string, targetRoles: CommunityRoleRow[]): boolean {
    const power = v.permissions.has('manage_members') || v.permissions.has('ban_members');
    return !v.ban && v.member !== null && power && outranks(v, targetUserId, targetRoles);
  }

  /**
   * Whether `v` may invite now, and so whether the invites they made still admit anyone: a member, not banned,
   * holding invite_members. `mayInviteSql` is its twin for lists.
   */
  function mayInvite(v: CommunityViewer): boolean {
    return v.member !== null && !v.ban && v.permissions.has('invite_members');
  }

  /** Refuses a banned person (joining, accepting an invite): 403 COMMUNITY_BANNED with the reason. */
  function requireNotBanned(v: CommunityViewer): CommunityViewer {
    if (v.ban) throw banned(v.ban.until, v.ban.reason);
    return v;
  }

  /**
   * A member acting on something of their own (`ownerId`: its creator or author), or anyone holding `permission`
   * (revoking an invite: its creator or manage_members).
   */
  function requireOwnOr(v: CommunityViewer, ownerId: string, permission: CommunityPermission): CommunityViewer {
    requireMember(v);
    if (ownerId !== v.userId) requirePermission(v, permission);
    return v;
  }

  return {
    requireNotBanned,
    requireOwnOr,
    viewer,
    rolesHeld,
    rolesOf,
    seesContent,
    requireContent,
    requireMember,
    requirePermission,
    requireWrite,
    assertOutranks,
    assertRoleBelow,
    outranks,
    record,
    notifyAccess,
    setRulesLookup,
    seesChannel,
    requireChannel,
    mayWriteChannel,
    requireChannelWrite,
    mayDeleteMessage,
    requireMessageDelete,
    requireOwner,
    mustAcceptRules,
    joinMode,
    activeBan,
    assertRoleEditable,
    mayEditRole,
    assertMayGrant,
    assertMayGiveRole,
    mayGiveRole,
    assertMayChangeRolesOf,
    mayManage,
    mayInvite,
  };
}
export type CommunityAccess = ReturnType<typeof createCommunityAccess>;

/** What the access service needs to know of a community channel (the channels slice's row and its roles). */
export type ChannelFacts = { kind: 'text' | 'announcements'; private: boolean; roleIds: readonly string[] };

/**
 * Whether a member holding `roles` sees a channel: a public one always; a private one with the Owner role,
 * `view_private_channels` or one of the channel's roles. (Callers check the community's content first; the channels
 * slice uses it on the members it tells about unread messages.)
 */
export function rolesSeeChannel(
  roles: Pick<CommunityRoleRow, 'id' | 'kind' | 'permissions'>[],
  channel: ChannelFacts,
): boolean {
  if (!channel.private) return true;
  return roles.some(
    (r) => r.kind === 'owner' || r.permissions.includes('view_private_channels') || channel.roleIds.includes(r.id),
  );
}

/**
 * The SQL twin of `viewer` + `seesContent` for lists filtered in one query (a profile's posts, topics, bookmarks):
 * whether `viewerId` may read the community whose id is `communityId` (a column or expression). The community is
 * not being deleted, the viewer holds no active ban, and it is public or they are a member. Bans end at the
 * database's clock here (the access service uses the app's clock).
 */
export function readableCommunitySql(viewerId: string, communityId: SQL | AnyColumn): SQL {
  return sql`exists (select 1 from communities rc where rc.id = ${communityId} and rc.deletion_scheduled_for is null
    and not exists (select 1 from community_bans rb where rb.community_id = rc.id and rb.user_id = ${viewerId}
      and (rb.until is null or rb.until > now()))
    and (rc.visibility = 'public'
      or exists (select 1 from community_members rm where rm.community_id = rc.id and rm.user_id = ${viewerId})))`;
}

/**
 * The SQL twin of `CommunityAccess.mayInvite` for lists of invites: whether `userId` (an invite's creator) may invite
 * into `communityId` at `now`: a member with no active ban, holding the Owner role or a role granting invite_members.
 */
export function mayInviteSql(communityId: SQL | AnyColumn, userId: SQL | AnyColumn, now: Date): SQL {
  return sql`(exists (select 1 from community_members im where im.community_id = ${communityId}
      and im.user_id = ${userId})
    and not exists (select 1 from community_bans ib where ib.community_id = ${communityId} and ib.user_id = ${userId}
      and (ib.until is null or ib.until > ${now}))
    and exists (select 1 from community_member_roles imr join community_roles ir on ir.id = imr.role_id
      where imr.community_id = ${communityId} and imr.user_id = ${userId}
        and (ir.kind = 'owner' or 'invite_members' = any(ir.permissions))))`;
}
