import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { catalogueRoutes, instrument, searchAnswer } from '../../symbol-search/test-data';
import { CalendarMarksPrimitive } from '../hooks/calendar-marks';
import { fakeCharts, resetFakeCharts } from '../test/fake-lightweight-charts';

vi.mock('lightweight-charts', async () => (await import('../test/fake-lightweight-charts')).fakeLightweightCharts());

const HOUR = 3600;
/** Bars of a timeframe ending at a fixed time: price 1.1 rising a point per bar. */
/** The feed's answer around some bars. */
const feed = (candles: ReturnType<typeof bars>) => ({ candles, dataSource: 'Simulated' });

function bars(count: number, seconds: number, end = 1_763_640_000) {
  return Array.from({ length: count }, (_, i) => {
    const close = 1.1 + i * 0.0001;
    return {
      time: end - (count - 1 - i) * seconds,
      open: close - 0.00005,
      high: close + 0.0002,
      low: close - 0.0002,
      close,
      volume: 100 + i,
    };
  });
}

const configuration = {
  body: {
    general: { timeZone: 'Asia/Tokyo', timeFormat: '24h' },
  },
};

/** The first render loads the chart's lazy chunk, which takes a while on a busy machine. */
const slow = { timeout: 45_000 };

function mainSeries() {
  return fakeCharts.series.find((s) => s.kind !== 'Histogram')!;
}

describe('chart page', () => {
  beforeEach(() => resetFakeCharts());
  afterEach(() => vi.unstubAllGlobals());

  it('opens EURUSD at 15 minutes with its candles, legend, volume and the Simulated label', async () => {
    const net = mockFetch({
      'GET /middleware/feed/historical': { body: feed(bars(50, 900)) },
      'GET /drawings': { body: { drawings: [] } },
      'GET /customer/configuration': configuration,
    });
    renderApp('/chart', signedInState());
    const region = await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'false'));
    const call = net.callsTo('GET', '/middleware/feed/historical')[0]!;
    expect(Object.fromEntries(call.query)).toEqual({
      symbol: 'EURUSD',
      source: 'FOREX',
      timeframe: '15m',
      limit: '1000',
    });
    await waitFor(() => expect(mainSeries().data).toHaveLength(50), slow);
    expect(fakeCharts.series.find((s) => s.kind === 'Histogram')!.data).toHaveLength(50);
    expect(screen.getByText('Simulated')).toBeInTheDocument();
    // The last bar, in the instrument's 5 digits, and its change from the previous close.
    expect(screen.getByTestId('legend-C')).toHaveTextContent('1.10490');
    expect(screen.getByTestId('legend-change')).toHaveTextContent('+0.00010');
    expect(screen.getByRole('button', { name: '15 minutes' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: /TradingView Lightweight Charts/ })).toHaveAttribute(
      'href',
      'https://www.tradingview.com/',
    );
    // The price scale keeps the instrument's digits.
    const format = mainSeries().options.priceFormat as { type: string; minMove: number; formatter(p: number): string };
    expect(format).toMatchObject({ type: 'custom', minMove: 0.00001 });
    expect(format.formatter(1.1)).toBe('1.10000');
  });

  it('shows the bar under the crosshair in the legend, in the user’s time zone', async () => {
    mockFetch({
      'GET /middleware/feed/historical': { body: { candles: bars(10, HOUR), dataSource: 'Imported' } },
      'GET /drawings': { body: { drawings: [] } },
      'GET /customer/configuration': configuration,
    });
    renderApp('/chart?tf=1h', signedInState());
    await screen.findByRole('region', { name: 'EURUSD chart, 1 hour' }, slow);
    await waitFor(() => expect(mainSeries().data).toHaveLength(10), slow);
    expect(screen.queryByText('Simulated')).toBeNull();
    const legend = screen.getByRole('group', { name: 'Legend' });
    // The last bar, 2025-11-20 12:00 UTC, is 21:00 in Tokyo; the first, 9 hours earlier, 12:00.
    await waitFor(() => expect(legend).toHaveTextContent('21:00'));
    act(() => fakeCharts.crosshair?.({ time: 1_763_640_000 - 9 * HOUR }));
    expect(screen.getByTestId('legend-C')).toHaveTextContent('1.10000');
    expect(legend).toHaveTextContent('12:00');
  });

  it('shows a failed load with the server’s message and tries again', async () => {
    let fail = true;
    mockFetch({
      'GET /middleware/feed/historical': () =>
        fail ? errorBody(503, 'MARKET_UNAVAILABLE', 'The market feed is not answering.') : { body: feed(bars(5, 900)) },
      'GET /drawings': { body: { drawings: [] } },
    });
    renderApp('/chart', signedInState());
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent('The EURUSD candles could not be loaded.');
    expect(alert).toHaveTextContent('The market feed is not answering.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(mainSeries().data).toHaveLength(5), slow);
    expect(screen.queryByText('The EURUSD candles could not be loaded.')).toBeNull();
  });

  it('changes timeframe from the switcher and by typing "4h" then Enter', async () => {
    const net = mockFetch({
      'GET /middleware/feed/historical': (req) => ({
        body: feed(
          bars(20, req.query.get('timeframe') === '4h' ? 4 * HOUR : req.query.get('timeframe') === '1D' ? 86_400 : 900),
        ),
      }),
      'GET /drawings': { body: { drawings: [] } },
    });
    const { history } = renderApp('/chart', signedInState());
    await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' });
    await userEvent.click(screen.getByRole('button', { name: '1 day' }));
    await screen.findByRole('region', { name: 'EURUSD chart, 1 day' });
    expect(history.location.search).toContain('tf=1D');

    await userEvent.keyboard('4');
    const entry = await screen.findByLabelText('Change timeframe');
    await userEvent.keyboard('h');
    expect(entry).toHaveValue('4h');
    expect(screen.getByText('4 hours')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'EURUSD chart, 4 hours' });
    expect(net.callsTo('GET', '/middleware/feed/historical').map((c) => c.query.get('timeframe'))).toEqual([
      '15m',
      '1D',
      '4h',
    ]);
  });

  it('loads older bars when the view reaches the oldest one, without moving the view', async () => {
    const latest = bars(30, 900);
    const net = mockFetch({
      'GET /middleware/feed/historical': (req) =>
        req.query.get('endTime') ? { body: feed(bars(30, 900, latest[0]!.time - 900)) } : { body: feed(latest) },
      'GET /drawings': { body: { drawings: [] } },
    });
    renderApp('/chart', signedInState());
    await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
    await waitFor(() => expect(mainSeries().data).toHaveLength(30), slow);
    // Opened on the latest bars, with room on the right.
    expect(fakeCharts.visible).toEqual({ from: 0, to: 38 });
    act(() => {
      fakeCharts.visible = { from: 2, to: 40 };
      fakeCharts.range?.({ from: 2, to: 40 });
    });
    await waitFor(() => expect(mainSeries().data).toHaveLength(60), slow);
    // 30 bars came in front: the view moved by as many, so the same bars stay on screen.
    expect(fakeCharts.visible).toEqual({ from: 32, to: 70 });
    const older = net.callsTo('GET', '/middleware/feed/historical')[1]!;
    expect(Number(older.query.get('endTime'))).toBe(latest[0]!.time);
  });

  it('restores saved drawings, and saves, undoes and redoes a change through /drawings', async () => {
    const saved = {
      id: '00000000-0000-4000-8000-0000000000d1',
      symbol: 'EURUSD',
      chartId: null,
      tool: 'horizontal_line',
      points: [{ time: 1_763_640_000, price: 1.1 }],
      style: { lineWidth: 1 },
      locked: false,
      hidden: false,
    };
    const net = mockFetch({
      'GET /middleware/feed/historical': { body: feed(bars(30, 900)) },
      'GET /drawings': { body: { drawings: [saved] } },
      [`PUT /drawings/${saved.id}`]: (req) => ({ body: { ...saved, ...(req.body as object) } }),
    });
    renderApp('/chart', signedInState());
    await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
    await waitFor(() => expect(mainSeries().data).toHaveLength(30), slow);
    expect(Object.fromEntries(net.callsTo('GET', '/drawings')[0]!.query)).toEqual({ symbol: 'EURUSD' });
    // The primitive draws what the controller holds: the saved line is there.
    const primitive = mainSeries().primitives[0] as { paneViews(): unknown[] };
    expect(primitive).toBeDefined();
    expect(primitive.paneViews()).toHaveLength(1);

    // Select it by clicking on its price (y = 500 - 1.1 * 100 = 390) and lock it from the settings bar.
    const canvas = screen.getByTestId('chart-canvas');
    vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0 } as DOMRect);
    canvas.setPointerCapture = () => {};
    canvas.releasePointerCapture = () => {};
    const pointer = (type: string, x: number, y: number) =>
      canvas.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, button: 0, bubbles: true }));
    act(() => {
      pointer('pointerdown', 100, 391);
      pointer('pointerup', 100, 391);
    });
    const bar = await screen.findByRole('toolbar', { name: 'Drawing settings' });
    expect(bar).toHaveTextContent('Horizontal line');
    await userEvent.click(within(bar).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(net.callsTo('PUT', `/drawings/${saved.id}`)).toHaveLength(1), slow);
    const body = net.callsTo('PUT', `/drawings/${saved.id}`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ symbol: 'EURUSD', tool: 'horizontal_line', locked: true, style: { lineWidth: 1 } });

    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(net.callsTo('PUT', `/drawings/${saved.id}`)).toHaveLength(2), slow);
    expect((net.callsTo('PUT', `/drawings/${saved.id}`)[1]!.body as { locked: boolean }).locked).toBe(false);
    await userEvent.keyboard('{Control>}y{/Control}');
    await waitFor(() => expect(net.callsTo('PUT', `/drawings/${saved.id}`)).toHaveLength(3), slow);

    // Hidden, it can no longer be clicked; the toolbar shows it again.
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'Drawing settings' })).getByRole('button', { name: 'Hide' }),
    );
    await waitFor(() => expect(net.callsTo('PUT', `/drawings/${saved.id}`)).toHaveLength(4), slow);
    expect((net.callsTo('PUT', `/drawings/${saved.id}`)[3]!.body as { hidden: boolean }).hidden).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Show hidden drawings (1)' }));
    await waitFor(() => expect(net.callsTo('PUT', `/drawings/${saved.id}`)).toHaveLength(5), slow);
    expect(screen.getByRole('button', { name: 'Show hidden drawings (0)' })).toBeDisabled();

    // The drawings list names it and locks it too.
    await userEvent.click(screen.getByRole('button', { name: 'Drawings list (1)' }));
    const list = await screen.findByRole('list', { name: 'Drawings' });
    expect(within(list).getByText('Horizontal line 1')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Unlock Horizontal line 1' }));
    await waitFor(() => expect(net.callsTo('PUT', `/drawings/${saved.id}`)).toHaveLength(6), slow);
    expect((net.callsTo('PUT', `/drawings/${saved.id}`)[5]!.body as { locked: boolean }).locked).toBe(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Drawings' })).toBeNull());
    expect(screen.getByRole('toolbar', { name: 'Drawing settings' })).toBeInTheDocument();

    // Delete removes it on the server.
    net.fn.mockClear();
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'Drawing settings' })).getByRole('button', { name: 'Delete drawing' }),
    );
    await waitFor(() => expect(net.callsTo('DELETE', `/drawings/${saved.id}`)).toHaveLength(1), slow);
  });

  it('keeps drawing when the drawings cannot be loaded, and says they are not kept', async () => {
    mockFetch({
      'GET /middleware/feed/historical': { body: feed(bars(30, 900)) },
      'GET /drawings': errorBody(500, 'INTERNAL', 'Something failed.'),
    });
    renderApp('/chart', signedInState());
    expect(await screen.findByText(/Saved drawings could not be loaded; new ones are not kept/)).toBeInTheDocument();
  });

  it('opens another symbol from the symbol search, with its own candles and drawings', async () => {
    const net = mockFetch({
      'GET /middleware/feed/historical': (req) => ({
        body: feed(
          req.query.get('symbol') === 'USDJPY' ? bars(10, 900).map((b) => ({ ...b, close: 150.123 })) : bars(10, 900),
        ),
      }),
      'GET /drawings': { body: { drawings: [] } },
      ...catalogueRoutes,
      'GET /market/symbols': { body: searchAnswer([instrument('USDJPY', 'FOREX', 'US Dollar vs Japanese Yen', 3)]) },
      'GET /user-data/v1/store/instrument/recentlyList': { status: 404, body: { code: 'USER_DATA_NOT_FOUND' } },
      'PUT /user-data/v1/store/instrument/recentlyList': (req) => ({
        body: { payload: { list: (req.body as { list: unknown[] }).list, version: 1, updatedAt: null } },
      }),
    });
    const { history } = renderApp('/chart', signedInState());
    await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Symbol EURUSD: search symbols' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search symbols' }, slow);
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Symbol, name or currency' }), 'USDJPY');
    await waitFor(() => expect(within(dialog).getAllByRole('option')[0]).toHaveTextContent('USDJPY'));
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'USDJPY chart, 15 minutes' }, slow);
    expect(history.location.search).toContain('symbol=USDJPY');
    const last = net.callsTo('GET', '/middleware/feed/historical').at(-1)!;
    expect(last.query.get('symbol')).toBe('USDJPY');
    expect(net.callsTo('GET', '/drawings').at(-1)!.query.get('symbol')).toBe('USDJPY');
    // JPY pairs have 3 digits.
    await waitFor(() => expect(screen.getByTestId('legend-C')).toHaveTextContent('150.123'));
  });

  it('draws the bars as a line, an area or Heikin-Ashi from the chart type menu', async () => {
    mockFetch({
      'GET /middleware/feed/historical': { body: feed(bars(10, 900)) },
      'GET /drawings': { body: { drawings: [] } },
    });
    const { history } = renderApp('/chart', signedInState());
    await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
    await waitFor(() => expect(mainSeries().data).toHaveLength(10), slow);
    await userEvent.click(screen.getByRole('combobox', { name: 'Chart type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Line' }));
    await waitFor(() => expect(mainSeries().kind).toBe('Line'));
    expect(mainSeries().data[9]).toEqual({ time: bars(10, 900)[9]!.time, value: 1.1009 });
    expect(history.location.search).toContain('type=line');
    // The drawings, the volume profile and the calendar marks move to the new series with it.
    expect(mainSeries().primitives).toHaveLength(3);
    expect(mainSeries().primitives.some((p) => p instanceof CalendarMarksPrimitive)).toBe(true);

    await userEvent.click(screen.getByRole('combobox', { name: 'Chart type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Heikin-Ashi' }));
    await waitFor(() => expect(mainSeries().kind).toBe('Candlestick'));
    // Heikin-Ashi close of the last bar: the mean of its open, high, low and close.
    const last = bars(10, 900)[9]!;
    const haClose = (last.open + last.high + last.low + last.close) / 4;
    expect((mainSeries().data[9] as { close: number }).close).toBeCloseTo(haClose, 12);
    expect(screen.getByTestId('legend-C')).toHaveTextContent(haClose.toFixed(5));
  });
});
