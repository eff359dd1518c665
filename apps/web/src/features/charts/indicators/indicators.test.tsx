import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, type MockRequest, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { fakeCharts, resetFakeCharts } from '../test/fake-lightweight-charts';
import { decodeIndicators, encodeIndicators } from './model';

vi.mock('lightweight-charts', async () => (await import('../test/fake-lightweight-charts')).fakeLightweightCharts());

const slow = { timeout: 45_000 };
const END = 1_763_640_000;
const candles = Array.from({ length: 20 }, (_, i) => {
  const close = 1.1 + i * 0.0001;
  return { time: END - (19 - i) * 900, open: close, high: close + 0.0002, low: close - 0.0002, close, volume: 100 };
});
const times = candles.map((c) => c.time);

const style = (color: string) => ({ type: 'line', color, lineWidth: 2, lineStyle: 'solid', visible: true });
const rsi = {
  id: 'rsi',
  name: 'Relative Strength Index',
  shortName: 'RSI',
  group: 'oscillators',
  description: 'Momentum',
  overlay: false,
  kind: 'series',
  inputs: [{ id: 'period', title: 'Period', type: 'int', default: 14, min: 1, max: 500, step: 1 }],
  constraints: [],
  outputs: [{ id: 'rsi', title: 'RSI', style: style('#7e57c2') }],
  levels: [{ id: 'upper', title: 'Upper', value: 70, color: '#787b86', lineStyle: 'dashed', visible: true }],
  fills: [],
};
const bb = {
  ...rsi,
  id: 'bb',
  name: 'Bollinger Bands',
  shortName: 'BB',
  group: 'volatility',
  overlay: true,
  inputs: [{ id: 'period', title: 'Period', type: 'int', default: 20, min: 1, max: 500, step: 1 }],
  outputs: [
    { id: 'upper', title: 'Upper', style: style('#2196f3') },
    { id: 'basis', title: 'Basis', style: style('#ff6d00') },
    { id: 'lower', title: 'Lower', style: style('#2196f3') },
  ],
  levels: [],
};
const groups = ['trend', 'oscillators', 'volume', 'volatility', 'priceAction', 'meanReversion'].map((id) => ({
  id,
  count: id === 'oscillators' || id === 'volatility' ? 1 : 0,
}));

function list(req: MockRequest) {
  const group = req.query.get('group');
  const search = req.query.get('search')?.toLowerCase();
  const items = [rsi, bb].filter(
    (d) => (!group || d.group === group) && (!search || d.name.toLowerCase().includes(search)),
  );
  return { body: { indicators: items, total: items.length, page: 1, limit: 500, groups } };
}

function calculation(req: MockRequest) {
  const body = req.body as { indicator_name: string; indicator_settings: Record<string, number> };
  if (body.indicator_settings.period === 999) {
    return errorBody(400, 'VALIDATION_FAILED', 'period must be at most 500.', {
      fields: [{ field: 'indicator_settings.period', message: 'period must be at most 500.' }],
    });
  }
  const def = body.indicator_name === 'rsi' ? rsi : bb;
  return {
    body: {
      symbol: 'EURUSD',
      source: 'FOREX',
      timeframe: '15m',
      indicator: def.id,
      kind: 'series',
      overlay: def.overlay,
      settings: { period: body.indicator_settings.period ?? def.inputs[0]!.default },
      dataSource: 'Simulated',
      label: 'Simulated',
      times,
      series: def.outputs.map((o) => ({
        id: o.id,
        title: o.title,
        style: o.style,
        offset: 0,
        values: times.map((_, i) => (i < 2 ? null : 50 + i)),
      })),
      levels: def.levels,
      fills: [],
      profile: null,
    },
  };
}

function routes() {
  return mockFetch({
    'GET /middleware/feed/historical': { body: { candles, dataSource: 'Simulated' } },
    'GET /drawings': { body: { drawings: [] } },
    'GET /indicators/list': list,
    'POST /indicators/calculation': calculation,
  });
}

const indicatorSeries = () => fakeCharts.series.filter((s) => s.kind === 'Line');

describe('chart indicators', () => {
  beforeEach(() => resetFakeCharts());
  afterEach(() => vi.unstubAllGlobals());

  it('adds RSI in its own pane and Bollinger Bands on the price, from the dialog with groups and search', async () => {
    const net = routes();
    const { history } = renderApp('/chart', signedInState());
    await userEvent.click(await screen.findByRole('button', { name: 'Indicators' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Indicators' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oscillators (1)' }));
    await waitFor(() => expect(within(dialog).queryByText(/Bollinger/)).toBeNull());
    await userEvent.click(within(dialog).getByText('Relative Strength Index (RSI)'));

    await waitFor(() => expect(indicatorSeries()).toHaveLength(1), slow);
    const [line] = indicatorSeries();
    expect(line!.pane).toBe(1);
    expect(line!.data).toHaveLength(20);
    expect(line!.data[2]).toEqual({ time: times[2], value: 52 });
    expect(line!.priceLines).toEqual([expect.objectContaining({ price: 70, title: 'Upper' })]);
    const call = net.callsTo('POST', '/indicators/calculation')[0]!;
    expect(call.body).toMatchObject({
      symbol: 'EURUSD',
      timeframe: '15m',
      indicator_name: 'rsi',
      start_time: times[0],
      limit: 20,
    });

    // Alt+I opens the dialog again; searching finds Bollinger Bands, which goes on the price pane.
    await userEvent.keyboard('{Alt>}i{/Alt}');
    const again = await screen.findByRole('dialog', { name: 'Indicators' });
    await userEvent.click(within(again).getByRole('button', { name: 'All' }));
    await userEvent.type(within(again).getByLabelText('Search indicators'), 'boll');
    await userEvent.click(await within(again).findByText('Bollinger Bands (BB)'));
    await waitFor(() => expect(indicatorSeries()).toHaveLength(4), slow);
    expect(indicatorSeries().map((s) => s.pane)).toEqual([1, 0, 0, 0]);

    // The URL keeps them, so a reload shows them again.
    const kept = decodeIndicators(new URLSearchParams(history.location.search).get('ind'));
    expect(kept.map((i) => i.name)).toEqual(['rsi', 'bb']);

    // Hide, then remove, from the legend.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const legend = screen.getByRole('list', { name: 'Indicators' });
    await userEvent.click(within(legend).getByRole('button', { name: 'Hide RSI' }));
    await waitFor(() => expect(indicatorSeries().map((s) => s.pane)).toEqual([0, 0, 0]));
    await userEvent.click(within(legend).getByRole('button', { name: 'Remove BB' }));
    await waitFor(() => expect(indicatorSeries()).toHaveLength(0));
    expect(within(legend).getByRole('button', { name: 'Show RSI' })).toBeInTheDocument();
  });

  it('edits inputs in the settings dialog and shows the server’s message on the field', async () => {
    const net = routes();
    const ind = encodeIndicators([{ key: 'rsi-1', name: 'rsi', settings: {}, styles: {}, hidden: false }]);
    renderApp(`/chart?ind=${encodeURIComponent(ind)}`, signedInState());
    await waitFor(() => expect(indicatorSeries()).toHaveLength(1), slow);
    await userEvent.click(await screen.findByRole('button', { name: 'RSI settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relative Strength Index settings' });
    const period = within(dialog).getByLabelText('Period');
    expect(period).toHaveValue(14);
    await userEvent.clear(period);
    await userEvent.type(period, '999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('period must be at most 500.')).toBeInTheDocument();
    await userEvent.clear(period);
    await userEvent.type(period, '7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(
        net
          .callsTo('POST', '/indicators/calculation')
          .some((c) => (c.body as { indicator_settings: { period?: number } }).indicator_settings.period === 7),
      ).toBe(true),
    );
    expect(await screen.findByRole('listitem', { name: 'RSI 7' }, slow)).toBeInTheDocument();
  });

  it('makes the Favorite collection when none is saved, and stars indicators into it', async () => {
    const URL = '/user-data/v1/store/indicators/indicatorCollections';
    let saved: { version: number; list: { id: string; tab_name: string; indicators: string[] }[] } | null = null;
    const net = mockFetch({
      'GET /middleware/feed/historical': { body: { candles, dataSource: 'Simulated' } },
      'GET /drawings': { body: { drawings: [] } },
      'GET /indicators/list': list,
      'POST /indicators/calculation': calculation,
      [`GET ${URL}`]: () =>
        saved ? { body: { payload: { ...saved, updatedAt: null } } } : errorBody(404, 'USER_DATA_NOT_FOUND', 'None.'),
      [`PUT ${URL}`]: (req) => {
        const body = req.body as NonNullable<typeof saved>;
        if (body.version !== (saved?.version ?? 0)) return errorBody(409, 'USER_DATA_VERSION_CONFLICT', 'Stale.');
        saved = {
          version: body.version + 1,
          list: body.list.map((c) => ({ ...c, tabName: c.tab_name })) as never,
        };
        return { body: { payload: { ...saved, updatedAt: '2025-11-20T00:00:00.000Z' } } };
      },
    });
    renderApp('/chart', signedInState());
    await userEvent.click(await screen.findByRole('button', { name: 'Indicators' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Indicators' });
    await waitFor(() => expect(net.callsTo('PUT', URL)).toHaveLength(1));
    expect(net.callsTo('PUT', URL)[0]!.body).toEqual({
      version: 0,
      list: [{ id: 'favorite', tab_name: 'Favorite', indicators: [] }],
    });
    const star = await within(dialog).findByRole('button', { name: 'Favourite RSI' });
    await waitFor(() => expect(star).toBeEnabled());
    await userEvent.click(star);
    await waitFor(() => expect(net.callsTo('PUT', URL)).toHaveLength(2));
    expect(net.callsTo('PUT', URL)[1]!.body).toMatchObject({
      version: 1,
      list: [{ id: 'favorite', tab_name: 'Favorite', indicators: ['rsi'] }],
    });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Favorite' }));
    await waitFor(() => expect(within(dialog).queryByText('Bollinger Bands (BB)')).toBeNull());
    expect(within(dialog).getByText('Relative Strength Index (RSI)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Favourite RSI' })).toHaveAttribute('aria-pressed', 'true');
  });
});
