import type { AccountGoals, TradingAccount } from '@tradedesk/contracts';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../shared/toast/toast';
import { tradingApi } from '../trading/trading-api';
import { pauseReason } from './prop-state-text';
import { useAccountGoals } from './use-account-goals';

type PropState = NonNullable<AccountGoals['prop']>['state'];

/**
 * What a change of a prop account's state tells the user at once, wherever they are: a failure with its reason
 * and the equity (the toast stays until closed), a pause until the next reset, a phase passed. Null when the
 * change needs no message (the first reading, or back to active).
 */
export function breachMessage(
  previous: PropState | undefined,
  goals: AccountGoals,
  accountName: string,
  money: (n: number, c: string) => string,
): { variant: 'error' | 'warning' | 'success'; title: string; message: string } | null {
  const s = goals.prop;
  if (!s || previous === undefined || previous === s.state) return null;
  if (s.state === 'failed' && s.failed)
    return {
      variant: 'error',
      title: `${accountName}: challenge failed`,
      message: `${s.failed.reason} Equity at the breach: ${money(s.failed.equity, s.currency)}. Its positions were closed and trading has stopped.`,
    };
  if (s.state === 'paused')
    return {
      variant: 'warning',
      title: `${accountName}: trading paused`,
      message: `${pauseReason(s)} Trading resumes at the next daily reset.`,
    };
  if (s.state === 'completed') return { variant: 'success', title: `${accountName}: challenge completed`, message: '' };
  return null;
}

/**
 * Watches the active prop account's live rule status (mounted once, by the top bar's account switcher) and tells
 * the user at once when it fails, pauses or completes; the account list is read again so every screen shows it.
 */
export function useBreachAlerts(account: TradingAccount | null, money: (n: number, c: string) => string): void {
  const dispatch = useAppDispatch();
  const id = account?.propFirm ? account.id : null;
  const { goals } = useAccountGoals(id);
  const last = useRef<{ id: string | null; state: PropState | undefined }>({ id: null, state: undefined });
  const state = goals?.prop?.state;
  useEffect(() => {
    if (!goals || !account || goals.accountId !== id) return;
    const previous = last.current.id === id ? last.current.state : undefined;
    last.current = { id, state };
    const message = breachMessage(previous, goals, account.name, money);
    if (!message) return;
    toast.show({ ...message, durationMs: message.variant === 'error' ? null : 10_000 });
    dispatch(tradingApi.util.invalidateTags([{ type: 'TradingAccounts', id: 'LIST' }]));
  }, [goals, state, id, account, money, dispatch]);
}
