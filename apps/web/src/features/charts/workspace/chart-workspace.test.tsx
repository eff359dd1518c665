import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getWsClient } from '../../../shared/ws/ws-client';
import { errorBody, type MockRequest, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { resetFakeCharts } from '../test/fake-lightweight-charts';

vi.mock('lightweight-charts', async () => (await import('../test/fake-lightweight-charts')).fakeLightweightCharts());

const slow = { timeout: 45_000 };
/** Each test waits out real autosave delays (0.6 to 0.8 s) several times, on a machine shared by many runs. */
const LONG = 90_000;
const END = 1_763_640_000;
const candles = Array.from({ length: 20 }, (_, i) => {
  const close = 1.1 + i * 0.0001;
  return { time: END - (19 - i) * 900, open: close, high: close + 0.0002, low: close - 0.0002, close, volume: 100 };
});
const CHART_ID = '00000000-0000-4000-8000-0000000000c1';
const NEW_ID = '00000000-0000-4000-8000-0000000000c2';
const LAYOUT_ID = '00000000-0000-4000-8000-0000000000a1';

const settings = {
  chartType: 'candles',
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

function chart(fields: Record<string, unknown> = {}) {
  return {
    id: CHART_ID,
    name: 'EURUSD 15m',
    source: 'FOREX',
    symbol: 'EURUSD',
    timeframe: '15m',
    settings,
    indicators: [
      { id: 'rsi-demo', name: 'rsi', settings: { period: 14 }, styles: {}, visible: true },
      { id: 'bb-demo', name: 'bollinger', settings: { period: 20 }, styles: {}, visible: true },
    ],
    version: 3,
    shareToken: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...fields,
  };
}

function routes(extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  return mockFetch({
    'GET /middleware/feed/historical': { body: { candles, dataSource: 'Simulated' } },
    'GET /drawings': { body: { drawings: [] } },
    'GET /indicators/list': { body: { indicators: [], total: 0, page: 1, limit: 500, groups: [] } },
    'POST /indicators/calculation': errorBody(400, 'VALIDATION_FAILED', 'not in this test'),
    [`GET /charts/${CHART_ID}/fetch`]: { body: { chart: chart(), instrument: null, drawings: [], template: null } },
    ...extra,
  });
}

/** A body as the server answers it: the chart with the fields sent (settings stay the chart's own). */
function applied(req: MockRequest, fields: Record<string, unknown>) {
  const { settings: _settings, ...body } = req.body as Record<string, unknown>;
  return chart({ ...body, ...fields });
}

/** A PUT answered with the body applied and the version moved on. */
function putAnswer(req: MockRequest, id = CHART_ID) {
  return { body: applied(req, { id, version: ((req.body as { version: number }).version ?? 0) + 1 }) };
}

describe('chart workspace', () => {
  beforeEach(() => resetFakeCharts());
  afterEach(() => vi.unstubAllGlobals());

  it(
    'opens a saved chart with its indicators and autosaves a change with the version it read',
    async () => {
      const net = routes({ [`PUT /charts/${CHART_ID}`]: putAnswer });
      renderApp(`/chart?chart=${CHART_ID}`, signedInState());
      await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
      const legend = screen.getByRole('list', { name: 'Indicators' });
      expect(within(legend).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Charts menu: EURUSD 15m' })).toBeInTheDocument();
      // Its drawings are the saved chart's.
      await waitFor(() => expect(net.callsTo('GET', '/drawings')).toHaveLength(1));
      expect(net.callsTo('GET', '/drawings')[0]!.query.get('chart_id')).toBe(CHART_ID);

      await userEvent.click(screen.getByRole('button', { name: '1 hour' }));
      await waitFor(() => expect(net.callsTo('PUT', `/charts/${CHART_ID}`)).toHaveLength(1), slow);
      expect(net.callsTo('PUT', `/charts/${CHART_ID}`)[0]!.body).toEqual({
        version: 3,
        symbol: 'EURUSD',
        timeframe: '1h',
        settings: { chart_type: 'candles' },
        indicators: [
          { id: 'rsi-demo', name: 'rsi', settings: { period: 14 }, styles: {}, visible: true },
          { id: 'bb-demo', name: 'bollinger', settings: { period: 20 }, styles: {}, visible: true },
        ],
      });
      await userEvent.click(within(legend).getAllByRole('button', { name: /^Hide/, hidden: true })[0]!);
      await waitFor(() => expect(net.callsTo('PUT', `/charts/${CHART_ID}`)).toHaveLength(2), slow);
      const second = net.callsTo('PUT', `/charts/${CHART_ID}`)[1]!.body as { version: number; indicators: unknown[] };
      expect(second.version).toBe(4);
      expect(second.indicators[0]).toMatchObject({ id: 'rsi-demo', visible: false });
    },
    LONG,
  );

  it(
    'with autosave off in the chart settings, writes a change only when Save is chosen from the charts menu',
    async () => {
      const net = routes({
        [`PUT /charts/${CHART_ID}`]: putAnswer,
        'GET /user-data/v1/store/workspace/chart-settings': {
          body: {
            payload: {
              name: 'chart-settings',
              version: 1,
              state: { defaultTimeframe: '15m', defaultLayout: 1, autosave: false, journal: false },
              updatedAt: '2026-11-20T00:00:00.000Z',
            },
          },
        },
      });
      renderApp(`/chart?chart=${CHART_ID}`, signedInState());
      await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
      await waitFor(() => expect(net.callsTo('GET', '/user-data/v1/store/workspace/chart-settings')).toHaveLength(1));
      await userEvent.click(screen.getByRole('button', { name: '1 hour' }));
      const menuButton = await screen.findByRole('button', { name: 'Charts menu: EURUSD 15m (unsaved changes)' }, slow);
      expect(net.callsTo('PUT', `/charts/${CHART_ID}`)).toHaveLength(0);
      await userEvent.click(menuButton);
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Save changes' }));
      expect(await screen.findByText('“EURUSD 15m” saved', {}, slow)).toBeInTheDocument();
      expect(net.callsTo('PUT', `/charts/${CHART_ID}`)).toHaveLength(1);
      expect(net.callsTo('PUT', `/charts/${CHART_ID}`)[0]!.body).toMatchObject({ version: 3, timeframe: '1h' });
      expect(screen.getByRole('button', { name: 'Charts menu: EURUSD 15m' })).toBeInTheDocument();
    },
    LONG,
  );

  it(
    'adding a chart to a single chart makes a layout of the chart settings’ default count',
    async () => {
      const net = routes({
        'POST /layouts': (req) => ({
          status: 201,
          body: { id: LAYOUT_ID, name: 'My layout', version: 1, ...(req.body as object) },
        }),
        'GET /user-data/v1/store/workspace/chart-settings': {
          body: {
            payload: {
              name: 'chart-settings',
              version: 1,
              state: { defaultTimeframe: '15m', defaultLayout: 4, autosave: true, journal: false },
              updatedAt: '2026-11-20T00:00:00.000Z',
            },
          },
        },
      });
      renderApp('/chart?symbol=XAUUSD&tf=1h', signedInState());
      await screen.findByRole('region', { name: 'XAUUSD chart, 1 hour' }, slow);
      await waitFor(() => expect(net.callsTo('GET', '/user-data/v1/store/workspace/chart-settings')).toHaveLength(1));
      await userEvent.click(screen.getByRole('button', { name: 'Add chart' }));
      await waitFor(() => expect(screen.getAllByTestId('chart-pane')).toHaveLength(4), slow);
      expect(screen.getByRole('button', { name: 'Chart 2: XAUUSD 1h' })).toHaveAttribute('aria-pressed', 'true');
      await waitFor(() => expect(net.callsTo('POST', '/layouts')).toHaveLength(1), slow);
      expect(net.callsTo('POST', '/layouts')[0]!.body).toMatchObject({ count: 4 });
    },
    LONG,
  );

  it(
    'on a version conflict keeps the change on screen and offers to reload the saved chart',
    async () => {
      const net = routes({
        [`PUT /charts/${CHART_ID}`]: errorBody(409, 'CHART_VERSION_CONFLICT', 'Saved elsewhere; reload.'),
      });
      renderApp(`/chart?chart=${CHART_ID}`, signedInState());
      await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
      await userEvent.click(screen.getByRole('button', { name: '4 hours' }));
      expect(await screen.findByText('“EURUSD 15m” was changed in another tab', {}, slow)).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'EURUSD chart, 4 hours' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
      await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
      expect(net.callsTo('GET', `/charts/${CHART_ID}/fetch`)).toHaveLength(2);
    },
    LONG,
  );

  it(
    'follows a save made in another tab when nothing here is unsaved',
    async () => {
      const sockets: { onopen?: () => void; onmessage?: (ev: { data: string }) => void; readyState: number }[] = [];
      vi.stubGlobal(
        'WebSocket',
        class {
          readyState = 0;
          onopen?: () => void;
          onmessage?: (ev: { data: string }) => void;
          constructor() {
            sockets.push(this);
          }
          send() {}
          close() {}
        },
      );
      let version = 3;
      const net = routes({
        [`GET /charts/${CHART_ID}/fetch`]: () => ({
          body: { chart: chart({ version, timeframe: version > 3 ? '1D' : '15m' }), drawings: [] },
        }),
      });
      renderApp(`/chart?chart=${CHART_ID}`, signedInState());
      await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
      getWsClient().start();
      const socket = sockets[sockets.length - 1]!;
      act(() => {
        socket.readyState = 1;
        socket.onopen?.();
      });
      const saved = (v: number, id = CHART_ID) =>
        act(() =>
          socket.onmessage?.({
            data: JSON.stringify({
              type: 'event',
              channel: 'user',
              event: 'charting.saved',
              data: { resource: 'chart', id, version: v },
            }),
          }),
        );
      // Its own version, or another chart: nothing to read.
      saved(3);
      saved(9, NEW_ID);
      expect(net.callsTo('GET', `/charts/${CHART_ID}/fetch`)).toHaveLength(1);
      version = 4;
      saved(4);
      await screen.findByRole('region', { name: 'EURUSD chart, 1 day' }, slow);
      expect(net.callsTo('GET', `/charts/${CHART_ID}/fetch`)).toHaveLength(2);
      // Following it saves nothing back.
      expect(net.callsTo('PUT', `/charts/${CHART_ID}`)).toHaveLength(0);
      getWsClient().stop();
    },
    LONG,
  );

  it(
    'saves the chart as a new one, renames it, and deletes it after a confirmation',
    async () => {
      const net = routes({
        'POST /charts': (req) => ({ status: 201, body: applied(req, { id: NEW_ID, version: 1 }) }),
        [`PUT /charts/${NEW_ID}`]: (req) => putAnswer(req, NEW_ID),
        [`DELETE /charts/${NEW_ID}`]: { body: { ok: true } },
        'GET /charts': { body: { charts: [chart()] } },
      });
      const { history } = renderApp('/chart?symbol=GBPUSD&tf=1h', signedInState());
      await screen.findByRole('region', { name: 'GBPUSD chart, 1 hour' }, slow);

      await userEvent.click(screen.getByRole('button', { name: 'Charts menu: Unsaved chart' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Save as new chart…' }));
      const save = screen.getByRole('dialog', { name: 'Save as new chart' });
      expect(within(save).getByLabelText('Chart name')).toHaveValue('GBPUSD 1h');
      await userEvent.clear(within(save).getByLabelText('Chart name'));
      await userEvent.type(within(save).getByLabelText('Chart name'), 'Cable{Enter}');
      await screen.findByRole('button', { name: 'Charts menu: Cable' });
      expect(net.callsTo('POST', '/charts')[0]!.body).toEqual({
        name: 'Cable',
        symbol: 'GBPUSD',
        timeframe: '1h',
        settings: { chart_type: 'candles' },
        indicators: [],
      });
      await waitFor(() => expect(history.location.search).toBe(`?chart=${NEW_ID}`));

      await userEvent.click(screen.getByRole('button', { name: 'Charts menu: Cable' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Rename…' }));
      const rename = screen.getByRole('dialog', { name: 'Rename chart' });
      await userEvent.clear(within(rename).getByLabelText('Chart name'));
      await userEvent.type(within(rename).getByLabelText('Chart name'), 'Cable swing{Enter}');
      await screen.findByRole('button', { name: 'Charts menu: Cable swing' });
      expect(net.callsTo('PUT', `/charts/${NEW_ID}`)[0]!.body).toEqual({ version: 1, name: 'Cable swing' });

      await userEvent.click(screen.getByRole('button', { name: 'Charts menu: Cable swing' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Delete chart…' }));
      const confirm = screen.getByRole('dialog', { name: 'Delete “Cable swing”?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(net.callsTo('DELETE', `/charts/${NEW_ID}`)).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: 'Charts menu: Cable swing' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Delete chart…' }));
      await userEvent.click(
        within(screen.getByRole('dialog', { name: 'Delete “Cable swing”?' })).getByRole('button', { name: 'Delete' }),
      );
      await screen.findByRole('button', { name: 'Charts menu: Unsaved chart' });
      expect(net.callsTo('DELETE', `/charts/${NEW_ID}`)).toHaveLength(1);
      // The chart stays on screen, unsaved, in the address again.
      await waitFor(() => expect(history.location.search).toContain('symbol=GBPUSD'));

      // Open a saved chart from the list.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await userEvent.click(screen.getByRole('button', { name: 'Charts menu: Unsaved chart' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Open saved chart…' }));
      const open = await screen.findByRole('dialog', { name: 'Open a saved chart' });
      await userEvent.click(await within(open).findByRole('button', { name: /^EURUSD 15m/ }));
      await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
      expect(history.location.search).toBe(`?chart=${CHART_ID}`);
    },
    LONG,
  );

  it(
    'switches to two charts as a saved layout, saves the sync options, and closes a chart',
    async () => {
      let layoutVersion = 1;
      const net = routes({
        'POST /layouts': (req) => ({
          status: 201,
          body: { id: LAYOUT_ID, name: 'My layout', version: 1, ...(req.body as object) },
        }),
        [`PUT /layouts/${LAYOUT_ID}`]: (req) => {
          layoutVersion += 1;
          return { body: { id: LAYOUT_ID, ...(req.body as object), version: layoutVersion } };
        },
      });
      const { history } = renderApp('/chart?symbol=XAUUSD&tf=1h', signedInState());
      await screen.findByRole('region', { name: 'XAUUSD chart, 1 hour' }, slow);
      await userEvent.click(screen.getByRole('button', { name: 'Layout: 1 chart' }));
      // Sync applies to more than one chart.
      expect(screen.getByRole('menuitemcheckbox', { name: 'Sync symbol' })).toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(screen.getByRole('menuitemradio', { name: '2 charts' }));

      await waitFor(() => expect(screen.getAllByRole('region', { name: 'XAUUSD chart, 1 hour' })).toHaveLength(2));
      await waitFor(() => expect(history.location.search).toBe(`?layout=${LAYOUT_ID}`));
      expect(net.callsTo('POST', '/layouts')[0]!.body).toEqual({
        name: expect.stringMatching(/^Layout of .*\d{2}:\d{2}/),
        count: 2,
        direction: 'horizontal',
        charts: [
          { chart_id: null, symbol: 'XAUUSD', timeframe: '1h', type: 'candles', indicators: [] },
          { chart_id: null, symbol: 'XAUUSD', timeframe: '1h', type: 'candles', indicators: [] },
        ],
        sync: { symbol: false, interval: false, crosshair: false, time: false },
      });

      // The second chart becomes active from its tab; sync symbol and crosshair turn on and are saved.
      const tab = screen.getByRole('button', { name: 'Chart 2: XAUUSD 1h' });
      await userEvent.click(tab);
      expect(tab).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('button', { name: 'Chart 1: XAUUSD 1h' })).toHaveAttribute('aria-pressed', 'false');
      await userEvent.click(screen.getByRole('button', { name: 'Layout: 2 charts' }));
      await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Sync symbol' }));
      await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Sync crosshair' }));
      expect(screen.getByRole('menuitemcheckbox', { name: 'Sync symbol' })).toHaveAttribute('aria-checked', 'true');
      expect(screen.getByRole('menuitemcheckbox', { name: 'Sync time' })).toHaveAttribute('aria-checked', 'false');
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)).toHaveLength(1), slow);
      expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)[0]!.body).toMatchObject({
        version: 1,
        count: 2,
        sync: { symbol: true, interval: false, crosshair: true, time: false },
      });

      // A timeframe typed on the active chart changes only it (interval sync is off).
      await userEvent.click(screen.getByRole('button', { name: '4 hours' }));
      await screen.findByRole('region', { name: 'XAUUSD chart, 4 hours' });
      expect(screen.getByRole('region', { name: 'XAUUSD chart, 1 hour' })).toBeInTheDocument();
      await waitFor(() => expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)).toHaveLength(2), slow);

      // Closing the first chart leaves one, and the layout saves it.
      await userEvent.click(screen.getByRole('button', { name: 'Close chart 1: XAUUSD 1h' }));
      await waitFor(() => expect(screen.getAllByTestId('chart-pane')).toHaveLength(1));
      await waitFor(() => expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)).toHaveLength(3), slow);
      expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)[2]!.body).toMatchObject({
        version: 3,
        count: 1,
        charts: [{ chart_id: null, symbol: 'XAUUSD', timeframe: '4h' }],
      });
    },
    LONG,
  );
  it(
    "opens a saved layout from the address, and the top bar's symbol search changes its active chart",
    async () => {
      const layout = {
        id: LAYOUT_ID,
        name: 'EURUSD and gold',
        count: 2,
        direction: 'horizontal',
        charts: [
          { chartId: CHART_ID, symbol: 'EURUSD', source: 'FOREX', timeframe: '15m' },
          { chartId: null, symbol: 'XAUUSD', source: 'COMMODITIES', timeframe: '1h' },
        ],
        sync: { symbol: false, interval: false, crosshair: true, time: true },
        version: 5,
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      };
      const net = routes({
        [`GET /layouts/${LAYOUT_ID}`]: { body: layout },
        [`PUT /layouts/${LAYOUT_ID}`]: (req) => ({ body: { ...layout, version: 6, ...(req.body as object) } }),
      });
      const { history } = renderApp(`/chart?layout=${LAYOUT_ID}`, signedInState());
      // The saved chart opens with its indicators; the other slot as the layout says.
      await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
      await screen.findByRole('region', { name: 'XAUUSD chart, 1 hour' }, slow);
      expect(screen.getByRole('list', { name: 'Indicators' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Layout: 2 charts' }));
      expect(screen.getByRole('menuitemcheckbox', { name: 'Sync crosshair' })).toHaveAttribute('aria-checked', 'true');
      expect(screen.getByRole('menuitemcheckbox', { name: 'Sync symbol' })).toHaveAttribute('aria-checked', 'false');
      await userEvent.keyboard('{Escape}');

      await userEvent.click(screen.getByRole('button', { name: 'Chart 2: XAUUSD 1h' }));
      act(() => history.push('/chart?symbol=BTCUSD'));
      await screen.findByRole('region', { name: 'BTCUSD chart, 1 hour' }, slow);
      expect(screen.getByRole('region', { name: 'EURUSD chart, 15 minutes' })).toBeInTheDocument();
      await waitFor(() => expect(history.location.search).toBe(`?layout=${LAYOUT_ID}`));
      await waitFor(() => expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)).toHaveLength(1), slow);
      expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)[0]!.body).toMatchObject({
        version: 5,
        charts: [
          { chart_id: CHART_ID, symbol: 'EURUSD', timeframe: '15m' },
          { chart_id: null, symbol: 'BTCUSD', timeframe: '1h' },
        ],
      });
    },
    LONG,
  );
  it(
    'opens an unsaved chart of a layout with its slot’s type and indicators, and saves their changes to the layout',
    async () => {
      const rsi = { id: 'rsi-1', name: 'rsi', settings: { period: 21 }, styles: { rsi: { lineWidth: 2 } } };
      const layout = {
        id: LAYOUT_ID,
        name: 'EURUSD and gold',
        count: 2,
        direction: 'horizontal',
        charts: [
          // the saved chart's own type and indicators are what it shows (read from /charts)
          { chartId: CHART_ID, symbol: 'EURUSD', source: 'FOREX', timeframe: '15m', type: 'candles', indicators: [] },
          {
            chartId: null,
            symbol: 'XAUUSD',
            source: 'COMMODITIES',
            timeframe: '1h',
            type: 'line',
            indicators: [{ ...rsi, visible: false }],
          },
        ],
        sync: { symbol: false, interval: false, crosshair: false, time: false },
        version: 5,
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      };
      let version = 5;
      const net = routes({
        [`GET /layouts/${LAYOUT_ID}`]: { body: layout },
        [`PUT /layouts/${LAYOUT_ID}`]: () => {
          version += 1;
          return { body: { ...layout, version } };
        },
      });
      renderApp(`/chart?layout=${LAYOUT_ID}`, signedInState());
      const eurusd = await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
      const gold = await screen.findByRole('region', { name: 'XAUUSD chart, 1 hour' }, slow);
      await waitFor(() => expect(within(eurusd).getAllByRole('button', { name: /^Hide/ })).toHaveLength(2));
      // The unsaved chart: its RSI, hidden, and its line.
      const goldLegend = within(gold).getByRole('list', { name: 'Indicators' });
      expect(within(goldLegend).getAllByRole('listitem')).toHaveLength(1);
      const show = within(goldLegend).getByRole('button', { name: /^Show rsi/i, hidden: true });
      await userEvent.click(screen.getByRole('button', { name: 'Chart 2: XAUUSD 1h' }));
      expect(screen.getByRole('combobox', { name: 'Chart type' })).toHaveTextContent('Line');

      await userEvent.click(screen.getByRole('combobox', { name: 'Chart type' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Area' }));
      await waitFor(() => expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)).toHaveLength(1), slow);
      // Opening it saved nothing: the first save is the change, on the version read.
      const first = net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)[0]!.body as { version: number; charts: unknown[] };
      expect(first.version).toBe(5);
      expect(first.charts).toEqual([
        { chart_id: CHART_ID, symbol: 'EURUSD', timeframe: '15m' },
        // inputs and styles keep the catalogue's ids (lineWidth, not line_width)
        { chart_id: null, symbol: 'XAUUSD', timeframe: '1h', type: 'area', indicators: [{ ...rsi, visible: false }] },
      ]);

      await userEvent.click(show);
      await waitFor(() => expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)).toHaveLength(2), slow);
      const second = net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)[1]!.body as {
        version: number;
        charts: { indicators?: unknown[] }[];
      };
      expect(second.version).toBe(6);
      expect(second.charts[1]!.indicators).toEqual([{ ...rsi, visible: true }]);
      // The saved chart's changes go to the chart, never to the layout.
      expect(net.callsTo('PUT', `/charts/${CHART_ID}`)).toHaveLength(0);
    },
    LONG,
  );
  it(
    'renames the open layout (its autosave goes on from the new version) and deletes it after a confirmation',
    async () => {
      const layout = {
        id: LAYOUT_ID,
        name: 'Morning',
        count: 2,
        direction: 'horizontal',
        charts: [
          { chartId: null, symbol: 'EURUSD', source: 'FOREX', timeframe: '15m' },
          { chartId: null, symbol: 'XAUUSD', source: 'COMMODITIES', timeframe: '1h' },
        ],
        sync: { symbol: false, interval: false, crosshair: true, time: true },
        version: 5,
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      };
      let current = layout;
      let deleted = false;
      const net = routes({
        'GET /layouts': () => ({ body: { layouts: deleted ? [] : [current] } }),
        [`GET /layouts/${LAYOUT_ID}`]: () => ({ body: current }),
        [`PUT /layouts/${LAYOUT_ID}`]: (req) => {
          current = { ...current, ...(req.body as object), version: current.version + 1 };
          return { body: current };
        },
        [`DELETE /layouts/${LAYOUT_ID}`]: () => {
          deleted = true;
          return { body: { ok: true } };
        },
      });
      const { history } = renderApp(`/chart?layout=${LAYOUT_ID}`, signedInState());
      await screen.findByRole('region', { name: 'XAUUSD chart, 1 hour' }, slow);

      await userEvent.click(screen.getByRole('button', { name: 'Layout: 2 charts' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Manage layouts…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Saved layouts' });
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Rename Morning' }));
      const name = within(dialog).getByLabelText('Layout name');
      await userEvent.clear(name);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByText('Give the layout a name.')).toBeInTheDocument();
      await userEvent.type(name, 'London open');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(within(dialog).getByText('London open (open)')).toBeInTheDocument());
      expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)[0]!.body).toEqual({ version: 5, name: 'London open' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

      // A change to the layout afterwards is saved with the renamed version (no conflict).
      await userEvent.click(screen.getByRole('button', { name: 'Layout: 2 charts' }));
      await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Sync symbol' }));
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)).toHaveLength(2), slow);
      expect(net.callsTo('PUT', `/layouts/${LAYOUT_ID}`)[1]!.body).toMatchObject({ version: 6 });

      // Deleting the open layout keeps its active chart on screen, alone.
      await userEvent.click(screen.getByRole('button', { name: 'Layout: 2 charts' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Manage layouts…' }));
      const again = await screen.findByRole('dialog', { name: 'Saved layouts' });
      await userEvent.click(await within(again).findByRole('button', { name: 'Delete London open' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete “London open”?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(net.callsTo('DELETE', `/layouts/${LAYOUT_ID}`)).toHaveLength(1));
      expect(await within(again).findByText('No saved layouts yet.')).toBeInTheDocument();
      await userEvent.click(within(again).getByRole('button', { name: 'Close' }));
      expect(await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'XAUUSD chart, 1 hour' })).toBeNull();
      await waitFor(() => expect(history.location.search).not.toContain('layout='));
    },
    LONG,
  );
});
