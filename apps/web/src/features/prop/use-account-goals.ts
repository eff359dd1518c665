import type { ACCOUNT_RULES_EVENT, AccountGoals } from '@tradedesk/contracts';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { getWsClient, type WsClient } from '../../shared/ws/ws-client';
import { propApi, useAccountGoalsQuery } from './prop-api';

// The contract's event name, checked against it by type: a value import of the contracts would bring their
// schemas into the top bar's chunk (the switcher watches for breaches on every page).
const RULES_EVENT: typeof ACCOUNT_RULES_EVENT = 'rules';

export type AccountGoalsLive = {
  goals: AccountGoals | undefined;
  isLoading: boolean;
  isError: boolean;
  error?: string;
  refetch: () => void;
};

/**
 * An account's goals, live: the challenge's rule status and the account's objectives, read once (GET
 * /trading/objectives/{accountId}) and then replaced by every `rules` event of the `account:<id>` channel (the
 * server sends one on each change of state, and about once a second while prices move). Read again after a
 * reconnect. `null` reads nothing.
 */
export function useAccountGoals(accountId: string | null, client: WsClient = getWsClient()): AccountGoalsLive {
  const dispatch = useAppDispatch();
  const query = useAccountGoalsQuery(accountId ?? '', { skip: accountId === null });
  const { refetch } = query;

  useEffect(() => {
    if (accountId === null) return;
    const stop = client.subscribe(`account:${accountId}`, (event) => {
      if (event.event !== RULES_EVENT) return;
      dispatch(propApi.util.upsertQueryData('accountGoals', accountId, event.data as AccountGoals));
    });
    const stopOpen = client.onOpen(() => {
      try {
        refetch();
      } catch {
        // not read yet: the first read is on the way
      }
    });
    return () => {
      stop();
      stopOpen();
    };
  }, [accountId, client, dispatch, refetch]);

  const error = query.isError
    ? ((query.error as { message?: string } | undefined)?.message ?? 'Unknown error')
    : undefined;
  return {
    goals: query.data,
    isLoading: query.isLoading,
    isError: query.isError,
    ...(error ? { error } : {}),
    refetch: () => void refetch(),
  };
}
