import {
  type CreateNotificationBody,
  NOTIFICATION_EVENT,
  NOTIFICATION_MAX_PER_USER,
  NOTIFICATIONS_CHANGED_EVENT,
  type Notification,
  type NotificationEventData,
  type NotificationKey,
  type NotificationKind,
  type NotificationList,
  type NotificationListQuery,
  type NotificationsChangedData,
  notificationDefaults,
  type ReadAllNotifications,
} from '@tradedesk/contracts';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { userBusChannel } from '../../platform/ws/ws-gateway.js';
import type { UserRow } from '../users/users.service.js';
import { notificationNotFound } from './notifications.errors.js';
import { createNotificationsRepository } from './notifications.repository.js';
import type { NotificationRow } from './notifications.table.js';

/** What a module hands `notify()`. */
export type NotifyInput = {
  kind: NotificationKind;
  title: string;
  body: string;
  /** An in-app path (`/charts?symbol=EURUSD`) or an http(s) URL the notification opens. */
  link?: string;
  data?: Record<string, unknown>;
  /** Show a toast when it arrives live (default true). Off for alerts when the user turned push_alerts off. */
  toast?: boolean;
  /** Play a short sound with the toast (default false). */
  sound?: boolean;
  /**
   * Ask for an e-mail too (default: true for `alert` and `system`, false for the others). Sent only when the
   * user's switch for the kind is on: alert -> email_alerts, news and calendar -> email_news, system ->
   * email_product; a `note` is never e-mailed.
   */
  email?: boolean;
};

/** The e-mail switch of each kind (packages/contracts settings.ts notificationDefaults); null: never e-mailed. */
export const EMAIL_SETTING_OF: Record<NotificationKind, NotificationKey | null> = {
  alert: 'email_alerts',
  news: 'email_news',
  calendar: 'email_news',
  system: 'email_product',
  note: null,
  social: null,
};
/** The in-app push switch of each kind: with it off the notification is listed, but without toast or sound. */
export const PUSH_SETTING_OF: Record<NotificationKind, NotificationKey | null> = {
  alert: 'push_alerts',
  news: null,
  calendar: null,
  system: null,
  note: null,
  // social notices are switched per type by the social notifier: one switched off is not created at all
  social: null,
};
const EMAIL_BY_DEFAULT: Record<NotificationKind, boolean> = {
  alert: true,
  system: true,
  news: false,
  calendar: false,
  note: false,
  social: false,
};

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    data: row.data ?? null,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    toast: row.toast,
    sound: row.sound,
  };
}

type Log = { warn(obj: object, msg: string): void };

/**
 * The bell's notifications. `notify()` is how other modules (alerts, calendar, news) reach a user: it stores the
 * notification, publishes NOTIFICATION_EVENT on the user's `user` channel, then prunes the user's oldest beyond
 * `maxPerUser` (saying the count again when that removed any) and e-mails it when asked and the user's settings
 * allow the kind.
 */
export function createNotificationsService(deps: {
  db: Db;
  clock: Clock;
  bus: EventBus;
  mailer: Mailer;
  users: { getById(id: string): Promise<UserRow> };
  /** The web app's public origin (PUBLIC_URL), for absolute links in e-mails. */
  publicUrl: string;
  log?: Log;
  maxPerUser?: number;
}) {
  const { clock, bus, mailer, users } = deps;
  const repo = createNotificationsRepository(deps.db);
  const maxPerUser = deps.maxPerUser ?? NOTIFICATION_MAX_PER_USER;
  const log: Log = deps.log ?? { warn() {} };

  const setting = (user: UserRow, key: NotificationKey) => user.notifications[key] ?? notificationDefaults[key];

  /** Runs `step` after the steps queued before it for the same user (in this process). */
  const queues = new Map<string, Promise<unknown>>();
  function inOrder<T>(userId: string, step: () => Promise<T>): Promise<T> {
    const previous = queues.get(userId) ?? Promise.resolve();
    const next = previous.then(step, step);
    const settled = next.catch(() => undefined);
    queues.set(userId, settled);
    void settled.then(() => {
      if (queues.get(userId) === settled) queues.delete(userId);
    });
    return next;
  }

  async function publishChanged(userId: string): Promise<number> {
    const unreadCount = await repo.count(userId, true);
    const data: NotificationsChangedData = { unreadCount };
    await bus.publish({ channel: userBusChannel(userId), event: NOTIFICATIONS_CHANGED_EVENT, data });
    return unreadCount;
  }

  function absolute(link: string | null): string {
    if (!link) return `${deps.publicUrl}/`;
    return link.startsWith('/') ? `${deps.publicUrl}${link}` : link;
  }

  async function mail(user: UserRow, row: NotificationRow): Promise<void> {
    try {
      await mailer.send({
        template: 'notification',
        to: user.email,
        data: {
          firstName: user.firstName,
          title: row.title,
          body: row.body,
          link: absolute(row.link),
          settingsLink: `${deps.publicUrl}/settings/notifications`,
        },
      });
    } catch (error) {
      log.warn({ err: error, notificationId: row.id }, 'A notification e-mail could not be sent.');
    }
  }

  async function notify(userId: string, input: NotifyInput): Promise<Notification> {
    const user = await users.getById(userId);
    const pushKey = PUSH_SETTING_OF[input.kind];
    const pushOn = pushKey === null || setting(user, pushKey);
    const row = await repo.insert({
      id: newId(),
      userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link ?? null,
      data: input.data ?? null,
      toast: pushOn && (input.toast ?? true),
      sound: pushOn && (input.sound ?? false),
      readAt: null,
      createdAt: clock.now(),
    });
    const notification = toNotification(row);
    // Published as soon as it is stored; one user's count-and-publish steps run one after another, so the last
    // event carries the latest count even when several modules notify at once.
    await inOrder(userId, async () => {
      const data: NotificationEventData = { notification, unreadCount: await repo.count(userId, true) };
      await bus.publish({ channel: userBusChannel(userId), event: NOTIFICATION_EVENT, data });
    });
    // Pruning the oldest beyond maxPerUser comes after; when it removed any, the count is said again.
    try {
      if ((await repo.prune(userId, maxPerUser)) > 0) await inOrder(userId, () => publishChanged(userId));
    } catch (error) {
      log.warn({ err: error, userId }, 'Old notifications could not be pruned.');
    }
    const emailKey = EMAIL_SETTING_OF[input.kind];
    if (emailKey !== null && (input.email ?? EMAIL_BY_DEFAULT[input.kind]) && setting(user, emailKey)) {
      await mail(user, row);
    }
    return notification;
  }

  return {
    notify,

    async list(userId: string, query: NotificationListQuery): Promise<NotificationList> {
      const { rows, total } = await repo.page(userId, {
        unreadOnly: query.unread === true,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      const unreadCount = query.unread === true ? total : await repo.count(userId, true);
      return { notifications: rows.map(toNotification), total, unreadCount, page: query.page, limit: query.limit };
    },

    async get(userId: string, id: string): Promise<Notification> {
      const row = await repo.get(userId, id);
      if (!row) throw notificationNotFound();
      return toNotification(row);
    },

    /** POST /notifications: a note to self, delivered live like any notification, never e-mailed. */
    async createNote(userId: string, body: CreateNotificationBody): Promise<Notification> {
      return notify(userId, {
        kind: 'note',
        title: body.title,
        body: body.body ?? '',
        link: body.link,
        toast: body.toast,
        sound: body.sound,
        email: false,
      });
    },

    async setRead(userId: string, id: string, read: boolean): Promise<Notification> {
      const row = await repo.setRead(userId, id, read ? clock.now() : null);
      if (!row) throw notificationNotFound();
      await publishChanged(userId);
      return toNotification(row);
    },

    async readAll(userId: string): Promise<ReadAllNotifications> {
      const updated = await repo.readAll(userId, clock.now());
      const unreadCount = await publishChanged(userId);
      return { updated, unreadCount };
    },

    async delete(userId: string, id: string): Promise<NotificationsChangedData> {
      if (!(await repo.delete(userId, id))) throw notificationNotFound();
      return { unreadCount: await publishChanged(userId) };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
export type Notify = NotificationsService['notify'];
