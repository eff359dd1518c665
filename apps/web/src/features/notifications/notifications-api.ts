import type {
  Notification,
  NotificationList,
  NotificationsChangedData,
  ReadAllNotifications,
} from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

export type NotificationsArgs = { page?: number; limit?: number; unread?: boolean };

/** What the bell lists: the newest page. The live updates (use-live-notifications.ts) edit this cache entry. */
export const BELL_ARGS: NotificationsArgs = { page: 1, limit: 20 };

/**
 * The notification routes (spec section 7, "Notifications"; docs/api.md). Marking read changes the bell's cached
 * list at once and puts it back when refused.
 */
export const notificationsApi = api.enhanceEndpoints({ addTagTypes: ['Notifications'] }).injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<NotificationList, NotificationsArgs>({
      query: (args) => ({ url: '/notifications', params: args }),
      providesTags: ['Notifications'],
    }),
    createNotification: build.mutation<
      Notification,
      { title: string; body?: string; link?: string; toast?: boolean; sound?: boolean }
    >({
      query: (body) => ({ url: '/notifications', method: 'POST', body }),
    }),
    markNotificationRead: build.mutation<Notification, { id: string; read: boolean }>({
      query: ({ id, read }) => ({ url: `/notifications/${id}`, method: 'PUT', body: { read } }),
      async onQueryStarted({ id, read }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('notifications', BELL_ARGS, (draft) => {
            const item = draft.notifications.find((n) => n.id === id);
            if (!item || item.read === read) return;
            item.read = read;
            draft.unreadCount = Math.max(0, draft.unreadCount + (read ? -1 : 1));
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    markAllNotificationsRead: build.mutation<ReadAllNotifications, void>({
      query: () => ({ url: '/notifications/read-all', method: 'PUT' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('notifications', BELL_ARGS, (draft) => {
            for (const n of draft.notifications) n.read = true;
            draft.unreadCount = 0;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    deleteNotification: build.mutation<NotificationsChangedData, string>({
      query: (id) => ({ url: `/notifications/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

// The bell shows its own error state with a retry; a failed mark-read puts the item back.
markQuietEndpoints('notifications', 'markNotificationRead', 'markAllNotificationsRead');

export const {
  useNotificationsQuery,
  useCreateNotificationMutation,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useDeleteNotificationMutation,
} = notificationsApi;
