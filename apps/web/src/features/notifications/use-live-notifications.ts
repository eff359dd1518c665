import {
  NOTIFICATION_EVENT,
  NOTIFICATIONS_CHANGED_EVENT,
  type Notification,
  type NotificationEventData,
} from '@tradedesk/contracts';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../shared/toast/toast';
import { getWsClient, type WsClient } from '../../shared/ws/ws-client';
import { beep } from './beep';
import { BELL_ARGS, notificationsApi } from './notifications-api';

// Structural checks in place of zod, which the shell's first load does without.
function isNotification(value: unknown): value is Notification {
  const n = value as Partial<Notification> | null;
  return (
    typeof n === 'object' &&
    n !== null &&
    typeof n.id === 'string' &&
    typeof n.title === 'string' &&
    typeof n.body === 'string' &&
    typeof n.read === 'boolean'
  );
}
const countOf = (data: unknown): number | null => {
  const count = (data as { unreadCount?: unknown } | null)?.unreadCount;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
};

// The toast a live notification raised, so reading that notification from the menu takes its toast away.
let raised: { notificationId: string; toastId: number } | null = null;

/** Hides the toast of this notification, if it is the one showing. */
export function hideToastOf(notificationId: string): void {
  if (raised?.notificationId !== notificationId) return;
  toast.hide(raised.toastId);
  raised = null;
}

export type LiveNotificationOptions = {
  client?: WsClient;
  /** Opens a notification's link (the bell passes the router's navigate). */
  open: (notification: Notification) => void;
  /** Plays the notification sound (tests pass a spy). */
  sound?: () => void;
};

/**
 * Keeps the bell's list and unread count live over the `user` channel: a new notification goes on top (with a
 * toast, and a beep when it asks for sound); reads and deletes elsewhere update the count and reload the list.
 */
export function useLiveNotifications(options: LiveNotificationOptions): void {
  const dispatch = useAppDispatch();
  const latest = useRef(options);
  latest.current = options;
  const { client } = options;

  useEffect(() => {
    const live = client ?? getWsClient();
    return live.subscribe('user', (event) => {
      if (event.event === NOTIFICATION_EVENT) {
        const data = event.data as Partial<NotificationEventData> | null;
        const notification = data?.notification;
        const unreadCount = countOf(data);
        if (!isNotification(notification) || unreadCount === null) return;
        let listed = false;
        dispatch(
          notificationsApi.util.updateQueryData('notifications', BELL_ARGS, (draft) => {
            listed = true;
            if (draft.notifications.some((n) => n.id === notification.id)) return;
            draft.notifications.unshift(notification);
            if (draft.notifications.length > (BELL_ARGS.limit ?? 20)) draft.notifications.pop();
            draft.total += 1;
            draft.unreadCount = unreadCount;
          }),
        );
        // The bell's list had not arrived (the page is still loading): it may have been read before this one was
        // stored, so it is read again once it lands.
        if (!listed) dispatch(notificationsApi.util.invalidateTags(['Notifications']));
        if (notification.toast) {
          const toastId = toast.show({
            variant: notification.kind === 'alert' ? 'warning' : 'info',
            title: notification.title,
            message: notification.body,
            position: 'right',
            ...(notification.link
              ? { action: { label: 'Open', onClick: () => latest.current.open(notification) } }
              : {}),
          });
          raised = { notificationId: notification.id, toastId };
          if (notification.sound) (latest.current.sound ?? beep)();
        }
      } else if (event.event === NOTIFICATIONS_CHANGED_EVENT) {
        const unreadCount = countOf(event.data);
        if (unreadCount === null) return;
        dispatch(
          notificationsApi.util.updateQueryData('notifications', BELL_ARGS, (draft) => {
            draft.unreadCount = unreadCount;
          }),
        );
        // Which ones were read (or deleted) in another tab is not in the event: reload the list.
        dispatch(notificationsApi.util.invalidateTags(['Notifications']));
      }
    });
  }, [client, dispatch]);
}
