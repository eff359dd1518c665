import type { TradingAccount } from '@tradedesk/contracts';
import { useSyncExternalStore } from 'react';

/** The account whose "Import trades" dialog is open, or null. */
let current: TradingAccount | null = null;
const listeners = new Set<() => void>();

export function openImportDialog(account: TradingAccount): void {
  current = account;
  for (const l of listeners) l();
}

export function closeImportDialog(): void {
  current = null;
  for (const l of listeners) l();
}

export function useImportDialogAccount(): TradingAccount | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
