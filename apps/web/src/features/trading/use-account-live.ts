import type { AccountFigures, AccountSnapshot, TradingOrder, TradingPosition } from '@tradedesk/contracts';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { getWsClient, type WsClient, type WsEvent } from '../../shared/ws/ws-client';
import { tradingApi, useAccountStateQuery, useTradingAccountsQuery } from './trading-api';

export type AccountLiveStatus = 'loading' | 'live' | 'error';

export type AccountLive = {
  /** loading until the state is read and the channel is open, and again while the connection is down. */
  status: AccountLiveStatus;
  account: AccountFigures | undefined;
  positions: TradingPosition[];
  orders: TradingOrder[];
  error?: string;
};

const accountChannel = (accountId: string) => `account:${accountId}`;

/** Applies one `account:<id>` event to a snapshot (spec section 4: a flat position is removed, else replaced or added). */
export function applyAccountEvent(snapshot: AccountSnapshot, event: Pick<WsEvent, 'event' | 'data'>): void {
  if (event.event === 'account') {
    snapshot.account = event.data as AccountFigures;
  } else if (event.event === 'position') {
    const position = event.data as TradingPosition;
    const index = snapshot.positions.findIndex((p) => p.id === position.id);
    if (position.kind === 'flat') {
      if (index >= 0) snapshot.positions.splice(index, 1);
    } else if (index >= 0) snapshot.positions[index] = position;
    else snapshot.positions.push(position);
  } else if (event.event === 'order') {
    const order = event.data as TradingOrder;
    const index = snapshot.orders.findIndex((o) => o.id === order.id);
    if (order.status !== 'pending') {
      if (index >= 0) snapshot.orders.splice(index, 1);
    } else if (index >= 0) snapshot.orders[index] = order;
    else snapshot.orders.push(order);
  }
}

/**
 * An account's figures, open positions and pending orders, live: read once (GET
 * /middleware/{platformToken}/accounts/1) and then kept current by the `account:<id>` WebSocket channel, whose
 * events patch the cached state every reader shares. Read again after a reconnect (events may have been missed).
 * `null` reads nothing.
 */
export function useAccountLive(accountId: string | null, client: WsClient = getWsClient()): AccountLive {
  const dispatch = useAppDispatch();
  const { data: accounts } = useTradingAccountsQuery('all', { skip: accountId === null });
  const token = accountId === null ? null : (accounts?.find((a) => a.id === accountId)?.token ?? null);
  const state = useAccountStateQuery(token ?? '', { skip: token === null });
  const { refetch } = state;
  const [channel, setChannel] = useState<{ status: AccountLiveStatus; error?: string }>({ status: 'loading' });

  useEffect(() => {
    setChannel({ status: 'loading' });
    if (accountId === null || token === null) return;
    const stopEvents = client.subscribe(
      accountChannel(accountId),
      (event) => {
        setChannel({ status: 'live' });
        dispatch(tradingApi.util.updateQueryData('accountState', token, (draft) => applyAccountEvent(draft, event)));
      },
      { onError: (error) => setChannel({ status: 'error', error: error.message }) },
    );
    const stopClose = client.onClose(() => setChannel((s) => (s.status === 'error' ? s : { status: 'loading' })));
    const stopOpen = client.onOpen(() => {
      setChannel({ status: 'live' });
      try {
        refetch();
      } catch {
        // the state was not read yet: its first read is on the way
      }
    });
    if (client.connected) setChannel({ status: 'live' });
    return () => {
      stopEvents();
      stopClose();
      stopOpen();
    };
  }, [accountId, token, client, dispatch, refetch]);

  const snapshot = state.data;
  const status: AccountLiveStatus = state.isError
    ? 'error'
    : snapshot === undefined
      ? 'loading'
      : channel.status === 'error'
        ? 'error'
        : channel.status;
  const error =
    channel.error ??
    (state.isError ? ((state.error as { message?: string } | undefined)?.message ?? 'Unknown error') : undefined);
  return {
    status,
    account: snapshot?.account,
    positions: snapshot?.positions ?? [],
    orders: snapshot?.orders ?? [],
    ...(error ? { error } : {}),
  };
}
