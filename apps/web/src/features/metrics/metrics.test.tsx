import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Approach, MetricsResponse } from '@tradedesk/contracts';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { mockFetch } from '../../test/fetch-mock';
import { ACCOUNT_ID, tradingAccount } from '../trading/test/trading-fixtures';
import { withTail } from './curve-tail';
import { checklistOptions } from './metrics-filters';
import { MetricsScreen } from './metrics-page';
import { defaultView, paramsOf, rangeDays, viewOf } from './metrics-url';
import { monthWeeks } from './pnl-calendar';
import { overview, response, T1, T2, T3, trade } from './test/metrics-fixtures';

// jsdom draws no SVG: the plots stand in as one button per bar, wired to the same click-through.
vi.mock('./metrics-charts', () => ({
  BucketBars: (props: {
    bars: Array<{ label: string; count: number }>;
    label: string;
    onSelect?: (i: number) => void;
  }) => (
    <div role="img" aria-label={props.label}>
      {props.bars.map((b, i) => (
        <button key={b.label} type="button" onClick={() => props.onSelect?.(i)}>
          bar {b.label}
        </button>
      ))}
    </div>
  ),
  EquityCurves: (props: { label: string; end?: string | null }) => (
    <div role="img" aria-label={props.label} data-end={props.end ?? ''} />
  ),
}));

const ADX = '40000000-0000-4000-8000-000000000001';
const RSI_ITEM = '40000000-0000-4000-8000-000000000002';
function approachOf(id: string, name: string, items: Array<[string, string]>): Approach {
  return {
    id,
    strategyId: '20000000-0000-4000-8000-000000000001',
    name,
    description: '',
    status: 'entry',
    tags: [],
    symbols: [],
    timeframes: [],
    indicators: [],
    criteria: [
      {
        id: `${id.slice(0, -1)}9`,
        name: 'Criterion',
        conditions: [
          {
            id: `${id.slice(0, -1)}8`,
            text: 'Condition',
            // listed out of order: the filter follows each item's place
            checklist: items.map(([itemId, text], order) => ({ id: itemId, text, order })).reverse(),
            images: [],
            comments: [],
          },
        ],
      },
    ],
    created: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
const bounce = approachOf('30000000-0000-4000-8000-000000000001', 'Oversold bounce', [
  [ADX, 'ADX(14) below 25 on 4h'],
  [RSI_ITEM, 'RSI(14) closed above 30'],
]);
const exit = approachOf('30000000-0000-4000-8000-000000000002', 'Exit at the mean', [
  ['40000000-0000-4000-8000-000000000003', 'RSI(14) touched 50'],
]);

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

function renderScreen(url = '/metrics', answer: (q: URLSearchParams) => MetricsResponse = () => response()) {
  const net = mockFetch({
    'GET /accounts': { body: { accounts: [tradingAccount()] } },
    [`GET /trading/metrics/${ACCOUNT_ID}`]: (req) => ({ body: answer(req.query) }),
    'GET /trading/metrics/all': (req) => ({ body: answer(req.query) }),
  });
  const view = renderWithStore(
    <MemoryRouter initialEntries={[url]}>
      <MetricsScreen />
      <Address />
    </MemoryRouter>,
  );
  return { net, view };
}

// The first render of a test loads the screen's modules: slower than a later one.
const firstRender = { timeout: 5000 };
const address = () => screen.getByRole('status', { name: 'address' }).textContent ?? '';

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the metrics address', () => {
  it('keeps tabs, fullscreen, filters and switches, leaving defaults out', () => {
    const view = { ...defaultView, sub: 'hodl' as const, fullscreen: true, unit: 'r' as const, symbol: 'XAUUSD' };
    const params = paramsOf(view);
    expect(params.toString()).toBe('tab=hodl&fullscreen=1&symbol=XAUUSD&unit=r');
    expect(viewOf(params)).toEqual(view);
    expect(paramsOf(defaultView).toString()).toBe('');
  });

  it('falls back to the defaults for unknown values, and drops custom dates of a preset', () => {
    const v = viewOf(new URLSearchParams('tab=nope&unit=pips&direction=up&from=2026-13&range=week&to=2026-03-09'));
    expect(v.sub).toBe('overview');
    expect(v.unit).toBe('money');
    expect(v.direction).toBe('');
    expect(v.from).toBe('');
    expect(paramsOf(v).toString()).toBe('range=week');
  });

  it('turns the presets into the user’s days, weeks starting on Monday', () => {
    const today = '2026-03-05'; // a Thursday
    expect(rangeDays({ range: 'week', from: '', to: '' }, today)).toEqual({ from: '2026-03-02', to: today });
    expect(rangeDays({ range: 'month', from: '', to: '' }, today)).toEqual({ from: '2026-03-01', to: today });
    expect(rangeDays({ range: '30d', from: '', to: '' }, today)).toEqual({ from: '2026-02-04', to: today });
    expect(rangeDays({ range: 'all', from: '2026-01-01', to: '' }, today)).toEqual({ from: null, to: null });
  });

  it('keeps the approach and checklist filters, the side only with its item', () => {
    const view = { ...defaultView, strategy: 'S', approach: 'A', checklistItem: 'I', checklist: 'broke' as const };
    expect(paramsOf(view).toString()).toBe('strategy=S&approach=A&checklist_item=I&checklist=broke');
    expect(viewOf(paramsOf(view))).toEqual(view);
    expect(paramsOf({ ...view, checklistItem: '' }).toString()).toBe('strategy=S&approach=A');
  });

  it('offers the checklist items of the chosen approach, or of every approach with its name', () => {
    expect(checklistOptions([bounce, exit], bounce.id).map((o) => o.label)).toEqual([
      'ADX(14) below 25 on 4h',
      'RSI(14) closed above 30',
    ]);
    expect(checklistOptions([bounce, exit], '').map((o) => o.id)).toEqual([
      ADX,
      RSI_ITEM,
      '40000000-0000-4000-8000-000000000003',
    ]);
  });

  it('lays a month out in whole weeks from Monday', () => {
    const weeks = monthWeeks('2026-03-01'); // March 2026 starts on a Sunday
    expect(weeks[0]?.[0]).toBe('2026-02-23');
    expect(weeks.at(-1)?.[6]).toBe('2026-04-05');
    expect(weeks).toHaveLength(6);
  });
});

describe('the equity curve’s tail', () => {
  const rows = [
    { time: '2026-03-02T10:00:00.000Z', balance: 100, equity: 100, drawdown: 0 },
    { time: '2026-03-03T10:00:00.000Z', balance: 90, equity: 90, drawdown: 10 },
  ];
  it('runs flat from the last trade to the period’s end', () => {
    const now = Date.parse('2026-04-01T00:00:00Z');
    expect(withTail(rows, '2026-03-09T00:00:00.000Z', now).at(-1)).toEqual({
      time: '2026-03-09T00:00:00.000Z',
      balance: 90,
      equity: 90,
      drawdown: 10,
    });
  });
  it('stops at now for a period ending later, and adds nothing without an end or before the last point', () => {
    const now = Date.parse('2026-03-05T12:00:00Z');
    expect(withTail(rows, '2026-03-09T00:00:00.000Z', now).at(-1)?.time).toBe('2026-03-05T12:00:00.000Z');
    expect(withTail(rows, null, now)).toBe(rows);
    expect(withTail(rows, '2026-03-03T00:00:00.000Z', now)).toBe(rows);
  });
});

describe('the metrics screen', () => {
  it('shows the headline figures formatted, and "—" with the reason where a figure has no value', async () => {
    renderScreen();
    const tiles = await screen.findByLabelText('Headline figures', undefined, firstRender);
    const tile = (label: string) => within(tiles).getByText(label).parentElement as HTMLElement;
    expect(within(tile('Net P/L')).getByText('+$150.00')).toBeInTheDocument();
    expect(within(tile('Win rate')).getByText('66.7%')).toBeInTheDocument();
    expect(within(tile('Profit factor')).getByText('4.33')).toBeInTheDocument();
    expect(within(tile('Max drawdown')).getByText('-$45.00')).toBeInTheDocument();
    expect(within(tile('Max drawdown')).getByText('1d 1h, not yet recovered')).toBeInTheDocument();
    expect(within(tile('Sharpe')).getByText('3.12')).toBeInTheDocument();
    const sortino = within(tile('Sortino')).getByTitle(/losing day/);
    expect(sortino).toHaveTextContent('—');
    expect(within(tile('Commissions')).getByText('-$15.00')).toBeInTheDocument();
    // Average R is an R figure in money mode too (one trade with a stop: +2R), never "$0.00".
    expect(within(tile('Average R')).getByText('+2.00R')).toBeInTheDocument();
    expect(within(tile('Average R')).queryByText('$0.00')).not.toBeInTheDocument();
  });

  it('runs the equity curves to the period’s end', async () => {
    const point = (time: string, balance: number) => ({
      time,
      balance,
      equity: balance,
      drawdown: 0,
      drawdownPercent: 0,
      tradeId: null,
      kind: 'close' as const,
    });
    renderScreen('/metrics', () =>
      response({
        to: '2026-03-09T00:00:00.000Z',
        curves: { points: [point('2026-03-02T15:00:00.000Z', 10_195), point('2026-03-03T16:00:00.000Z', 10_150)] },
      }),
    );
    const curves = await screen.findByRole('img', { name: /Equity and balance curves/ }, firstRender);
    expect(curves).toHaveAttribute('data-end', '2026-03-09T00:00:00.000Z');
  });

  it('says why profit factor has no value when no trade lost', async () => {
    renderScreen('/metrics', () =>
      response({ overview: overview([T1, T2], { profitFactor: null, flags: { profitFactorInfinite: true } }) }),
    );
    const tiles = await screen.findByLabelText('Headline figures');
    const pf = within(tiles).getByText('Profit factor').parentElement as HTMLElement;
    expect(within(pf).getByTitle('No losing trades: gains over no losses have no bound.')).toHaveTextContent('—');
  });

  it('switches amounts to % of the starting balance and to R, gross or net, and keeps it in the address', async () => {
    const user = userEvent.setup();
    renderScreen();
    const tiles = await screen.findByLabelText('Headline figures');
    const netTile = () => within(tiles).getByText(/^(Net|Gross) P\/L$/).parentElement as HTMLElement;
    await user.click(screen.getByRole('button', { name: 'Percent of the starting balance' }));
    expect(within(netTile()).getByText('+1.50%')).toBeInTheDocument();
    expect(address()).toContain('unit=percent');
    await user.click(screen.getByRole('button', { name: 'R, multiples of the initial risk' }));
    // Only T2 had a stop: +100 over a risk of 50.
    expect(within(netTile()).getByText('+2.00R')).toBeInTheDocument();
    const largestLoss = within(tiles).getByText('Largest loss').parentElement as HTMLElement;
    expect(within(largestLoss).getByTitle(/stop loss/)).toHaveTextContent('—');
    await user.click(screen.getByRole('button', { name: 'Currency (USD)' }));
    await user.click(screen.getByRole('button', { name: 'Gross, before commissions and swaps' }));
    expect(within(netTile()).getByText('+$165.00')).toBeInTheDocument();
    expect(address()).toContain('basis=gross');
  });

  it('opens the trades behind a calendar day, a week and a bar', async () => {
    const user = userEvent.setup();
    renderScreen('/metrics?tab=daily_perf');
    const calendar = await screen.findByRole('table', { name: 'Daily P/L, March 2026' }, firstRender);
    await user.click(within(calendar).getByRole('button', { name: /Mon, Mar 2, 2026: \+\$195\.00, 2 trades/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^2 trades/)).toBeInTheDocument();
    const rows = within(dialog).getAllByRole('row');
    expect(rows).toHaveLength(3); // header + two trades
    expect(within(dialog).getByText('+$95.00')).toBeInTheDocument();
    expect(within(dialog).getByText('+$100.00')).toBeInTheDocument();
    // each trade opens in the positions history, with its deals and modification log
    const links = within(dialog).getAllByRole('link', { name: /^Open the .* trade in the history$/ });
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^\/positions\?tab=history&account=[^&]+&trade=[^&]+$/);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(calendar).getByRole('button', { name: /^Week of .*\+\$150\.00, 3 trades/ }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('row')).toHaveLength(4);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('tab', { name: 'Time analysis' }));
    expect(address()).toContain('tab=time_analysis');
    await user.click(await screen.findByRole('button', { name: 'bar 14:00' }, firstRender));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('By hour of day: 14:00')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('row')).toHaveLength(2);
    expect(within(dialog).getByRole('gridcell', { name: 'Short' })).toBeInTheDocument();
  });

  it('sends the filters to the server and offers to clear them when nothing matches', async () => {
    const user = userEvent.setup();
    const { net } = renderScreen('/metrics?direction=short&range=custom&from=2026-03-01&to=2026-03-31', (q) =>
      q.get('direction') === 'short'
        ? response({ overview: overview([]), trades: [], symbols: [], dailyPerf: { days: [], weeks: [] } })
        : response(),
    );
    expect(await screen.findByText('No closed trades match these filters.')).toBeInTheDocument();
    const call = net.callsTo('GET', `/trading/metrics/${ACCOUNT_ID}`)[0];
    expect(call?.query.get('from')).toBe('2026-03-01');
    expect(call?.query.get('to')).toBe('2026-03-31');
    expect(call?.query.get('tz')).toBe('UTC');
    await user.click(screen.getByRole('button', { name: 'Show all trades' }));
    expect(await screen.findByLabelText('Headline figures')).toBeInTheDocument();
    expect(address()).toBe('');
  });

  it('sends the journal filters: reviewed trades that broke their rules', async () => {
    const user = userEvent.setup();
    const { net } = renderScreen();
    expect(await screen.findByLabelText('Headline figures', {}, firstRender)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Journal' }));
    await user.click(screen.getByRole('option', { name: 'Reviewed' }));
    await user.click(screen.getByRole('combobox', { name: 'Rules' }));
    await user.click(screen.getByRole('option', { name: 'Broke my rules' }));
    await waitFor(() => {
      const last = net.callsTo('GET', `/trading/metrics/${ACCOUNT_ID}`).at(-1);
      expect([last?.query.get('reviewed'), last?.query.get('discipline')]).toEqual(['true', 'broke']);
    });
    expect(address()).toBe('?reviewed=true&discipline=broke');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(address()).toBe('');
  });

  it('offers the journal-linked strategies by name and filters on the chosen one’s id', async () => {
    const user = userEvent.setup();
    const linked = '20000000-0000-4000-8000-000000000001';
    const gone = '20000000-0000-4000-8000-000000000002';
    const net = mockFetch({
      'GET /accounts': { body: { accounts: [tradingAccount()] } },
      [`GET /trading/metrics/${ACCOUNT_ID}`]: () => ({
        body: response({ trades: [trade(T1, { strategy: linked }), trade(T2, { strategy: gone })] }),
      }),
      'GET /strategies': {
        body: { ids: [linked], items: [{ id: linked, name: 'London breakout' }], total: 1, page: 1, limit: 100 },
      },
    });
    renderWithStore(
      <MemoryRouter initialEntries={['/metrics']}>
        <MetricsScreen />
        <Address />
      </MemoryRouter>,
    );
    expect(await screen.findByLabelText('Headline figures', {}, firstRender)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Strategy' }));
    expect(await screen.findByRole('option', { name: 'London breakout' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'A deleted strategy' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'London breakout' }));
    await waitFor(() =>
      expect(net.callsTo('GET', `/trading/metrics/${ACCOUNT_ID}`).at(-1)?.query.get('strategy')).toBe(linked),
    );
  });

  it('filters on an approach of the chosen strategy and on a checklist item met or missed, kept in the address', async () => {
    const user = userEvent.setup();
    const strategy = '20000000-0000-4000-8000-000000000001';
    const other = '20000000-0000-4000-8000-000000000003';
    const net = mockFetch({
      'GET /accounts': { body: { accounts: [tradingAccount()] } },
      [`GET /trading/metrics/${ACCOUNT_ID}`]: () => ({
        body: response({ trades: [trade(T1, { strategy }), trade(T2, { strategy: other }), trade(T3, {})] }),
      }),
      'GET /strategies': {
        body: {
          ids: [strategy, other],
          items: [
            { id: strategy, name: 'RSI mean reversion' },
            { id: other, name: 'London breakout' },
          ],
          total: 2,
          page: 1,
          limit: 100,
        },
      },
      [`GET /strategies/${strategy}/approach`]: { body: { approaches: [bounce, exit] } },
    });
    renderWithStore(
      <MemoryRouter initialEntries={[`/metrics?strategy=${strategy}`]}>
        <MetricsScreen />
        <Address />
      </MemoryRouter>,
    );
    expect(await screen.findByLabelText('Headline figures', {}, firstRender)).toBeInTheDocument();
    // the checklist items of every approach of the strategy, each named with its approach, until one is chosen
    await user.click(await screen.findByRole('combobox', { name: 'Checklist item' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Any checklist item',
      'Oversold bounce › ADX(14) below 25 on 4h',
      'Oversold bounce › RSI(14) closed above 30',
      'Exit at the mean › RSI(14) touched 50',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Approach' }));
    await user.click(await screen.findByRole('option', { name: 'Oversold bounce' }));
    await user.click(screen.getByRole('combobox', { name: 'Checklist item' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Any checklist item',
      'ADX(14) below 25 on 4h',
      'RSI(14) closed above 30',
    ]);
    await user.click(screen.getByRole('option', { name: 'ADX(14) below 25 on 4h' }));
    await waitFor(() => {
      const q = net.callsTo('GET', `/trading/metrics/${ACCOUNT_ID}`).at(-1)?.query;
      expect([q?.get('strategy'), q?.get('approach'), q?.get('checklist_item'), q?.get('checklist')]).toEqual([
        strategy,
        bounce.id,
        ADX,
        null,
      ]);
    });
    // the trades that missed it
    await user.click(screen.getByRole('combobox', { name: 'Item was' }));
    await user.click(screen.getByRole('option', { name: 'Missed' }));
    await waitFor(() =>
      expect(net.callsTo('GET', `/trading/metrics/${ACCOUNT_ID}`).at(-1)?.query.get('checklist')).toBe('broke'),
    );
    expect(address()).toBe(`?strategy=${strategy}&approach=${bounce.id}&checklist_item=${ADX}&checklist=broke`);
    // another strategy drops the approach and the item, which were the first strategy's
    await user.click(screen.getByRole('combobox', { name: 'Strategy' }));
    await user.click(await screen.findByRole('option', { name: 'London breakout' }));
    expect(address()).toBe(`?strategy=${other}`);
    expect(screen.queryByRole('combobox', { name: 'Item was' })).not.toBeInTheDocument();
  });

  it('reads the approach and checklist filters from a shared address', async () => {
    const strategy = '20000000-0000-4000-8000-000000000001';
    const { net } = renderScreen(
      `/metrics?strategy=${strategy}&approach=${bounce.id}&checklist_item=${RSI_ITEM}&checklist=followed`,
    );
    expect(await screen.findByLabelText('Headline figures', {}, firstRender)).toBeInTheDocument();
    const q = net.callsTo('GET', `/trading/metrics/${ACCOUNT_ID}`)[0]?.query;
    expect([q?.get('approach'), q?.get('checklist_item'), q?.get('checklist')]).toEqual([
      bounce.id,
      RSI_ITEM,
      'followed',
    ]);
    // a side without its item means nothing and is dropped
    expect(viewOf(new URLSearchParams('checklist=broke')).checklist).toBe('');
  });

  it('points a trader without closed trades to the chart', async () => {
    renderScreen('/metrics', () =>
      response({ overview: overview([]), trades: [], symbols: [], dailyPerf: { days: [], weeks: [] } }),
    );
    expect(await screen.findByText('No closed trades yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the chart to trade' })).toHaveAttribute('href', '/chart');
  });

  it('shows the server’s reason when the metrics cannot be computed', async () => {
    mockFetch({
      'GET /accounts': { body: { accounts: [tradingAccount()] } },
      'GET /trading/metrics/all': {
        status: 422,
        body: {
          statusCode: 422,
          code: 'METRICS_MIXED_CURRENCIES',
          message: 'Your accounts are kept in USD and EUR; pick a currency.',
        },
      },
    });
    renderWithStore(
      <MemoryRouter initialEntries={['/metrics?account=all']}>
        <MetricsScreen />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your accounts are kept in USD and EUR; pick a currency.',
    );
  });

  it('keeps fullscreen in the address and leaves it with Esc', async () => {
    const user = userEvent.setup();
    renderScreen('/metrics?fullscreen=1');
    const button = await screen.findByRole('button', { name: 'Fullscreen' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(address()).toBe('');
  });
});
