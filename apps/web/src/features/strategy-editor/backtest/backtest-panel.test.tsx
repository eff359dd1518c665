import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Backtest } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { mockFetch } from '../../../test/fetch-mock';
import { response, T1, T2, T3 } from '../../metrics/test/metrics-fixtures';
import { barAt, DENSE_TRADES, tradeMarkers, tradesInView } from './backtest-chart';
import BacktestPanel from './backtest-panel';
import { backtestRangeText, inclusiveToDay } from './backtest-range';
import { BacktestResult, withSymbolDetail } from './backtest-result';

// jsdom draws no canvas or SVG: the metrics plots stand in as one button per bar, the chart as a box.
vi.mock('../../metrics/metrics-charts', () => ({
  BucketBars: (props: { bars: Array<{ label: string }>; label: string; onSelect?: (i: number) => void }) => (
    <div role="img" aria-label={props.label}>
      {props.bars.map((b, i) => (
        <button key={b.label} type="button" onClick={() => props.onSelect?.(i)}>
          bar {b.label}
        </button>
      ))}
    </div>
  ),
  EquityCurves: (props: { label: string }) => <div role="img" aria-label={props.label} />,
}));
vi.mock('./backtest-chart', async (original) => ({
  ...(await original<typeof import('./backtest-chart')>()),
  default: () => <div role="img" aria-label="Backtest chart" />,
}));

const STRATEGY = '20000000-0000-4000-8000-000000000001';
const RUN = '30000000-0000-4000-8000-000000000001';

/** A run that found no bars: the server's failed result, with its sentence. */
const failed: Backtest = {
  id: RUN,
  strategyId: STRATEGY,
  status: 'failed',
  progress: 1,
  request: {
    strategyId: STRATEGY,
    symbol: 'GBPUSD',
    timeframe: '4h',
    from: '2026-01-01T00:00:00.000Z',
    // the server keeps the entered "to" day's end: the next midnight
    to: '2026-02-02T00:00:00.000Z',
    initialBalance: 2500,
    currency: 'USD',
    leverage: 100,
  },
  graphVersion: 1,
  strategyUpdatedAt: '2026-01-01T00:00:00.000Z',
  dataSource: 'simulated',
  dataLabel: 'Simulated',
  bars: 0,
  firstBarAt: null,
  lastBarAt: null,
  trades: [],
  report: null,
  equity: [],
  signals: [],
  finalBalance: null,
  error: 'There are no GBPUSD 4h bars from 2026-01-01 to 2026-02-01.',
  durationMs: 3,
  createdAt: '2026-03-01T10:00:00.000Z',
  finishedAt: '2026-03-01T10:00:00.000Z',
};

describe('the backtest panel', () => {
  it('is disabled while the graph has problems, and says so', async () => {
    mockFetch({ [`GET /strategies/${STRATEGY}/backtests`]: { body: { backtests: [] } } });
    const onShowProblem = vi.fn();
    renderWithStore(
      <BacktestPanel strategyId={STRATEGY} problems={2} dirty={false} onSave={vi.fn()} onShowProblem={onShowProblem} />,
    );
    expect(screen.getByRole('button', { name: 'Run backtest' })).toBeDisabled();
    const alert = screen.getByText(/The graph has 2 problems/).closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(alert).getByRole('button', { name: 'Show' }));
    expect(onShowProblem).toHaveBeenCalledOnce();
  });

  it('saves unsaved edits first, runs with the fields as the API names them, and shows a failed run’s reason', async () => {
    const order: string[] = [];
    const net = mockFetch({
      [`GET /strategies/${STRATEGY}/backtests`]: { body: { backtests: [] } },
      [`POST /strategies/${STRATEGY}/backtests`]: () => {
        order.push('run');
        return { status: 201, body: failed };
      },
      [`GET /backtests/${RUN}`]: { body: failed },
    });
    const onSave = vi.fn(async () => {
      order.push('save');
    });
    const user = userEvent.setup();
    renderWithStore(<BacktestPanel strategyId={STRATEGY} problems={0} dirty onSave={onSave} onShowProblem={vi.fn()} />);
    const form = screen.getByRole('form', { name: 'Backtest settings' });
    const symbol = within(form).getByRole('textbox', { name: 'Symbol' });
    await user.clear(symbol);
    await user.type(symbol, 'gbpusd');
    await user.click(within(form).getByRole('combobox', { name: 'Timeframe' }));
    await user.click(screen.getByRole('option', { name: '4h' }));
    const from = within(form).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    const to = within(form).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-02-01');
    const balance = within(form).getByRole('textbox', { name: 'Balance (USD)' });
    await user.clear(balance);
    await user.type(balance, '2500');
    await user.click(within(form).getByRole('button', { name: 'Save and run backtest' }));

    const result = await screen.findByRole('region', { name: 'Backtest result' });
    expect(order).toEqual(['save', 'run']);
    expect(net.callsTo('POST', `/strategies/${STRATEGY}/backtests`)[0]?.body).toEqual({
      symbol: 'GBPUSD',
      timeframe: '4h',
      from: '2026-01-01',
      to: '2026-02-01',
      initial_balance: 2500,
    });
    // The result view opens on the run and says why it failed.
    expect(result).toHaveTextContent('GBPUSD · 4h · 2026-01-01 – 2026-02-01');
    expect(result).toHaveTextContent('Simulated');
    await waitFor(() => expect(within(result).getByRole('alert')).toHaveTextContent(failed.error as string));
  });

  it('shows a refused run’s sentence, and the refused request is caught (no unhandled rejection)', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      mockFetch({
        [`GET /strategies/${STRATEGY}/backtests`]: { body: { backtests: [] } },
        [`POST /strategies/${STRATEGY}/backtests`]: {
          status: 422,
          body: {
            code: 'BACKTEST_UNKNOWN_SYMBOL',
            message: "No instrument has the symbol NOPE; pick one from the market's symbols.",
            field: 'symbol',
          },
        },
      });
      const user = userEvent.setup();
      renderWithStore(
        <BacktestPanel strategyId={STRATEGY} problems={0} dirty={false} onSave={vi.fn()} onShowProblem={vi.fn()} />,
      );
      const form = screen.getByRole('form', { name: 'Backtest settings' });
      const symbol = within(form).getByRole('textbox', { name: 'Symbol' });
      await user.clear(symbol);
      await user.type(symbol, 'NOPE');
      await user.click(within(form).getByRole('button', { name: 'Run backtest' }));
      expect(
        await screen.findByText("No instrument has the symbol NOPE; pick one from the market's symbols."),
      ).toBeVisible();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('refuses a balance that is not a positive number', async () => {
    mockFetch({ [`GET /strategies/${STRATEGY}/backtests`]: { body: { backtests: [] } } });
    const user = userEvent.setup();
    renderWithStore(
      <BacktestPanel strategyId={STRATEGY} problems={0} dirty={false} onSave={vi.fn()} onShowProblem={vi.fn()} />,
    );
    const form = screen.getByRole('form', { name: 'Backtest settings' });
    const balance = within(form).getByRole('textbox', { name: 'Balance (USD)' });
    await user.clear(balance);
    await user.type(balance, '-5');
    expect(within(form).getByText('Balance must be greater than 0.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Run backtest' })).toBeDisabled();
  });
});

/** A finished run on EURUSD: its report is the metrics fixture's (three EURUSD trades). */
const done: Backtest = {
  ...failed,
  status: 'done',
  request: { ...failed.request, symbol: 'EURUSD', timeframe: '1h', initialBalance: 10_000 },
  bars: 500,
  error: null,
  report: response(),
  trades: response().trades.map((t) => ({
    ...t,
    entryNodeId: 'buy',
    exitNodeId: null,
    exitReason: 'end_of_data' as const,
    takeProfit: null,
  })),
  finalBalance: 10_150,
};

describe('the backtest result', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has every tab of the metrics screen, the one-symbol detail too, from the run’s own report', async () => {
    // the tables draw the rows that fit their height, which jsdom does not lay out
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const net = mockFetch({ [`GET /backtests/${RUN}`]: { body: done } });
    const user = userEvent.setup();
    renderWithStore(<BacktestResult id={RUN} />);
    const tabs = await screen.findByRole('tablist', { name: 'Backtest metrics' }, { timeout: 5000 });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'Overview',
      'Time analysis',
      'General',
      'Daily performance',
      'Day of week',
      'Holding time',
      'Symbols',
      'Symbol',
    ]);
    // the symbols table opens the symbol in detail, as on the metrics screen
    await user.click(within(tabs).getByRole('tab', { name: 'Symbols' }));
    const table = await screen.findByRole('grid', { name: 'Symbols' });
    await user.dblClick(within(table).getByRole('gridcell', { name: 'EURUSD' }));
    expect(within(tabs).getByRole('tab', { name: 'Symbol' })).toHaveAttribute('aria-selected', 'true');
    const tiles = await screen.findByLabelText('EURUSD figures');
    const tile = (label: string) => within(tiles).getByText(label).parentElement as HTMLElement;
    expect(within(tile('Net P/L')).getByText('+$150.00')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Symbol in detail' })).toHaveTextContent('EURUSD');
    // a bar opens its trades
    await user.click(
      await within(await screen.findByRole('img', { name: /^EURUSD by day of week/ })).findByText('bar Tuesday'),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('row')).toHaveLength(2);
    // nothing more is asked of the server: the run's report has it all
    expect(net.calls.filter((c) => c.path.startsWith('/trading/metrics'))).toEqual([]);
  });

  it('takes the symbol detail from the report, or keeps the one it carries', () => {
    const report = response();
    const detail = withSymbolDetail(report, 'GBPUSD').symbol;
    expect(detail?.symbol).toBe('EURUSD');
    expect(detail?.overview.tradeIds).toEqual([T1, T2, T3]);
    expect(detail?.byHour).toBe(report.timeAnalysis.byHour);
    const carried = { ...report, symbol: { ...detail!, symbol: 'XAUUSD' } };
    expect(withSymbolDetail(carried, 'EURUSD')).toBe(carried);
    expect(withSymbolDetail({ ...report, symbols: [] }, 'GBPUSD').symbol?.symbol).toBe('GBPUSD');
  });
});

describe('barAt', () => {
  it('puts a trade on the bar that was open at its time', () => {
    const hours = [0, 3600, 7200, 10_800];
    expect(barAt(hours, 3600)).toBe(3600);
    expect(barAt(hours, 5400)).toBe(3600);
    expect(barAt(hours, 99_999)).toBe(10_800);
    expect(barAt(hours, -10)).toBe(0);
    expect(barAt([], 5)).toBeUndefined();
  });
});

describe('the backtest range', () => {
  it('shows the "to" day as entered: the server keeps the next midnight, the day is included', () => {
    expect(inclusiveToDay('2026-11-23T00:00:00.000Z')).toBe('2026-11-22');
    expect(inclusiveToDay('2026-11-22T15:30:00.000Z')).toBe('2026-11-22');
    expect(backtestRangeText({ from: '2026-08-22T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' })).toBe(
      '2026-08-22 – 2026-11-22',
    );
  });
});

describe('trade markers', () => {
  const hours = Array.from({ length: 200 }, (_, i) => Date.UTC(2026, 0, 5) / 1000 + i * 3600);
  const at = (i: number) => new Date((hours[i] as number) * 1000).toISOString();
  const trades = [
    { direction: 'long' as const, openedAt: at(2), closedAt: at(5), net: 12 },
    { direction: 'short' as const, openedAt: at(7), closedAt: at(9), net: -3 },
  ];

  it('marks entries B (buy) or S (sell) and exits x, green for a win and red for a loss', () => {
    const markers = tradeMarkers(trades, hours, { dense: false, dark: false });
    expect(markers.map((m) => [m.time, m.shape, m.text])).toEqual([
      [hours[2], 'arrowUp', 'B'],
      [hours[5], 'circle', 'x'],
      [hours[7], 'arrowDown', 'S'],
      [hours[9], 'circle', 'x'],
    ]);
    expect(markers.filter((m) => m.shape === 'circle').map((m) => m.color)).toEqual(['#26A69A', '#EF5350']);
  });

  it('drops the text when many trades are in view, and counts the trades in view', () => {
    const many = Array.from({ length: DENSE_TRADES + 5 }, (_, i) => ({
      direction: 'long' as const,
      openedAt: at(i * 4),
      closedAt: at(i * 4 + 2),
      net: 1,
    }));
    const full = tradeMarkers(many, hours, { dense: false, dark: true });
    expect(tradesInView(full, hours[0] as number, hours[199] as number)).toBe(DENSE_TRADES + 5);
    expect(tradesInView(full, hours[0] as number, hours[10] as number)).toBe(3);
    const dense = tradeMarkers(many, hours, { dense: true, dark: true });
    expect(dense).toHaveLength(full.length);
    expect(dense.every((m) => m.text === undefined)).toBe(true);
  });
});
