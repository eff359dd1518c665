import { z } from 'zod';
import { line, multiline } from './text.js';

/**
 * Notifications (spec section 7, "Notifications"): what the bell in the main navigation lists. The server writes
 * them through `notify()` (alerts firing, calendar reminders, news, system messages); a user may also post a
 * note to themself (`POST /notifications`, kind `note`): a reminder pinned in their own bell, or a script of
 * theirs pushing a message to their open browsers. Each new one is published on the user's `user` WebSocket
 * channel as NOTIFICATION_EVENT; reading or deleting publishes NOTIFICATIONS_CHANGED_EVENT with the unread count.
 * At most NOTIFICATION_MAX_PER_USER are kept per user: the oldest read ones are pruned first, then the oldest.
 */

/** `social`: follows, requests, likes, comments, mentions, reposts, messages and moderation (`data.type`, SocialNoticeType). */
export const NOTIFICATION_KINDS = ['alert', 'system', 'news', 'calendar', 'note', 'social'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How many notifications a user keeps; beyond that the oldest read ones go first, then the oldest unread. */
export const NOTIFICATION_MAX_PER_USER = 500;
export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 2000;
export const NOTIFICATION_LINK_MAX = 2000;
/** The list's default paging (the bell shows the first page). */
export const NOTIFICATION_LIST_DEFAULTS = { page: 1, limit: 20 } as const;

/** Event on the `user` channel: a new notification (data: NotificationEventData). */
export const NOTIFICATION_EVENT = 'notification';
/** Event on the `user` channel: notifications were read, unread or deleted (data: NotificationsChangedData). */
export const NOTIFICATIONS_CHANGED_EVENT = 'notifications.changed';

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where clicking it goes: an in-app path (`/charts?...`) or an http(s) URL; null when it goes nowhere. */
  link: z.string().nullable(),
  /** Structured details for clients (e.g. `{ alertId, ticker }`); null when none. */
  data: z.record(z.string(), z.unknown()).nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  /** Hint: show a toast when it arrives live (false when the user's settings turn in-app push off). */
  toast: z.boolean(),
  /** Hint: play a short sound with the toast. */
  sound: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

const pageField = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to ${max}.` })
    .int(`${name} must be a whole number from 1 to ${max}.`)
    .min(1, `${name} must be a whole number from 1 to ${max}.`)
    .max(max, `${name} must be a whole number from 1 to ${max}.`);

/** GET /notifications?page&limit&unread: newest first; `unread=true` lists only the unread ones. */
export const notificationListQuerySchema = z.object({
  page: pageField('page', 100_000).default(NOTIFICATION_LIST_DEFAULTS.page),
  limit: pageField('limit', 100).default(NOTIFICATION_LIST_DEFAULTS.limit),
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false.' })
    .transform((v) => v === 'true')
    .optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  /** How many match the filter, in all pages. */
  total: z.number().int(),
  /** How many of the user's notifications are unread (whatever the filter). */
  unreadCount: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** An in-app path (starting with one `/`) or an absolute http(s) URL. */
export const notificationLinkSchema = line('link', NOTIFICATION_LINK_MAX, { min: 1 }).refine(
  (v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(v),
  'link must be a path in the app (starting with /) or an http(s) URL.',
);

/** POST /notifications: a note to self (kind `note`), delivered like any notification but never e-mailed. */
export const createNotificationBodySchema = z.strictObject({
  title: line('title', NOTIFICATION_TITLE_MAX, { min: 1 }),
  body: multiline('body', NOTIFICATION_BODY_MAX).optional(),
  link: notificationLinkSchema.optional(),
  toast: z.boolean({ error: 'toast must be true or false.' }).optional(),
  sound: z.boolean({ error: 'sound must be true or false.' }).optional(),
});
export type CreateNotificationBody = z.infer<typeof createNotificationBodySchema>;

/** PUT /notifications/{id}: mark read (`true`) or unread (`false`). */
export const updateNotificationBodySchema = z.strictObject({
  read: z.boolean({ error: 'read must be true or false.' }),
});
export type UpdateNotificationBody = z.infer<typeof updateNotificationBodySchema>;

/** PUT /notifications/read-all: how many were marked read; the unread count is then 0. */
export const readAllNotificationsSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export type ReadAllNotifications = z.infer<typeof readAllNotificationsSchema>;

/** DELETE /notifications/{id} and the changed event: the unread count afterwards. */
export const notificationsChangedSchema = z.object({ unreadCount: z.number().int() });
export type NotificationsChangedData = z.infer<typeof notificationsChangedSchema>;

/** Data of NOTIFICATION_EVENT: the new notification and the unread count including it. */
export const notificationEventDataSchema = z.object({
  notification: notificationSchema,
  unreadCount: z.number().int(),
});
export type NotificationEventData = z.infer<typeof notificationEventDataSchema>;

export const notificationErrorCodes = ['NOTIFICATION_NOT_FOUND'] as const;
export type NotificationErrorCode = (typeof notificationErrorCodes)[number];
