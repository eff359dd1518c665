import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInState } from '../../test/render-app';

const slow = { timeout: 45_000 };

function chart(id: string, name: string, symbol: string, timeframe: string, updatedAt: string) {
  return { id, name, symbol, source: 'FOREX', timeframe, indicators: [], version: 1, updatedAt, createdAt: updatedAt };
}

describe('dashboard active charts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the saved charts, last changed first, each opening its chart', async () => {
    mockFetch({
      'GET /customer/configuration': { body: { general: { timeZone: 'UTC', timeFormat: '24h' } } },
      'GET /charts': {
        body: {
          charts: [
            chart('00000000-0000-4000-8000-0000000000c1', 'EURUSD 15m', 'EURUSD', '15m', '2026-11-20T10:00:00.000Z'),
            chart('00000000-0000-4000-8000-0000000000c2', 'Gold swing', 'XAUUSD', '4h', '2026-11-21T09:30:00.000Z'),
          ],
        },
      },
    });
    const { history } = renderApp('/', signedInState());
    const table = await screen.findByRole('table', { name: 'Active charts' }, slow);
    expect(screen.getByRole('tab', { name: 'Active charts' })).toHaveAttribute('aria-selected', 'true');
    const rows = await within(table).findAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Gold swingXAUUSD4 hours/),
      expect.stringMatching(/^EURUSD 15mEURUSD15 minutes/),
    ]);
    await userEvent.click(within(table).getByRole('link', { name: 'Gold swing' }));
    expect(history.location.pathname).toBe('/chart');
    expect(history.location.search).toBe('?chart=00000000-0000-4000-8000-0000000000c2');
  });

  it('says how to save a chart when there is none, and keeps the account facts in their tab', async () => {
    mockFetch({
      'GET /customer/configuration': { body: { general: { timeZone: 'UTC', timeFormat: '24h' } } },
      'GET /charts': { body: { charts: [] } },
    });
    renderApp('/', signedInState());
    expect(await screen.findByText('No saved charts yet', {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the chart' })).toHaveAttribute('href', '/chart');
    await userEvent.click(screen.getByRole('tab', { name: 'Account' }));
    expect(screen.getByRole('heading', { name: 'Account' })).toBeVisible();
    expect(screen.getByText('@ada')).toBeInTheDocument();
  });
});
