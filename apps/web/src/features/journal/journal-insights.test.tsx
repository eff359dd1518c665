import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComplianceGroupWire, ComplianceResponse, ManualSetup } from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { type MockRequest, mockFetch } from '../../test/fetch-mock';
import { ACCOUNT_ID, tradingAccount } from '../trading/test/trading-fixtures';
import { ComplianceTab, ruleRows } from './compliance-tab';
import { emptySetupForm, setupFormBody, validateSetup } from './setup-form';
import { SetupsTab } from './setups-tab';

// jsdom draws no SVG: the chart stands in as its labelled box with the scores as text.
vi.mock('./discipline-chart', () => ({
  DisciplineChart: (props: { label: string; periods: Array<{ date: string; score: number | null }> }) => (
    <div role="img" aria-label={props.label}>
      {props.periods.map((p) => `${p.date}:${p.score ?? '-'}`).join(' ')}
    </div>
  ),
}));

const STRATEGY = '77777777-7777-4777-8777-777777777701';
const SETUPS = '/user-data/v1/store/activeCharts/manualSetups';

function setup(overrides: Partial<ManualSetup>): ManualSetup {
  return {
    id: 'setup-1',
    name: '',
    symbol: 'EURUSD',
    source: 'FOREX',
    timeframe: '15m',
    chartId: null,
    direction: 'long',
    entryFrom: 1.08,
    entryTo: 1.081,
    stopLoss: 1.075,
    takeProfit: 1.09,
    strategyId: STRATEGY,
    status: 'watching',
    statusAt: '2026-03-03T10:00:00.000Z',
    statusPrice: null,
    ...overrides,
  };
}

const strategies = {
  ids: [STRATEGY],
  items: [
    {
      id: STRATEGY,
      name: 'London breakout',
      description: '',
      created: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      tags: [],
      symbols: [],
      timeframes: [],
      indicators: [],
      snapshots: [],
      folders: [],
      graph: null,
      approaches: 1,
    },
  ],
  total: 1,
  page: 1,
  limit: 100,
};

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('manual setups', () => {
  it('checks a setup’s levels against its direction, naming the field', () => {
    const long = { ...emptySetupForm, symbol: 'EURUSD', entryFrom: '1.08', entryTo: '1.081', stopLoss: '1.0805' };
    expect(validateSetup(long)).toEqual({ stopLoss: 'Stop must be below the entry zone for a long setup.' });
    expect(validateSetup({ ...long, stopLoss: '1.07', takeProfit: '1.0805' })).toEqual({
      takeProfit: 'Target must be above the entry zone for a long setup.',
    });
    expect(validateSetup({ ...emptySetupForm, symbol: 'EUR USD' })).toEqual({
      symbol: 'Symbol must be a ticker such as EURUSD: 1 to 20 letters, digits, dots, underscores or hyphens.',
      entryFrom: 'Entry from is needed: the price (or one end of the zone) to enter at.',
    });
    expect(validateSetup({ ...long, direction: 'short', stopLoss: '1.09', takeProfit: '1.07' })).toEqual({});
    expect(setupFormBody({ ...long, stopLoss: '1.07', symbol: 'eurusd' }, 'n1').entry_to).toBe(1.081);
    expect(setupFormBody({ ...long, entryTo: '', stopLoss: '1.07' }, 'n1').entry_to).toBe(1.08);
  });

  it('lists setups by status and creates one, saved with the version it was read at', async () => {
    const user = userEvent.setup();
    const puts: MockRequest[] = [];
    const net = mockFetch({
      [`GET ${SETUPS}`]: {
        body: {
          payload: {
            state: [
              setup({}),
              setup({
                id: 'setup-2',
                symbol: 'XAUUSD',
                direction: 'short',
                entryFrom: 2400,
                entryTo: 2400,
                stopLoss: 2420,
                takeProfit: 2350,
                status: 'invalidated',
                statusPrice: 2421.5,
                strategyId: null,
              }),
            ],
            version: 3,
            updatedAt: '2026-03-03T10:00:00.000Z',
          },
        },
      },
      [`PUT ${SETUPS}`]: (req) => {
        puts.push(req);
        return {
          body: {
            payload: {
              state: [setup({}), setup({ id: 'new', symbol: 'GBPUSD', direction: 'short', status: 'watching' })],
              version: 4,
              updatedAt: '2026-03-03T11:00:00.000Z',
            },
          },
        };
      },
      'GET /strategies': { body: strategies },
    });
    renderWithStore(<SetupsTab />);
    const watching = await screen.findByRole('region', { name: 'Watching setups' }, { timeout: 5000 });
    const eurusd = within(watching).getByRole('listitem', { name: 'EURUSD long setup' });
    // The instrument's 5 digits, not the number as stored.
    expect(eurusd).toHaveTextContent('1.08000 – 1.08100');
    expect(eurusd).toHaveTextContent('Stop1.07500');
    expect(eurusd).toHaveTextContent('Target1.09000');
    expect(await within(eurusd).findByText('London breakout')).toBeInTheDocument();
    const invalidated = screen.getByRole('region', { name: 'Invalidated setups' });
    expect(within(invalidated).getByRole('listitem', { name: 'XAUUSD short setup' })).toHaveTextContent(
      'at 2421.5 (Simulated)',
    );

    await user.click(screen.getByRole('button', { name: 'New setup' }));
    const dialog = await screen.findByRole('dialog', { name: 'New setup' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Symbol' }), 'gbpusd');
    await user.click(within(dialog).getByRole('button', { name: 'Short' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Entry from' }), '1.27');
    await user.type(within(dialog).getByRole('textbox', { name: 'Stop' }), '1.26');
    await user.click(within(dialog).getByRole('button', { name: 'Save setup' }));
    expect(within(dialog).getByText('Stop must be above the entry zone for a short setup.')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Stop' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Stop' }), '1.28');
    await user.type(within(dialog).getByRole('textbox', { name: 'Target' }), '1.25');
    await user.click(within(dialog).getByRole('combobox', { name: 'Strategy' }));
    await user.click(await screen.findByRole('option', { name: 'London breakout' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save setup' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    const body = puts[0]?.body as { version: number; state: Array<Record<string, unknown>> };
    expect(body.version).toBe(3);
    expect(body.state).toHaveLength(3);
    expect(body.state[0]).toMatchObject({ id: 'setup-1', symbol: 'EURUSD', entry_from: 1.08, stop_loss: 1.075 });
    expect(body.state[0]).not.toHaveProperty('status');
    expect(body.state[2]).toMatchObject({
      symbol: 'GBPUSD',
      direction: 'short',
      entry_from: 1.27,
      entry_to: 1.27,
      stop_loss: 1.28,
      take_profit: 1.25,
      strategy_id: STRATEGY,
      timeframe: '15m',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'GBPUSD short setup' })).toBeInTheDocument();
    expect(net.callsTo('GET', SETUPS)).toHaveLength(1);
  });

  it('points to creating the first setup when there is none', async () => {
    mockFetch({
      [`GET ${SETUPS}`]: { body: { payload: { state: [], version: 0, updatedAt: null } } },
      'GET /strategies': { body: { ...strategies, ids: [], items: [], total: 0 } },
    });
    renderWithStore(<SetupsTab />);
    expect(await screen.findByText('No setups yet.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a setup' })).toBeInTheDocument();
  });
});

function group(count: number, wins: number, net: number, averageR: number | null): ComplianceGroupWire {
  return {
    count,
    wins,
    losses: count - wins,
    breakEven: 0,
    winRate: count ? (wins / count) * 100 : null,
    averageR,
    tradesWithR: averageR === null ? 0 : count,
    net,
    tradeIds: [],
  };
}

const compliance: ComplianceResponse = {
  accountIds: [ACCOUNT_ID],
  currency: 'USD',
  timeZone: 'UTC',
  from: null,
  to: null,
  mistakePenalty: 25,
  overall: {
    followed: group(3, 2, 150, 0.8),
    broke: group(2, 0, -90, -1),
    noPlaybook: group(0, 0, 0, null),
    unreviewed: group(4, 2, 10, null),
  },
  strategies: [
    {
      strategyId: STRATEGY,
      name: 'London breakout',
      followed: group(3, 2, 150, 0.8),
      broke: group(2, 0, -90, -1),
      approaches: [
        {
          approachId: 'a1',
          name: 'Range break',
          followed: group(3, 2, 150, 0.8),
          broke: group(2, 0, -90, -1),
          checklistItems: [
            {
              itemId: 'i1',
              label: 'Range under 30 pips',
              followed: group(4, 2, 100, 0.5),
              broke: group(1, 0, -40, null),
            },
          ],
        },
      ],
    },
  ],
  mistakes: [{ mistakeId: 'm1', label: 'FOMO entry', trades: group(2, 0, -90, -1) }],
  discipline: {
    score: 62.5,
    days: [
      { date: '2026-03-02', reviewed: 2, unreviewed: 0, itemsMet: 2, itemsTotal: 2, mistakes: 0, score: 100 },
      { date: '2026-03-03', reviewed: 3, unreviewed: 1, itemsMet: 2, itemsTotal: 3, mistakes: 2, score: 50 },
    ],
    weeks: [{ date: '2026-03-02', reviewed: 5, unreviewed: 1, itemsMet: 4, itemsTotal: 5, mistakes: 2, score: 62.5 }],
  },
};

describe('rule compliance', () => {
  it('orders strategies, their approaches and their checklist items', () => {
    expect(ruleRows(compliance).map((r) => `${r.level}: ${r.name} (${r.parent})`)).toEqual([
      'Strategy: London breakout ()',
      'Approach: Range break (London breakout)',
      'Checklist item: Range under 30 pips (London breakout › Range break)',
    ]);
  });

  it('shows followed vs broke for each rule, the mistakes and the discipline score, from the server’s figures', async () => {
    const user = userEvent.setup();
    const net = mockFetch({
      'GET /accounts': { body: { accounts: [tradingAccount()] } },
      'GET /journal/compliance': { body: compliance },
    });
    renderWithStore(<ComplianceTab accountIds={[]} />);
    const rules = await screen.findByRole('grid', { name: 'Rule compliance' }, { timeout: 5000 });
    const call = net.callsTo('GET', '/journal/compliance')[0];
    expect(call?.query.get('account_id')).toBe('all');
    expect(call?.query.get('from')).toBeNull();

    const item = within(rules).getByRole('row', { name: /Range under 30 pips/ });
    const cells = within(item)
      .getAllByRole('gridcell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'Range under 30 pips',
      'Checklist item',
      'London breakout › Range break',
      '4',
      '50.0%',
      '+0.50R',
      '+$100.00',
      '1',
      '0.0%',
      '—',
      '-$40.00',
    ]);
    expect(screen.getByRole('region', { name: 'Followed the rules' })).toHaveTextContent('66.7%');
    expect(screen.getByRole('region', { name: 'Broke a rule' })).toHaveTextContent('-$90.00');
    expect(screen.getByRole('region', { name: 'Discipline score' })).toHaveTextContent('63');
    const mistakes = screen.getByRole('grid', { name: 'Mistakes and their trades' });
    expect(within(mistakes).getByRole('row', { name: /FOMO entry/ })).toHaveTextContent('-1.00R');

    expect(await screen.findByRole('img', { name: 'Discipline score per week, 0 to 100' })).toHaveTextContent(
      '2026-03-02:62.5',
    );
    await user.click(screen.getByRole('button', { name: 'Days' }));
    expect(await screen.findByRole('img', { name: 'Discipline score per day, 0 to 100' })).toHaveTextContent(
      '2026-03-02:100 2026-03-03:50',
    );

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 30 days' }));
    await waitFor(() =>
      expect(net.callsTo('GET', '/journal/compliance').at(-1)?.query.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/),
    );
  });

  it('says the analytics could not be loaded, with the server’s reason', async () => {
    mockFetch({
      'GET /accounts': { body: { accounts: [tradingAccount()] } },
      'GET /journal/compliance': {
        status: 422,
        body: {
          statusCode: 422,
          code: 'METRICS_MIXED_CURRENCIES',
          message: 'Your accounts are kept in USD and EUR; pick a currency.',
        },
      },
    });
    renderWithStore(<ComplianceTab accountIds={[]} />);
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert).toHaveTextContent('Rule compliance could not be loaded.');
    expect(alert).toHaveTextContent('Your accounts are kept in USD and EUR; pick a currency.');
  });
});
