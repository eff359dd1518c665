import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TradingOrder, TradingPosition } from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { StopLossPanel } from './position-detail-dialog';
import { ClosePositionDialog, ModifyPositionDialog, PartialCloseDialog } from './position-dialogs';
import { positionEventOf } from './position-events';
import { contractOf, partialVolumeError, stopLevelErrors, stopLossRisk } from './position-math';
import { PositionsTable } from './positions-table';
import { tradePips, tradesArgsOf } from './trade-history';
import { lineAt, orderRequestWith, tradingLinesOf } from './use-trading-lines';

const ID = '11111111-1111-4111-8111-111111111111';

function position(overrides: Partial<TradingPosition> = {}): TradingPosition {
  return {
    id: ID,
    positionId: ID,
    kind: 'long',
    instrumentId: 'EURUSD',
    symbol: 'EURUSD',
    side: 'buy',
    volume: 1,
    initialVolume: 1,
    openPrice: 1.1,
    entryTimestamp: '2026-03-02T09:30:00.000Z',
    stopLoss: 1.098,
    takeProfit: 1.104,
    trailingStopPoints: null,
    currentPrice: 1.101,
    upl: 100,
    profit: 0,
    commission: -3.5,
    swap: -0.42,
    closePrice: null,
    closedAt: null,
    closeReason: null,
    ...overrides,
  };
}

const EURUSD = contractOf('EURUSD');

describe('position rules', () => {
  it('keeps a partial close within the minimum and step, and leaves at least the minimum open', () => {
    // EURUSD: minimum 0.01 lots, step 0.01
    expect(partialVolumeError(0.5, { volume: 1 }, EURUSD)).toBeNull();
    expect(partialVolumeError(0.3, { volume: 1 }, EURUSD)).toBeNull(); // 0.3 / 0.01 is 29.999… in floats
    expect(partialVolumeError(0.005, { volume: 1 }, EURUSD)).toBe('Volume must be at least 0.01 lots.');
    expect(partialVolumeError(0.015, { volume: 1 }, EURUSD)).toBe('Volume must be a multiple of 0.01 lots.');
    expect(partialVolumeError(1, { volume: 1 }, EURUSD)).toMatch(/less than the position's 1 lots; use Close/);
    expect(partialVolumeError(Number.NaN, { volume: 1 }, EURUSD)).toBe('Volume must be a number of lots above zero.');
  });

  it('puts a long’s stop below the price and its target above, a short’s the other way', () => {
    expect(stopLevelErrors('buy', 1.1, 1.09, 1.11)).toEqual({});
    expect(stopLevelErrors('buy', 1.1, 1.105, 1.09)).toEqual({
      stopLoss: 'Stop loss must be below the current price (1.1).',
      takeProfit: 'Take profit must be above the current price (1.1).',
    });
    expect(stopLevelErrors('sell', 1.1, 1.09, null)).toEqual({
      stopLoss: 'Stop loss must be above the current price (1.1).',
    });
    expect(stopLevelErrors('sell', 1.1, null, null)).toEqual({});
  });

  it('works the stop-loss panel: 20 pips from entry, $200 at risk on 1 lot of EURUSD, 2 % of 10,000', () => {
    // 1 lot = 100,000 EUR; 20 pips = 0.0020 x 100,000 = 200 USD in a USD account
    expect(stopLossRisk(position(), EURUSD, 'USD', 10_000)).toEqual({
      pipsFromEntry: 20,
      pipsFromCurrent: 30,
      resultAtStop: -200,
      percentOfBalance: 2,
    });
    // a EUR account: the rate comes from the position's own P/L (10 pips = 0.0010 x 100,000 = 100 USD = 90 EUR)
    expect(stopLossRisk(position({ upl: 90 }), EURUSD, 'EUR', 10_000)?.resultAtStop).toBe(-180);
    // a stop moved past the entry locks in a profit: nothing at risk
    expect(stopLossRisk(position({ stopLoss: 1.1005 }), EURUSD, 'USD', 10_000)).toMatchObject({
      resultAtStop: 50,
      percentOfBalance: 0,
    });
    expect(stopLossRisk(position({ stopLoss: null }), EURUSD, 'USD', 10_000)).toBeNull();
  });

  it('reads a stop-loss hit and a partial close from the account channel', () => {
    const known = new Map([[ID, 1]]);
    const partial = positionEventOf({ event: 'position', data: position({ volume: 0.4 }) }, known);
    expect(partial).toMatchObject({ kind: 'partial', closedVolume: 0.6 });
    expect(positionEventOf({ event: 'position', data: position({ volume: 0.4, upl: 5 }) }, known)).toBeNull();
    const hit = positionEventOf(
      { event: 'position', data: position({ kind: 'flat', volume: 0, closeReason: 'stop_loss', closePrice: 1.098 }) },
      known,
    );
    expect(hit).toMatchObject({ kind: 'closed', reason: 'stop_loss' });
    expect(known.has(ID)).toBe(false);
    const byHand = positionEventOf(
      { event: 'position', data: position({ kind: 'flat', volume: 0, closeReason: 'client' }) },
      new Map(),
    );
    expect(byHand).toBeNull();
    expect(positionEventOf({ event: 'account', data: {} }, known)).toBeNull();
  });

  it('asks the history for whole days of the filter, and counts pips signed', () => {
    const args = tradesArgsOf('acc', { symbol: ' eurusd ', side: 'sell', from: '2026-03-02', to: '2026-03-03' }, 1, 50);
    expect(args).toMatchObject({
      account: 'acc',
      status: 'closed',
      symbol: 'EURUSD',
      side: 'sell',
      page: 2,
      limit: 50,
    });
    expect(new Date(args.from!).getDate()).toBe(2);
    expect(new Date(args.to!).getHours()).toBe(23);
    expect(tradesArgsOf('acc', { symbol: '', side: '', from: 'x', to: '' }, 0, 25)).toMatchObject({
      symbol: undefined,
      side: undefined,
      from: undefined,
      page: 1,
    });
    expect(tradePips({ symbol: 'EURUSD', side: 'sell', openPrice: 1.1, closePrice: 1.103 })).toBe(-30);
    expect(tradePips({ symbol: 'USDJPY', side: 'buy', openPrice: 150, closePrice: 150.25 })).toBe(25);
  });
});

describe('trading lines', () => {
  const order: TradingOrder = {
    id: '22222222-2222-4222-8222-222222222222',
    symbol: 'EURUSD',
    side: 'buy',
    type: 'limit',
    status: 'pending',
    size: 0.5,
    triggerPrice: null,
    limitPrice: 1.095,
    stopLoss: 1.09,
    takeProfit: null,
    stopLossPips: 50,
    takeProfitPips: null,
    stopLossLock: 'pips',
    takeProfitLock: 'price',
    trailingStopPoints: null,
    expiry: 'gtc',
    expiresAt: null,
    stopTriggeredAt: null,
    positionId: null,
    fillPrice: null,
    filledAt: null,
    reason: null,
    createdAt: '2026-03-02T09:30:00.000Z',
    updatedAt: '2026-03-02T09:30:00.000Z',
  };

  it('draws the entry with its P/L, SL, TP and pending price of the chart’s symbol only', () => {
    const lines = tradingLinesOf(
      [position(), position({ id: 'x', symbol: 'GBPUSD' })],
      [order],
      'FOREX:EURUSD',
      (p) => `+$${p.upl}`,
    );
    expect(lines.map((l) => [l.kind, l.price, l.title, l.draggable])).toEqual([
      ['entry', 1.1, 'Buy 1 +$100', false],
      ['sl', 1.098, 'SL', true],
      ['tp', 1.104, 'TP', true],
      ['pending', 1.095, 'Buy limit 0.5', true],
    ]);
  });

  it('picks the draggable line under the pointer, never the entry', () => {
    const lines = tradingLinesOf([position()], [], 'EURUSD', () => '');
    const y = (price: number) => (1.11 - price) * 10_000; // 1 px per pip
    expect(lineAt(lines, 120, y)?.kind).toBe('sl'); // 1.098 is at 120 px
    expect(lineAt(lines, 64, y)?.kind).toBe('tp'); // 1.104 at 60 px, 4 px off
    expect(lineAt(lines, 100, y)).toBeNull(); // the entry
    expect(lineAt(lines, 90, y)).toBeNull();
  });

  it('resends every field of a pending order with the dragged price', () => {
    expect(orderRequestWith(order, 1.0962)).toMatchObject({
      orderId: order.id,
      type: 'limit',
      size: 0.5,
      limitPrice: 1.0962,
      triggerPrice: null,
      stopLoss: 1.09,
      stopLossPips: 50,
      stopLossLock: 'pips',
      expiry: 'gtc',
    });
  });
});

describe('position modals', () => {
  it('refuses a partial close off the step before calling, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValueOnce('The market is closed; it opens Monday 00:00 UTC.');
    renderWithStore(<PartialCloseDialog position={position()} currency="USD" onClose={() => {}} onSubmit={onSubmit} />);
    const field = screen.getByRole('textbox', { name: 'Volume to close (lots)' });
    expect(field).toHaveValue('0.5');
    await user.clear(field);
    await user.type(field, '0.005');
    await user.click(screen.getByRole('button', { name: 'Close volume' }));
    expect(screen.getByText('Volume must be at least 0.01 lots.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '0.25');
    await user.click(screen.getByRole('button', { name: 'Close volume' }));
    expect(onSubmit).toHaveBeenCalledWith(0.25);
    expect(await screen.findByRole('alert')).toHaveTextContent('The market is closed; it opens Monday 00:00 UTC.');
  });

  it('checks the levels’ sides, sends null for an emptied field, and closes when saved', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(null);
    const onClose = vi.fn();
    renderWithStore(
      <ModifyPositionDialog position={position()} currency="USD" onClose={onClose} onSubmit={onSubmit} />,
    );
    const sl = screen.getByRole('textbox', { name: 'Stop loss' });
    await user.clear(sl);
    await user.type(sl, '1.1050');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Stop loss must be below the current price (1.101).')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(sl);
    await user.type(sl, '1.0990');
    await user.clear(screen.getByRole('textbox', { name: 'Take profit' }));
    await user.type(screen.getByRole('textbox', { name: 'Trailing stop (points)' }), '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ stopLoss: 1.099, takeProfit: null, trailingStopPoints: 150 });
    expect(onClose).toHaveBeenCalled();
  });

  it('confirms a close with the position and its P/L', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue('This position is already closed.');
    renderWithStore(
      <ClosePositionDialog position={position()} currency="USD" onClose={() => {}} onSubmit={onSubmit} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Close position' });
    expect(dialog).toHaveTextContent('Buy 1.00 lots EURUSD at 1.10000');
    expect(dialog).toHaveTextContent('+$100.00');
    await user.click(within(dialog).getByRole('button', { name: 'Close position' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This position is already closed.');
  });

  it('shows the stop-loss panel’s distance and money at risk', () => {
    renderWithStore(<StopLossPanel position={position()} currency="USD" balance={10_000} />);
    expect(screen.getByText('20 pips')).toBeInTheDocument();
    expect(screen.getByText('30 pips')).toBeInTheDocument();
    expect(screen.getByText('Money at risk').nextSibling).toHaveTextContent('-$200.00');
  });
});

describe('positions table', () => {
  // jsdom lays nothing out: give the grid's scrolling area a height, as a browser would.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the columns with prices at the instrument’s digits and a signed P/L, and offers the actions', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    renderWithStore(
      <div style={{ height: 400, width: 1400 }}>
        <PositionsTable
          positions={[position({ upl: -12.5 })]}
          currency="USD"
          status="ready"
          onAction={onAction}
          persist={false}
        />
      </div>,
    );
    const grid = screen.getByRole('grid', { name: 'Open positions' });
    for (const header of ['Symbol', 'Side', 'Volume', 'Entry', 'Current', 'SL', 'TP', 'Swap', 'Commission', 'P/L']) {
      expect(within(grid).getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    }
    expect(grid).toHaveTextContent('1.10000');
    expect(grid).toHaveTextContent('1.09800');
    expect(grid).toHaveTextContent('-$12.50');
    expect(grid).toHaveTextContent('-$3.50');
    await user.click(within(grid).getByRole('button', { name: 'Close part of EURUSD position' }));
    expect(onAction).toHaveBeenCalledWith('partial', expect.objectContaining({ id: ID }));
  });

  it('says so when there are no open positions', () => {
    renderWithStore(
      <div style={{ height: 300 }}>
        <PositionsTable positions={[]} currency="USD" status="ready" onAction={() => {}} persist={false} />
      </div>,
    );
    expect(screen.getByText('No open positions')).toBeInTheDocument();
  });
});
