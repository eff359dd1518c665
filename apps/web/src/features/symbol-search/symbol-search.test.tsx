import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, type MockRequest, mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInState } from '../../test/render-app';
import { catalogueRoutes, eurusd, gbpusd, searchAnswer } from './test-data';
import { withRecent } from './use-recent-instruments';

const RECENT = '/user-data/v1/store/instrument/recentlyList';

function search(req: MockRequest) {
  const text = (req.query.get('search') ?? '').toLowerCase();
  const all = [eurusd, gbpusd];
  return { body: searchAnswer(all.filter((s) => s.ticker.toLowerCase().includes(text))) };
}

describe('symbol search', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the newest pick first and at most 4 recent instruments', () => {
    const list = ['A', 'B', 'C', 'D'].map((symbol) => ({ symbol, source: 'FOREX' }));
    expect(withRecent(list, { symbol: 'C', source: 'FOREX' }).map((r) => r.symbol)).toEqual(['C', 'A', 'B', 'D']);
    expect(withRecent(list, { symbol: 'E', source: 'FOREX' }).map((r) => r.symbol)).toEqual(['E', 'A', 'B', 'C']);
  });

  it('opens with "/", shows the recent instruments, moves with the arrows and opens the chart with Enter', async () => {
    const net = mockFetch({
      ...catalogueRoutes,
      'GET /market/symbols': search,
      [`GET ${RECENT}`]: {
        body: {
          payload: {
            list: [{ symbol: 'GBPUSD', source: 'FOREX', name: 'British Pound vs US Dollar', digits: 5 }],
            version: 3,
            updatedAt: null,
          },
        },
      },
      [`PUT ${RECENT}`]: (req) => ({
        body: { payload: { list: (req.body as { list: unknown[] }).list, version: 4, updatedAt: null } },
      }),
    });
    const { history } = renderApp('/', signedInState());
    await screen.findByRole('button', { name: /account menu/ }, { timeout: 5000 });
    await userEvent.keyboard('/');
    const dialog = await screen.findByRole('dialog', { name: 'Search symbols' }, { timeout: 5000 });
    const listbox = within(dialog).getByRole('listbox', { name: 'Symbols' });
    expect(await within(listbox).findAllByRole('option', { name: /GBPUSD/ })).toHaveLength(2); // recent, then all

    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Symbol, name or currency' }), 'eur');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    expect(within(listbox).getByRole('option', { name: /EURUSD/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(history.location.pathname).toBe('/chart'));
    expect(history.location.search).toBe('?symbol=EURUSD');
    await waitFor(() =>
      expect(net.callsTo('PUT', RECENT)[0]?.body).toEqual({
        version: 3,
        list: [
          { symbol: 'EURUSD', source: 'FOREX' },
          { symbol: 'GBPUSD', source: 'FOREX' },
        ],
      }),
    );
  });

  it('says why the recent instruments failed, lists trending moves, and closes with Escape', async () => {
    mockFetch({
      ...catalogueRoutes,
      'GET /market/symbols': search,
      [`GET ${RECENT}`]: errorBody(500, 'INTERNAL', 'The store is down.'),
    });
    renderApp('/', signedInState());
    await userEvent.click(await screen.findByRole('button', { name: /^Search symbols/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Search symbols' }, { timeout: 5000 });
    expect(await within(dialog).findByText('The store is down.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Trending' }));
    expect(await within(dialog).findByRole('option', { name: /AAPL.*\+2\.77%/ })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Markets' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Forex majors/ }));
    expect(await within(dialog).findByRole('option', { name: /EURUSD/ })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search symbols' })).toBeNull());
  });

  it('opens with Ctrl+K and sends the filters to the search', async () => {
    const net = mockFetch({
      ...catalogueRoutes,
      'GET /market/symbols': search,
      [`GET ${RECENT}`]: { body: { payload: { list: [], version: 0, updatedAt: null } } },
    });
    renderApp('/', signedInState());
    await screen.findByRole('button', { name: /account menu/ }, { timeout: 5000 });
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search symbols' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Sources' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: /Stocks/ }));
    await waitFor(() =>
      expect(net.callsTo('GET', '/market/symbols').some((c) => c.query.get('sources') === 'STOCKS')).toBe(true),
    );
  });

  it('starts every opening with an empty search, so typing never adds to the last one', async () => {
    mockFetch({
      ...catalogueRoutes,
      'GET /market/symbols': search,
      [`GET ${RECENT}`]: { body: { payload: { list: [], version: 0, updatedAt: null } } },
    });
    renderApp('/', signedInState());
    await screen.findByRole('button', { name: /account menu/ }, { timeout: 5000 });
    await userEvent.keyboard('/');
    let dialog = await screen.findByRole('dialog', { name: 'Search symbols' }, { timeout: 5000 });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Symbol, name or currency' }), 'apple');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search symbols' })).toBeNull());
    await userEvent.keyboard('{Control>}k{/Control}');
    dialog = await screen.findByRole('dialog', { name: 'Search symbols' });
    const box = within(dialog).getByRole('combobox', { name: 'Symbol, name or currency' });
    expect(box).toHaveValue('');
    await userEvent.type(box, 'gbp');
    expect(box).toHaveValue('gbp');
  });
});
