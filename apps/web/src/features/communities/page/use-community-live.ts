import {
  CHANNEL_UNREAD_EVENT,
  COMMUNITY_ACCESS_EVENT,
  type CommunityAccessEvent,
  channelUnreadEventSchema,
  communityAccessEventSchema,
} from '@tradedesk/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../shared/toast/toast';
import { getWsClient, type WsClient } from '../../../shared/ws/ws-client';
import { communityPageApi } from './community-page-api';
import { LOST_ACCESS_CHANGES } from './community-tabs';

const ACCESS_TAGS = ['Community', 'CommunityLists', 'CommunityMembers', 'CommunityChannels', 'CommunityFeed'] as const;

/** What the page does with an access change of its community: leave it, or reload what the caller may do. */
export function accessOutcome(event: CommunityAccessEvent): 'lost' | 'reload' {
  return (LOST_ACCESS_CHANGES as readonly string[]).includes(event.change) ? 'lost' : 'reload';
}

/**
 * The community page's part of the `user` channel: an access change for this community (banned, removed, deleted)
 * shows its message and sends the person to /communities at once; other changes (roles, joined) reload the
 * community and its lists. Unread and mention counts of its channels are patched as they change.
 */
export function useCommunityLive(communityId: string, client?: WsClient): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const latest = useRef({ communityId, navigate });
  const lost = useRef(false);
  latest.current = { communityId, navigate };

  useEffect(() => {
    const live = client ?? getWsClient();
    const unsubscribe = live.subscribe('user', (event) => {
      if (event.event === COMMUNITY_ACCESS_EVENT) {
        const parsed = communityAccessEventSchema.safeParse(event.data);
        if (!parsed.success || parsed.data.communityId !== latest.current.communityId) return;
        if (accessOutcome(parsed.data) === 'lost') {
          toast.error(parsed.data.message, {
            title: 'You no longer have access to this community',
            durationMs: 10_000,
          });
          latest.current.navigate('/communities', { replace: true });
          // Reloaded once the page is gone (below): now its channels and notifications would only answer 403.
          lost.current = true;
          return;
        }
        dispatch(communityPageApi.util.invalidateTags([...ACCESS_TAGS]));
      } else if (event.event === CHANNEL_UNREAD_EVENT) {
        const parsed = channelUnreadEventSchema.safeParse(event.data);
        if (!parsed.success || parsed.data.communityId !== latest.current.communityId) return;
        const { channelId, unread, mentions } = parsed.data;
        dispatch(
          communityPageApi.util.updateQueryData('pageChannels', parsed.data.communityId, (draft) => {
            const c = draft.find((x) => x.id === channelId);
            if (c) {
              c.unread = unread;
              c.mentions = mentions;
            }
          }),
        );
      }
    });
    return () => {
      unsubscribe();
      // after the page's queries let go (their cleanups run after this one): what nobody watches is dropped
      if (lost.current) setTimeout(() => dispatch(communityPageApi.util.invalidateTags([...ACCESS_TAGS])), 0);
    };
  }, [client, dispatch]);
}
