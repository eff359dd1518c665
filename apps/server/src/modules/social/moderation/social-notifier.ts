import { type NotificationKey, notificationDefaults, type SocialNoticeType } from '@tradedesk/contracts';
import type { NotifyInput } from '../../notifications/notifications.service.js';
import type { UsersService } from '../../users/users.service.js';
import type { SocialGraph, SocialNotice, SocialNotifier } from '../social.types.js';

/** The settings switch of each social notice type; null: always sent (moderation notices). */
export const SOCIAL_NOTICE_SWITCH: Record<SocialNoticeType, NotificationKey | null> = {
  follow: 'push_follows',
  follow_request: 'push_requests',
  follow_accepted: 'push_requests',
  like: 'push_likes',
  comment: 'push_comments',
  mention: 'push_mentions',
  repost: 'push_reposts',
  message: 'push_messages',
  community: 'push_requests',
  moderation: null,
};

export type SocialNotifierDeps = {
  /** The notifications service's `notify` (modules/notifications). */
  notify(userId: string, input: NotifyInput): Promise<unknown>;
  /** The users service (its `findById`): the recipient's switches are `users.notifications`. */
  users: Pick<UsersService, 'findById'>;
  graph: Pick<SocialGraph, 'blockedEither'>;
  log?: { warn(obj: object, msg: string): void };
};

/**
 * Social notifications over the notifications module (kind `social`, `data.type` the notice type). Nothing is
 * created when the recipient switched the type off, when they did it themselves, or when a block stands between
 * actor and recipient. A failure is logged, never thrown: the like or follow that caused it has happened.
 */
export function createSocialNotifier(deps: SocialNotifierDeps): SocialNotifier {
  return {
    async notify(notice: SocialNotice): Promise<void> {
      try {
        if (notice.actorId !== null) {
          if (notice.actorId === notice.recipientId) return;
          if (await deps.graph.blockedEither(notice.actorId, notice.recipientId)) return;
        }
        const recipient = await deps.users.findById(notice.recipientId);
        if (!recipient) return;
        const switches = recipient.notifications;
        const key = SOCIAL_NOTICE_SWITCH[notice.type];
        if (key !== null && !(switches[key] ?? notificationDefaults[key])) return;
        await deps.notify(notice.recipientId, {
          kind: 'social',
          title: notice.title,
          body: notice.body,
          ...(notice.link ? { link: notice.link } : {}),
          data: { ...notice.data, type: notice.type, actorId: notice.actorId },
          email: false,
        });
      } catch (error) {
        deps.log?.warn({ err: error, type: notice.type }, 'A social notification could not be delivered.');
      }
    },
  };
}
