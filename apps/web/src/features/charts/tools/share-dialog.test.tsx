import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { fakeCharts, resetFakeCharts } from '../test/fake-lightweight-charts';
import { toolCandles, toolRoutes } from './test-server';

vi.mock('lightweight-charts', async () => (await import('../test/fake-lightweight-charts')).fakeLightweightCharts());

const slow = { timeout: 45_000 };
const CHART = '11111111-1111-4111-8111-111111111111';
const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const settings = {
  chartType: 'bars',
  showVolume: true,
  showGrid: true,
  showLegend: true,
  priceScale: 'normal',
  crosshair: 'normal',
  autosave: true,
  journal: false,
  templateId: null,
  visibleRange: null,
};
const chart = (shareToken: string | null) => ({
  id: CHART,
  name: 'EURUSD swing',
  source: 'FOREX',
  symbol: 'EURUSD',
  timeframe: '15m',
  settings,
  indicators: [],
  version: 1,
  shareToken,
  createdAt: '2025-11-20T00:00:00.000Z',
  updatedAt: '2025-11-20T00:00:00.000Z',
});

describe('share dialog', () => {
  beforeEach(() => resetFakeCharts());
  afterEach(() => vi.unstubAllGlobals());

  it('says to save an unsaved chart first', async () => {
    mockFetch(toolRoutes().routes);
    renderApp('/chart', signedInState());
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Share chart' }, slow);
    expect(within(dialog).getByText('Save the chart first')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Create link' })).toBeNull();
  }, 60_000);

  it('creates the link from the view on the screen, copies it and revokes it', async () => {
    let token: string | null = null;
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const net = mockFetch({
      ...toolRoutes().routes,
      'GET /indicators/list': { body: { indicators: [], total: 0, page: 1, limit: 500, groups: [] } },
      [`GET /charts/${CHART}`]: () => ({ body: chart(token) }),
      // The saved chart opens at 15 minutes with RSI; the user then shows it at 1 hour (autosaved).
      [`GET /charts/${CHART}/fetch`]: () => ({
        body: {
          chart: {
            ...chart(token),
            indicators: [{ id: 'rsi-1', name: 'rsi', settings: { period: 7 }, styles: {}, visible: true }],
          },
          instrument: null,
          drawings: [],
          template: null,
        },
      }),
      [`PUT /charts/${CHART}`]: () => ({ body: { ...chart(token), timeframe: '1h', version: 2 } }),
      [`POST /charts/${CHART}/share`]: () => {
        token = TOKEN;
        return {
          body: { token, chartId: CHART, timeframe: '1h', settings, indicators: [], createdAt: '', updatedAt: '' },
        };
      },
      [`DELETE /charts/${CHART}/share`]: () => {
        token = null;
        return { status: 204 };
      },
    });
    renderApp(`/chart?chart=${CHART}`, signedInState());
    await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
    await userEvent.click(screen.getByRole('button', { name: '1 hour' }));
    await screen.findByRole('region', { name: 'EURUSD chart, 1 hour' }, slow);
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Share EURUSD swing' }, slow);
    expect(
      within(dialog).getByText(/A link will show EURUSD at 1 hour, with RSI, and the chart's drawings/),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const link = await within(dialog).findByLabelText('Public link');
    expect(link).toHaveValue(`${window.location.origin}/shared/charts/${TOKEN}`);
    expect(net.callsTo('POST', `/charts/${CHART}/share`)[0]!.body).toEqual({
      timeframe: '1h',
      indicators: [{ id: 'rsi-1', name: 'rsi', settings: { period: 7 }, styles: {}, visible: true }],
      settings: { chart_type: 'bars' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/shared/charts/${TOKEN}`);
    expect(await within(dialog).findByText('Link copied.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await within(dialog).findByText('The link no longer works.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByLabelText('Public link')).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeInTheDocument();
  }, 60_000);
});

const sharedAnswer = {
  token: TOKEN,
  name: 'EURUSD swing',
  source: 'FOREX',
  symbol: 'EURUSD',
  timeframe: '1h',
  settings,
  indicators: [{ id: 'rsi-1', name: 'rsi', settings: { period: 14 }, styles: {}, visible: true }],
  instrument: {
    symbol: 'EURUSD',
    source: 'FOREX',
    name: 'Euro / US Dollar',
    description: '',
    digits: 5,
    exchange: '',
  },
  drawings: [
    {
      id: 'd1',
      symbol: 'EURUSD',
      tool: 'horizontal_line',
      points: [{ time: toolCandles[5]!.time, price: 1.1 }],
      style: {},
      locked: false,
      hidden: false,
      createdAt: '',
      updatedAt: '',
    },
  ],
  sharedAt: '2025-11-20T00:00:00.000Z',
};

/** What the server answers for the shared RSI over the tool candles. */
const rsiCalculation = {
  symbol: 'EURUSD',
  source: 'FOREX',
  timeframe: '1h',
  indicator: 'rsi',
  kind: 'series',
  overlay: false,
  settings: { period: 14 },
  dataSource: 'Simulated',
  label: 'Simulated',
  times: toolCandles.map((c) => c.time),
  series: [
    {
      id: 'rsi',
      title: 'RSI',
      style: { type: 'line', color: '#7e57c2', lineWidth: 2, lineStyle: 'solid', visible: true },
      offset: 0,
      values: toolCandles.map(() => 50),
    },
  ],
  levels: [],
  fills: [],
  profile: null,
};

describe('shared chart page', () => {
  beforeEach(() => resetFakeCharts());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the shared chart signed out: candles, drawings, and the indicators’ values from the link', async () => {
    const net = mockFetch({
      'GET /middleware/feed/historical': { body: { candles: toolCandles, dataSource: 'Simulated' } },
      'GET /indicators/list': { body: { indicators: [], total: 0, page: 1, limit: 500, groups: [] } },
      [`GET /charts/share/${TOKEN}`]: { body: sharedAnswer },
      [`GET /charts/share/${TOKEN}/indicators/rsi-1`]: { body: rsiCalculation },
      'GET /charts/share/gone00000000000000': errorBody(404, 'CHART_SHARE_NOT_FOUND', 'Revoked.'),
    });
    const view = renderApp(`/shared/charts/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'EURUSD swing · Euro / US Dollar' }, slow)).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'EURUSD chart, 1 hour' });
    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'false'));
    expect(net.callsTo('GET', '/middleware/feed/historical')[0]!.query.get('timeframe')).toBe('1h');
    // The shared chart type, and the drawings on it.
    await waitFor(() => expect(fakeCharts.series.some((s) => s.kind === 'Bar' && s.data.length === 30)).toBe(true));
    expect(within(region).getByRole('listitem')).toHaveTextContent('RSI 14');
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    // Signed out, the values come from the share link over the same candles, and are drawn in their pane.
    await waitFor(() => expect(net.callsTo('GET', `/charts/share/${TOKEN}/indicators/rsi-1`)).toHaveLength(1));
    const asked = net.callsTo('GET', `/charts/share/${TOKEN}/indicators/rsi-1`)[0]!.query;
    expect([asked.get('limit'), asked.get('startTime')]).toEqual(['30', String(toolCandles[0]!.time)]);
    await waitFor(() => expect(fakeCharts.series.some((s) => s.kind === 'Line' && s.pane === 1)).toBe(true));
    expect(net.callsTo('POST', '/indicators/calculation')).toHaveLength(0);
    view.unmount();

    renderApp('/shared/charts/gone00000000000000');
    expect(await screen.findByText('This link does not work.', undefined, slow)).toBeInTheDocument();
  }, 60_000);

  it('calculates the indicators over the candles a signed-in visitor sees, with no sign-in link', async () => {
    const net = mockFetch({
      'GET /middleware/feed/historical': { body: { candles: toolCandles, dataSource: 'Simulated' } },
      'GET /indicators/list': { body: { indicators: [], total: 0, page: 1, limit: 500, groups: [] } },
      [`GET /charts/share/${TOKEN}`]: { body: sharedAnswer },
      'POST /indicators/calculation': { body: rsiCalculation },
    });
    renderApp(`/shared/charts/${TOKEN}`, signedInState());
    await screen.findByRole('region', { name: 'EURUSD chart, 1 hour' }, slow);
    await waitFor(() => expect(net.callsTo('POST', '/indicators/calculation')).toHaveLength(1));
    expect(net.callsTo('POST', '/indicators/calculation')[0]!.body).toMatchObject({ indicator_name: 'rsi', limit: 30 });
    await waitFor(() => expect(fakeCharts.series.some((s) => s.kind === 'Line' && s.pane === 1)).toBe(true));
    expect(net.callsTo('GET', `/charts/share/${TOKEN}/indicators/rsi-1`)).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  }, 60_000);
});
