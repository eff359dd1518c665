import { ARTICLE_CATEGORIES, type ArticleCategory, type ArticleTab } from '@tradedesk/contracts';

/** The list's state in the URL: `?tab=drafts&q=range&category=forex&page=2` (tab all, page 1 by default). */
export type ArticlesUrlState = { tab: ArticleTab; search: string; category: ArticleCategory | ''; page: number };

export function readArticlesUrl(params: URLSearchParams): ArticlesUrlState {
  const tab = params.get('tab') === 'drafts' ? 'drafts' : 'all';
  const category = params.get('category') ?? '';
  const page = Number(params.get('page'));
  return {
    tab,
    search: (params.get('q') ?? '').slice(0, 100),
    category: (ARTICLE_CATEGORIES as readonly string[]).includes(category) ? (category as ArticleCategory) : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a state, leaving out the defaults. */
export function writeArticlesUrl(state: ArticlesUrlState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.tab !== 'all') out.set('tab', state.tab);
  if (state.search) out.set('q', state.search);
  if (state.category) out.set('category', state.category);
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** Splits sanitized article HTML around its chart nodes, so a chart renders as a component. */
export type ContentPart = { kind: 'html'; html: string } | { kind: 'chart'; token: string };
const CHART = /<div data-type="chart" data-token="([A-Za-z0-9_-]{8,64})"><\/div>/g;
export function splitArticleContent(html: string): ContentPart[] {
  const parts: ContentPart[] = [];
  let last = 0;
  for (const m of html.matchAll(CHART)) {
    if (m.index > last) parts.push({ kind: 'html', html: html.slice(last, m.index) });
    parts.push({ kind: 'chart', token: m[1] ?? '' });
    last = m.index + m[0].length;
  }
  if (last < html.length) parts.push({ kind: 'html', html: html.slice(last) });
  return parts;
}

/** A chart's share token from what a user pastes: the token itself or a `/shared/charts/{token}` link. */
export function chartTokenOf(input: string): string | null {
  const text = input.trim();
  const m = /\/shared\/charts\/([A-Za-z0-9_-]{8,64})\/?(?:[?#].*)?$/.exec(text) ?? /^([A-Za-z0-9_-]{8,64})$/.exec(text);
  return m?.[1] ?? null;
}
