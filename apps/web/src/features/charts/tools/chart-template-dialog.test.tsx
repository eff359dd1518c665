import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { fakeCharts, resetFakeCharts } from '../test/fake-lightweight-charts';
import { toolRoutes } from './test-server';

vi.mock('lightweight-charts', async () => (await import('../test/fake-lightweight-charts')).fakeLightweightCharts());

const slow = { timeout: 45_000 };
const candleSeries = () => fakeCharts.series.find((s) => s.kind === 'Candlestick' || s.kind === 'Bar');

describe('chart templates', () => {
  beforeEach(() => resetFakeCharts());
  afterEach(() => vi.unstubAllGlobals());

  it('saves the edited appearance as a template, applies it, makes another the default and deletes one', async () => {
    const server = toolRoutes();
    const net = mockFetch({ ...server.routes, ...server.idRoutes() });
    const { history } = renderApp('/chart', signedInState());
    await userEvent.click(await screen.findByRole('button', { name: 'Chart templates' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Chart templates' }, slow);
    expect(await within(dialog).findByText(/No chart templates yet/)).toBeInTheDocument();

    // The chart shows the change before it is saved.
    fireEvent.change(within(dialog).getByLabelText('Up candle'), { target: { value: '#2962ff' } });
    await waitFor(() => expect(candleSeries()!.options.upColor).toBe('#2962ff'));
    fireEvent.change(within(dialog).getByLabelText('Template name'), { target: { value: 'Blue' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as template' }));
    await waitFor(() => expect(net.callsTo('POST', '/templates')).toHaveLength(1));
    expect(net.callsTo('POST', '/templates')[0]!.body).toMatchObject({
      name: 'Blue',
      kind: 'chart',
      settings: { up_color: '#2962ff', chart_type: 'candles' },
    });
    // The new template is on the chart (tpl) and, the first one, the default.
    await waitFor(() => expect(new URLSearchParams(history.location.search).get('tpl')).toBe(server.templates[0]!.id));
    const blueId = server.templates[0]!.id;
    const list = await within(dialog).findByRole('list', { name: 'Chart templates' });
    expect(within(list).getByText('Default')).toBeInTheDocument();

    // A second template, made the default.
    fireEvent.change(within(dialog).getByLabelText('Background'), { target: { value: '#101010' } });
    fireEvent.change(within(dialog).getByLabelText('Template name'), { target: { value: 'Dark' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as template' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Make Dark the default' }));
    await waitFor(() => expect(net.callsTo('PUT', `/templates/${server.templates[1]!.id}/default`)).toHaveLength(1));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Make Dark the default' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );

    // Delete asks first.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Blue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Blue”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).queryByText('Blue')).toBeNull());
    expect(net.callsTo('DELETE', `/templates/${blueId}`)).toHaveLength(1);
    expect(server.templates.map((t) => t.name)).toEqual(['Dark']);
  }, 60_000);

  it('shows the default template on a chart without one of its own, with its chart type', async () => {
    const server = toolRoutes([
      {
        id: '00000000-0000-4000-8000-000000000001',
        name: 'Mine',
        kind: 'chart',
        isDefault: true,
        settings: { chartType: 'bars', upColor: '#00ff00', showVolume: false },
        indicators: [],
        createdAt: '2025-11-20T00:00:00.000Z',
        updatedAt: '2025-11-20T00:00:00.000Z',
      },
    ]);
    mockFetch({ ...server.routes, ...server.idRoutes() });
    renderApp('/chart', signedInState());
    await waitFor(() => expect(fakeCharts.series.some((s) => s.kind === 'Bar')).toBe(true), slow);
    await waitFor(() => expect(candleSeries()!.options.upColor).toBe('#00ff00'));
    const volume = fakeCharts.series.find((s) => s.kind === 'Histogram')!;
    expect(volume.options.visible).toBe(false);
  }, 60_000);
});
