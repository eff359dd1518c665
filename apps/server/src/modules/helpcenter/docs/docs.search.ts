import type { HelpSearchHit } from '@tradedesk/contracts';
import MiniSearch from 'minisearch';
import { processTerm } from '../../ai/knowledge/knowledge.search.js';
import type { HelpSearchSource } from '../helpcenter.types.js';
import type { Guide } from './docs.guide.js';

type Doc = { id: string; kind: 'article' | 'faq'; key: string; title: string; text: string; path: string };

const SNIPPET_CHARS = 160;

/** About SNIPPET_CHARS of `text` around the first word of `q` it contains (its start when none). */
export function snippetOf(text: string, q: string): string {
  const lower = text.toLowerCase();
  const words = q
    .toLowerCase()
    .split(/\W+/)
    .filter((w) => w.length > 2);
  const at = words.map((w) => lower.indexOf(w)).filter((i) => i >= 0);
  const first = at.length > 0 ? Math.min(...at) : 0;
  const start = Math.max(0, first - SNIPPET_CHARS / 4);
  const cut = text.slice(start, start + SNIPPET_CHARS).trim();
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_CHARS < text.length ? '…' : ''}`;
}

/** Full-text search (MiniSearch: BM25, prefixes, a little fuzziness) over the guide's articles and FAQ. */
export function createGuideSearch(guide: Guide): HelpSearchSource & { articleSlugs(q: string): Set<string> } {
  const index = new MiniSearch<Doc>({
    fields: ['title', 'text'],
    storeFields: ['kind', 'key', 'title', 'text', 'path'],
    processTerm,
    searchOptions: { boost: { title: 3 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  });
  index.addAll([
    ...guide.articles.map((a) => ({
      id: `article:${a.slug}`,
      kind: 'article' as const,
      key: a.slug,
      title: a.title,
      text: `${a.summary} ${a.text}`,
      path: `/help/docs/${a.slug}`,
    })),
    ...guide.faqs.map((f) => ({
      id: `faq:${f.id}`,
      kind: 'faq' as const,
      key: f.id,
      title: f.question,
      text: f.text,
      path: `/help/docs/faq#${f.id}`,
    })),
  ]);
  const run = (q: string) => index.search(q) as unknown as Array<Doc & { score: number }>;
  return {
    async search(q, _viewerId, limit): Promise<HelpSearchHit[]> {
      return run(q)
        .slice(0, limit)
        .map((r) => ({
          kind: r.kind,
          id: r.key,
          title: r.title,
          snippet: snippetOf(r.text, q),
          path: r.path,
          score: r.score,
        }));
    },
    articleSlugs(q) {
      return new Set(
        run(q)
          .filter((r) => r.kind === 'article')
          .map((r) => r.key),
      );
    },
  };
}
