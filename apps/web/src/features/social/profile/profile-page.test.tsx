import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProfileSummary, SocialProfile } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, type MockRequest, user as me, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { tradingAccount } from '../../trading/test/trading-fixtures';
import { directionOf, pageOf, tabOf, visibleTabs } from './profile-tabs';

const BOB = '22222222-2222-4222-8222-222222222222';
const CARL = '33333333-3333-4333-8333-333333333333';
const ACCOUNT = '44444444-4444-4444-8444-444444444444';

const relation = {
  self: false,
  following: false,
  followedBy: false,
  requested: false,
  requestedMe: false,
  blocking: false,
  friends: false,
};

function summary(overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: BOB,
    username: 'bob',
    displayName: 'Bob Trader',
    avatarUrl: null,
    isPublic: true,
    following: false,
    ...overrides,
  };
}

function profile(overrides: Partial<SocialProfile> = {}): SocialProfile {
  return {
    ...summary(),
    biography: 'Swing trader. EURUSD mostly.',
    url: 'https://bob.example.com',
    location: 'Lisbon',
    visibility: 'everyone',
    bannerUrl: null,
    joinedAt: '2025-03-01T00:00:00.000Z',
    limited: false,
    canFollow: true,
    canMessage: true,
    relation,
    counts: { followers: 12, following: 3, posts: 7 },
    trackRecord: {
      accountId: ACCOUNT,
      accountName: 'Practice',
      accountKind: 'virtual',
      firm: null,
      phase: null,
      currency: 'USD',
      startingBalance: 10000,
      balance: 11250,
      netProfit: 1250,
      returnPct: 12.5,
      trades: 40,
      winRate: 55,
      profitFactor: 1.8,
      maxDrawdownPct: 4.2,
      averageR: 0.75,
      since: '2025-03-02T00:00:00.000Z',
      computedAt: '2026-01-01T00:00:00.000Z',
      verified: true,
    },
    verifiedIdeas: { ideas: 5, open: 1, closed: 4, wins: 3, hitRate: 75, averageR: 1.2 },
    shareUrl: '/community/profile/bob',
    ...overrides,
  };
}

/** The first find of a test waits for the lazy route's chunk, slow on a busy machine. */
const FIRST = { timeout: 15_000 };

const page = <T,>(items: T[], total = items.length) => ({ items, page: 1, limit: 10, total });

/** GET /profile/by-username/{username} (the username lookup; the page reads its id) and the people search. */
const searchRoutes = (people: ProfileSummary[]) => ({
  ...Object.fromEntries(
    ['bob', 'Bob', 'bo'].map((term) => [
      `GET /profile/search/${term}`,
      { body: page(people.filter((p) => p.username.startsWith(term.toLowerCase()))) },
    ]),
  ),
  ...Object.fromEntries(
    people.flatMap((p) =>
      [p.username, p.username[0]?.toUpperCase() + p.username.slice(1)].map((name) => [
        `GET /profile/by-username/${name}`,
        { body: p },
      ]),
    ),
  ),
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('profile tabs in the URL', () => {
  it('opens Post by default, refuses requests on others and anything but Post when limited', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(tabOf(q(''), { self: false, limited: false })).toBe('post');
    expect(tabOf(q('tab=followers'), { self: false, limited: false })).toBe('followers');
    expect(tabOf(q('tab=requests'), { self: false, limited: false })).toBe('post');
    expect(tabOf(q('tab=requests'), { self: true, limited: false })).toBe('requests');
    expect(tabOf(q('tab=following'), { self: false, limited: true })).toBe('post');
    expect(tabOf(q('tab=nonsense'), { self: true, limited: false })).toBe('post');
    expect(visibleTabs({ self: false })).toEqual(['post', 'followers', 'following']);
    expect(pageOf(q('page=3'))).toBe(3);
    expect(pageOf(q('page=-1'))).toBe(1);
    expect(directionOf(q('direction=outgoing'))).toBe('outgoing');
    expect(directionOf(q(''))).toBe('incoming');
  });
});

describe('community profile', () => {
  it("shows someone's profile by username with the verified track record, and follows them", async () => {
    let current = profile();
    const net = mockFetch({
      ...searchRoutes([summary()]),
      [`GET /profile/${BOB}`]: () => ({ body: current }),
      [`POST /profile/${BOB}/follow`]: () => {
        current = profile({
          relation: { ...relation, following: true },
          canFollow: false,
          counts: { followers: 13, following: 3, posts: 7 },
        });
        return { body: { status: 'following', profile: current } };
      },
      [`DELETE /profile/${BOB}/unfollow`]: () => {
        current = profile();
        return { status: 204 };
      },
    });
    renderApp('/community/profile/bob', signedInState());
    expect(await screen.findByRole('heading', { name: 'Bob Trader', level: 1 }, FIRST)).toBeVisible();
    expect(screen.getByText('Swing trader. EURUSD mostly.')).toBeInTheDocument();
    const record = screen.getByRole('region', { name: 'Track record' });
    expect(within(record).getByText('Verified by TradeDesk')).toBeInTheDocument();
    expect(within(record).getByText('+12.50%')).toBeInTheDocument();
    expect(within(record).getByText('+$1,250.00')).toBeInTheDocument();
    const ideas = screen.getByRole('region', { name: 'Verified ideas' });
    expect(within(ideas).getByText('75.0%')).toBeInTheDocument();
    expect(within(ideas).getByText('1.20')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Post', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Follow requests' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', `/messages?to=${BOB}`);

    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(net.callsTo('POST', `/profile/${BOB}/follow`)).toHaveLength(1));
    const followingButton = await screen.findByRole('button', { name: 'Following: unfollow' });
    expect(screen.getByText('13')).toBeInTheDocument();

    // Unfollowing asks first.
    await userEvent.click(followingButton);
    const confirm = await screen.findByRole('dialog', { name: 'Unfollow Bob Trader?' });
    expect(net.callsTo('DELETE', `/profile/${BOB}/unfollow`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unfollow' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/profile/${BOB}/unfollow`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });

  it('shows only the name and a follow button of a private profile, and sends a follow request', async () => {
    let current = profile({
      isPublic: false,
      visibility: 'followers',
      limited: true,
      biography: 'hidden bio',
      trackRecord: null,
      verifiedIdeas: null,
      canMessage: false,
    });
    const net = mockFetch({
      ...searchRoutes([summary({ isPublic: false })]),
      [`GET /profile/${BOB}`]: () => ({ body: current }),
      [`POST /profile/${BOB}/follow`]: () => {
        current = { ...current, canFollow: false, relation: { ...relation, requested: true } };
        return { body: { status: 'requested', profile: current } };
      },
      [`DELETE /profile/requests/${BOB}/revoke`]: { status: 204 },
    });
    renderApp('/community/profile/bob?tab=followers', signedInState());
    expect(await screen.findByText('This profile is private.', {}, FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByText('hidden bio')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Track record' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
    expect(net.callsTo('GET', `/profile/${BOB}/followers`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Ask to follow' }));
    const requested = await screen.findByRole('button', { name: 'Requested: withdraw the follow request' });
    expect(screen.getByText(/Your follow request is waiting/)).toBeInTheDocument();
    await userEvent.click(requested);
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw your follow request?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/profile/requests/${BOB}/revoke`)).toHaveLength(1));
  });

  it('blocks after confirming, then offers unblock; reports with a reason', async () => {
    let current = profile();
    const net = mockFetch({
      ...searchRoutes([summary()]),
      [`GET /profile/${BOB}`]: () => ({ body: current }),
      [`POST /customer/block/${BOB}`]: () => {
        current = profile({
          limited: true,
          canFollow: false,
          canMessage: false,
          trackRecord: null,
          verifiedIdeas: null,
          relation: { ...relation, blocking: true },
        });
        return { body: { ok: true } };
      },
      [`POST /profile/${BOB}/report`]: {
        body: { id: '55555555-5555-4555-8555-555555555555', status: 'open', createdAt: '2026-01-01T00:00:00.000Z' },
      },
    });
    renderApp('/community/profile/bob', signedInState());
    await screen.findByRole('heading', { name: 'Bob Trader', level: 1 }, FIRST);

    await userEvent.click(screen.getByRole('button', { name: 'More profile actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    const report = await screen.findByRole('dialog', { name: 'Report Bob Trader' });
    await userEvent.click(within(report).getByRole('button', { name: 'Send report' }));
    expect(within(report).getByText('Choose a reason for the report.')).toBeInTheDocument();
    await userEvent.click(within(report).getByRole('radio', { name: 'Scam or fraud' }));
    await userEvent.type(within(report).getByRole('textbox', { name: 'Details (optional)' }), 'Sells signals');
    await userEvent.click(within(report).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(net.callsTo('POST', `/profile/${BOB}/report`)[0]?.body).toEqual({
        reason: 'scam',
        details: 'Sells signals',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'More profile actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block Bob Trader?' });
    expect(net.callsTo('POST', `/customer/block/${BOB}`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(net.callsTo('POST', `/customer/block/${BOB}`)).toHaveLength(1));
    expect(await screen.findByText('You block @bob.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  });

  it('says when no profile has the username, and when the server hides one (blocked by them)', async () => {
    mockFetch({
      ...searchRoutes([summary()]),
      'GET /profile/by-username/ghost': errorBody(404, 'PROFILE_NOT_FOUND', 'No profile has the username ghost.'),
      [`GET /profile/${BOB}`]: errorBody(404, 'PROFILE_NOT_FOUND', 'Profile not found.'),
    });
    const first = renderApp('/community/profile/ghost', signedInState());
    expect(await screen.findByText('This profile was not found.', {}, FIRST)).toBeInTheDocument();
    first.unmount();
    renderApp('/community/profile/bob', signedInState());
    expect(await screen.findByText('This profile was not found.', {}, FIRST)).toBeInTheDocument();
  });

  it('lists followers of a profile in its tab, with pages', async () => {
    const net = mockFetch({
      ...searchRoutes([summary()]),
      [`GET /profile/${BOB}`]: { body: profile() },
      [`GET /profile/${BOB}/followers`]: (req: MockRequest) => ({
        body: {
          ...page([summary({ id: CARL, username: 'carl', displayName: 'Carl Quant' })], 25),
          page: Number(req.query.get('page') ?? 1),
        },
      }),
    });
    const { history } = renderApp('/community/profile/bob', signedInState());
    await screen.findByRole('heading', { name: 'Bob Trader', level: 1 }, FIRST);
    await userEvent.click(screen.getByRole('tab', { name: 'Followers' }));
    const list = await screen.findByRole('list', { name: 'Followers' });
    expect(within(list).getByRole('link', { name: 'Carl Quant' })).toHaveAttribute('href', '/community/profile/carl');
    expect(history.location.search).toBe('?tab=followers');
    // Not my profile: no remove button.
    expect(screen.queryByRole('button', { name: /Remove follower/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(history.location.search).toBe('?tab=followers&page=2'));
    await waitFor(() =>
      expect(net.callsTo('GET', `/profile/${BOB}/followers`).some((c) => c.query.get('page') === '2')).toBe(true),
    );
  });

  it('on my own profile: answers follow requests and revokes my own', async () => {
    const mine = profile({
      id: me.id,
      username: me.username,
      displayName: 'Ada Lovelace',
      relation: { ...relation, self: true },
      canFollow: false,
      canMessage: false,
      trackRecord: null,
      shareUrl: '/community/profile/ada',
    });
    const net = mockFetch({
      [`GET /profile/${me.id}`]: { body: mine },
      'GET /profile/requests': (req: MockRequest) => ({
        body:
          req.query.get('direction') === 'outgoing'
            ? page([
                {
                  user: summary({ id: CARL, username: 'carl', displayName: 'Carl Quant' }),
                  createdAt: '2026-01-01T00:00:00.000Z',
                },
              ])
            : page([{ user: summary(), createdAt: '2026-01-01T00:00:00.000Z' }]),
      }),
      [`POST /profile/requests/${BOB}/accept`]: { body: { ok: true } },
      [`DELETE /profile/requests/${CARL}/revoke`]: { status: 204 },
    });
    const { history } = renderApp('/community/profile?tab=requests', signedInState());
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }, FIRST)).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Follow requests', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    const incoming = await screen.findByRole('list', { name: 'Received requests' });
    await userEvent.click(within(incoming).getByRole('button', { name: 'Accept Bob Trader' }));
    await waitFor(() => expect(net.callsTo('POST', `/profile/requests/${BOB}/accept`)).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Sent' }));
    await waitFor(() => expect(history.location.search).toBe('?tab=requests&direction=outgoing'));
    const outgoing = await screen.findByRole('list', { name: 'Sent requests' });
    await userEvent.click(within(outgoing).getByRole('button', { name: 'Revoke request to Carl Quant' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/profile/requests/${CARL}/revoke`)).toHaveLength(1));
  });

  it('edits my profile: changed fields only, a field error from the server, and the track record account', async () => {
    const mine = profile({
      id: me.id,
      username: me.username,
      displayName: 'Ada Lovelace',
      relation: { ...relation, self: true },
      trackRecord: null,
      shareUrl: '/community/profile/ada',
    });
    let attempts = 0;
    const net = mockFetch({
      [`GET /profile/${me.id}`]: { body: mine },
      'GET /accounts': { body: { accounts: [tradingAccount({ id: ACCOUNT, name: 'Practice' })] } },
      'PUT /profile': () => {
        attempts += 1;
        return attempts === 1
          ? errorBody(400, 'VALIDATION_FAILED', 'Location is too long.', {
              fields: [{ field: 'location', message: 'Location must be at most 100 characters.' }],
            })
          : { body: {} };
      },
      'PUT /profile/track-record': { body: mine },
    });
    renderApp('/community/profile', signedInState());
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }, FIRST));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    const bio = within(dialog).getByRole('textbox', { name: 'Biography' });
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Prop trader');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Track record' }));
    await userEvent.click(await screen.findByRole('option', { name: /Practice/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Location must be at most 100 characters.')).toBeInTheDocument();
    expect(net.callsTo('PUT', '/profile')[0]?.body).toEqual({ biography: 'Prop trader' });
    expect(net.callsTo('PUT', '/profile/track-record')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PUT', '/profile/track-record')[0]?.body).toEqual({ account_id: ACCOUNT }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit profile' })).not.toBeInTheDocument());
  });

  it('finds people by name and opens the chosen profile', async () => {
    mockFetch({
      [`GET /profile/${me.id}`]: {
        body: profile({
          id: me.id,
          username: 'ada',
          displayName: 'Ada Lovelace',
          relation: { ...relation, self: true },
        }),
      },
      ...searchRoutes([summary()]),
      [`GET /profile/${BOB}`]: { body: profile() },
    });
    const { history } = renderApp('/community/profile', signedInState());
    await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }, FIRST);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search people' }), '@bo');
    await userEvent.click(await screen.findByRole('option', { name: /Bob Trader/ }, { timeout: 3000 }));
    await waitFor(() => expect(history.location.pathname).toBe('/community/profile/bob'));
    expect(await screen.findByRole('heading', { name: 'Bob Trader', level: 1 })).toBeInTheDocument();
  });

  it('shares the profile link', async () => {
    mockFetch({ ...searchRoutes([summary()]), [`GET /profile/${BOB}`]: { body: profile() } });
    renderApp('/community/profile/bob', signedInState());
    await screen.findByRole('heading', { name: 'Bob Trader', level: 1 }, FIRST);
    await userEvent.click(screen.getByRole('button', { name: 'Share profile' }));
    const dialog = await screen.findByRole('dialog', { name: "Share Bob Trader's profile" });
    expect(within(dialog).getByTestId('profile-share-link')).toHaveValue(
      `${window.location.origin}/community/profile/bob`,
    );
  });
});
