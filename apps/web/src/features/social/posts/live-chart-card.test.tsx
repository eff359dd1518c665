import { screen, waitFor, within } from '@testing-library/react';
import type { Post } from '@tradedesk/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { fakeCharts, resetFakeCharts } from '../../charts/test/fake-lightweight-charts';
import { toolCandles } from '../../charts/tools/test-server';
import { PostAttachments } from './post-attachments';

vi.mock('lightweight-charts', async () =>
  (await import('../../charts/test/fake-lightweight-charts')).fakeLightweightCharts(),
);

const slow = { timeout: 45_000 };
const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const shared = {
  token: TOKEN,
  name: 'EURUSD swing',
  source: 'FOREX',
  symbol: 'EURUSD',
  timeframe: '1h',
  settings: {
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
  },
  indicators: [],
  instrument: { symbol: 'EURUSD', source: 'FOREX', name: 'Euro / US Dollar', description: '', digits: 5, exchange: '' },
  drawings: [],
  sharedAt: '2025-11-20T00:00:00.000Z',
};

function withChart(
  token: string,
): Pick<Post, 'id' | 'symbols' | 'media' | 'gif' | 'chart' | 'poll' | 'trade' | 'article'> {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    symbols: [],
    media: [],
    gif: null,
    chart: { kind: 'live', token, symbol: 'EURUSD', timeframe: '1h' },
    poll: null,
    trade: null,
    article: null,
  };
}

describe('a live chart in a post', () => {
  beforeEach(() => resetFakeCharts());
  afterEach(() => vi.unstubAllGlobals());

  it('embeds a compact read-only preview of the shared chart, with a link to open it full size', async () => {
    const net = mockFetch({
      'GET /middleware/feed/historical': { body: { candles: toolCandles, dataSource: 'Simulated' } },
      [`GET /charts/share/${TOKEN}`]: { body: shared },
    });
    renderWithStore(
      <MemoryRouter>
        <PostAttachments post={withChart(TOKEN)} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('figure', { name: 'Live chart: EURUSD · 1h' });
    expect(within(card).getByRole('link', { name: 'Open the live chart' })).toHaveAttribute(
      'href',
      `/shared/charts/${TOKEN}`,
    );
    // the shared-chart page's chart, loaded lazily: the shared candles with the shared chart type
    const chart = await within(card).findByRole('region', { name: 'EURUSD chart, 1 hour' }, slow);
    await waitFor(() => expect(chart).toHaveAttribute('aria-busy', 'false'));
    await waitFor(() => expect(fakeCharts.series.some((s) => s.kind === 'Bar' && s.data.length === 30)).toBe(true));
    expect(net.callsTo('GET', '/middleware/feed/historical')[0]!.query.get('timeframe')).toBe('1h');
    // read-only and compact: it takes no pointer input, the feed scrolls over it
    expect(getComputedStyle(chart).pointerEvents).toBe('none');
  }, 60_000);

  it('says so when the owner stopped sharing the chart, keeping the card', async () => {
    mockFetch({ 'GET /charts/share/gone00000000000000': errorBody(404, 'CHART_SHARE_NOT_FOUND', 'Revoked.') });
    renderWithStore(
      <MemoryRouter>
        <PostAttachments post={withChart('gone00000000000000')} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('The owner stopped sharing this chart.', undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Live chart: EURUSD · 1h' })).toBeInTheDocument();
  }, 60_000);
});
