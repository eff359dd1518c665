import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, type MockRequest, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { resetFakeCharts } from '../test/fake-lightweight-charts';
import { toolRoutes } from './test-server';
import { readChartSettings } from './use-chart-settings';

vi.mock('lightweight-charts', async () => (await import('../test/fake-lightweight-charts')).fakeLightweightCharts());

const slow = { timeout: 45_000 };
const STORE = '/user-data/v1/store/workspace/chart-settings';

function settingsStore(initial: unknown = null) {
  let saved = initial as { version: number; state: unknown } | null;
  return {
    [`GET ${STORE}`]: () =>
      saved
        ? { body: { payload: { name: 'chart-settings', ...saved, updatedAt: '2025-11-20T00:00:00.000Z' } } }
        : errorBody(404, 'USER_DATA_NOT_FOUND', 'Nothing saved.'),
    [`PUT ${STORE}`]: (req: MockRequest) => {
      saved = req.body as { version: number; state: unknown };
      return { body: { payload: { name: 'chart-settings', ...saved, updatedAt: '2025-11-20T00:00:00.000Z' } } };
    },
  };
}

describe('chart settings', () => {
  beforeEach(() => resetFakeCharts());
  afterEach(() => vi.unstubAllGlobals());

  it('saves the default timeframe, layout and switches to the account; the chart then opens at that timeframe', async () => {
    const net = mockFetch({ ...toolRoutes().routes, ...settingsStore() });
    renderApp('/chart', signedInState());
    await screen.findByRole('region', { name: 'EURUSD chart, 15 minutes' }, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Chart settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chart settings' }, slow);
    expect(within(dialog).getByText(/charts show no journal entries yet/)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Default timeframe' }));
    await userEvent.click(await screen.findByRole('option', { name: '1 hour' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Default layout' }));
    await userEvent.click(await screen.findByRole('option', { name: '4 charts' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Autosave' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Show journal entries' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chart settings' })).toBeNull());
    expect(net.callsTo('PUT', STORE)[0]!.body).toEqual({
      version: 1,
      state: { defaultTimeframe: '1h', defaultLayout: 4, autosave: false, journal: true },
    });
    // The link names no timeframe, so the chart follows the new default.
    expect(await screen.findByRole('region', { name: 'EURUSD chart, 1 hour' }, slow)).toBeInTheDocument();
    await waitFor(() =>
      expect(net.callsTo('GET', '/middleware/feed/historical').some((c) => c.query.get('timeframe') === '1h')).toBe(
        true,
      ),
    );
  }, 60_000);

  it('keeps a timeframe the link names over the default, and opens Appearance from the dialog', async () => {
    mockFetch({
      ...toolRoutes().routes,
      ...settingsStore({
        version: 1,
        state: { defaultTimeframe: '4h', defaultLayout: 1, autosave: true, journal: false },
      }),
    });
    renderApp('/chart?tf=5m', signedInState());
    expect(await screen.findByRole('region', { name: 'EURUSD chart, 5 minutes' }, slow)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Chart settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chart settings' }, slow);
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Default timeframe' })).toHaveTextContent('4 hours'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appearance…' }));
    expect(await screen.findByRole('dialog', { name: 'Chart templates' }, slow)).toBeInTheDocument();
  }, 60_000);

  it('reads a saved document leniently: a bad field gives its default', () => {
    expect(readChartSettings(1, { defaultTimeframe: '7m', defaultLayout: 3, autosave: false, journal: 'x' })).toEqual({
      defaultTimeframe: '15m',
      defaultLayout: 1,
      autosave: false,
      journal: false,
    });
    expect(readChartSettings(2, { defaultTimeframe: '1h' }).defaultTimeframe).toBe('15m');
  });
});
