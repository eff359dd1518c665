import type {
  AcceptInviteResult,
  CommunityInvite,
  communityInvitePageSchema,
  invitePreviewSchema,
  ProfileSummary,
} from '@tradedesk/contracts';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { newToken } from '../../../platform/ids.js';
import type { CommunityAccess } from '../communities.access.js';
import { communityError } from '../communities.errors.js';
import { addMember, closeInvitesOf } from '../communities.store.js';
import type { CommunitySliceDeps } from '../communities.types.js';
import { type CommunityInviteRow, type InvitesRepository, isOpen } from './invites.repository.js';
import type { MembersRepository, Paging } from './members.repository.js';
import { personNotFound } from './members.service.js';
import { DAY_MS, nameOf, peopleOf, summaryOf, type UrlOf } from './members.view.js';

type InvitePage = z.infer<typeof communityInvitePageSchema>;
type InvitePreview = z.infer<typeof invitePreviewSchema>;

/** A personal invite stays open this long. */
export const PERSONAL_INVITE_DAYS = 7;
const HOUR_MS = 3_600_000;

const inviteNotFound = (field = 'token') =>
  communityError.onField(field, 'COMMUNITY_INVITE_NOT_FOUND', 'No invite you can use has this token.');
const inviteInvalid = () =>
  communityError.onField('token', 'COMMUNITY_INVITE_INVALID', 'This invite has expired or was already used.');

/**
 * Invites: to one person (single use, 7 days, they are told with a link to `/communities/invite/{token}`) or links
 * (expiry and number of uses chosen). A token admits while it is open; each accepted use is counted atomically.
 * A personal invite is nobody else's business: previewed or used by another person it answers 404. An invite
 * admits only while its creator may still invite (not banned or removed, still holding invite_members).
 */
export function createInvitesService(deps: {
  db: Db;
  clock: Clock;
  repo: InvitesRepository;
  members: MembersRepository;
  access: CommunityAccess;
  graph: CommunitySliceDeps['graph'];
  notifier: CommunitySliceDeps['notifier'];
  urlOf: UrlOf;
}) {
  const { db, clock, repo, members, access, graph, urlOf } = deps;

  function toInvite(row: CommunityInviteRow, people: Map<string, ProfileSummary>): CommunityInvite | null {
    const createdBy = people.get(row.createdBy);
    if (!createdBy) return null;
    return {
      id: row.id,
      kind: row.inviteeId ? 'person' : 'link',
      invitee: row.inviteeId ? (people.get(row.inviteeId) ?? null) : null,
      createdBy,
      token: row.token,
      maxUses: row.maxUses,
      uses: row.uses,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function answer(viewerId: string, row: CommunityInviteRow): Promise<CommunityInvite> {
    const invite = toInvite(row, await peopleOf(graph, viewerId, [row.createdBy, row.inviteeId]));
    if (!invite) throw new Error('the invite’s creator is not known');
    return invite;
  }

  /** The invite behind a token as the caller may see it: 404 unknown or someone else's personal invite. */
  async function tokenOf(userId: string, token: string, tx: Db = db): Promise<CommunityInviteRow> {
    const row = await repo.byToken(token, tx);
    if (!row || (row.inviteeId !== null && row.inviteeId !== userId)) throw inviteNotFound();
    return row;
  }

  /**
   * An invite admits only while whoever made it may still invite: a member, not banned, holding invite_members.
   * A banned or removed moderator's links, or a member's after their roles lost the right, answer 410.
   */
  async function assertCreatorMayInvite(row: CommunityInviteRow, tx: Db = db): Promise<void> {
    const by = await access.viewer(row.createdBy, row.communityId, tx, { holdsInvite: true }).catch((error) => {
      if (error instanceof AppError) return null; // the community is gone for them (deleted): nothing to admit to
      throw error;
    });
    if (!by || !access.mayInvite(by)) throw inviteInvalid();
  }

  async function audit(userId: string, row: CommunityInviteRow, people: Map<string, ProfileSummary>, tx: Db) {
    const whom = row.inviteeId ? nameOf(people, row.inviteeId) : null;
    await access.record(
      {
        communityId: row.communityId,
        actorId: userId,
        action: 'invite.created',
        targetUserId: row.inviteeId,
        summary: whom
          ? `${nameOf(people, userId)} invited ${whom}.`
          : `${nameOf(people, userId)} created an invite link (${row.maxUses} use${row.maxUses === 1 ? '' : 's'}, until ${row.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC).`,
        details: { inviteId: row.id, kind: whom ? 'person' : 'link', maxUses: row.maxUses },
      },
      tx,
    );
  }

  return {
    /**
     * Invites one person (invite_members): they must be known and no block may stand between them, not a member and
     * not banned. An open personal invite to them is answered again rather than doubled.
     */
    async invitePerson(userId: string, communityId: string, customerId: string): Promise<CommunityInvite> {
      const people = await peopleOf(graph, userId, [userId, customerId]);
      const blocked = await graph.blockedEither(userId, customerId);
      const now = clock.now();
      const result = await inTransaction(db, async (tx) => {
        const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'invite_members');
        if (!people.has(customerId) || blocked) throw personNotFound();
        if (await members.isMember(communityId, customerId, tx)) {
          throw communityError.onField(
            'customerId',
            'COMMUNITY_ALREADY_MEMBER',
            'This person is already a member of this community.',
          );
        }
        if (await members.activeBan(communityId, customerId, now, tx)) {
          throw communityError.onField(
            'customerId',
            'COMMUNITY_PERSON_BANNED',
            'This person is banned from this community: lift the ban before inviting them.',
          );
        }
        const open = await repo.openFor(communityId, customerId, now, tx);
        if (open) return { row: open, created: false, community: v.community };
        const row = await repo.create(tx, {
          communityId,
          inviteeId: customerId,
          createdBy: userId,
          token: newToken(),
          maxUses: 1,
          expiresAt: new Date(now.getTime() + PERSONAL_INVITE_DAYS * DAY_MS),
          now,
        });
        await audit(userId, row, people, tx);
        return { row, created: true, community: v.community };
      });
      if (result.created) {
        await deps.notifier.notify({
          type: 'community',
          recipientId: customerId,
          actorId: userId,
          title: 'Community invite',
          body: `${people.get(userId)?.displayName ?? 'Someone'} invited you to join ${result.community.name}.`,
          link: `/communities/invite/${result.row.token}`,
          data: { kind: 'community_invite', communityId, inviteId: result.row.id },
        });
      }
      return answer(userId, result.row);
    },

    /** An invite link anyone holding it may use (invite_members). */
    async createLink(
      userId: string,
      communityId: string,
      body: { expires_in_hours: number; max_uses: number },
    ): Promise<CommunityInvite> {
      const people = await peopleOf(graph, userId, [userId]);
      const now = clock.now();
      const row = await inTransaction(db, async (tx) => {
        access.requirePermission(await access.viewer(userId, communityId, tx), 'invite_members');
        const row = await repo.create(tx, {
          communityId,
          inviteeId: null,
          createdBy: userId,
          token: newToken(),
          maxUses: body.max_uses,
          expiresAt: new Date(now.getTime() + body.expires_in_hours * HOUR_MS),
          now,
        });
        await audit(userId, row, people, tx);
        return row;
      });
      return answer(userId, row);
    },

    /**
     * The invites that would admit someone now, newest first (invite_members): not revoked, not used up, not expired,
     * and made by someone who may still invite (the rule `accept` applies, so the list never shows a 410).
     */
    async list(userId: string, communityId: string, paging: Paging): Promise<InvitePage> {
      access.requirePermission(await access.viewer(userId, communityId), 'invite_members');
      const { rows, total } = await repo.admitting(communityId, clock.now(), paging);
      const people = await peopleOf(
        graph,
        userId,
        rows.flatMap((r) => [r.createdBy, r.inviteeId]),
      );
      const items = rows.flatMap((r) => {
        const invite = toInvite(r, people);
        return invite ? [invite] : [];
      });
      return { items, page: paging.page, limit: paging.limit, total };
    },

    /** Revokes an open invite: its creator, or a member with manage_members. */
    async revoke(userId: string, communityId: string, inviteId: string): Promise<void> {
      const row = await repo.byId(communityId, inviteId);
      const people = await peopleOf(graph, userId, [userId, row?.inviteeId ?? null]);
      await inTransaction(db, async (tx) => {
        const v = await access.viewer(userId, communityId, tx);
        if (!row) {
          access.requireMember(v);
          throw inviteNotFound('inviteId');
        }
        access.requireOwnOr(v, row.createdBy, 'manage_members');
        if (!(await repo.revoke(tx, inviteId, clock.now()))) {
          throw communityError.onField('inviteId', 'COMMUNITY_INVITE_INVALID', 'This invite has already ended.');
        }
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'invite.revoked',
            targetUserId: row.inviteeId,
            summary: row.inviteeId
              ? `${nameOf(people, userId)} revoked the invite of ${nameOf(people, row.inviteeId)}.`
              : `${nameOf(people, userId)} revoked an invite link.`,
            details: { inviteId, kind: row.inviteeId ? 'person' : 'link' },
          },
          tx,
        );
      });
    },

    /** What a token leads to (404 unknown or someone else's; 410 expired, used up or revoked). */
    async preview(userId: string, token: string): Promise<InvitePreview> {
      const row = await tokenOf(userId, token);
      if (!isOpen(row, clock.now())) throw inviteInvalid();
      await assertCreatorMayInvite(row);
      const v = await access.viewer(userId, row.communityId, db, { holdsInvite: true });
      const people = await peopleOf(graph, userId, [row.createdBy]);
      const invitedBy = people.get(row.createdBy);
      if (!invitedBy) throw inviteNotFound();
      return { community: summaryOf(v, urlOf, true), invitedBy, expiresAt: row.expiresAt.toISOString() };
    },

    /**
     * Joins by token (public, private and hidden alike): banned 403, already a member 409 (no use counted), else one
     * use is counted atomically (410 when none is left) and the caller becomes a member with the default roles.
     */
    async accept(userId: string, token: string): Promise<AcceptInviteResult> {
      const people = await peopleOf(graph, userId, [userId]);
      const now = clock.now();
      const v = await inTransaction(db, async (tx) => {
        const row = await tokenOf(userId, token, tx);
        const before = access.requireNotBanned(await access.viewer(userId, row.communityId, tx, { holdsInvite: true }));
        if (before.member) {
          throw communityError('COMMUNITY_ALREADY_MEMBER', 'You are already a member of this community.');
        }
        await assertCreatorMayInvite(row, tx);
        if (!(await repo.use(tx, row.id, now))) throw inviteInvalid();
        await addMember(tx, row.communityId, userId, now);
        await closeInvitesOf(tx, row.communityId, userId, now);
        await access.record(
          {
            communityId: row.communityId,
            actorId: userId,
            action: 'invite.accepted',
            targetUserId: userId,
            summary: `${nameOf(people, userId)} joined with ${row.inviteeId ? 'a personal invite' : 'an invite link'}.`,
            details: { inviteId: row.id, kind: row.inviteeId ? 'person' : 'link' },
          },
          tx,
        );
        return access.viewer(userId, row.communityId, tx);
      });
      await access.notifyAccess(userId, {
        communityId: v.community.id,
        change: 'joined',
        message: `You joined ${v.community.name}.`,
      });
      return { status: 'joined', community: summaryOf(v, urlOf) };
    },
  };
}
export type InvitesService = ReturnType<typeof createInvitesService>;
