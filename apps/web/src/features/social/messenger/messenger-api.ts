import type {
  Conversation,
  ConversationPage,
  ConversationRead,
  Message,
  MessageAttachment,
  MessagePage,
  MessengerUnread,
  ReportBody,
} from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';

/** The conversation list the page shows (one page of the latest 50). */
export const CONVERSATIONS_ARGS = { page: 1, limit: 50 } as const;

/**
 * The messenger routes (docs/api.md "Messenger and friends"). Messages are fetched by cursor and kept by the
 * page (live ones are added as they come); the list and the unread badge are cached here and patched by the
 * live events (use-live-messenger.ts).
 */
export const messengerApi = api
  .enhanceEndpoints({ addTagTypes: ['Conversations', 'MessengerUnread'] })
  .injectEndpoints({
    endpoints: (build) => ({
      conversations: build.query<ConversationPage, { page: number; limit: number }>({
        query: (params) => ({ url: '/communities/messenger/conversations', params }),
        providesTags: ['Conversations'],
      }),
      conversation: build.query<Conversation, string>({
        query: (id) => ({ url: `/communities/messenger/conversations/${encodeURIComponent(id)}` }),
        providesTags: (_r, _e, id) => [{ type: 'Conversations', id }],
      }),
      startConversation: build.mutation<Conversation, string>({
        query: (userId) => ({ url: '/communities/messenger/conversations', method: 'POST', body: { user_id: userId } }),
      }),
      messages: build.query<MessagePage, { conversationId: string; cursor?: string }>({
        query: ({ conversationId, cursor }) => ({
          url: `/communities/messenger/conversations/${encodeURIComponent(conversationId)}/messages`,
          params: cursor ? { cursor } : {},
        }),
        keepUnusedDataFor: 0,
      }),
      sendMessage: build.mutation<Message, { conversationId: string; text?: string; attachmentIds?: string[] }>({
        query: ({ conversationId, text, attachmentIds }) => ({
          url: `/communities/messenger/conversations/${encodeURIComponent(conversationId)}/messages`,
          method: 'POST',
          body: {
            ...(text ? { text } : {}),
            ...(attachmentIds?.length ? { attachment_ids: attachmentIds } : {}),
          },
        }),
        invalidatesTags: (_r, error) => (error ? [] : ['Conversations']),
      }),
      markConversationRead: build.mutation<ConversationRead, string>({
        query: (id) => ({ url: `/communities/messenger/conversations/${encodeURIComponent(id)}/read`, method: 'PUT' }),
        async onQueryStarted(id, { dispatch, queryFulfilled }) {
          const done = await queryFulfilled.then(
            (r) => r.data,
            () => null,
          );
          if (!done) return;
          dispatch(messengerApi.util.upsertQueryData('messengerUnread', undefined, done.unread));
          dispatch(
            messengerApi.util.updateQueryData('conversations', CONVERSATIONS_ARGS, (draft) => {
              const c = draft.items.find((x) => x.id === id);
              if (c) {
                c.unreadCount = 0;
                c.lastReadAt = done.lastReadAt;
              }
            }),
          );
        },
      }),
      sendTyping: build.mutation<void, string>({
        query: (id) => ({
          url: `/communities/messenger/conversations/${encodeURIComponent(id)}/typing`,
          method: 'POST',
        }),
        transformResponse: () => undefined,
      }),
      deleteMessageForMe: build.mutation<void, string>({
        query: (id) => ({ url: `/communities/messenger/messages/${encodeURIComponent(id)}`, method: 'DELETE' }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error) => (error ? [] : ['Conversations']),
      }),
      deleteConversationForMe: build.mutation<void, string>({
        query: (id) => ({ url: `/communities/messenger/conversations/${encodeURIComponent(id)}`, method: 'DELETE' }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error) => (error ? [] : ['Conversations']),
      }),
      uploadMessageAttachment: build.mutation<MessageAttachment, File>({
        query: (file) => {
          const body = new FormData();
          body.append('file', file);
          return { url: '/communities/messenger/attachments', method: 'POST', body };
        },
      }),
      reportMessage: build.mutation<void, { id: string } & ReportBody>({
        query: ({ id, ...body }) => ({
          url: `/communities/messenger/messages/${encodeURIComponent(id)}/report`,
          method: 'POST',
          body,
        }),
        transformResponse: () => undefined,
      }),
      messengerUnread: build.query<MessengerUnread, void>({
        query: () => ({ url: '/communities/messenger/unread' }),
        providesTags: ['MessengerUnread'],
      }),
    }),
  });

export const {
  useConversationsQuery,
  useConversationQuery,
  useStartConversationMutation,
  useLazyMessagesQuery,
  useSendMessageMutation,
  useMarkConversationReadMutation,
  useSendTypingMutation,
  useDeleteMessageForMeMutation,
  useDeleteConversationForMeMutation,
  useUploadMessageAttachmentMutation,
  useReportMessageMutation,
  useMessengerUnreadQuery,
} = messengerApi;

// The page shows these failures itself (under the composer, in the conversation pane).
markQuietEndpoints(
  'startConversation',
  'sendMessage',
  'uploadMessageAttachment',
  'sendTyping',
  'messages',
  'conversation',
  'messengerUnread',
);
