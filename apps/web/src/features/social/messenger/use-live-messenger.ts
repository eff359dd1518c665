import {
  MESSAGE_NEW_EVENT,
  MESSAGE_READ_EVENT,
  MESSAGE_TYPING_EVENT,
  MESSENGER_UNREAD_EVENT,
  type MessageEvent,
  type MessageReadEvent,
  type MessageTypingEvent,
  type MessengerUnread,
} from '@tradedesk/contracts';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { getWsClient, type WsClient } from '../../../shared/ws/ws-client';
import { CONVERSATIONS_ARGS, messengerApi } from './messenger-api';

const isUnread = (v: unknown): v is MessengerUnread =>
  typeof (v as MessengerUnread | null)?.messages === 'number' &&
  typeof (v as MessengerUnread | null)?.conversations === 'number';

export type LiveMessengerHandlers = {
  onMessage?: (event: MessageEvent) => void;
  onRead?: (event: MessageReadEvent) => void;
  onTyping?: (event: MessageTypingEvent) => void;
};

/**
 * Keeps the unread badge and the conversation list live over the `user` channel, and hands the page the
 * messages, reads and typing of its open conversation.
 */
export function useLiveMessenger(handlers: LiveMessengerHandlers = {}, client?: WsClient): void {
  const dispatch = useAppDispatch();
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const live = client ?? getWsClient();
    return live.subscribe('user', (event) => {
      if (event.event === MESSENGER_UNREAD_EVENT && isUnread(event.data)) {
        dispatch(messengerApi.util.upsertQueryData('messengerUnread', undefined, event.data));
      } else if (event.event === MESSAGE_NEW_EVENT) {
        const data = event.data as MessageEvent | null;
        if (!data?.message || !isUnread(data.unread)) return;
        dispatch(messengerApi.util.upsertQueryData('messengerUnread', undefined, data.unread));
        let known = false;
        dispatch(
          messengerApi.util.updateQueryData('conversations', CONVERSATIONS_ARGS, (draft) => {
            const index = draft.items.findIndex((c) => c.id === data.conversationId);
            const c = draft.items[index];
            if (!c) return;
            known = true;
            // more than one subscriber (the badge and the page) patches the same cache: once per message
            if (c.lastMessage?.id === data.message.id) return;
            c.lastMessage = data.message;
            c.updatedAt = data.message.createdAt;
            if (!data.message.mine) c.unreadCount += 1;
            draft.items.splice(index, 1);
            draft.items.unshift(c);
          }),
        );
        if (!known) dispatch(messengerApi.util.invalidateTags(['Conversations']));
        latest.current.onMessage?.(data);
      } else if (event.event === MESSAGE_READ_EVENT) {
        const data = event.data as MessageReadEvent | null;
        if (!data?.conversationId) return;
        dispatch(
          messengerApi.util.updateQueryData('conversations', CONVERSATIONS_ARGS, (draft) => {
            const c = draft.items.find((x) => x.id === data.conversationId);
            if (c) c.peerLastReadAt = data.readAt;
          }),
        );
        latest.current.onRead?.(data);
      } else if (event.event === MESSAGE_TYPING_EVENT) {
        const data = event.data as MessageTypingEvent | null;
        if (data?.conversationId) latest.current.onTyping?.(data);
      }
    });
  }, [client, dispatch]);
}
