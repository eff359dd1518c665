import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { decodeIndicators, encodeIndicators } from '../indicators/model';
import { resetFakeCharts } from '../test/fake-lightweight-charts';
import { toolRoutes } from './test-server';

vi.mock('lightweight-charts', async () => (await import('../test/fake-lightweight-charts')).fakeLightweightCharts());

const slow = { timeout: 45_000 };

describe('indicator templates', () => {
  beforeEach(() => resetFakeCharts());
  afterEach(() => vi.unstubAllGlobals());

  it("saves the chart's indicators with inputs and styles, and applying one replaces them", async () => {
    const server = toolRoutes([
      {
        id: '00000000-0000-4000-8000-000000000001',
        name: 'Trend',
        kind: 'indicators',
        isDefault: true,
        settings: {},
        indicators: [{ id: 'bb-1', name: 'bb', settings: { period: 20 }, styles: {}, visible: true }],
        createdAt: '2025-11-20T00:00:00.000Z',
        updatedAt: '2025-11-20T00:00:00.000Z',
      },
    ]);
    const net = mockFetch({
      ...server.routes,
      ...server.idRoutes(),
      'GET /indicators/list': { body: { indicators: [], total: 0, page: 1, limit: 500, groups: [] } },
    });
    const ind = encodeIndicators([
      { key: 'rsi-1', name: 'rsi', settings: { period: 7 }, styles: { rsi: { color: '#ff0000' } }, hidden: false },
    ]);
    const { history } = renderApp(`/chart?ind=${encodeURIComponent(ind)}`, signedInState());
    await userEvent.click(await screen.findByRole('button', { name: 'Indicators' }, slow));
    const picker = await screen.findByRole('dialog', { name: 'Indicators' }, slow);
    await userEvent.click(within(picker).getByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Indicator templates' }, slow);
    expect(within(dialog).getByText(/Keeps the chart's 1 indicator with/)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Template name'), { target: { value: 'Momentum' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save indicators' }));
    await waitFor(() => expect(net.callsTo('POST', '/templates')).toHaveLength(1));
    expect(net.callsTo('POST', '/templates')[0]!.body).toEqual({
      name: 'Momentum',
      kind: 'indicators',
      indicators: [
        { id: 'rsi-1', name: 'rsi', settings: { period: 7 }, styles: { rsi: { color: '#ff0000' } }, visible: true },
      ],
    });
    const list = within(dialog).getByRole('list', { name: 'Indicator templates' });
    expect(await within(list).findByText('Momentum')).toBeInTheDocument();
    // Indicator templates have no default to pick.
    expect(within(list).queryByRole('button', { name: /the default/ })).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: 'Apply Trend' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Indicator templates' })).toBeNull());
    const now = decodeIndicators(new URLSearchParams(history.location.search).get('ind'));
    expect(now).toEqual([{ key: 'bb-1', name: 'bb', settings: { period: 20 }, styles: {}, hidden: false }]);
  }, 60_000);
});
