/** The trading area's API layer and hooks, shared by the accounts, order entry and positions screens. */

export { type AccountsDialogView, openAccountsDialog } from './accounts-dialog-store';
export * from './trading-api';
export { type AccountLive, type AccountLiveStatus, applyAccountEvent, useAccountLive } from './use-account-live';
export { type ActiveAccountState, useActiveAccount } from './use-active-account';
