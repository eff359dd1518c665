import { FEED_CHANNEL, FEED_POST_EVENT } from '@tradedesk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getWsClient, type WsClient } from '../../../shared/ws/ws-client';
import { type FeedFilter, useLazySocialFeedNewQuery } from './feed-api';

/**
 * The feed's "Show N new posts" banner: listens to the `feed` channel and, on each new post event, asks the
 * server how many posts this caller's feed (with its filter, audiences and blocks) gained after the newest one
 * shown (GET /profile/feed/new). The events only wake it: the count is always the server's. An empty feed (recent)
 * has nothing to count from, so an event reloads it.
 */
export function useNewPostsBanner(options: {
  filter: FeedFilter;
  newestId: string | null;
  client?: WsClient;
  /** An empty feed has no post to count from: a new post reloads it instead (nothing to scroll away from). */
  onPostWhileEmpty?: () => void;
}) {
  const { filter, newestId, client } = options;
  const onEmpty = useRef(options.onPostWhileEmpty);
  onEmpty.current = options.onPostWhileEmpty;
  const [count, setCount] = useState(0);
  const [ask] = useLazySocialFeedNewQuery();
  const latest = useRef({ filter, newestId });
  latest.current = { filter, newestId };

  // A new first post (the list was refreshed) or another filter: nothing new yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when either changes
  useEffect(() => setCount(0), [filter, newestId]);

  useEffect(() => {
    const live = client ?? getWsClient();
    return live.subscribe(FEED_CHANNEL, (event) => {
      if (event.event !== FEED_POST_EVENT) return;
      const { filter: f, newestId: since } = latest.current;
      if (!since) {
        onEmpty.current?.();
        return;
      }
      void ask({ filter: f, since })
        .unwrap()
        .then((r) => {
          if (latest.current.newestId === since && latest.current.filter === f) setCount(r.count);
        })
        .catch(() => {});
    });
  }, [client, ask]);

  const reset = useCallback(() => setCount(0), []);
  return { count, reset };
}
