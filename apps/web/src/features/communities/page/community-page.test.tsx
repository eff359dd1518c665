import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CHANNEL_MESSAGE_DELETED_EVENT,
  CHANNEL_MESSAGE_EVENT,
  CHANNEL_UNREAD_EVENT,
  COMMUNITY_ACCESS_EVENT,
} from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, type MockRequest, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { closeComposer } from '../../social/posts/composer/composer-store';
import {
  BOB_ID,
  COMMUNITY_ID,
  channel,
  community,
  GENERAL_ID,
  MOD_ROLE,
  member,
  message,
  NEWS_ID,
  page,
  person,
  post,
  role,
} from './community-fixtures';

type Handler = (e: { channel: string; event: string; data: unknown }) => void;
const handlers = new Map<string, Set<Handler>>();
const ws = {
  start: vi.fn(),
  stop: vi.fn(),
  connected: true,
  subscribe: vi.fn((name: string, handler: Handler) => {
    const set = handlers.get(name) ?? new Set<Handler>();
    set.add(handler);
    handlers.set(name, set);
    return () => set.delete(handler);
  }),
  onOpen: vi.fn(() => () => undefined),
  onClose: vi.fn(() => () => undefined),
};
vi.mock('../../../shared/ws/ws-client', () => ({ getWsClient: () => ws }));

const emit = (name: string, event: string, data: unknown) =>
  act(() => {
    for (const h of handlers.get(name) ?? []) h({ channel: name, event, data });
  });

/** The first find of a test waits for the lazy route's chunk, slow on a busy machine. */
const FIRST = { timeout: 15_000 };
const BASE = `/community/${COMMUNITY_ID}`;

beforeEach(() => {
  handlers.clear();
  // jsdom lays nothing out: the members table needs a height to show its rows
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  // the composer's open state lives in a module, as the shell's one dialog does
  closeComposer();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('community page: header and feed', () => {
  it('shows the header and the feed; filter and sort go to the server; a pinner pins a post', async () => {
    const net = mockFetch({
      'GET /community/by-handle/fx-club': {
        body: community({
          myPermissions: ['post', 'comment', 'pin_posts'],
          settings: {
            showMemberCount: true,
            showOnlineMembers: false,
            accentColor: '#8861E4',
            welcomeMessage: 'Read #announcements first.',
          },
        }),
      },
      [`GET ${BASE}/feed`]: {
        body: page([post({ pinned: true }), post({ id: '66666666-6666-4666-8666-666666666666', pinned: false })]),
      },
      [`GET ${BASE}/notifications`]: { body: { level: 'all', newPosts: true, announcements: true } },
      [`POST ${BASE}/posts/66666666-6666-4666-8666-666666666666/pin`]: { body: {} },
    });
    renderApp('/communities/fx-club', signedInState());
    expect(await screen.findByRole('heading', { name: 'FX Club', level: 1 }, FIRST)).toBeVisible();
    expect(screen.getByText('@fx-club · 42 members')).toBeInTheDocument();
    expect(screen.getByText('Public')).toBeInTheDocument();
    expect(screen.getByText('Read #announcements first.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Feed', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(await screen.findAllByRole('article', { name: 'Post by Bob Trader' })).toHaveLength(2);
    expect(net.callsTo('GET', `${BASE}/feed`)[0]?.query.toString()).toBe(
      'page=1&limit=10&filter=from_anyone&sort=recent',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'People you follow' }));
    await userEvent.click(screen.getByRole('button', { name: 'Top' }));
    await waitFor(() =>
      expect(
        net
          .callsTo('GET', `${BASE}/feed`)
          .some((c) => c.query.get('filter') === 'people_you_follow' && c.query.get('sort') === 'top'),
      ).toBe(true),
    );

    expect(screen.getByRole('button', { name: 'Unpin the post by Bob Trader from the community' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pin the post by Bob Trader to the community' }));
    await waitFor(() =>
      expect(net.callsTo('POST', `${BASE}/posts/66666666-6666-4666-8666-666666666666/pin`)).toHaveLength(1),
    );
  });

  it('asks a member to accept the rules before the first post, then opens the composer set to the community', async () => {
    let current = community({ mustAcceptRules: true });
    const net = mockFetch({
      'GET /community/by-handle/fx-club': () => ({ body: current }),
      [`GET ${BASE}/feed`]: { body: page([]) },
      [`GET ${BASE}/notifications`]: { body: { level: 'all', newPosts: true, announcements: true } },
      [`GET ${BASE}/rules`]: {
        body: {
          items: [
            { id: 'bb000000-0000-4000-8000-000000000002', title: 'No signals selling', description: '', position: 2 },
            { id: 'bb000000-0000-4000-8000-000000000001', title: 'Be kind', description: 'Argue ideas.', position: 1 },
          ],
        },
      },
      [`POST ${BASE}/rules/accept`]: () => {
        current = community({ mustAcceptRules: false });
        return { body: { ok: true } };
      },
      'GET /community/joined/list': { body: page([{ ...community(), membership: 'member' }]) },
    });
    renderApp('/communities/fx-club', signedInState());
    await userEvent.click((await screen.findAllByRole('button', { name: 'Write a post' }, FIRST))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Rules of FX Club' });
    const rules = await within(dialog).findByRole('list', { name: 'Rules' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Be kindArgue ideas.', 'No signals selling']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept the rules' }));
    await waitFor(() => expect(net.callsTo('POST', `${BASE}/rules/accept`)).toHaveLength(1));
    const composer = await screen.findByRole('dialog', { name: 'New post' });
    expect(within(composer).getByRole('combobox', { name: 'Visibility' })).toHaveTextContent('A community');
    await waitFor(() =>
      expect(within(composer).getByRole('combobox', { name: 'Community' })).toHaveTextContent('FX Club'),
    );
  });

  it('shows a private community to an outsider as limited: About only, and a join request', async () => {
    let current = community({
      visibility: 'private',
      membership: 'none',
      limited: true,
      myRoles: [],
      myPermissions: [],
    });
    const net = mockFetch({
      'GET /community/by-handle/fx-club': () => ({ body: current }),
      [`GET ${BASE}/rules`]: { body: { items: [] } },
      [`GET ${BASE}/links`]: { body: { items: [] } },
      [`POST ${BASE}/join`]: () => {
        current = { ...current, membership: 'requested' };
        return { body: { status: 'requested', community: current } };
      },
      [`DELETE ${BASE}/revoke`]: { status: 204 },
    });
    renderApp('/communities/fx-club?tab=feed', signedInState());
    expect(await screen.findByText('This community is private.', {}, FIRST)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['About']);
    expect(screen.getByRole('tab', { name: 'About', selected: true })).toBeInTheDocument();
    expect(net.callsTo('GET', `${BASE}/feed`)).toHaveLength(0);
    expect(net.callsTo('GET', `${BASE}/channels`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Request to join' }));
    await waitFor(() => expect(net.callsTo('POST', `${BASE}/join`)).toHaveLength(1));
    const requested = await screen.findByRole('button', { name: 'Requested: withdraw the join request' });
    await userEvent.click(requested);
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw your join request?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(net.callsTo('DELETE', `${BASE}/revoke`)).toHaveLength(1));
  });

  it('leaves after confirming; a manager gets the Settings link and sets notifications', async () => {
    const net = mockFetch({
      'GET /community/by-handle/fx-club': { body: community({ myPermissions: ['manage_members', 'post'] }) },
      [`GET ${BASE}/feed`]: { body: page([]) },
      [`GET ${BASE}/notifications`]: { body: { level: 'all', newPosts: true, announcements: true } },
      [`PUT ${BASE}/notifications`]: (req: MockRequest) => ({
        body: { level: (req.body as { level: string }).level, newPosts: true, announcements: true },
      }),
      [`DELETE ${BASE}/leave`]: { status: 204 },
    });
    renderApp('/communities/fx-club', signedInState());
    expect(await screen.findByRole('link', { name: 'Settings' }, FIRST)).toHaveAttribute(
      'href',
      '/communities/fx-club/settings',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Notifications from FX Club' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Only mentions' }));
    await waitFor(() => expect(net.callsTo('PUT', `${BASE}/notifications`)[0]?.body).toEqual({ level: 'mentions' }));

    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave FX Club?' });
    expect(net.callsTo('DELETE', `${BASE}/leave`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(net.callsTo('DELETE', `${BASE}/leave`)).toHaveLength(1));
  });

  it('says when no community has the handle (or it is hidden from the caller)', async () => {
    mockFetch({
      'GET /community/by-handle/ghost': errorBody(404, 'COMMUNITY_NOT_FOUND', 'Community not found.'),
    });
    renderApp('/communities/ghost', signedInState());
    expect(await screen.findByText('This community was not found.', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to communities' })).toHaveAttribute('href', '/communities');
  });

  it('loses access live: a ban on the user channel shows its message and leaves for /communities', async () => {
    mockFetch({
      'GET /community/by-handle/fx-club': { body: community() },
      [`GET ${BASE}/feed`]: { body: page([]) },
      [`GET ${BASE}/notifications`]: { body: { level: 'all', newPosts: true, announcements: true } },
    });
    const { history } = renderApp('/communities/fx-club', signedInState());
    await screen.findByRole('heading', { name: 'FX Club', level: 1 }, FIRST);
    // another community's event changes nothing
    emit('user', COMMUNITY_ACCESS_EVENT, {
      communityId: '99999999-9999-4999-8999-999999999999',
      change: 'banned',
      message: 'elsewhere',
    });
    expect(history.location.pathname).toBe('/communities/fx-club');
    emit('user', COMMUNITY_ACCESS_EVENT, {
      communityId: COMMUNITY_ID,
      change: 'banned',
      message: 'You were banned from FX Club: spam.',
    });
    await waitFor(() => expect(history.location.pathname).toBe('/communities'));
    expect(await screen.findByText('You were banned from FX Club: spam.')).toBeInTheDocument();
  });
});

describe('community page: channels', () => {
  it('lists channels with badges, shows messages live, sends with a mention and deletes its own', async () => {
    const mine = message({
      id: 'dd000000-0000-4000-8000-000000000009',
      author: person({ id: '00000000-0000-4000-8000-000000000001', username: 'ada', displayName: 'Ada Lovelace' }),
      content: 'Hi @bob',
      createdAt: '2026-01-02T09:00:00.000Z',
      deletable: true,
    });
    const net = mockFetch({
      'GET /community/by-handle/fx-club': { body: community() },
      [`GET ${BASE}/notifications`]: { body: { level: 'all', newPosts: true, announcements: true } },
      [`GET ${BASE}/channels`]: {
        body: {
          items: [
            channel({ unread: 3, mentions: 1 }),
            channel({ id: NEWS_ID, name: 'announcements', kind: 'announcements', canWrite: false, position: 2 }),
          ],
        },
      },
      [`GET ${BASE}/channels/${GENERAL_ID}/messages`]: (req: MockRequest) => ({
        body: req.query.get('before')
          ? {
              items: [
                message({
                  id: 'dd000000-0000-4000-8000-000000000000',
                  content: 'Older one',
                  createdAt: '2026-01-01T08:00:00.000Z',
                }),
              ],
              nextBefore: null,
            }
          : { items: [message()], nextBefore: 'cursor-1' },
      }),
      [`GET ${BASE}/channels/${NEWS_ID}/messages`]: { body: { items: [], nextBefore: null } },
      // answered after the list shows its badges (the read clears them)
      [`POST ${BASE}/channels/${GENERAL_ID}/read`]: { body: { ok: true }, delayMs: 400 },
      [`POST ${BASE}/channels/${NEWS_ID}/read`]: { body: { ok: true } },
      [`GET ${BASE}/members`]: { body: page([member()]) },
      [`POST ${BASE}/channels/${GENERAL_ID}/messages`]: { status: 201, body: mine },
      [`DELETE ${BASE}/channels/${GENERAL_ID}/messages/${mine.id}`]: { status: 204 },
    });
    const { history } = renderApp('/communities/fx-club?tab=channels', signedInState());
    const nav = await screen.findByRole('navigation', { name: 'Channels' }, FIRST);
    expect(within(nav).getByRole('button', { name: '#general, 3 unread, 1 mention' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Messages in #general' });
    expect(within(list).getByText('Morning all')).toBeInTheDocument();
    // opening the channel marks it read: the badges go
    await waitFor(() => expect(net.callsTo('POST', `${BASE}/channels/${GENERAL_ID}/read`)).toHaveLength(1));
    expect(await within(nav).findByRole('button', { name: '#general' })).toBeInTheDocument();
    expect(handlers.get(`community-channel:${GENERAL_ID}`)?.size).toBe(1);

    // older messages on demand
    await userEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(await within(list).findByText('Older one')).toBeInTheDocument();
    expect(net.callsTo('GET', `${BASE}/channels/${GENERAL_ID}/messages`).at(-1)?.query.get('before')).toBe('cursor-1');

    // a live message arrives, then a live deletion
    emit(`community-channel:${GENERAL_ID}`, CHANNEL_MESSAGE_EVENT, {
      message: message({
        id: 'dd000000-0000-4000-8000-000000000005',
        content: 'Gold breaking out',
        createdAt: '2026-01-02T08:30:00.000Z',
      }),
    });
    expect(await within(list).findByText('Gold breaking out')).toBeInTheDocument();
    emit(`community-channel:${GENERAL_ID}`, CHANNEL_MESSAGE_DELETED_EVENT, {
      messageId: 'dd000000-0000-4000-8000-000000000005',
    });
    await waitFor(() => expect(within(list).queryByText('Gold breaking out')).not.toBeInTheDocument());
    expect(within(list).getByText('This message was deleted.')).toBeInTheDocument();

    // unread counts of another channel arrive on the user channel
    emit('user', CHANNEL_UNREAD_EVENT, { communityId: COMMUNITY_ID, channelId: NEWS_ID, unread: 2, mentions: 0 });
    expect(await within(nav).findByRole('button', { name: '#announcements, 2 unread' })).toBeInTheDocument();

    // mention suggestions from the members search, then send
    const box = screen.getByRole('combobox', { name: 'Message #general' });
    await userEvent.type(box, 'Hi @bo');
    const option = await screen.findByRole('option', { name: /Bob Trader/ }, { timeout: 3000 });
    expect(net.callsTo('GET', `${BASE}/members`).at(-1)?.query.get('search')).toBe('bo');
    await userEvent.keyboard('{Enter}');
    expect(option).not.toBeInTheDocument();
    expect(box).toHaveValue('Hi @bob ');
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(net.callsTo('POST', `${BASE}/channels/${GENERAL_ID}/messages`)[0]?.body).toEqual({ content: 'Hi @bob' }),
    );
    expect(await within(list).findByText('Hi @bob')).toBeInTheDocument();
    expect(box).toHaveValue('');

    // delete my own message, after confirming
    await userEvent.click(within(list).getByRole('button', { name: 'Delete the message by Ada Lovelace' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this message?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(net.callsTo('DELETE', `${BASE}/channels/${GENERAL_ID}/messages/${mine.id}`)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // announcements are read-only for a member
    await userEvent.click(within(nav).getByRole('button', { name: '#announcements, 2 unread' }));
    await waitFor(() => expect(history.location.search).toBe(`?tab=channels&channel=${NEWS_ID}`));
    expect(await screen.findByText('Only moderators post in #announcements: members read it.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Message #announcements' })).not.toBeInTheDocument();
  });
});

describe('community page: members and about', () => {
  it('lists members in the table, sends the search only when typed, and lists a display role on its own', async () => {
    const net = mockFetch({
      'GET /community/by-handle/fx-club': { body: community() },
      [`GET ${BASE}/notifications`]: { body: { level: 'all', newPosts: true, announcements: true } },
      [`GET ${BASE}/roles`]: {
        body: {
          items: [
            role({
              roleId: MOD_ROLE,
              name: 'Moderator',
              kind: 'moderator',
              display: true,
              position: 2,
              members: 1,
              color: '#E46188',
            }),
            role(),
          ],
        },
      },
      [`GET ${BASE}/members`]: (req: MockRequest) => ({
        body: req.query.get('search')
          ? page([
              member({
                user: person({
                  id: '33333333-3333-4333-8333-333333333333',
                  username: 'carl',
                  displayName: 'Carl Quant',
                }),
              }),
            ])
          : page(
              [
                member({ roles: [{ id: MOD_ROLE, name: 'Moderator', color: '#E46188', position: 2 }] }),
                member({
                  user: person({
                    id: '33333333-3333-4333-8333-333333333333',
                    username: 'carl',
                    displayName: 'Carl Quant',
                  }),
                }),
              ],
              25,
            ),
      }),
      [`GET ${BASE}/member-list/${MOD_ROLE}`]: {
        body: page([member({ roles: [{ id: MOD_ROLE, name: 'Moderator', color: '#E46188', position: 2 }] })]),
      },
    });
    renderApp('/communities/fx-club?tab=members', signedInState());
    const grid = await screen.findByRole('grid', { name: 'Members' }, FIRST);
    expect(await within(grid).findByRole('link', { name: 'Bob Trader' })).toHaveAttribute(
      'href',
      '/community/profile/bob',
    );
    const first = net.callsTo('GET', `${BASE}/members`)[0];
    expect(first?.query.has('search')).toBe(false);
    // Bob's group is the display role he holds; Carl is in Members
    const rows = within(grid).getAllByRole('row');
    expect(rows.some((r) => r.textContent?.includes('Bob Trader') && r.textContent.includes('Moderator'))).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() =>
      expect(net.callsTo('GET', `${BASE}/members`).some((c) => c.query.get('page') === '2')).toBe(true),
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'carl');
    await waitFor(() =>
      expect(
        net
          .callsTo('GET', `${BASE}/members`)
          .some((c) => c.query.get('search') === 'carl' && c.query.get('page') === '1'),
      ).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Moderator (1)' }));
    await waitFor(() => expect(net.callsTo('GET', `${BASE}/member-list/${MOD_ROLE}`)).toHaveLength(1));
  });

  it('shows the rules in order, the links and the rating, and rates with stars', async () => {
    const net = mockFetch({
      'GET /community/by-handle/fx-club': { body: community() },
      [`GET ${BASE}/notifications`]: { body: { level: 'all', newPosts: true, announcements: true } },
      [`GET ${BASE}/rules`]: {
        body: {
          items: [
            { id: 'bb000000-0000-4000-8000-000000000002', title: 'Second rule', description: '', position: 2 },
            { id: 'bb000000-0000-4000-8000-000000000001', title: 'First rule', description: '', position: 1 },
          ],
        },
      },
      [`GET ${BASE}/links`]: {
        body: {
          items: [
            {
              id: 'ee000000-0000-4000-8000-000000000001',
              title: 'Discord',
              url: 'https://discord.example',
              position: 1,
            },
          ],
        },
      },
      [`GET /communities/${COMMUNITY_ID}/ratings`]: { body: { ...page([]), average: 4.5, mine: null } },
      [`POST /communities/${COMMUNITY_ID}/ratings`]: { body: {} },
    });
    renderApp('/communities/fx-club?tab=about', signedInState());
    const rules = await screen.findByRole('list', { name: 'Rules' }, FIRST);
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['First rule', 'Second rule']);
    expect(screen.getByRole('link', { name: 'Discord' })).toHaveAttribute('href', 'https://discord.example');
    expect(await screen.findByText('4.5 out of 5 from 0 ratings.')).toBeInTheDocument();
    // a plain click: jsdom lays nothing out, and the stars read the pointer's place on hover
    fireEvent.click(screen.getByRole('radio', { name: '4 Stars' }));
    await waitFor(() =>
      expect(net.callsTo('POST', `/communities/${COMMUNITY_ID}/ratings`)[0]?.body).toEqual({ rating: 4 }),
    );
  });
});

describe('post page of a community post', () => {
  it('names the community and links to it beside the Comments tab', async () => {
    const p = post();
    mockFetch({
      [`GET /posts/${p.id}`]: { body: p },
      [`GET /posts/${p.id}/comments`]: { body: page([]) },
      [`GET ${BASE}`]: { body: community() },
    });
    renderApp(`/community/posts/${p.id}`, signedInState());
    const aside = await screen.findByRole('complementary', { name: 'Community' }, FIRST);
    expect(within(aside).getByRole('link', { name: 'FX Club' })).toHaveAttribute('href', '/communities/fx-club');
    expect(screen.getByRole('tab', { name: 'Comments (0)' })).toBeInTheDocument();
    expect(BOB_ID).toBe(p.author.id);
  });
});
