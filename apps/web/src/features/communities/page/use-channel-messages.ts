import type { ChannelMessage } from '@tradedesk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getWsClient, type WsClient } from '../../../shared/ws/ws-client';
import { channelLiveChange, channelWsName, markDeleted, mergeChannelMessages } from './channel-messages-state';
import { useLazyPageChannelMessagesQuery, usePageMarkChannelReadMutation } from './community-page-api';

/**
 * The open channel's messages: the newest page, older pages on demand (by the `nextBefore` cursor), and live ones
 * over `community-channel:<id>` as they arrive. The channel is marked read when opened and on each live message
 * while open.
 */
export function useChannelMessages(communityId: string, channelId: string, options: { client?: WsClient } = {}) {
  const { client } = options;
  const [messages, setMessages] = useState<ChannelMessage[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [load, { isFetching, isError, error }] = useLazyPageChannelMessagesQuery();
  const [markRead] = usePageMarkChannelReadMutation();

  const fetchPage = useCallback(
    async (before?: string) => {
      const page = await load({ id: communityId, channelId, ...(before ? { before } : {}) }).unwrap();
      setMessages((current) => mergeChannelMessages(current, page.items));
      setCursor(page.nextBefore);
      return page;
    },
    [communityId, channelId, load],
  );

  useEffect(() => {
    setMessages([]);
    setCursor(null);
    fetchPage()
      .then(() => markRead({ id: communityId, channelId }))
      .catch(() => {});
  }, [communityId, channelId, fetchPage, markRead]);

  const read = useRef(() => {});
  read.current = () => {
    markRead({ id: communityId, channelId }).catch(() => {});
  };

  useEffect(() => {
    const live = client ?? getWsClient();
    return live.subscribe(channelWsName(channelId), (event) => {
      const change = channelLiveChange(event.event, event.data);
      if (change.kind === 'message') {
        if (change.message.channelId !== channelId) return;
        setMessages((current) => mergeChannelMessages(current, [change.message]));
        read.current();
      } else if (change.kind === 'deleted') {
        setMessages((current) => markDeleted(current, change.messageId));
      }
    });
  }, [client, channelId]);

  return {
    messages,
    added: (m: ChannelMessage) => setMessages((current) => mergeChannelMessages(current, [m])),
    deleted: (id: string) => setMessages((current) => markDeleted(current, id)),
    loadOlder: cursor ? () => fetchPage(cursor).catch(() => {}) : null,
    loading: isFetching,
    failed: isError ? error : null,
    retry: () => fetchPage().catch(() => {}),
  };
}
