import type { communityModeratorListSchema, communityModeratorSchema } from '@tradedesk/contracts';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import type { CommunityAccess, CommunityViewer } from '../communities.access.js';
import { communityError } from '../communities.errors.js';
import type { CommunitySliceDeps } from '../communities.types.js';
import type { MembersRepository } from './members.repository.js';
import { memberNotFound } from './members.service.js';
import { nameOf, peopleOf } from './members.view.js';

type Moderator = z.infer<typeof communityModeratorSchema>;
type ModeratorList = z.infer<typeof communityModeratorListSchema>;

const offerNotFound = () =>
  communityError('COMMUNITY_MODERATOR_OFFER_NOT_FOUND', 'No moderator offer waits for you in this community.');

/**
 * Legacy moderators (`/communities/{id}/moderators`): a member with manage_roles, above the Moderator role, offers
 * it to a member they outrank; the member approves (gets the role) or denies; revoking takes the role or withdraws
 * the offer. The Moderator role is the community's built-in one (kind `moderator`).
 */
export function createModeratorsService(deps: {
  db: Db;
  clock: Clock;
  repo: MembersRepository;
  access: CommunityAccess;
  graph: CommunitySliceDeps['graph'];
  notifier: CommunitySliceDeps['notifier'];
}) {
  const { db, clock, repo, access, graph } = deps;

  async function moderatorRoleFor(v: CommunityViewer, tx: Db) {
    const role = await repo.moderatorRole(v.community.id, tx);
    if (!role) {
      throw communityError('COMMUNITY_ROLE_NOT_FOUND', 'This community has no Moderator role any more.');
    }
    access.assertRoleBelow(v, role);
    return role;
  }

  return {
    /** Moderators (holding the role) and pending offers, as anyone who may read the community sees them. */
    async list(userId: string, communityId: string): Promise<ModeratorList> {
      access.requireContent(await access.viewer(userId, communityId));
      const role = await repo.moderatorRole(communityId);
      const rows = await repo.moderators(communityId, role?.id ?? null);
      const people = await peopleOf(
        graph,
        userId,
        rows.flatMap((r) => [r.userId, r.offeredBy]),
      );
      const items = rows.flatMap((r): Moderator[] => {
        const user = people.get(r.userId);
        if (!user) return [];
        const addedBy = r.offeredBy ? (people.get(r.offeredBy) ?? null) : null;
        return [{ user, status: r.status, addedBy, createdAt: r.since.toISOString() }];
      });
      return { items };
    },

    /** Offers the Moderator role to a member (manage_roles; the role below the caller; the member outranked). */
    async offer(userId: string, communityId: string, customerId: string): Promise<Moderator> {
      const people = await peopleOf(graph, userId, [userId, customerId]);
      const now = clock.now();
      const { created, community } = await inTransaction(db, async (tx) => {
        const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'manage_roles');
        const role = await moderatorRoleFor(v, tx);
        if (!(await repo.isMember(communityId, customerId, tx))) throw memberNotFound();
        const held = await access.assertOutranks(v, customerId, tx);
        if (held.some((r) => r.id === role.id)) {
          throw communityError.onField(
            'customerId',
            'COMMUNITY_ALREADY_MODERATOR',
            'This member already holds the Moderator role.',
          );
        }
        const existing = await repo.offer(communityId, customerId, tx);
        if (existing?.status === 'pending') return { created: false, community: v.community };
        await repo.upsertOffer(tx, { communityId, userId: customerId, offeredBy: userId, now });
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'moderator.added',
            targetUserId: customerId,
            summary: `${nameOf(people, userId)} offered the Moderator role to ${nameOf(people, customerId)}.`,
          },
          tx,
        );
        return { created: true, community: v.community };
      });
      if (created) {
        await deps.notifier.notify({
          type: 'community',
          recipientId: customerId,
          actorId: userId,
          title: 'Moderator offer',
          body: `${people.get(userId)?.displayName ?? 'Someone'} asks you to moderate ${community.name}.`,
          link: `/communities/${community.handle}`,
          data: { kind: 'community_moderator_offer', communityId },
        });
      }
      const offer = await repo.offer(communityId, customerId);
      const user = people.get(customerId);
      if (!offer || !user) throw memberNotFound();
      return {
        user,
        status: 'pending',
        addedBy: offer.offeredBy ? (people.get(offer.offeredBy) ?? null) : null,
        createdAt: offer.createdAt.toISOString(),
      };
    },

    /** The offered member accepts: they get the Moderator role. */
    async approve(userId: string, communityId: string): Promise<Moderator> {
      const now = clock.now();
      const self = await peopleOf(graph, userId, [userId]);
      const { offer, community } = await inTransaction(db, async (tx) => {
        const v = access.requireMember(await access.viewer(userId, communityId, tx));
        const role = await repo.moderatorRole(communityId, tx);
        // an offer made before the member left and joined again does not count
        const pending = await repo.offer(communityId, userId, tx);
        if (!pending || !v.member || pending.createdAt < v.member.joinedAt) throw offerNotFound();
        const offer = await repo.approveOffer(tx, communityId, userId);
        if (!offer || !role) throw offerNotFound();
        await repo.giveRole(tx, communityId, userId, role.id, now);
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'moderator.approved',
            targetUserId: userId,
            summary: `${nameOf(self, userId)} accepted the Moderator role.`,
          },
          tx,
        );
        return { offer, community: v.community };
      });
      await access.notifyAccess(userId, {
        communityId,
        change: 'roles_changed',
        message: `You are a moderator of ${community.name} now.`,
      });
      const people = await peopleOf(graph, userId, [userId, offer.offeredBy]);
      const user = people.get(userId);
      if (!user) throw memberNotFound();
      return {
        user,
        status: 'approved',
        addedBy: offer.offeredBy ? (people.get(offer.offeredBy) ?? null) : null,
        createdAt: now.toISOString(),
      };
    },

    /** The offered member declines: the offer goes. */
    async deny(userId: string, communityId: string): Promise<void> {
      const people = await peopleOf(graph, userId, [userId]);
      await inTransaction(db, async (tx) => {
        access.requireMember(await access.viewer(userId, communityId, tx));
        if (!(await repo.deleteOffer(tx, communityId, userId, true))) throw offerNotFound();
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'moderator.denied',
            targetUserId: userId,
            summary: `${nameOf(people, userId)} declined the Moderator role.`,
          },
          tx,
        );
      });
    },

    /** Takes the Moderator role from a member the caller outranks, or withdraws the offer (manage_roles). */
    async revoke(userId: string, communityId: string, customerId: string): Promise<void> {
      const people = await peopleOf(graph, userId, [userId, customerId]);
      const { took, community } = await inTransaction(db, async (tx) => {
        const v = access.requirePermission(await access.viewer(userId, communityId, tx), 'manage_roles');
        const role = await moderatorRoleFor(v, tx);
        if (!(await repo.isMember(communityId, customerId, tx))) throw memberNotFound();
        await access.assertOutranks(v, customerId, tx);
        const took = await repo.takeRole(tx, communityId, customerId, role.id);
        const withdrew = await repo.deleteOffer(tx, communityId, customerId);
        if (!took && !withdrew) {
          throw communityError.onField(
            'customerId',
            'COMMUNITY_MODERATOR_OFFER_NOT_FOUND',
            'This member is not a moderator and has no moderator offer.',
          );
        }
        await access.record(
          {
            communityId,
            actorId: userId,
            action: 'moderator.revoked',
            targetUserId: customerId,
            summary: took
              ? `${nameOf(people, userId)} took the Moderator role from ${nameOf(people, customerId)}.`
              : `${nameOf(people, userId)} withdrew the moderator offer to ${nameOf(people, customerId)}.`,
          },
          tx,
        );
        return { took, community: v.community };
      });
      if (took) {
        await access.notifyAccess(customerId, {
          communityId,
          change: 'roles_changed',
          message: `You are no longer a moderator of ${community.name}.`,
        });
      }
    },
  };
}
export type ModeratorsService = ReturnType<typeof createModeratorsService>;
