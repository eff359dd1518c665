import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInState } from '../../test/render-app';
import { catalogueRoutes, eurusd, gbpusd, searchAnswer } from '../symbol-search/test-data';

// Live quotes: a fixed tick per symbol in place of the WebSocket; the connection each one was asked on is kept.
const quoteClients = vi.hoisted(() => [] as unknown[]);
const GUEST = vi.hoisted(() => ({ guest: true }));
vi.mock('../../shared/ws/use-guest-ws-client', () => ({
  useGuestWsClient: (enabled: boolean) => (enabled ? GUEST : undefined),
}));
vi.mock('../../shared/ws/use-market-channel', () => ({
  useLiveQuote: (symbol: string | null, client?: unknown) => {
    quoteClients.push(client);
    return {
      status: 'live',
      data:
        symbol === 'EURUSD'
          ? { symbol, bid: 1.1, ask: 1.1002, time: 1, open: true }
          : { symbol, bid: 1.25, ask: 1.2503, time: 1, open: true },
    };
  },
}));

const ID = '11111111-1111-4111-8111-111111111111';
const EUR = '22222222-2222-4222-8222-222222222222';
const GBP = '33333333-3333-4333-8333-333333333333';

function list(overrides: Record<string, unknown> = {}) {
  return {
    id: ID,
    name: 'Majors',
    isDefault: true,
    shareToken: null,
    symbols: [
      {
        id: EUR,
        source: 'FOREX',
        ticker: 'EURUSD',
        name: 'Euro vs US Dollar',
        digits: 5,
        addedAt: '2026-01-01T00:00:00.000Z',
      },
      {
        id: GBP,
        source: 'FOREX',
        ticker: 'GBPUSD',
        name: 'British Pound vs US Dollar',
        digits: 5,
        addedAt: '2026-01-01T00:00:00.000Z',
      },
    ],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const bars = (previousClose: number) => ({
  symbol: 'X',
  source: 'FOREX',
  timeframe: '1D',
  digits: 5,
  dataSource: 'Simulated',
  label: 'Simulated market',
  importedRanges: [],
  forming: true,
  candles: [
    { time: 1, open: 1, high: 1, low: 1, close: previousClose, volume: 1 },
    { time: 2, open: 1, high: 1, low: 1, close: 1, volume: 1 },
  ],
});

const baseRoutes = {
  ...catalogueRoutes,
  'GET /market/symbols': { body: searchAnswer([eurusd, gbpusd]) },
  'GET /user-data/v1/store/instrument/recentlyList': { body: { payload: { list: [], version: 0, updatedAt: null } } },
  'PUT /user-data/v1/store/instrument/recentlyList': { body: { payload: { list: [], version: 1, updatedAt: null } } },
  'GET /middleware/feed/historical': (req: { query: URLSearchParams }) => ({
    body: bars(req.query.get('symbol') === 'EURUSD' ? 1.0 : 1.25),
  }),
};

describe('watchlists', () => {
  beforeEach(() => {
    localStorage.clear();
    // jsdom lays nothing out: the table's scrolling area gets a height, as in a browser (rows are virtual).
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows live bid, ask and change, and reports a symbol already in the list in the server's words", async () => {
    const net = mockFetch({
      ...baseRoutes,
      'GET /watchlist': { body: { watchlists: [list()] } },
      [`POST /watchlist/${ID}/symbol`]: errorBody(
        409,
        'WATCHLIST_SYMBOL_DUPLICATE',
        'EURUSD is already in this watchlist.',
        {
          fields: [{ field: 'ticker', message: 'EURUSD is already in this watchlist.' }],
        },
      ),
    });
    renderApp('/watchlists', signedInState());
    const table = await screen.findByRole('grid', { name: 'Majors symbols' }, { timeout: 5000 });
    const eur = within(table).getByTestId('watch-row-EURUSD');
    await waitFor(() => expect(within(eur).getByText('+0.10000')).toBeInTheDocument());
    expect(within(eur).getByText('1.10000')).toBeInTheDocument();
    expect(within(eur).getByText('1.10020')).toBeInTheDocument();
    expect(within(eur).getByText('+10.00%')).toBeInTheDocument();
    expect(screen.getAllByText(/Simulated market/).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'Add symbol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Majors' }, { timeout: 5000 });
    await userEvent.click(await within(dialog).findByRole('option', { name: /EURUSD/ }));
    expect(await screen.findByText('EURUSD is already in this watchlist.')).toBeInTheDocument();
    expect(net.callsTo('POST', `/watchlist/${ID}/symbol`)[0]?.body).toEqual({ source: 'FOREX', ticker: 'EURUSD' });
  });

  it('sorts by a column, reorders with the keyboard, renames and deletes after confirming', async () => {
    const net = mockFetch({
      ...baseRoutes,
      'GET /watchlist': { body: { watchlists: [list()] } },
      [`PUT /watchlist/${ID}`]: (req) => {
        const body = req.body as { name?: string; symbol_ids?: string[] };
        const current = list();
        if (body.symbol_ids) current.symbols = body.symbol_ids.map((id) => current.symbols.find((s) => s.id === id)!);
        return { body: { ...current, ...(body.name ? { name: body.name } : {}) } };
      },
      [`DELETE /watchlist/${ID}`]: { status: 204 },
    });
    renderApp('/watchlists', signedInState());
    const table = await screen.findByRole('grid', { name: 'Majors symbols' }, { timeout: 5000 });
    const order = () =>
      within(table)
        .getAllByTestId(/watch-row-/)
        .map((r) => r.dataset.testid);
    expect(order()).toEqual(['watch-row-EURUSD', 'watch-row-GBPUSD']);

    // Bid sorts largest first.
    await userEvent.click(within(table).getByRole('columnheader', { name: 'Bid' }));
    await waitFor(() => expect(order()).toEqual(['watch-row-GBPUSD', 'watch-row-EURUSD']));
    // Sorted, rows cannot be dragged.
    expect(within(table).getByTestId('watch-row-EURUSD')).not.toHaveAttribute('draggable');
    // Twice more returns to the list's own order, where rows can move.
    await userEvent.click(within(table).getByRole('columnheader', { name: 'Bid' }));
    await userEvent.click(within(table).getByRole('columnheader', { name: 'Bid' }));
    await waitFor(() => expect(order()).toEqual(['watch-row-EURUSD', 'watch-row-GBPUSD']));
    expect(within(table).getByTestId('watch-row-EURUSD')).toHaveAttribute('draggable', 'true');

    await userEvent.click(within(within(table).getByTestId('watch-row-EURUSD')).getByText('EURUSD'));
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(net.callsTo('PUT', `/watchlist/${ID}`)[0]?.body).toEqual({ symbol_ids: [GBP, EUR] }));
    await waitFor(() => expect(order()).toEqual(['watch-row-GBPUSD', 'watch-row-EURUSD']));

    await userEvent.click(screen.getByRole('button', { name: 'List actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename watchlist' });
    const name = within(rename).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'FX{Enter}');
    await waitFor(() => expect(net.callsTo('PUT', `/watchlist/${ID}`)[1]?.body).toEqual({ name: 'FX' }));

    await userEvent.click(screen.getByRole('button', { name: 'List actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: /Delete/ });
    expect(net.callsTo('DELETE', `/watchlist/${ID}`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/watchlist/${ID}`)).toHaveLength(1));
  });

  it('creates the share link from the list menu', async () => {
    mockFetch({
      ...baseRoutes,
      'GET /watchlist': { body: { watchlists: [list()] } },
      [`PUT /watchlist/${ID}`]: { body: list({ shareToken: 'tok123' }) },
    });
    renderApp('/watchlists', signedInState());
    await screen.findByRole('grid', { name: 'Majors symbols' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'List actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Share link' }));
    const share = await screen.findByRole('dialog', { name: /Share/ });
    await userEvent.click(within(share).getByRole('button', { name: 'Create link' }));
    expect(await within(share).findByTestId('share-link')).toHaveValue(
      `${window.location.origin}/shared/watchlists/tok123`,
    );
  });

  it('duplicates a list, makes the copy the default and creates a new one', async () => {
    const COPY = '44444444-4444-4444-8444-444444444444';
    const NEW = '55555555-5555-4555-8555-555555555555';
    let lists = [list()];
    const net = mockFetch({
      ...baseRoutes,
      'GET /watchlist': () => ({ body: { watchlists: lists } }),
      [`GET /watchlist/${ID}/duplicate`]: () => {
        const copy = list({ id: COPY, name: 'Majors (copy)', isDefault: false });
        lists = [...lists, copy];
        return { status: 201, body: copy };
      },
      [`PUT /watchlist/${COPY}/default`]: () => {
        lists = lists.map((l) => ({ ...l, isDefault: l.id === COPY }));
        return { body: lists.find((l) => l.id === COPY) };
      },
      'POST /watchlist': (req) => {
        const made = list({ id: NEW, name: (req.body as { name: string }).name, isDefault: false, symbols: [] });
        lists = [...lists, made];
        return { status: 201, body: made };
      },
    });
    renderApp('/watchlists', signedInState());
    await screen.findByRole('grid', { name: 'Majors symbols' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'List actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    const copyTab = await screen.findByRole('tab', { name: 'Majors (copy)' });
    await waitFor(() => expect(copyTab).toHaveAttribute('aria-selected', 'true'));

    await userEvent.click(screen.getByRole('button', { name: 'List actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Set as default' }));
    await waitFor(() => expect(net.callsTo('PUT', `/watchlist/${COPY}/default`)).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(screen.getByRole('tab', { name: /Majors \(copy\)/ })).getByLabelText('default'),
      ).toBeInTheDocument(),
    );

    await userEvent.click(screen.getByRole('button', { name: 'New list' }));
    const create = await screen.findByRole('dialog', { name: 'New watchlist' });
    await userEvent.type(within(create).getByRole('textbox', { name: 'Name' }), 'Metals{Enter}');
    expect(await screen.findByText('This list is empty.')).toBeInTheDocument();
    expect(net.callsTo('POST', '/watchlist')[0]?.body).toEqual({ name: 'Metals' });
  });

  it('shows a shared list signed out with live prices on a guest connection, and a stopped link as such', async () => {
    mockFetch({
      ...baseRoutes,
      'GET /watchlist/share/tok123': {
        body: {
          name: 'Majors',
          symbols: [{ source: 'FOREX', ticker: 'EURUSD', name: 'Euro vs US Dollar', digits: 5 }],
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      },
      'GET /watchlist/share/gone': errorBody(
        404,
        'WATCHLIST_SHARE_NOT_FOUND',
        'No watchlist is shared with this link.',
      ),
    });
    quoteClients.length = 0;
    const signedOut = {
      auth: { status: 'signedOut', user: null, sessionId: null, accessExpiresAt: null, leftByChoice: false },
    } as const;
    const view = renderApp('/shared/watchlists/tok123', signedOut);
    const table = await screen.findByRole('grid', { name: 'Majors symbols' }, { timeout: 5000 });
    const eur = within(table).getByTestId('watch-row-EURUSD');
    await waitFor(() => expect(within(eur).getByText('+10.00%')).toBeInTheDocument());
    expect(within(eur).getByText('1.10000')).toBeInTheDocument();
    expect(quoteClients.at(-1)).toBe(GUEST);
    expect(within(table).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(table).getByTestId('watch-row-EURUSD')).not.toHaveAttribute('draggable');
    view.unmount();

    renderApp('/shared/watchlists/gone');
    expect(await screen.findByText('This link does not work.', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('removes a symbol from its row, opens one with Enter, and keeps the prices in view on a phone', async () => {
    // A phone's width: the small-screen media query matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    const net = mockFetch({
      ...baseRoutes,
      'GET /watchlist': { body: { watchlists: [list()] } },
      [`DELETE /watchlist/${ID}/symbol/${GBP}`]: { body: list({ symbols: [list().symbols[0]] }) },
    });
    const { history } = renderApp('/watchlists', signedInState());
    const table = await screen.findByRole('grid', { name: 'Majors symbols' }, { timeout: 5000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Symbol', 'Bid', 'Chg %', 'Actions']);
    const eur = within(table).getByTestId('watch-row-EURUSD');
    await waitFor(() => expect(within(eur).getByText('1.10000')).toBeInTheDocument());

    await userEvent.click(within(table).getByRole('button', { name: 'Remove GBPUSD' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/watchlist/${ID}/symbol/${GBP}`)).toHaveLength(1));

    await userEvent.click(within(eur).getByText('EURUSD'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(history.location.pathname).toBe('/chart'));
    expect(history.location.search).toBe('?symbol=EURUSD');
  });
});
