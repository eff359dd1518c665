import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsItem, NewsPage } from '@tradedesk/contracts';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { type MockRequest, mockFetch } from '../../test/fetch-mock';
import ChartNewsDrawer, { ChartNewsPanel } from './chart-news-panel';
import { newsListParams } from './news-api';
import { NewsScreen } from './news-page';
import { newsParamsOf, newsPath, newsViewOf } from './news-url';

const id = (n: number) => `99999999-9999-4999-8999-${String(n).padStart(12, '0')}`;

function item(n: number, overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    id: id(n),
    title: `Headline ${n}`,
    description: `Summary of item ${n}.`,
    date: '2026-03-02',
    time: '13:30',
    publishedAt: '2026-03-02T13:30:00.000Z',
    sentiment: 'Positive',
    unread: true,
    isSaved: false,
    logos: [],
    provider: { id: 'simulated', name: 'Simulated' },
    link: null,
    source: 'Simulated',
    simulated: true,
    symbols: ['EURUSD'],
    eventId: null,
    ...overrides,
  };
}

const page = (items: NewsItem[], nextCursor: string | null = null): NewsPage => ({ items, nextCursor });

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}
/** An item's open button (the star's name holds the title too). */
const row = (n: number) => new RegExp(`^(Unread: )?Headline ${n},`);
const address = () => document.querySelector('output[aria-label="address"]')?.textContent ?? '';

function renderNews(url: string, routes: Parameters<typeof mockFetch>[0] = {}) {
  const net = mockFetch({
    'GET /customer/configuration': { status: 404 },
    'GET /market/news': { body: page([item(1), item(2, { sentiment: 'Negative', unread: false })]) },
    'GET /market/news/providers': {
      body: {
        providers: [{ id: 'simulated', name: 'Simulated', kind: 'simulated', simulated: true, url: null, logo: null }],
      },
    },
    'GET /market/news/unread': { body: { total: 1, providers: [{ id: 'simulated', name: 'Simulated', unread: 1 }] } },
    'GET /market/news/folders': { body: { folders: [] } },
    'GET /market/news/recent': { body: { items: [] } },
    ...routes,
  });
  const element = (
    <>
      <NewsScreen />
      <Address />
    </>
  );
  const router = createMemoryRouter(
    [
      // as in the app's router: one route, the page reads folder-2/{provider} from the rest
      { path: '/market-intelligence/news/*', element },
    ],
    { initialEntries: [url] },
  );
  const view = renderWithStore(<RouterProvider router={router} />);
  return { net, view, router };
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('news address and query', () => {
  it('reads and writes the filters, leaving defaults out', () => {
    const view = newsViewOf(
      new URLSearchParams('tab=read_later&sort=this-week&sentiments=NEGATIVE,positive,bogus&q=cpi'),
    );
    expect(view).toEqual({
      tab: 'read_later',
      sort: 'this week',
      sentiments: ['Positive', 'Negative'],
      search: 'cpi',
      item: '',
      folder: '',
    });
    expect(newsParamsOf(view).toString()).toBe('tab=read_later&sort=this-week&sentiments=positive%2Cnegative&q=cpi');
    expect(newsParamsOf(newsViewOf(new URLSearchParams('tab=nope&sort=sideways'))).toString()).toBe('');
  });

  it('sends sentiments lowercased, with the sort, segments, symbols and cursor', () => {
    expect(
      newsListParams(
        {
          list: 'all',
          sort: 'this month',
          sentiments: ['Positive', 'Neutral'],
          search: ' nfp ',
          segments: ['simulated'],
          symbols: ['EURUSD'],
        },
        'c2',
      ),
    ).toEqual({
      sort: 'this month',
      sentiments: 'positive,neutral',
      search: 'nfp',
      segments: 'simulated',
      symbols: 'EURUSD',
      cursor: 'c2',
    });
  });
});

describe('news screen', () => {
  it('puts the filters in the address and in the query, sentiments lowercased', async () => {
    const { net } = renderNews('/market-intelligence/news');
    await screen.findByRole('button', { name: row(1) });
    await userEvent.click(screen.getByRole('button', { name: 'Negative' }));
    await waitFor(() => expect(address()).toBe('?sentiments=negative'));
    await waitFor(() => expect(net.callsTo('GET', '/market/news').at(-1)?.query.get('sentiments')).toBe('negative'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'This week' }));
    await waitFor(() => expect(address()).toBe('?sort=this-week&sentiments=negative'));
    await waitFor(() => expect(net.callsTo('GET', '/market/news').at(-1)?.query.get('sort')).toBe('this week'));
  });

  it('asks for the next page with the cursor when the end of the list comes into view, and stops at the end', async () => {
    const { net } = renderNews('/market-intelligence/news', {
      'GET /market/news': (req: MockRequest) =>
        req.query.get('cursor') === 'c1'
          ? { body: page([item(3), item(4)]) }
          : { body: page([item(1), item(2)], 'c1') },
    });
    expect(await screen.findByRole('button', { name: row(4) })).toBeInTheDocument();
    const calls = net.callsTo('GET', '/market/news');
    expect(calls.map((c) => c.query.get('cursor'))).toEqual([null, 'c1']);
  });

  it('saves once however often the star is pressed while saving, and removes when pressed again', async () => {
    let release: () => void = () => {};
    const { net } = renderNews('/market-intelligence/news', {
      [`PUT /market/news/article/${id(1)}/save`]: () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 204 });
        }),
      [`DELETE /market/news/article/${id(1)}/unsave`]: { status: 204 },
    });
    const star = await screen.findByRole('button', { name: 'Save to Read later: Headline 1' });
    await userEvent.click(star);
    // Shown saved at once (optimistic); a second press while the call runs sends nothing.
    const saved = await screen.findByRole('button', { name: 'Remove from Read later: Headline 1' });
    await userEvent.click(saved);
    expect(net.callsTo('PUT', `/market/news/article/${id(1)}/save`)).toHaveLength(1);
    expect(net.callsTo('DELETE', `/market/news/article/${id(1)}/unsave`)).toHaveLength(0);
    release();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove from Read later: Headline 1' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/market/news/article/${id(1)}/unsave`)).toHaveLength(1));
    expect(net.callsTo('PUT', `/market/news/article/${id(1)}/save`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Save to Read later: Headline 1' })).toBeInTheDocument();
  });

  it('puts the star back and says so when saving fails', async () => {
    renderNews('/market-intelligence/news', {
      [`PUT /market/news/article/${id(1)}/save`]: {
        status: 404,
        body: { statusCode: 404, code: 'NEWS_NOT_FOUND', message: 'News item not found' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save to Read later: Headline 1' }));
    expect(await screen.findByText('The item could not be saved.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save to Read later: Headline 1' })).toBeInTheDocument();
  });

  it.each([
    ['Mark all read', 'all'],
    ['Mark read: older than 1 day', 'day'],
    ['Mark read: older than 7 days', 'week'],
  ])('%s sends option %s', async (label, option) => {
    const { net } = renderNews('/market-intelligence/news', {
      'PUT /market/news/read-all': { body: { marked: 3 } },
    });
    await screen.findByRole('button', { name: row(1) });
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: label }));
    await waitFor(() => expect(net.callsTo('PUT', '/market/news/read-all')).toHaveLength(1));
    expect(net.callsTo('PUT', '/market/news/read-all')[0]?.body).toEqual({ option });
    expect(await screen.findByText('3 items marked read.')).toBeInTheDocument();
  });

  it('limits a provider page to its provider, and marks read only its items', async () => {
    const { net } = renderNews('/market-intelligence/news/folder-2/simulated', {
      'PUT /market/news/read-all': { body: { marked: 1 } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'News · Simulated' })).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('GET', '/market/news')[0]?.query.get('segments')).toBe('simulated'));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(net.callsTo('PUT', '/market/news/read-all')[0]?.body).toEqual({ option: 'all', segments: ['simulated'] }),
    );
  });

  it('opens an item: read/{id} is asked, the item id goes in the address, the row is no longer unread', async () => {
    const { net } = renderNews('/market-intelligence/news', {
      [`GET /market/news/article/read/${id(1)}`]: { body: item(1, { unread: false }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Unread: Headline 1,/ }));
    await waitFor(() => expect(address()).toBe(`?item=${id(1)}`));
    const reader = await screen.findByRole('article', { name: 'Headline 1' });
    expect(within(reader).getByText('Simulated', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(reader).getByRole('link', { name: 'Open the chart of EURUSD' })).toHaveAttribute(
      'href',
      '/chart?symbol=EURUSD',
    );
    expect(net.callsTo('GET', `/market/news/article/read/${id(1)}`)).toHaveLength(1);
    await waitFor(() => expect(net.callsTo('GET', '/market/news/unread').length).toBeGreaterThan(1));
    await userEvent.click(within(reader).getByRole('button', { name: 'Close the item' }));
    // The row lost its unread mark without a reload of the list.
    expect(await screen.findByRole('button', { name: /^Headline 1,/ })).toBeInTheDocument();
    expect(net.callsTo('GET', '/market/news')).toHaveLength(1);
  });

  it('moves with j and k, opens with Enter and saves with s', async () => {
    const { net } = renderNews('/market-intelligence/news', {
      [`PUT /market/news/article/${id(2)}/save`]: { status: 204 },
      [`GET /market/news/article/read/${id(2)}`]: { body: item(2, { unread: false }) },
    });
    const first = await screen.findByRole('button', { name: row(1) });
    first.focus();
    await userEvent.keyboard('j');
    const second = screen.getByRole('button', { name: row(2) });
    expect(second).toHaveFocus();
    await userEvent.keyboard('s');
    await waitFor(() => expect(net.callsTo('PUT', `/market/news/article/${id(2)}/save`)).toHaveLength(1));
    await userEvent.keyboard('k');
    expect(screen.getByRole('button', { name: row(1) })).toHaveFocus();
    await userEvent.keyboard('j{Enter}');
    await waitFor(() => expect(address()).toBe(`?item=${id(2)}`));
  });

  it("selects a folder: its providers' news, kept in the address, its unread sum on its header; the chevron only opens it", async () => {
    const folder = {
      id: '88888888-8888-4888-8888-000000000001',
      name: 'Macro',
      color: '#8861E4',
      isOpen: false,
      sections: { providers: [{ id: 'simulated', name: 'Simulated' }], integrations: [{ id: 'wire', name: 'Wire' }] },
    };
    let isOpen = false;
    const { net } = renderNews('/market-intelligence/news', {
      'GET /market/news/folders': () => ({ body: { folders: [{ ...folder, isOpen }] } }),
      'GET /market/news/unread': {
        body: {
          total: 9,
          providers: [
            { id: 'simulated', name: 'Simulated', unread: 3 },
            { id: 'wire', name: 'Wire', unread: 4 },
            { id: 'desk', name: 'Desk', unread: 2 },
          ],
        },
      },
      [`PUT /market/news/folders/${folder.id}`]: () => {
        isOpen = true;
        return { body: { ...folder, isOpen } };
      },
    });
    const group = await screen.findByRole('group', { name: 'Folder Macro' });
    const header = await within(group).findByRole('link', { name: /Macro/ });
    // 3 + 4: the folder's providers, not the desk outside it
    expect(await within(header).findByLabelText('7 unread')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Open folder Macro' }));
    await waitFor(() =>
      expect(net.callsTo('PUT', `/market/news/folders/${folder.id}`)[0]?.body).toEqual({ is_open: true }),
    );
    expect(address()).toBe('');
    expect(await within(group).findByRole('button', { name: 'Close folder Macro' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(group).getByRole('link', { name: /^Wire/ })).toHaveAttribute('href', newsPath('wire'));
    await userEvent.click(header);
    await waitFor(() => expect(address()).toBe(`?folder=${folder.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'News · Macro' })).toBeInTheDocument();
    expect(header).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /All news/ })).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(net.callsTo('GET', '/market/news').at(-1)?.query.get('segments')).toBe(folder.id));
  });

  it('opens a folder from its address', async () => {
    const folder = {
      id: '88888888-8888-4888-8888-000000000002',
      name: 'Desk folder',
      color: '#2F80ED',
      isOpen: true,
      sections: { providers: [{ id: 'simulated', name: 'Simulated' }], integrations: [] },
    };
    const { net } = renderNews(`/market-intelligence/news?folder=${folder.id}`, {
      'GET /market/news/folders': { body: { folders: [folder] } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'News · Desk folder' })).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('GET', '/market/news')[0]?.query.get('segments')).toBe(folder.id));
  });

  it('says an unknown provider does not exist, with a link back to all news', async () => {
    renderNews('/market-intelligence/news/folder-2/nonexistent');
    expect(await screen.findByText('The provider “nonexistent” does not exist.')).toBeInTheDocument();
    expect(screen.queryByText('No news yet.')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all news' })).toHaveAttribute('href', '/market-intelligence/news');
  });

  it('names the folder colours', async () => {
    renderNews('/market-intelligence/news');
    await userEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    const colours = await screen.findByRole('radiogroup', { name: 'Colour' });
    expect(
      within(colours)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Colour Purple', 'Colour Green', 'Colour Blue', 'Colour Orange', 'Colour Red', 'Colour Yellow']);
    expect(within(colours).getByRole('radio', { name: 'Colour Purple' })).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the empty state of a filtered list', async () => {
    renderNews('/market-intelligence/news?sentiments=neutral', {
      'GET /market/news': { body: page([]) },
    });
    expect(await screen.findByText('No news matches these filters.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails', async () => {
    renderNews('/market-intelligence/news', {
      'GET /market/news': { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Internal error' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The news could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('chart news tab', () => {
  it("lists the news of the chart's instrument, newest first, and opens an item in place", async () => {
    const net = mockFetch({
      'GET /market/news': { body: page([item(5, { title: 'EUR gains' })]) },
      [`GET /market/news/article/read/${id(5)}`]: { body: item(5, { title: 'EUR gains', unread: false }) },
    });
    const router = createMemoryRouter([{ path: '/chart', element: <ChartNewsPanel symbol="EURUSD" /> }], {
      initialEntries: ['/chart?symbol=EURUSD'],
    });
    renderWithStore(<RouterProvider router={router} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Unread: EUR gains,/ }));
    const query = net.callsTo('GET', '/market/news')[0]?.query;
    expect(query?.get('symbols')).toBe('EURUSD');
    expect(query?.get('sort')).toBe('latest');
    expect(await screen.findByRole('article', { name: 'EUR gains' })).toBeInTheDocument();
    expect(net.callsTo('GET', `/market/news/article/read/${id(5)}`)).toHaveLength(1);
  });

  it("says whose a release's sentiment is: Negative for USD on EURUSD; a feed item keeps the bare word", async () => {
    mockFetch({
      'GET /market/news': {
        body: page([
          item(6, {
            title: 'US Retail Sales miss',
            sentiment: 'Negative',
            currencies: ['USD'],
            eventId: 'US_RETAIL-x',
          }),
          item(7, {
            title: 'Euro firms',
            sentiment: 'Positive',
            simulated: false,
            source: 'Wire',
            provider: { id: 'wire', name: 'Wire' },
          }),
        ]),
      },
    });
    const router = createMemoryRouter([{ path: '/chart', element: <ChartNewsPanel symbol="EURUSD" /> }], {
      initialEntries: ['/chart?symbol=EURUSD'],
    });
    renderWithStore(<RouterProvider router={router} />);
    const release = await screen.findByRole('button', { name: /^Unread: US Retail Sales miss,.*, Negative for USD$/ });
    expect(within(release).getByText('Negative for USD')).toBeInTheDocument();
    const feed = screen.getByRole('button', { name: /^Unread: Euro firms,.*, Positive$/ });
    expect(within(feed).getByText('Positive')).toBeInTheDocument();
  });

  it('has a close button in the drawer, and Escape closes it', async () => {
    mockFetch({ 'GET /market/news': { body: page([item(8, { title: 'EUR news' })]) } });
    const onClose = vi.fn();
    const router = createMemoryRouter(
      [{ path: '/chart', element: <ChartNewsDrawer symbol="EURUSD" open onClose={onClose} /> }],
      { initialEntries: ['/chart?symbol=EURUSD'] },
    );
    renderWithStore(<RouterProvider router={router} />);
    await screen.findByRole('button', { name: /^Unread: EUR news,/ });
    await userEvent.click(screen.getByRole('button', { name: 'Close the news' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps the close button while an item is open', async () => {
    mockFetch({
      'GET /market/news': { body: page([item(9, { title: 'EUR more' })]) },
      [`GET /market/news/article/read/${id(9)}`]: { body: item(9, { title: 'EUR more', unread: false }) },
    });
    const onClose = vi.fn();
    const router = createMemoryRouter(
      [{ path: '/chart', element: <ChartNewsDrawer symbol="EURUSD" open onClose={onClose} /> }],
      { initialEntries: ['/chart?symbol=EURUSD'] },
    );
    renderWithStore(<RouterProvider router={router} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Unread: EUR more,/ }));
    await screen.findByRole('article', { name: 'EUR more' });
    // one way back to the list (the arrow) and one close: no second cross for the item
    expect(screen.queryByRole('button', { name: 'Close the item' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close the news' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
