import { and, asc, desc, eq, inArray, lt, max, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import { users } from '../../users/users.table.js';
import { communityRoles } from '../communities.table.js';
import {
  type CommunityChannelMessageRow,
  type CommunityChannelRow,
  communityChannelMessages,
  communityChannelReads,
  communityChannelRoles,
  communityChannels,
} from './channels.table.js';

/** A channel with the roles that see it when private. */
export type ChannelRow = CommunityChannelRow & { roleIds: string[] };
export type Cursor = { at: Date; id: string };
/** The facts of a member's roles the access service reads (`rolesSeeChannel`). */
export type RoleFacts = { id: string; kind: 'owner' | 'moderator' | 'member' | 'custom'; permissions: string[] };
export type Counts = { unread: number; mentions: number };
/** A member told of a channel's unread count after a message: their roles and their counts there. */
export type AudienceRow = Counts & { userId: string; roles: RoleFacts[] };
/** A member named in a message. */
export type MentionedMember = {
  id: string;
  username: string;
  notifyLevel: 'all' | 'mentions' | 'none';
  roles: RoleFacts[];
};

const roleIdsOf = sql<
  string[]
>`array(select cr.role_id from ${communityChannelRoles} cr where cr.channel_id = ${communityChannels.id} order by cr.role_id)`;

const channelColumns = {
  id: communityChannels.id,
  communityId: communityChannels.communityId,
  name: communityChannels.name,
  topic: communityChannels.topic,
  kind: communityChannels.kind,
  private: communityChannels.private,
  position: communityChannels.position,
  lastMessageAt: communityChannels.lastMessageAt,
  createdAt: communityChannels.createdAt,
  updatedAt: communityChannels.updatedAt,
  roleIds: roleIdsOf,
};

/** The roles (as facts) of a member row `mem` of the raw queries below. */
const rolesJson = sql`coalesce((select json_agg(json_build_object('id', ro.id, 'kind', ro.kind, 'permissions', ro.permissions))
  from community_member_roles mr join community_roles ro on ro.id = mr.role_id
  where mr.community_id = mem.community_id and mr.user_id = mem.user_id), '[]'::json)`;
/** The member row `mem` holds no ban in force at `now`. */
const notBanned = (now: Date) => sql`not exists (select 1 from community_bans b where b.community_id = mem.community_id
  and b.user_id = mem.user_id and (b.until is null or b.until > ${now.toISOString()}::timestamptz))`;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Channels, their roles, messages and read markers; every read is scoped by community or channel. */
export function createChannelsRepository(db: Db) {
  async function setRoles(tx: Db, channelId: string, roleIds: string[]): Promise<void> {
    await tx.delete(communityChannelRoles).where(eq(communityChannelRoles.channelId, channelId));
    if (roleIds.length > 0) {
      await tx.insert(communityChannelRoles).values(roleIds.map((roleId) => ({ channelId, roleId })));
    }
  }

  return {
    setRoles,

    async channels(communityId: string): Promise<ChannelRow[]> {
      return db
        .select(channelColumns)
        .from(communityChannels)
        .where(eq(communityChannels.communityId, communityId))
        .orderBy(asc(communityChannels.position), asc(communityChannels.name));
    },

    async channel(communityId: string, channelId: string, tx: Db = db): Promise<ChannelRow | null> {
      const [row] = await tx
        .select(channelColumns)
        .from(communityChannels)
        .where(and(eq(communityChannels.communityId, communityId), eq(communityChannels.id, channelId)));
      return row ?? null;
    },

    /** A channel by its id alone (the WebSocket family's authoriser knows no community). */
    async channelById(channelId: string): Promise<ChannelRow | null> {
      const [row] = await db.select(channelColumns).from(communityChannels).where(eq(communityChannels.id, channelId));
      return row ?? null;
    },

    async count(communityId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(communityChannels)
        .where(eq(communityChannels.communityId, communityId));
      return row?.n ?? 0;
    },

    async nameTaken(communityId: string, name: string, exceptId: string | null, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .select({ id: communityChannels.id })
        .from(communityChannels)
        .where(and(eq(communityChannels.communityId, communityId), eq(communityChannels.name, name)));
      return rows.some((r) => r.id !== exceptId);
    },

    /** Which of `roleIds` are roles of the community. */
    async rolesOfCommunity(communityId: string, roleIds: string[], tx: Db = db): Promise<Set<string>> {
      if (roleIds.length === 0) return new Set();
      const rows = await tx
        .select({ id: communityRoles.id })
        .from(communityRoles)
        .where(and(eq(communityRoles.communityId, communityId), inArray(communityRoles.id, roleIds)));
      return new Set(rows.map((r) => r.id));
    },

    async insertChannel(
      tx: Db,
      row: Omit<CommunityChannelRow, 'position' | 'lastMessageAt'>,
      roleIds: string[],
    ): Promise<void> {
      const [last] = await tx
        .select({ position: max(communityChannels.position) })
        .from(communityChannels)
        .where(eq(communityChannels.communityId, row.communityId));
      await tx.insert(communityChannels).values({ ...row, position: (last?.position ?? 0) + 1 });
      await setRoles(tx, row.id, roleIds);
    },

    async updateChannel(
      tx: Db,
      channelId: string,
      patch: Partial<Pick<CommunityChannelRow, 'name' | 'topic' | 'kind' | 'private' | 'updatedAt'>>,
    ): Promise<void> {
      await tx.update(communityChannels).set(patch).where(eq(communityChannels.id, channelId));
    },

    /** Moves a channel to `position` (clamped to 1..n); the others keep their order, numbered 1..n again. */
    async move(tx: Db, communityId: string, channelId: string, position: number): Promise<void> {
      const rows = await tx
        .select({ id: communityChannels.id })
        .from(communityChannels)
        .where(eq(communityChannels.communityId, communityId))
        .orderBy(asc(communityChannels.position), asc(communityChannels.name))
        .for('update');
      const ids = rows.map((r) => r.id).filter((id) => id !== channelId);
      ids.splice(Math.min(Math.max(position, 1), ids.length + 1) - 1, 0, channelId);
      for (const [i, id] of ids.entries()) {
        await tx
          .update(communityChannels)
          .set({ position: i + 1 })
          .where(eq(communityChannels.id, id));
      }
    },

    async deleteChannel(tx: Db, channelId: string): Promise<void> {
      await tx.delete(communityChannels).where(eq(communityChannels.id, channelId));
    },

    /** Unread messages of others (and those mentioning `userId`) per channel of a community, since `since` at least. */
    async unreadCounts(communityId: string, userId: string, since: Date): Promise<Map<string, Counts>> {
      const rows = rowsOf<{ channel_id: string; unread: number; mentions: number }>(
        await db.execute(sql`
          select m.channel_id, count(*)::int as unread,
            (count(*) filter (where ${userId}::uuid = any(m.mention_ids)))::int as mentions
          from ${communityChannelMessages} m
          join ${communityChannels} c on c.id = m.channel_id
          left join ${communityChannelReads} r on r.channel_id = m.channel_id and r.user_id = ${userId}
          where c.community_id = ${communityId} and m.author_id <> ${userId} and m.deleted_at is null
            and m.created_at > greatest(r.last_read_at, ${since.toISOString()}::timestamptz)
          group by m.channel_id`),
      );
      return new Map(rows.map((r) => [r.channel_id, { unread: Number(r.unread), mentions: Number(r.mentions) }]));
    },

    /**
     * Every member of the community but `exceptId` (and those banned), with their roles and their unread and mention
     * counts in the channel: one statement, whoever is told after a message.
     */
    async audience(communityId: string, channelId: string, exceptId: string, now: Date): Promise<AudienceRow[]> {
      const rows = rowsOf<{ user_id: string; roles: RoleFacts[]; unread: number; mentions: number }>(
        await db.execute(sql`
          select mem.user_id, ${rolesJson} as roles, n.unread, n.mentions
          from community_members mem
          left join ${communityChannelReads} r on r.channel_id = ${channelId} and r.user_id = mem.user_id
          cross join lateral (
            select count(*)::int as unread,
              (count(*) filter (where mem.user_id = any(m.mention_ids)))::int as mentions
            from ${communityChannelMessages} m
            where m.channel_id = ${channelId} and m.author_id <> mem.user_id and m.deleted_at is null
              and m.created_at > greatest(r.last_read_at, mem.joined_at)
          ) n
          where mem.community_id = ${communityId} and mem.user_id <> ${exceptId} and ${notBanned(now)}`),
      );
      return rows.map((r) => ({
        userId: r.user_id,
        roles: r.roles,
        unread: Number(r.unread),
        mentions: Number(r.mentions),
      }));
    },

    /** Members (not banned) with these usernames, case-insensitively. */
    async membersByUsername(communityId: string, usernames: string[], now: Date): Promise<MentionedMember[]> {
      const lower = [...new Set(usernames.map((u) => u.toLowerCase()))];
      if (lower.length === 0) return [];
      const list = sql.join(
        lower.map((u) => sql`${u}`),
        sql`, `,
      );
      const rows = rowsOf<{
        id: string;
        username: string;
        notify_level: MentionedMember['notifyLevel'];
        roles: RoleFacts[];
      }>(
        await db.execute(sql`
          select u.id, u.username, mem.notify_level, ${rolesJson} as roles
          from community_members mem join ${users} u on u.id = mem.user_id
          where mem.community_id = ${communityId} and lower(u.username) in (${list}) and ${notBanned(now)}`),
      );
      return rows.map((r) => ({ id: r.id, username: r.username, notifyLevel: r.notify_level, roles: r.roles }));
    },

    async usernames(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    /** Newest first, before the cursor when given. */
    async messages(channelId: string, before: Cursor | null, limit: number): Promise<CommunityChannelMessageRow[]> {
      const m = communityChannelMessages;
      const older: SQL | undefined = before
        ? or(lt(m.createdAt, before.at), and(eq(m.createdAt, before.at), lt(m.id, before.id)))
        : undefined;
      return db
        .select()
        .from(m)
        .where(and(eq(m.channelId, channelId), older))
        .orderBy(desc(m.createdAt), desc(m.id))
        .limit(limit);
    },

    async message(channelId: string, messageId: string, tx: Db = db): Promise<CommunityChannelMessageRow | null> {
      const [row] = await tx
        .select()
        .from(communityChannelMessages)
        .where(and(eq(communityChannelMessages.channelId, channelId), eq(communityChannelMessages.id, messageId)));
      return row ?? null;
    },

    async insertMessage(
      row: Omit<CommunityChannelMessageRow, 'editedAt' | 'deletedAt'>,
    ): Promise<CommunityChannelMessageRow> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx.insert(communityChannelMessages).values(row).returning();
        await tx
          .update(communityChannels)
          .set({ lastMessageAt: row.createdAt })
          .where(eq(communityChannels.id, row.channelId));
        return inserted as CommunityChannelMessageRow;
      });
    },

    /** Empties a message (content and mentions); false when it was already deleted. */
    async deleteMessage(tx: Db, messageId: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(communityChannelMessages)
        .set({ deletedAt: at, content: '', mentionIds: [] })
        .where(and(eq(communityChannelMessages.id, messageId), sql`${communityChannelMessages.deletedAt} is null`))
        .returning({ id: communityChannelMessages.id });
      return rows.length > 0;
    },

    async markRead(channelId: string, userId: string, at: Date): Promise<void> {
      await db
        .insert(communityChannelReads)
        .values({ channelId, userId, lastReadAt: at })
        .onConflictDoUpdate({
          target: [communityChannelReads.channelId, communityChannelReads.userId],
          set: { lastReadAt: sql`greatest(${communityChannelReads.lastReadAt}, excluded.last_read_at)` },
        });
    },
  };
}
export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
