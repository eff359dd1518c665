import { MESSENGER_TYPING_SHOW_MS, type Message } from '@tradedesk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { mergeMessages } from './messages-state';
import { useLazyMessagesQuery, useMarkConversationReadMutation } from './messenger-api';
import { useLiveMessenger } from './use-live-messenger';

/**
 * The open conversation's messages: the newest page, older pages on demand, live ones as they arrive (read at
 * once while open), the peer's read time and typing.
 */
export function useConversationMessages(conversationId: string, initialPeerReadAt: string | null) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [peerReadAt, setPeerReadAt] = useState(initialPeerReadAt);
  const [typingUntil, setTypingUntil] = useState(0);
  const [load, { isFetching, isError, error }] = useLazyMessagesQuery();
  const [markRead] = useMarkConversationReadMutation();
  const loaded = useRef(false);
  // only seeds the state of a newly opened conversation; live reads update it after
  const seedReadAt = useRef(initialPeerReadAt);
  seedReadAt.current = initialPeerReadAt;

  const fetchPage = useCallback(
    async (from?: string) => {
      const page = await load({ conversationId, ...(from ? { cursor: from } : {}) }).unwrap();
      setMessages((current) => mergeMessages(current, page.items));
      setCursor(page.nextCursor);
      return page;
    },
    [conversationId, load],
  );

  useEffect(() => {
    setMessages([]);
    setCursor(null);
    setPeerReadAt(seedReadAt.current);
    setTypingUntil(0);
    loaded.current = false;
    fetchPage()
      .then(() => {
        loaded.current = true;
        return markRead(conversationId);
      })
      .catch(() => {});
  }, [conversationId, fetchPage, markRead]);

  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  useLiveMessenger({
    onMessage: (event) => {
      if (event.conversationId !== conversationId) return;
      setMessages((current) => mergeMessages(current, [event.message]));
      if (!event.message.mine) {
        setTypingUntil(0);
        markRead(conversationId).catch(() => {});
      }
    },
    onRead: (event) => {
      if (event.conversationId === conversationId) setPeerReadAt(event.readAt);
    },
    onTyping: (event) => {
      if (event.conversationId === conversationId) setTypingUntil(Date.now() + MESSENGER_TYPING_SHOW_MS);
    },
  });

  return {
    messages,
    added: (m: Message) => setMessages((current) => mergeMessages(current, [m])),
    removed: (id: string) => setMessages((current) => current.filter((m) => m.id !== id)),
    loadOlder: cursor ? () => fetchPage(cursor).catch(() => {}) : null,
    loading: isFetching,
    failed: isError ? error : null,
    retry: () => fetchPage().catch(() => {}),
    peerReadAt,
    peerTyping: typingUntil > 0,
  };
}
