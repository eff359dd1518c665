import { useState } from 'react';
import { useActiveAccount } from '../trading/use-active-account';

/**
 * The trading account a prop screen shows: the one the user picked there, else the active account, else the
 * first that is not archived; with the list to pick from and the loading state of the accounts.
 */
export function useShownAccount() {
  const { account, accounts, isLoading, isError } = useActiveAccount();
  const [picked, setPicked] = useState<string | null>(null);
  const open = accounts.filter((a) => a.status !== 'archived');
  const shown = open.find((a) => a.id === picked) ?? account ?? open[0] ?? null;
  return { shown, open, setPicked, isLoading, isError };
}
