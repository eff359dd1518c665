import { NEWS_SENTIMENTS, NEWS_SORTS, type NewsSentiment, type NewsSort } from '@tradedesk/contracts';

/**
 * The news screen's state in the address (spec sections 3 "News filter" and 4 "News"), so a reload or a shared
 * link opens the same tab, filters, search and item. Defaults are left out of the address.
 */

export const newsTabs = ['all', 'read_later', 'recent'] as const;
export type NewsTab = (typeof newsTabs)[number];

export const newsTabLabels: Record<NewsTab, string> = {
  all: 'All',
  read_later: 'Read later',
  recent: 'Recently watched',
};

const newsSorts = NEWS_SORTS;

export const newsSortLabels: Record<NewsSort, string> = {
  latest: 'Latest',
  oldest: 'Oldest',
  'this week': 'This week',
  'this month': 'This month',
};

/** Sentiments as the screen shows them; the server takes them lowercased. */
const newsSentiments = NEWS_SENTIMENTS;

export type NewsView = {
  tab: NewsTab;
  sort: NewsSort;
  /** In the spec's order, without repeats. */
  sentiments: NewsSentiment[];
  /** Free text searched in titles and descriptions; '' for none. */
  search: string;
  /** The open item's id; '' for none. */
  item: string;
  /** The selected folder's id (its providers' news); '' for none. */
  folder: string;
};

export const defaultNewsView: NewsView = {
  tab: 'all',
  sort: 'latest',
  sentiments: [],
  search: '',
  item: '',
  folder: '',
};

const idPattern = /^[A-Za-z0-9_-]{1,80}$/;
/** The sort in the address without spaces: `this-week`. */
const sortParam = (sort: NewsSort) => sort.replace(' ', '-');

export function newsViewOf(params: URLSearchParams): NewsView {
  const tab = params.get('tab') ?? '';
  const sort = (params.get('sort') ?? '').replace('-', ' ');
  const wanted = (params.get('sentiments') ?? '').split(',').map((s) => s.trim().toLowerCase());
  const item = params.get('item') ?? '';
  const folder = params.get('folder') ?? '';
  return {
    tab: (newsTabs as readonly string[]).includes(tab) ? (tab as NewsTab) : 'all',
    sort: (newsSorts as readonly string[]).includes(sort) ? (sort as NewsSort) : 'latest',
    sentiments: newsSentiments.filter((s) => wanted.includes(s.toLowerCase())),
    search: (params.get('q') ?? '').slice(0, 200),
    item: idPattern.test(item) ? item : '',
    folder: idPattern.test(folder) ? folder : '',
  };
}

export function newsParamsOf(view: NewsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== 'all') params.set('tab', view.tab);
  if (view.sort !== 'latest') params.set('sort', sortParam(view.sort));
  if (view.sentiments.length) params.set('sentiments', view.sentiments.map((s) => s.toLowerCase()).join(','));
  if (view.search) params.set('q', view.search);
  if (view.folder) params.set('folder', view.folder);
  if (view.item) params.set('item', view.item);
  return params;
}

/** The news screen's address, for a provider's page (spec: `/market-intelligence/news/folder-2/{provider}`) or all. */
export function newsPath(provider?: string | null): string {
  return provider ? `/market-intelligence/news/folder-2/${encodeURIComponent(provider)}` : '/market-intelligence/news';
}

/** A folder's page: all news limited to the folder's providers (`?folder={id}`). */
export function newsFolderPath(folder: string): string {
  return `${newsPath()}?folder=${encodeURIComponent(folder)}`;
}
