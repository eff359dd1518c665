import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TradingPosition } from '@tradedesk/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import type { WsClient, WsEvent } from '../../shared/ws/ws-client';
import { PositionEventDialog, usePositionEvents } from './position-events';

const ID = '11111111-1111-4111-8111-111111111111';
const ACCOUNT = '33333333-3333-4333-8333-333333333333';

function position(overrides: Partial<TradingPosition> = {}): TradingPosition {
  return {
    id: ID,
    positionId: ID,
    kind: 'short',
    instrumentId: 'EURUSD',
    symbol: 'EURUSD',
    side: 'sell',
    volume: 1,
    initialVolume: 1,
    openPrice: 1.1,
    entryTimestamp: '2026-03-02T09:30:00.000Z',
    stopLoss: 1.102,
    takeProfit: null,
    trailingStopPoints: null,
    currentPrice: 1.1,
    upl: 0,
    profit: 0,
    commission: -3.5,
    swap: 0,
    closePrice: null,
    closedAt: null,
    closeReason: null,
    ...overrides,
  };
}

/** A client whose channel events the test sends; like the real one, it replays the last event to a new listener. */
function controlledClient(last?: WsEvent) {
  let handler: ((e: WsEvent) => void) | null = null;
  const client = {
    subscribe: vi.fn((_channel: string, h: (e: WsEvent) => void) => {
      if (last) h(last);
      handler = h;
      return () => {
        handler = null;
      };
    }),
  } as unknown as WsClient;
  return { client, send: (event: string, data: unknown) => handler?.({ channel: `account:${ACCOUNT}`, event, data }) };
}

function Host(props: { client: WsClient; known: Map<string, number> }) {
  const { current, dismiss } = usePositionEvents(ACCOUNT, props.known, props.client);
  return current ? <PositionEventDialog event={current} currency="USD" onClose={dismiss} /> : null;
}

describe('position event modals', () => {
  it('raise "Stop loss hit" and "Position partly closed" from the channel, one after the other', async () => {
    const user = userEvent.setup();
    // An old stop-loss close replayed on subscribe is not news: no modal for it.
    const stale = {
      channel: `account:${ACCOUNT}`,
      event: 'position',
      data: position({ kind: 'flat', closeReason: 'stop_loss' }),
    };
    const { client, send } = controlledClient(stale);
    renderWithStore(<Host client={client} known={new Map([[ID, 1]])} />);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => {
      send('position', position({ volume: 0.3, profit: -12 }));
      send(
        'position',
        position({
          kind: 'flat',
          volume: 0,
          closeReason: 'stop_loss',
          closePrice: 1.102,
          profit: -152,
          commission: -3.5,
        }),
      );
    });
    const partial = screen.getByRole('dialog', { name: 'Position partly closed' });
    expect(partial).toHaveTextContent('0.70 lots of the sell EURUSD position closed; 0.30 lots stay open.');
    expect(partial).toHaveTextContent('-$12.00');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    const hit = screen.getByRole('dialog', { name: 'Stop loss hit' });
    expect(hit).toHaveTextContent('Sell 1.00 lots EURUSD opened at 1.10000 closed at 1.10200.');
    expect(hit).toHaveTextContent('-$155.50');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
