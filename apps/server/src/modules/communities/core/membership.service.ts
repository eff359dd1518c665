import type { CommunityNotificationPrefs, JoinRequest, JoinResult } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { type Db, inTransaction } from '../../../platform/db.js';
import { newId } from '../../../platform/ids.js';
import type { SocialGraph, SocialNotifier } from '../../social/social.types.js';
import type { CommunityAccess } from '../communities.access.js';
import { communityError } from '../communities.errors.js';
import { addMember, closeInvitesOf, removeMember } from '../communities.store.js';
import type { CommunityMemberRow } from '../communities.table.js';
import type { CoreRepository } from './core.repository.js';
import type { CoreView } from './core.view.js';

type Page = { page: number; limit: number };

const requestNotFound = () =>
  communityError.onField(
    'requestId',
    'COMMUNITY_REQUEST_NOT_FOUND',
    'No open join request of this community has this id.',
  );

const prefsOf = (m: CommunityMemberRow): CommunityNotificationPrefs => ({
  level: m.notifyLevel,
  newPosts: m.notifyNewPosts,
  announcements: m.notifyAnnouncements,
});

/**
 * Joining and leaving, join requests of private communities, and the member's own pin and notification
 * preferences. Who may do each is the access service's answer (`joinMode`, `requireMember`, `requirePermission`).
 */
export function createMembershipService(deps: {
  db: Db;
  clock: Clock;
  access: CommunityAccess;
  graph: Pick<SocialGraph, 'summaries'>;
  notifier: SocialNotifier;
  repo: CoreRepository;
  view: CoreView;
}) {
  const { db, clock, access, graph, notifier, repo, view } = deps;

  return {
    /** Public: a member at once. Private: a request (its message updated when asked again). */
    async join(userId: string, id: string, message: string): Promise<JoinResult> {
      const v = await access.viewer(userId, id);
      const mode = access.joinMode(v);
      const c = v.community;
      const now = clock.now();
      if (mode === 'joined') {
        await inTransaction(db, async (tx) => {
          if (!(await addMember(tx, id, userId, now))) return;
          await closeInvitesOf(tx, id, userId, now);
          await access.record(
            { communityId: id, actorId: userId, targetUserId: userId, action: 'member.joined', summary: 'Joined.' },
            tx,
          );
        });
        await access.notifyAccess(userId, { communityId: id, change: 'joined', message: `You joined ${c.name}.` });
      } else {
        await inTransaction(db, (tx) => repo.upsertRequest(tx, { id: newId(), communityId: id, userId, message, now }));
        if (!v.requested) {
          await notifier.notify({
            type: 'community',
            recipientId: c.ownerId,
            actorId: userId,
            title: `A request to join ${c.name}`,
            body: message || `Someone asks to join ${c.name}.`,
            link: `/communities/${c.handle}/settings?tab=members`,
            data: { communityId: id },
          });
        }
      }
      return { status: mode, community: await view.community(await access.viewer(userId, id)) };
    },

    /** The owner cannot leave: they transfer ownership first. */
    async leave(userId: string, id: string): Promise<void> {
      const v = access.requireMember(await access.viewer(userId, id));
      if (v.isOwner || v.community.ownerId === userId) {
        throw communityError(
          'COMMUNITY_OWNER_CANNOT_LEAVE',
          'The owner cannot leave the community. Transfer ownership first.',
        );
      }
      await inTransaction(db, async (tx) => {
        if (!(await removeMember(tx, id, userId, clock.now()))) return;
        await access.record(
          { communityId: id, actorId: userId, targetUserId: userId, action: 'member.left', summary: 'Left.' },
          tx,
        );
      });
      await access.notifyAccess(userId, {
        communityId: id,
        change: 'left',
        message: `You left ${v.community.name}.`,
      });
    },

    async requests(userId: string, id: string, page: Page) {
      access.requirePermission(await access.viewer(userId, id), 'manage_members');
      const found = await repo.requests(id, page);
      const people = new Map(
        (
          await graph.summaries(
            userId,
            found.items.map((r) => r.userId),
          )
        ).map((p) => [p.id, p]),
      );
      const items: JoinRequest[] = found.items.flatMap((r) => {
        const user = people.get(r.userId);
        return user ? [{ id: r.id, user, message: r.message, createdAt: r.createdAt.toISOString() }] : [];
      });
      return { items, page: page.page, limit: page.limit, total: found.total };
    },

    async accept(userId: string, id: string, requestId: string): Promise<void> {
      const v = access.requirePermission(await access.viewer(userId, id), 'manage_members');
      const c = v.community;
      const now = clock.now();
      const requesterId = await inTransaction(db, async (tx) => {
        const request = await repo.findRequest(id, requestId, tx);
        if (!request) throw requestNotFound();
        if (await access.activeBan(id, request.userId, tx)) {
          throw communityError('COMMUNITY_BANNED', 'This person is banned from this community: unban them first.');
        }
        await addMember(tx, id, request.userId, now);
        await closeInvitesOf(tx, id, request.userId, now);
        await access.record(
          {
            communityId: id,
            actorId: userId,
            targetUserId: request.userId,
            action: 'request.accepted',
            summary: 'Accepted a request to join.',
          },
          tx,
        );
        return request.userId;
      });
      await notifier.notify({
        type: 'community',
        recipientId: requesterId,
        actorId: userId,
        title: `You joined ${c.name}`,
        body: `Your request to join ${c.name} was accepted.`,
        link: `/communities/${c.handle}`,
        data: { communityId: id },
      });
      await access.notifyAccess(requesterId, { communityId: id, change: 'joined', message: `You joined ${c.name}.` });
    },

    async reject(userId: string, id: string, requestId: string): Promise<void> {
      const v = access.requirePermission(await access.viewer(userId, id), 'manage_members');
      const c = v.community;
      const requesterId = await inTransaction(db, async (tx) => {
        const request = await repo.findRequest(id, requestId, tx);
        if (!request) throw requestNotFound();
        await repo.deleteRequestOf(id, request.userId, tx);
        await access.record(
          {
            communityId: id,
            actorId: userId,
            targetUserId: request.userId,
            action: 'request.rejected',
            summary: 'Rejected a request to join.',
          },
          tx,
        );
        return request.userId;
      });
      await notifier.notify({
        type: 'community',
        recipientId: requesterId,
        actorId: userId,
        title: `Your request to join ${c.name}`,
        body: `Your request to join ${c.name} was not accepted.`,
        link: null,
        data: { communityId: id },
      });
    },

    /** The requester withdraws their own request. */
    async revoke(userId: string, id: string): Promise<void> {
      await access.viewer(userId, id);
      if (!(await repo.deleteRequestOf(id, userId))) {
        throw communityError('COMMUNITY_REQUEST_NOT_FOUND', 'You have no open request to join this community.');
      }
    },

    async pin(userId: string, id: string, pinned: boolean): Promise<void> {
      access.requireMember(await access.viewer(userId, id));
      await repo.setPinned(id, userId, pinned ? clock.now() : null);
    },

    async preferences(userId: string, id: string): Promise<CommunityNotificationPrefs> {
      const v = access.requireMember(await access.viewer(userId, id));
      return prefsOf(v.member as CommunityMemberRow);
    },

    async updatePreferences(
      userId: string,
      id: string,
      body: { level?: CommunityNotificationPrefs['level']; new_posts?: boolean; announcements?: boolean },
    ): Promise<CommunityNotificationPrefs> {
      const v = access.requireMember(await access.viewer(userId, id));
      const patch = {
        ...(body.level !== undefined ? { notifyLevel: body.level } : {}),
        ...(body.new_posts !== undefined ? { notifyNewPosts: body.new_posts } : {}),
        ...(body.announcements !== undefined ? { notifyAnnouncements: body.announcements } : {}),
      };
      if (Object.keys(patch).length === 0) return prefsOf(v.member as CommunityMemberRow);
      const row = await repo.updatePrefs(id, userId, patch);
      return prefsOf(row ?? (v.member as CommunityMemberRow));
    },
  };
}
export type MembershipService = ReturnType<typeof createMembershipService>;
