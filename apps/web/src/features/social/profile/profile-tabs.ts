/** The community profile's tabs, kept in the URL (`?tab=`): Post is the default and has no parameter. */
export const PROFILE_TABS = ['post', 'followers', 'following', 'requests'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  post: 'Post',
  followers: 'Followers',
  following: 'Following',
  requests: 'Follow requests',
};

/**
 * The tab a URL asks for, among those the viewer may open: follow requests only on their own profile, and only
 * Post (shown as the limited notice) when the profile is limited. Anything else falls back to Post.
 */
export function tabOf(search: URLSearchParams, options: { self: boolean; limited: boolean }): ProfileTab {
  const asked = search.get('tab');
  if (options.limited) return 'post';
  const tab = PROFILE_TABS.find((t) => t === asked) ?? 'post';
  if (tab === 'requests' && !options.self) return 'post';
  return tab;
}

/** The tabs shown to the viewer, in order. */
export function visibleTabs(options: { self: boolean }): ProfileTab[] {
  return PROFILE_TABS.filter((t) => t !== 'requests' || options.self);
}

/** The page number of a list (`?page=`), 1 when absent or not a whole number from 1. */
export function pageOf(search: URLSearchParams): number {
  const n = Number(search.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** `?direction=` of the requests tab: incoming (default) or outgoing. */
export function directionOf(search: URLSearchParams): 'incoming' | 'outgoing' {
  return search.get('direction') === 'outgoing' ? 'outgoing' : 'incoming';
}
