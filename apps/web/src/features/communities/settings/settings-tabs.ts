import type { CommunityPermission } from '@tradedesk/contracts';

/** The settings tabs, in the order shown (`?tab=` in the address). */
export const SETTINGS_TABS = [
  'overall',
  'members',
  'invites',
  'display',
  'roles',
  'rules',
  'channels',
  'audit',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const SETTINGS_TAB_LABELS: Record<SettingsTab, string> = {
  overall: 'Overall',
  members: 'Active members',
  invites: 'Active invites',
  display: 'Display',
  roles: 'Roles',
  rules: 'Rules & links',
  channels: 'Channels',
  audit: 'Audit log',
};

/** A tab shows when the person holds any of its permissions (the server checks each call again). */
const TAB_PERMISSIONS: Record<SettingsTab, readonly CommunityPermission[]> = {
  overall: ['manage_community'],
  members: ['manage_members', 'ban_members'],
  invites: ['invite_members'],
  display: ['manage_community'],
  roles: ['manage_roles'],
  rules: ['manage_rules_links'],
  channels: ['manage_channels'],
  audit: ['view_audit_log'],
};

/**
 * The permissions that make someone a manager of the community, who may open its settings. Inviting alone does
 * not (every member may invite by default); a manager who may invite also gets the invites tab.
 */
export const MANAGE_PERMISSIONS: readonly CommunityPermission[] = [
  'manage_community',
  'manage_roles',
  'manage_members',
  'ban_members',
  'manage_rules_links',
  'manage_channels',
  'view_audit_log',
];

export function canManage(permissions: readonly CommunityPermission[]): boolean {
  return permissions.some((p) => MANAGE_PERMISSIONS.includes(p));
}

/** The tabs a manager holding these permissions sees; none for someone who is not a manager. */
export function visibleTabs(permissions: readonly CommunityPermission[]): SettingsTab[] {
  if (!canManage(permissions)) return [];
  return SETTINGS_TABS.filter((t) => TAB_PERMISSIONS[t].some((p) => permissions.includes(p)));
}

/** The tab in the address when it is one of those shown, else the first shown. */
export function tabOf(search: URLSearchParams, tabs: readonly SettingsTab[]): SettingsTab | undefined {
  const asked = search.get('tab');
  return tabs.find((t) => t === asked) ?? tabs[0];
}
