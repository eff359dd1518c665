import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Trade } from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { mockFetch } from '../../test/fetch-mock';
import { LinkedTradeDialog, TradeHistory } from './trade-history';

const ACCOUNT = '33333333-3333-4333-8333-333333333333';
const TRADE = '44444444-4444-4444-8444-444444444444';

const trade: Trade = {
  id: TRADE,
  positionId: TRADE,
  kind: 'flat',
  instrumentId: 'EURUSD',
  symbol: 'EURUSD',
  side: 'sell',
  volume: 0,
  initialVolume: 0.5,
  openPrice: 1.1,
  entryTimestamp: '2026-03-02T09:30:00.000Z',
  stopLoss: 1.102,
  takeProfit: null,
  trailingStopPoints: null,
  currentPrice: 1.097,
  upl: 0,
  profit: 150,
  commission: -3.5,
  swap: 0,
  closePrice: 1.097,
  closedAt: '2026-03-02T11:00:00.000Z',
  closeReason: 'take_profit',
  status: 'closed',
  net: 146.5,
};

beforeEach(() => {
  // jsdom lays nothing out: give the grid's scrolling area a height, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('trade history', () => {
  it('lists closed trades with pips and net P/L, filters on the server, and opens a trade with its deals', async () => {
    const user = userEvent.setup();
    const net = mockFetch({
      [`GET /trading/accounts/${ACCOUNT}/trades`]: (req) => ({
        body: { trades: req.query.get('side') === 'buy' ? [] : [trade], page: 1, limit: 50, total: 1 },
      }),
      [`GET /trading/accounts/${ACCOUNT}/trades/${TRADE}`]: {
        body: {
          trade,
          deals: [
            {
              id: '55555555-5555-4555-8555-555555555555',
              positionId: TRADE,
              orderId: null,
              kind: 'trade',
              entry: 'out',
              symbol: 'EURUSD',
              side: 'buy',
              volume: 0.5,
              price: 1.097,
              requestedPrice: 1.097,
              slippage: 0,
              gap: false,
              profit: 150,
              commission: -1.75,
              swap: 0,
              amount: 148.25,
              balanceAfter: 10_146.5,
              reason: 'take_profit',
              time: '2026-03-02T11:00:00.000Z',
            },
          ],
          modifications: [],
        },
      },
    });
    renderWithStore(
      <div style={{ height: 600 }}>
        <TradeHistory accountId={ACCOUNT} currency="USD" />
      </div>,
    );
    const grid = await screen.findByRole('grid', { name: 'Trade history' });
    await waitFor(() => expect(grid).toHaveTextContent('+30.0'));
    expect(grid).toHaveTextContent('Take profit');
    expect(grid).toHaveTextContent('+$146.50');
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
    expect(Object.fromEntries(net.callsTo('GET', `/trading/accounts/${ACCOUNT}/trades`)[0]!.query)).toEqual({
      status: 'closed',
      page: '1',
      limit: '50',
    });

    await user.click(screen.getByRole('combobox', { name: 'Side' }));
    await user.click(screen.getByRole('option', { name: 'Buy' }));
    await screen.findByText('No closed trades');
    expect(net.callsTo('GET', `/trading/accounts/${ACCOUNT}/trades`).at(-1)!.query.get('side')).toBe('buy');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    await waitFor(() => expect(screen.getByRole('grid', { name: 'Trade history' })).toHaveTextContent('EURUSD'));
    const cell = within(screen.getByRole('grid', { name: 'Trade history' })).getAllByRole('gridcell')[0]!;
    await user.dblClick(cell);
    const dialog = await screen.findByRole('dialog', { name: /Sell 0\.50 EURUSD/ });
    const deals = await within(dialog).findByRole('table', { name: 'Deals' });
    expect(deals).toHaveTextContent('Buy out');
    expect(deals).toHaveTextContent('$10,146.50');
    expect(within(dialog).getByText(/No modifications/)).toBeInTheDocument();
  });
  it('exports every trade the filters find, page after page, not only the page on screen', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 250 }, (_, i) => ({ ...trade, id: `t-${i}`, positionId: `t-${i}`, profit: i }));
    const net = mockFetch({
      [`GET /trading/accounts/${ACCOUNT}/trades`]: (req) => {
        const page = Number(req.query.get('page'));
        const limit = Number(req.query.get('limit'));
        return { body: { trades: all.slice((page - 1) * limit, page * limit), page, limit, total: all.length } };
      },
    });
    const blobs: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    };
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithStore(
      <div style={{ height: 600 }}>
        <TradeHistory accountId={ACCOUNT} currency="USD" />
      </div>,
    );
    await waitFor(() => expect(screen.getByRole('grid', { name: 'Trade history' })).toHaveTextContent('EURUSD'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const pages = net
      .callsTo('GET', `/trading/accounts/${ACCOUNT}/trades`)
      .filter((c) => c.query.get('limit') === '200')
      .map((c) => c.query.get('page'));
    expect(pages).toEqual(['1', '2']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]!);
    });
    // the header, then one line per trade
    expect(text.trim().split('\r\n')).toHaveLength(251);
  });
  it('opens a linked trade by its id, and says so when the link names no trade of the user', async () => {
    mockFetch({
      [`GET /trading/accounts/${ACCOUNT}/trades/${TRADE}`]: { body: { trade, deals: [], modifications: [] } },
      [`GET /trading/accounts/${ACCOUNT}/trades/missing`]: {
        status: 404,
        body: { code: 'TRADE_NOT_FOUND', message: 'Trade not found.' },
      },
    });
    const onClose = vi.fn();
    const view = renderWithStore(
      <LinkedTradeDialog accountId={ACCOUNT} tradeId={TRADE} currency="USD" onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: /Sell 0\.50 EURUSD/ });
    expect(dialog).toHaveTextContent('+$146.50');
    view.unmount();
    renderWithStore(<LinkedTradeDialog accountId={ACCOUNT} tradeId="missing" currency="USD" onClose={onClose} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This trade is not in the history of your accounts.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
