import type { Community, CommunityPermission } from '@tradedesk/contracts';

/** The community page's tabs, kept in the URL (`?tab=`): Feed is the default and has no parameter. */
export const COMMUNITY_TABS = ['feed', 'channels', 'members', 'about'] as const;
export type CommunityTab = (typeof COMMUNITY_TABS)[number];

export const COMMUNITY_TAB_LABELS: Record<CommunityTab, string> = {
  feed: 'Feed',
  channels: 'Channels',
  members: 'Members',
  about: 'About',
};

/** The tabs a viewer may open: a limited view (a private community's outsider) shows only About. */
export function visibleTabs(limited: boolean): CommunityTab[] {
  return limited ? ['about'] : [...COMMUNITY_TABS];
}

/** The tab a URL asks for, among the visible ones; anything else falls back to the first visible tab. */
export function tabOf(search: URLSearchParams, limited: boolean): CommunityTab {
  const tabs = visibleTabs(limited);
  const asked = search.get('tab');
  return tabs.find((t) => t === asked) ?? (tabs[0] as CommunityTab);
}

/** The caller holds the permission here (the server decides; this only chooses what to show). */
export function can(community: Community, permission: CommunityPermission): boolean {
  return community.myPermissions.includes(permission);
}

/**
 * Permissions that make a manager: holding one shows the Settings link. Not invite_members: every member holds it
 * by default, and a plain member has nothing else to manage.
 */
const MANAGE_PERMISSIONS: CommunityPermission[] = [
  'manage_community',
  'manage_roles',
  'manage_members',
  'ban_members',
  'manage_rules_links',
  'manage_channels',
  'view_audit_log',
];

export function managesSomething(community: Community): boolean {
  return MANAGE_PERMISSIONS.some((p) => can(community, p));
}

export const communityPath = (handle: string) => `/communities/${encodeURIComponent(handle)}`;

/** Access changes after which the page is no longer the caller's to see: shown, then back to /communities. */
export const LOST_ACCESS_CHANGES = ['banned', 'removed', 'deleted'] as const;
