import type { TradingAccount } from '@tradedesk/contracts';
import { useCallback, useMemo } from 'react';
import { useConnectTradingAccountMutation, useTradingAccountsQuery } from './trading-api';

export type ActiveAccountState = {
  /** The caller's active account (the server keeps one per user), or null when none is active. */
  account: TradingAccount | null;
  /** Every account of the caller (status all), oldest first. */
  accounts: TradingAccount[];
  isLoading: boolean;
  isError: boolean;
  /** Makes `id` the active account (PUT /accounts/{id}/connect); a refused switch clears the active account. */
  switchTo: (id: string) => Promise<TradingAccount>;
  switching: boolean;
};

/**
 * The active trading account (spec section 4). The server keeps it per user (`active` on the account);
 * a switch, delete or archive answer with an error, or a refused token refresh, clears it here
 * (see trading-api's clearActiveOnError) until the list is read again. An archived account is never active.
 */
export function useActiveAccount(options: { skip?: boolean } = {}): ActiveAccountState {
  const { data, isLoading, isError } = useTradingAccountsQuery('all', { skip: options.skip });
  const [connect, { isLoading: switching }] = useConnectTradingAccountMutation();
  const accounts = data ?? [];
  const account = useMemo(() => data?.find((a) => a.active && a.status !== 'archived') ?? null, [data]);
  const switchTo = useCallback((id: string) => connect(id).unwrap(), [connect]);
  return { account, accounts, isLoading, isError, switchTo, switching };
}
