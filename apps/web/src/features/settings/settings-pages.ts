/** The account settings pages (spec section 2), in the order the navigation lists them. */
export const settingsPages = [
  { id: 'my_account', label: 'My account' },
  { id: 'public_profile', label: 'Public profile' },
  { id: 'account_details', label: 'Account details' },
  { id: 'security', label: 'Security' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'trading_accounts', label: 'Trading accounts' },
  { id: 'objectives', label: 'Rules (objectives)' },
  { id: 'ai_assistant', label: 'AI assistant' },
  { id: 'plan_billing', label: 'Plan and billing' },
  { id: 'partner_program', label: 'Partner program' },
  { id: 'privacy', label: 'Privacy' },
  { id: 'delete_account', label: 'Delete account' },
] as const;

export type SettingsPageId = (typeof settingsPages)[number]['id'];

export const DEFAULT_SETTINGS_PAGE: SettingsPageId = 'my_account';

export function isSettingsPage(value: string | undefined): value is SettingsPageId {
  return settingsPages.some((p) => p.id === value);
}

export function settingsPath(page: SettingsPageId): string {
  return `/settings/${page}`;
}
