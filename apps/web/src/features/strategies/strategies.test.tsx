import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Approach, JournalTrade, Strategy } from '@tradedesk/contracts';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../test/fetch-mock';
import { StrategiesScreen } from './strategies-page';

// jsdom draws no canvas: the trade chart stands in as an image naming its trade.
vi.mock('../positions/trade-chart', () => ({
  TradeChart: (props: { trade: { symbol: string; side: string; entryPrice: number; exitPrice: number } }) => (
    <div
      role="img"
      aria-label={`chart ${props.trade.symbol} ${props.trade.side} ${props.trade.entryPrice} → ${props.trade.exitPrice}`}
    />
  ),
}));

const S1 = '20000000-0000-4000-8000-000000000001';
const A1 = '30000000-0000-4000-8000-000000000001';
const A2 = '30000000-0000-4000-8000-000000000002';
const A3 = '30000000-0000-4000-8000-000000000003';
const C1 = '40000000-0000-4000-8000-000000000001';
const D1 = '50000000-0000-4000-8000-000000000001';
const I1 = '60000000-0000-4000-8000-000000000001';
const NOW = '2026-03-02T10:00:00.000Z';

function strategy(overrides: Partial<Strategy> = {}): Strategy {
  return {
    id: S1,
    name: 'London breakout',
    description: 'The range of the Asian session, broken at the London open.',
    created: NOW,
    updatedAt: NOW,
    tags: ['breakout'],
    symbols: ['EURUSD'],
    timeframes: ['15m'],
    indicators: [],
    snapshots: [],
    folders: [],
    graph: null,
    approaches: 3,
    ...overrides,
  };
}

function approach(id: string, name: string, status: Approach['status'], overrides: Partial<Approach> = {}): Approach {
  return {
    id,
    strategyId: S1,
    name,
    description: '',
    status,
    tags: [],
    symbols: [],
    timeframes: [],
    indicators: [],
    criteria: [],
    created: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

/** A small fake of the strategies server: the approaches change as the calls say and each answer is the approach. */
function fakeServer(options: { listFails?: number } = {}) {
  let failures = options.listFails ?? 0;
  const approaches: Approach[] = [
    approach(A1, 'Range break', 'entry'),
    approach(A2, 'Move the stop to break-even', 'management'),
    approach(A3, 'Retest entry', 'entry'),
  ];
  const find = (id: string) => approaches.find((a) => a.id === id)!;
  const base = `/strategies/${S1}`;
  const net = mockFetch({
    'GET /strategies': () => {
      if (failures > 0) {
        failures -= 1;
        return errorBody(500, 'INTERNAL', 'The server failed; try again.');
      }
      return { body: { ids: [S1], items: [strategy()], total: 1, page: 1, limit: 10 } };
    },
    [`GET ${base}`]: { body: strategy() },
    [`GET ${base}/snapshot`]: { body: { snapshots: [] } },
    [`GET ${base}/approach`]: () => ({ body: { approaches: structuredClone(approaches) } }),
    'GET /indicators/list': {
      body: {
        indicators: [{ id: 'rsi', name: 'Relative Strength Index', shortName: 'RSI' }],
        total: 1,
        page: 1,
        limit: 500,
      },
    },
    'GET /market/symbols': { body: { symbols: [], total: 0, page: 1, limit: 20, pages: 0, trending: [], markets: [] } },
    [`POST ${base}/approach`]: (req) => {
      const body = req.body as { name: string; status: Approach['status'] };
      const a = approach(`30000000-0000-4000-8000-00000000000${approaches.length + 1}`, body.name, body.status);
      approaches.push(a);
      return { status: 201, body: a };
    },
    [`PUT ${base}/approach/${A1}`]: (req) => {
      Object.assign(find(A1), req.body as object);
      return { body: find(A1) };
    },
    [`DELETE ${base}/approach/${A3}`]: () => {
      approaches.splice(
        approaches.findIndex((a) => a.id === A3),
        1,
      );
      return { status: 204 };
    },
    [`POST ${base}/approach/${A1}/criteria`]: (req) => {
      find(A1).criteria.push({ id: C1, name: (req.body as { name: string }).name, conditions: [] });
      return { status: 201, body: find(A1) };
    },
    [`POST ${base}/approach/${A1}/criteria/${C1}/conditions`]: (req) => {
      find(A1).criteria[0]!.conditions.push({
        id: D1,
        text: (req.body as { text: string }).text,
        checklist: [],
        images: [],
        comments: [],
      });
      return { status: 201, body: find(A1) };
    },
    [`POST ${base}/approach/${A1}/criteria/${C1}/conditions/${D1}/checklist`]: (req) => {
      const list = find(A1).criteria[0]!.conditions[0]!.checklist;
      list.push({ id: I1, text: (req.body as { text: string }).text, order: list.length });
      return { status: 201, body: find(A1) };
    },
    [`PUT ${base}/approach/${A1}/criteria/${C1}/conditions/${D1}/checklist/${I1}`]: (req) => {
      find(A1).criteria[0]!.conditions[0]!.checklist[0]!.text = (req.body as { text: string }).text;
      return { body: find(A1) };
    },
    'GET /journal/trades': (req) =>
      req.query.get('strategy_id') === S1
        ? { body: { timeZone: 'UTC', page: 1, limit: 10, total: 1, trades: [journalTrade()] } }
        : { body: { timeZone: 'UTC', page: 1, limit: 10, total: 0, trades: [] } },
  });
  return { net, approaches };
}

function journalTrade(): JournalTrade {
  return {
    positionId: '70000000-0000-4000-8000-000000000001',
    accountId: '80000000-0000-4000-8000-000000000001',
    currency: 'USD',
    symbol: 'EURUSD',
    direction: 'long',
    volume: 1,
    openPrice: 1.085,
    closePrice: 1.0875,
    openedAt: '2026-03-02T08:00:00.000Z',
    closedAt: '2026-03-02T11:00:00.000Z',
    date: '2026-03-02',
    profit: '250.00',
    commission: '-7.00',
    swap: '0.00',
    net: '243.00',
    annotation: null,
  };
}

function renderScreen(url: string) {
  return renderWithStore(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/strategies/:id?" element={<StrategiesScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Types by pasting (one change, not one per key), then presses Enter if asked: fast on a loaded machine. */
async function fill(field: HTMLElement, text: string, enter = false) {
  await userEvent.click(field);
  await userEvent.paste(text);
  if (enter) await userEvent.keyboard('{Enter}');
}

// By id, not by role: role queries walk the whole (large) overview and are slow in jsdom.
const group = (name: string) =>
  document.querySelector<HTMLElement>(`[aria-labelledby="approaches-${name.toLowerCase()}"]`)!;
const approachDetail = () => document.querySelector<HTMLElement>('article[aria-labelledby="approach-title"]');

describe('the strategies screen', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    errors.mockRestore();
    vi.unstubAllGlobals();
  });

  it('shows the strategy with its tabs (overview, case studies, AI assistant) and its approaches grouped by status', async () => {
    fakeServer();
    renderScreen(`/strategies/${S1}`);
    expect(await screen.findByRole('heading', { name: 'London breakout', level: 2 })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Strategy views' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Overview', 'Case studies', 'AI assistant']);
    expect(screen.getByRole('link', { name: 'Open node editor' })).toHaveAttribute('href', `/strategies/${S1}/editor`);
    await screen.findByRole('button', { name: /Range break/ });
    expect(
      within(group('Entry'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Range break0 criteria', 'Retest entry0 criteria']);
    expect(within(group('Management')).getByRole('button', { name: /Move the stop/ })).toBeInTheDocument();
    expect(within(group('Exit')).getByText('No exit approaches yet.')).toBeInTheDocument();
  });

  it('adds an approach to its group, moves one by its status, and deleting the selected one clears the selection', async () => {
    const { net } = fakeServer();
    renderScreen(`/strategies/${S1}`);
    await screen.findByRole('button', { name: /Range break/ });

    // Add an exit approach: it lands in the exit group, selected.
    await fill(screen.getByLabelText('Approach name'), 'Take profit at 2R');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Exit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add approach' }));
    await waitFor(() =>
      expect(within(group('Exit')).getByRole('button', { name: /Take profit at 2R/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(net.callsTo('POST', `/strategies/${S1}/approach`)[0]?.body).toEqual({
      name: 'Take profit at 2R',
      status: 'exit',
    });

    // Select Range break and move it to management: it leaves the entry group.
    await userEvent.click(within(group('Entry')).getByRole('button', { name: /Range break/ }));
    const detail = await waitFor(() => approachDetail()!);
    await userEvent.click(within(detail).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Management' }));
    await waitFor(() => expect(within(group('Management')).getAllByRole('button')).toHaveLength(2));
    expect(
      within(group('Entry'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Retest entry0 criteria']);
    expect(net.callsTo('PUT', `/strategies/${S1}/approach/${A1}`)[0]?.body).toEqual({ status: 'management' });
    expect(within(group('Management')).getByRole('button', { name: /Range break/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Select Retest entry and delete it, confirmed: gone, nothing selected.
    await userEvent.click(within(group('Entry')).getByRole('button', { name: /Retest entry/ }));
    await userEvent.click(
      within(await waitFor(() => approachDetail()!)).getByRole('button', {
        name: 'Delete approach name “Retest entry”',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Retest entry”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(group('Entry')).getByText('No entry approaches yet.')).toBeInTheDocument());
    expect(approachDetail()).toBeNull();
    expect(net.callsTo('DELETE', `/strategies/${S1}/approach/${A3}`)).toHaveLength(1);
  });

  it('builds a criterion → condition → checklist with Enter, and edits an item', async () => {
    const { net } = fakeServer();
    renderScreen(`/strategies/${S1}`);
    await userEvent.click(await screen.findByRole('button', { name: /Range break/ }));
    const detail = await waitFor(() => approachDetail()!);
    await fill(within(detail).getByLabelText('Criterion'), 'Trend', true);
    const criterion = await within(detail).findByRole('group', { name: 'Criterion Trend' });
    await fill(within(criterion).getByLabelText('Condition'), 'Price above the 200 EMA', true);
    const condition = await within(criterion).findByRole('group', { name: 'Condition Price above the 200 EMA' });
    await fill(within(condition).getByLabelText('Checklist item'), 'H4 closes above', true);
    const list = await within(condition).findByRole('list', { name: 'Checklist' });
    expect(within(list).getByText('H4 closes above')).toBeInTheDocument();
    // numbered in order, nothing that looks like a box to tick (items are ticked on a trade in the journal)
    expect(list.tagName).toBe('OL');
    expect(within(list).getByText('1.')).toBeInTheDocument();
    expect(within(list).queryByTestId('CheckBoxOutlineBlankIcon')).not.toBeInTheDocument();
    expect(within(condition).getByLabelText('Checklist item')).toHaveValue('');

    await userEvent.click(within(list).getByRole('button', { name: 'Edit checklist item “H4 closes above”' }));
    const field = within(list).getByLabelText('Edit checklist item');
    await userEvent.clear(field);
    await fill(field, 'H4 and D1 close above', true);
    expect(await within(list).findByText('H4 and D1 close above')).toBeInTheDocument();
    expect(net.callsTo('POST', `/strategies/${S1}/approach/${A1}/criteria`)[0]?.body).toEqual({ name: 'Trend' });
    expect(
      net.callsTo('PUT', `/strategies/${S1}/approach/${A1}/criteria/${C1}/conditions/${D1}/checklist/${I1}`)[0]?.body,
    ).toEqual({ text: 'H4 and D1 close above' });
    // The list in the approach group follows: one criterion now.
    expect(within(group('Entry')).getByRole('button', { name: /Range break/ })).toHaveTextContent('1 criterion');
  });

  it('a failed fetch of the strategies is logged, the list is empty, and Try again loads it', async () => {
    const { net } = fakeServer({ listFails: 1 });
    renderScreen('/strategies');
    expect(await screen.findByText('Your strategies could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your strategies' })).toBeNull();
    expect(errors).toHaveBeenCalledWith(
      'Your strategies could not be loaded.',
      expect.objectContaining({ status: 500 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Your strategies' });
    expect(within(list).getByRole('button', { name: /London breakout/ })).toBeInTheDocument();
    expect(net.callsTo('GET', '/strategies')).toHaveLength(2);
    expect(net.callsTo('GET', '/strategies')[0]?.query.get('limit')).toBe('10');
  });

  it('the case studies tab lists the trades linked to the strategy, each with its chart', async () => {
    const { net } = fakeServer();
    renderScreen(`/strategies/${S1}?tab=case_studies`);
    const studies = await screen.findByRole('list', { name: 'Case studies' });
    expect(await within(studies).findByRole('img', { name: 'chart EURUSD buy 1.085 → 1.0875' })).toBeInTheDocument();
    expect(within(studies).getByText('+$243.00')).toBeInTheDocument();
    expect(net.callsTo('GET', '/journal/trades')[0]?.query.get('strategy_id')).toBe(S1);
  });
});
