import {
  COMMUNITY_PERMISSIONS,
  type CreateCommunityBody,
  DEFAULT_ROLE_COLOR,
  MEMBER_PERMISSIONS,
  MODERATOR_PERMISSIONS,
} from '@tradedesk/contracts';
import { type AnyColumn, and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import { insertDefaultChannels } from './channels/channels.defaults.js';
import {
  type CommunityRow,
  communities,
  communityInvites,
  communityJoinRequests,
  communityMemberRoles,
  communityMembers,
  communityRoles,
} from './communities.table.js';

/** The Owner role's position: above every other role, whatever is created later. */
export const OWNER_POSITION = 1_000_000;

/**
 * The writes several slices share (create, join, accept a request or an invite, leave, remove, ban), so membership,
 * default roles and the member count stay consistent whoever adds or removes a member. Call them inside the caller's
 * transaction.
 */

export async function insertCommunity(
  tx: Db,
  input: { ownerId: string; now: Date; body: CreateCommunityBody; imageKey?: string | null; bannerKey?: string | null },
): Promise<CommunityRow> {
  const { body, now } = input;
  const id = newId();
  const [row] = await tx
    .insert(communities)
    .values({
      id,
      handle: body.handle,
      name: body.name,
      description: body.description,
      type: body.type,
      communitySize: body.community_size,
      platforms: body.platforms,
      existingCommunityUrl: body.existing_community_url ?? null,
      visibility: body.visibility,
      categories: body.categories,
      imageKey: input.imageKey ?? null,
      bannerKey: input.bannerKey ?? null,
      settings: { showMemberCount: true, showOnlineMembers: true, accentColor: DEFAULT_ROLE_COLOR, welcomeMessage: '' },
      ownerId: input.ownerId,
      memberCount: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const ownerRole = newId();
  await tx.insert(communityRoles).values([
    {
      id: ownerRole,
      communityId: id,
      name: 'Owner',
      description: 'Owns the community: every permission.',
      color: DEFAULT_ROLE_COLOR,
      display: true,
      permissions: [...COMMUNITY_PERMISSIONS],
      kind: 'owner',
      position: OWNER_POSITION,
      createdAt: now,
    },
    {
      id: newId(),
      communityId: id,
      name: 'Moderator',
      description: 'Keeps the community in order.',
      color: '#2E90FA',
      display: true,
      permissions: MODERATOR_PERMISSIONS,
      kind: 'moderator',
      position: 2,
      createdAt: now,
    },
    {
      id: newId(),
      communityId: id,
      name: 'Member',
      description: 'Every new member gets this role.',
      color: '#98A2B3',
      display: false,
      permissions: MEMBER_PERMISSIONS,
      kind: 'member',
      position: 1,
      isDefault: true,
      createdAt: now,
    },
  ]);
  await tx
    .insert(communityMembers)
    .values({ communityId: id, userId: input.ownerId, joinedAt: now, rulesAcceptedAt: now });
  await tx
    .insert(communityMemberRoles)
    .values({ communityId: id, userId: input.ownerId, roleId: ownerRole, assignedAt: now });
  await insertDefaultChannels(tx, id, now);
  return row as CommunityRow;
}

/** Adds a member with the default roles; a no-op (false) when they already are one. Clears their request. */
export async function addMember(tx: Db, communityId: string, userId: string, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(communityMembers)
    .values({ communityId, userId, joinedAt: now })
    .onConflictDoNothing()
    .returning({ userId: communityMembers.userId });
  await tx
    .delete(communityJoinRequests)
    .where(and(eq(communityJoinRequests.communityId, communityId), eq(communityJoinRequests.userId, userId)));
  if (inserted.length === 0) return false;
  await tx.execute(sql`insert into community_member_roles (community_id, user_id, role_id, assigned_at)
    select ${communityId}, ${userId}, id, ${now} from community_roles
    where community_id = ${communityId} and is_default and kind <> 'owner'
    on conflict do nothing`);
  await tx
    .update(communities)
    .set({ memberCount: sql`${communities.memberCount} + 1` })
    .where(eq(communities.id, communityId));
  return true;
}

/**
 * Removes a member and their roles; false when they were not one. (Bans are written by the caller.) The invites they
 * made end with their membership, as Discord's do: a link of a banned moderator never admits anyone again, even if
 * they come back.
 */
export async function removeMember(tx: Db, communityId: string, userId: string, now: Date): Promise<boolean> {
  await tx
    .delete(communityMemberRoles)
    .where(and(eq(communityMemberRoles.communityId, communityId), eq(communityMemberRoles.userId, userId)));
  const deleted = await tx
    .delete(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .returning({ userId: communityMembers.userId });
  if (deleted.length === 0) return false;
  await endInvites(tx, communityId, communityInvites.createdBy, userId, now);
  await tx
    .update(communities)
    .set({ memberCount: sql`greatest(${communities.memberCount} - 1, 0)` })
    .where(eq(communities.id, communityId));
  return true;
}

/** Ends a person's open personal invites to a community (after they join, or when they are banned). */
export async function closeInvitesOf(tx: Db, communityId: string, userId: string, now: Date): Promise<void> {
  await endInvites(tx, communityId, communityInvites.inviteeId, userId, now);
}

/** Revokes the community's invites not yet revoked whose `who` (invitee or creator) is the person. */
async function endInvites(tx: Db, communityId: string, who: AnyColumn, userId: string, now: Date): Promise<void> {
  await tx
    .update(communityInvites)
    .set({ revokedAt: now })
    .where(and(eq(communityInvites.communityId, communityId), eq(who, userId), isNull(communityInvites.revokedAt)));
}
