import { describe, expect, it } from 'vitest';
import { chartTokenOf, readArticlesUrl, splitArticleContent, writeArticlesUrl } from './articles-url';

describe('articles URL state', () => {
  it('reads the tab, search, category and page with defaults for anything unknown', () => {
    expect(readArticlesUrl(new URLSearchParams('tab=drafts&q=range&category=forex&page=2'))).toEqual({
      tab: 'drafts',
      search: 'range',
      category: 'forex',
      page: 2,
    });
    expect(readArticlesUrl(new URLSearchParams('tab=mine&category=gossip&page=-1'))).toEqual({
      tab: 'all',
      search: '',
      category: '',
      page: 1,
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(writeArticlesUrl({ tab: 'all', search: '', category: '', page: 1 }).toString()).toBe('');
    expect(writeArticlesUrl({ tab: 'drafts', search: 'x', category: 'crypto', page: 3 }).toString()).toBe(
      'tab=drafts&q=x&category=crypto&page=3',
    );
  });
});

describe('article content', () => {
  it('splits chart nodes out of the HTML', () => {
    expect(splitArticleContent('<p>a</p><div data-type="chart" data-token="abcdefgh12"></div><p>b</p>')).toEqual([
      { kind: 'html', html: '<p>a</p>' },
      { kind: 'chart', token: 'abcdefgh12' },
      { kind: 'html', html: '<p>b</p>' },
    ]);
  });

  it('reads a chart token from a share link or the token itself', () => {
    expect(chartTokenOf('https://td.example/shared/charts/abcDEF_123')).toBe('abcDEF_123');
    expect(chartTokenOf('  abcDEF_123 ')).toBe('abcDEF_123');
    expect(chartTokenOf('javascript:alert(1)')).toBeNull();
  });
});
