import { useSyncExternalStore } from 'react';

/** The trading accounts dialog's views (spec section 2). */
export type AccountsDialogView =
  | 'main_view'
  | 'account_settings'
  | 'add_account'
  | 'connect_existing'
  | 'open_account'
  | 'prop_firm'
  | 'imported_account';

type DialogState = { open: boolean; view: AccountsDialogView; accountId: string | null };

let state: DialogState = { open: false, view: 'main_view', accountId: null };
const listeners = new Set<() => void>();

function set(next: DialogState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the one trading accounts dialog (mounted by the shell's account switcher) from anywhere. */
export function openAccountsDialog(view: AccountsDialogView = 'main_view', accountId: string | null = null): void {
  set({ open: true, view, accountId });
}

export function closeAccountsDialog(): void {
  set({ ...state, open: false });
}

export function showAccountsDialogView(view: AccountsDialogView, accountId: string | null = null): void {
  set({ open: true, view, accountId });
}

export function useAccountsDialogState(): DialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
