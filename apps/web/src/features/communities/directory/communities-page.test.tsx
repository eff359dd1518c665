import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { navItems } from '../../shell/components/nav-items';
import { Sidebar } from '../../shell/components/sidebar';
import { communitySummary, FX_CLUB, OWNED, pageOf, SECRET, TRADERS } from './directory-fixtures';
import { directoryTabOf, discoverParamsOf, discoverViewOf } from './directory-url';

/** The first find of a test waits for the lazy route's chunk, slow on a busy machine. */
const FIRST = { timeout: 15_000 };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('directory address', () => {
  it('opens Your Community by default and keeps only what is set for Discover', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(directoryTabOf(q(''))).toBe('yours');
    expect(directoryTabOf(q('tab=discover'))).toBe('discover');
    expect(directoryTabOf(q('tab=nonsense'))).toBe('yours');
    expect(discoverViewOf(q('tab=discover&q=fx&category=forex&page=3'))).toEqual({
      search: 'fx',
      category: 'forex',
      page: 3,
    });
    expect(discoverViewOf(q('category=made_up&page=-2'))).toEqual({ search: '', category: '', page: 1 });
    expect(discoverParamsOf({ search: '  ', category: '', page: 1 }).toString()).toBe('tab=discover');
    expect(discoverParamsOf({ search: ' fx ', category: 'crypto', page: 2 }).toString()).toBe(
      'tab=discover&q=fx&category=crypto&page=2',
    );
  });
});

describe('navigation', () => {
  it.each([
    ['/communities', 'Communities'],
    ['/community/profile', 'Community'],
  ])('on %s lights up %s only', (path, lit) => {
    mockFetch({});
    renderWithStore(
      <MemoryRouter initialEntries={[path]}>
        <Sidebar items={navItems({ mailbox: false })} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Communities', 'Community'])
      if (name === lit) expect(within(nav).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
      else expect(within(nav).getByRole('link', { name })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Communities' })).toHaveAttribute('href', '/communities');
  });
});

describe('Your Community', () => {
  it('lists joined communities pinned first, pins and unpins, and lists owned ones', async () => {
    let pinned = new Set<string>([FX_CLUB]);
    const joined = () =>
      [
        communitySummary({ membership: 'member' }),
        communitySummary({ id: FX_CLUB, handle: 'fxclub', name: 'FX Club', visibility: 'private', memberCount: 1 }),
      ].map((c) => ({ ...c, membership: 'member' as const, pinned: pinned.has(c.id) }));
    const net = mockFetch({
      'GET /community/joined/list': () => ({ body: pageOf(joined()) }),
      'GET /community/community-owner-list': {
        body: pageOf([communitySummary({ id: OWNED, handle: 'mine', name: 'My Desk', membership: 'member' })]),
      },
      [`POST /community/${TRADERS}/pin`]: () => {
        pinned = new Set([...pinned, TRADERS]);
        return { status: 204 };
      },
      [`DELETE /community/${FX_CLUB}/pin`]: () => {
        pinned = new Set([...pinned].filter((id) => id !== FX_CLUB));
        return { status: 204 };
      },
    });
    renderApp('/communities', signedInState());
    expect(await screen.findByRole('heading', { name: 'Communities', level: 1 }, FIRST)).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Your Community', selected: true })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Joined communities' });
    const names = () =>
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label'));
    expect(names()).toEqual(['FX Club', 'Day Traders']);
    expect(within(list).getByRole('link', { name: 'Open FX Club' })).toHaveAttribute('href', '/communities/fxclub');
    expect(within(list).getByText('1 member')).toBeInTheDocument();
    expect(within(list).getByText('1,204 members')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Pin Day Traders to the top' }));
    await waitFor(() => expect(net.callsTo('POST', `/community/${TRADERS}/pin`)).toHaveLength(1));
    expect(await within(list).findByRole('button', { name: 'Unpin Day Traders' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(list).getByRole('button', { name: 'Unpin FX Club' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/community/${FX_CLUB}/pin`)).toHaveLength(1));
    await waitFor(() => expect(names()).toEqual(['Day Traders', 'FX Club']));

    const owned = screen.getByRole('list', { name: 'Communities you own' });
    expect(within(owned).getByRole('link', { name: 'My Desk' })).toHaveAttribute('href', '/communities/mine');
  });

  it('points to Discover and Create when the person has no community', async () => {
    mockFetch({
      'GET /community/joined/list': { body: pageOf([]) },
      'GET /community/community-owner-list': { body: pageOf([]) },
    });
    renderApp('/communities', signedInState());
    expect(await screen.findByText('You have not joined a community yet.', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover communities' })).toHaveAttribute(
      'href',
      '/communities?tab=discover',
    );
    const create = screen.getAllByRole('link', { name: 'Create a community' });
    expect(create.length).toBeGreaterThan(0);
    for (const link of create) expect(link).toHaveAttribute('href', '/communities/new');
  });
});

describe('Discover', () => {
  const directoryRoutes = (onList: (q: URLSearchParams) => unknown[]) => ({
    'GET /community': (req: { query: URLSearchParams }) => ({ body: pageOf(onList(req.query)) }),
    'GET /community/categories/list': {
      body: {
        items: [
          { id: 'forex', name: 'Forex', communities: 4 },
          { id: 'crypto', name: 'Crypto', communities: 1 },
        ],
      },
    },
    'GET /community/spotlight': {
      body: { items: [communitySummary({ id: OWNED, handle: 'rising', name: 'Rising Stars' })] },
    },
  });

  it('searches only with words, filters by category and shows the spotlight without filters', async () => {
    const net = mockFetch(
      directoryRoutes((q) =>
        q.get('search') === 'fx'
          ? [communitySummary({ id: FX_CLUB, handle: 'fxclub', name: 'FX Club' })]
          : [communitySummary()],
      ),
    );
    const { history } = renderApp('/communities?tab=discover', signedInState());
    expect(await screen.findByRole('tab', { name: 'Discover', selected: true }, FIRST)).toBeInTheDocument();
    const spotlight = await screen.findByRole('region', { name: 'Spotlight' });
    expect(within(spotlight).getByRole('link', { name: 'Rising Stars' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Communities found' });
    const first = net.callsTo('GET', '/community')[0];
    expect(first?.query.has('search')).toBe(false);
    expect(first?.query.has('category')).toBe(false);
    expect(first?.query.get('page')).toBe('1');

    // Spaces alone are not a search.
    const box = screen.getByRole('searchbox', { name: 'Search communities' });
    await userEvent.type(box, '   ');
    await new Promise((r) => setTimeout(r, 400));
    expect(net.calls.filter((c) => c.path === '/community' && c.query.has('search'))).toHaveLength(0);

    await userEvent.clear(box);
    await userEvent.type(box, 'fx');
    expect(await screen.findByRole('link', { name: 'FX Club' })).toBeInTheDocument();
    expect(
      net.calls
        .filter((c) => c.path === '/community')
        .at(-1)
        ?.query.get('search'),
    ).toBe('fx');
    expect(history.location.search).toBe('?tab=discover&q=fx');
    expect(screen.queryByRole('region', { name: 'Spotlight' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Crypto, 1 community' }));
    await waitFor(() =>
      expect(
        net.calls
          .filter((c) => c.path === '/community')
          .at(-1)
          ?.query.get('category'),
      ).toBe('crypto'),
    );
    expect(screen.getByRole('button', { name: 'Crypto, 1 community' })).toHaveAttribute('aria-pressed', 'true');
    expect(history.location.search).toBe('?tab=discover&q=fx&category=crypto');
  });

  it('joins a public community, asks to join a private one and withdraws the request', async () => {
    const state = { joined: false, requested: false };
    const list = () => [
      communitySummary({ membership: state.joined ? 'member' : 'none' }),
      communitySummary({
        id: FX_CLUB,
        handle: 'fxclub',
        name: 'FX Club',
        visibility: 'private',
        membership: state.requested ? 'requested' : 'none',
      }),
      communitySummary({ id: SECRET, handle: 'banned-here', name: 'Closed Room', membership: 'banned' }),
    ];
    const net = mockFetch({
      ...directoryRoutes(() => list()),
      [`POST /community/${TRADERS}/join`]: () => {
        state.joined = true;
        return { body: { status: 'joined', community: {} } };
      },
      [`POST /community/${FX_CLUB}/join`]: () => {
        state.requested = true;
        return { body: { status: 'requested', community: {} } };
      },
      [`DELETE /community/${FX_CLUB}/revoke`]: () => {
        state.requested = false;
        return { status: 204 };
      },
    });
    renderApp('/communities?tab=discover', signedInState());
    const results = await screen.findByRole('list', { name: 'Communities found' }, FIRST);
    expect(within(results).getByLabelText('You are banned here')).toBeInTheDocument();

    await userEvent.click(within(results).getByRole('button', { name: 'Join Day Traders' }));
    expect(await within(results).findByRole('link', { name: 'Open Day Traders' })).toBeInTheDocument();
    expect(net.callsTo('POST', `/community/${TRADERS}/join`)[0]?.body).toEqual({});

    await userEvent.click(within(results).getByRole('button', { name: 'Request to join FX Club' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to join FX Club' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), 'Swing trader, EURUSD');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(net.callsTo('POST', `/community/${FX_CLUB}/join`)[0]?.body).toEqual({ message: 'Swing trader, EURUSD' }),
    );
    const requested = await within(results).findByRole('button', {
      name: 'Requested: withdraw the request to join FX Club',
    });
    await userEvent.click(requested);
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw your join request?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/community/${FX_CLUB}/revoke`)).toHaveLength(1));
    expect(await within(results).findByRole('button', { name: 'Request to join FX Club' })).toBeInTheDocument();
  });
});
