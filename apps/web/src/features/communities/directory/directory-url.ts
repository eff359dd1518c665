import { COMMUNITY_CATEGORY_IDS } from '@tradedesk/contracts';

/** The main tabs of /communities: Your Community (spec section 2, the default) and Discover. */
export const DIRECTORY_TABS = ['yours', 'discover'] as const;
export type DirectoryTab = (typeof DIRECTORY_TABS)[number];
export const DIRECTORY_TAB_LABELS: Record<DirectoryTab, string> = { yours: 'Your Community', discover: 'Discover' };

export type DiscoverView = { search: string; category: string; page: number };

export function directoryTabOf(params: URLSearchParams): DirectoryTab {
  return params.get('tab') === 'discover' ? 'discover' : 'yours';
}

/** ?q, ?category and ?page of the Discover tab; an unknown category or a bad page falls back to none and 1. */
export function discoverViewOf(params: URLSearchParams): DiscoverView {
  const category = params.get('category') ?? '';
  const page = Number(params.get('page'));
  return {
    search: (params.get('q') ?? '').slice(0, 60),
    category: (COMMUNITY_CATEGORY_IDS as readonly string[]).includes(category) ? category : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of a Discover view: only what is set, so the plain tab stays `?tab=discover`. */
export function discoverParamsOf(view: DiscoverView): URLSearchParams {
  const params = new URLSearchParams({ tab: 'discover' });
  if (view.search.trim()) params.set('q', view.search.trim());
  if (view.category) params.set('category', view.category);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

export const communityPath = (handle: string) => `/communities/${encodeURIComponent(handle)}`;
