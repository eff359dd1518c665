import { act, screen, waitFor } from '@testing-library/react';
import { FEED_CHANNEL, FEED_POST_EVENT } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import type { WsClient, WsEvent } from '../../../shared/ws/ws-client';
import { mockFetch } from '../../../test/fetch-mock';
import { useNewPostsBanner } from './use-new-posts-banner';

const NEWEST = '11111111-1111-4111-8111-111111111111';

function fakeClient() {
  const handlers = new Map<string, (e: WsEvent) => void>();
  const client = {
    subscribe(channel: string, handler: (e: WsEvent) => void) {
      handlers.set(channel, handler);
      return () => handlers.delete(channel);
    },
  } as unknown as WsClient;
  const emit = (event: string) =>
    act(() => handlers.get(FEED_CHANNEL)?.({ channel: FEED_CHANNEL, event, data: { postId: NEWEST } }));
  return { client, emit, handlers };
}

function Banner(props: { client: WsClient; newestId: string | null; onPostWhileEmpty?: () => void }) {
  const { count } = useNewPostsBanner({
    filter: 'people_you_follow',
    newestId: props.newestId,
    client: props.client,
    onPostWhileEmpty: props.onPostWhileEmpty,
  });
  return <p>{count > 0 ? `Show ${count} new posts` : 'Nothing new'}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('useNewPostsBanner', () => {
  it('asks the server how many posts are new on each feed event and shows its count', async () => {
    let count = 1;
    const net = mockFetch({ 'GET /profile/feed/new': () => ({ body: { count: count++ } }) });
    const ws = fakeClient();
    renderWithStore(<Banner client={ws.client} newestId={NEWEST} />);
    expect(ws.handlers.has(FEED_CHANNEL)).toBe(true);
    expect(screen.getByText('Nothing new')).toBeInTheDocument();
    ws.emit(FEED_POST_EVENT);
    expect(await screen.findByText('Show 1 new posts')).toBeInTheDocument();
    const call = net.callsTo('GET', '/profile/feed/new')[0];
    expect(call?.query.get('since')).toBe(NEWEST);
    expect(call?.query.get('filter')).toBe('people_you_follow');
    ws.emit(FEED_POST_EVENT);
    expect(await screen.findByText('Show 2 new posts')).toBeInTheDocument();
  });

  it('ignores other events and shows nothing when the server counts none', async () => {
    const net = mockFetch({ 'GET /profile/feed/new': { body: { count: 0 } } });
    const ws = fakeClient();
    renderWithStore(<Banner client={ws.client} newestId={NEWEST} />);
    ws.emit('something.else');
    expect(net.callsTo('GET', '/profile/feed/new')).toHaveLength(0);
    ws.emit(FEED_POST_EVENT);
    await waitFor(() => expect(net.callsTo('GET', '/profile/feed/new')).toHaveLength(1));
    expect(screen.getByText('Nothing new')).toBeInTheDocument();
  });

  it('asks nothing while the feed is empty: it has the feed reloaded instead', () => {
    const net = mockFetch({});
    const ws = fakeClient();
    const reload = vi.fn();
    renderWithStore(<Banner client={ws.client} newestId={null} onPostWhileEmpty={reload} />);
    ws.emit(FEED_POST_EVENT);
    expect(net.calls).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
