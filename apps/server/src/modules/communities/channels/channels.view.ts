import type { ChannelMessage, CommunityChannel, ProfileSummary } from '@tradedesk/contracts';
import type { CommunityAccess, CommunityViewer } from '../communities.access.js';
import { communityError } from '../communities.errors.js';
import type { ChannelRow, Counts, Cursor } from './channels.repository.js';
import type { CommunityChannelMessageRow } from './channels.table.js';

/** A channel as `v` sees it: whether they may write, and their unread counts (zero for non-members). */
export function toChannel(
  access: CommunityAccess,
  v: CommunityViewer,
  row: ChannelRow,
  counts: Counts = { unread: 0, mentions: 0 },
): CommunityChannel {
  return {
    id: row.id,
    communityId: row.communityId,
    name: row.name,
    topic: row.topic,
    kind: row.kind,
    private: row.private,
    roleIds: row.private ? row.roleIds : [],
    position: row.position,
    canWrite: access.mayWriteChannel(v, row),
    unread: counts.unread,
    mentions: counts.mentions,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
  };
}

export function toMessage(
  row: CommunityChannelMessageRow,
  author: ProfileSummary,
  usernames: Map<string, string>,
  deletable: boolean,
): ChannelMessage {
  return {
    id: row.id,
    channelId: row.channelId,
    author,
    content: row.deletedAt ? '' : row.content,
    mentions: row.deletedAt
      ? []
      : row.mentionIds.flatMap((id) => {
          const username = usernames.get(id);
          return username ? [{ id, username }] : [];
        }),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deleted: row.deletedAt !== null,
    deletable: deletable && row.deletedAt === null,
  };
}

/** The keyset cursor of a page's oldest message: its instant and id. */
export function encodeCursor(row: Pick<CommunityChannelMessageRow, 'createdAt' | 'id'>): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): Cursor {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = at ? new Date(at) : new Date(Number.NaN);
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw communityError.onField(
      'before',
      'COMMUNITY_CURSOR_INVALID',
      'before must be the nextBefore of a previous answer.',
    );
  }
  return { at: date, id };
}

const MENTION = /(^|[^\w.@/])@([A-Za-z0-9_.]{3,30})/g;

/** The `@username`s of a message, as written (dots at the end dropped), unique case-insensitively; at most 20. */
export function mentionedUsernames(text: string): string[] {
  const names = new Map<string, string>();
  for (const m of text.matchAll(MENTION)) {
    const name = (m[2] ?? '').replace(/\.+$/, '');
    if (name.length >= 3 && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()].slice(0, 20);
}
