import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  HELP_ARTICLE_SLUG,
  HELP_IMAGE_NAME,
  type HelpArticle,
  type HelpArticleHeading,
  type HelpFaq,
} from '@tradedesk/contracts';
import { Parser } from 'htmlparser2';
import { Marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml } from 'yaml';

/** An article as loaded: what the API answers, and its plain text for the search. */
export type GuideArticle = HelpArticle & { text: string };
export type GuideFaq = HelpFaq & { text: string };
export type GuideCategory = { id: string; title: string; summary: string };

/** The user guide, read once from `docs/guide/` at start. */
export type Guide = {
  articles: GuideArticle[];
  faqs: GuideFaq[];
  categories: GuideCategory[];
  /** Screenshot name -> its file; only names matching HELP_IMAGE_NAME found in `images/`. */
  images: Map<string, string>;
};

/** The public address of a guide image. */
export const GUIDE_IMAGE_URL = '/api/helpcenter/images/';
const FAQ_FILE = 'faqs.md';

/** The repository's `docs/guide`, found from the sources (tests, tsx) or from the server bundle (dist). */
export function resolveGuideDir(configured?: string): string | undefined {
  if (configured) return existsSync(configured) ? resolve(configured) : undefined;
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '../../../../../../docs/guide'), join(here, '../../../docs/guide')];
  return candidates.find((c) => existsSync(join(c, FAQ_FILE)));
}

/** Splits `---\nyaml\n---\nbody`; a file without front matter has none. */
function frontMatter(source: string, file: string): { data: Record<string, unknown>; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!m) return { data: {}, body: source };
  const data = parseYaml(m[1] ?? '') as unknown;
  if (data === null || typeof data !== 'object') throw new Error(`${file}: the front matter is not a mapping.`);
  return { data: data as Record<string, unknown>, body: source.slice(m[0].length) };
}

function field(data: Record<string, unknown>, name: string, file: string): string {
  const v = data[name];
  if (typeof v !== 'string' || v.trim() === '') throw new Error(`${file}: the front matter needs a "${name}".`);
  return v.trim();
}

/** `Orders and risk!` -> `orders-and-risk`. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The text of some HTML, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  let out = '';
  const parser = new Parser({ ontext: (t) => (out += t), onclosetag: () => (out += ' ') }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return out.replace(/\s+/g, ' ').trim();
}

/** Where a link or image of the guide points once served: other articles in the web, screenshots at the API. */
function rewriteUrl(url: string, kind: 'link' | 'image', images: ReadonlySet<string>): string {
  if (kind === 'image') {
    // only the guide's own screenshots; one not taken yet is left out rather than shown broken
    const name = url.replace(/^\.?\/?images\//, '');
    return images.has(name) ? `${GUIDE_IMAGE_URL}${name}` : '';
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/') || url.startsWith('#')) return url;
  const m = /^\.?\/?([a-z0-9-]+)\.md(#[\w-]+)?$/.exec(url);
  return m ? `/help/docs/${m[1] === 'faqs' ? 'faq' : m[1]}${m[2] ?? ''}` : url;
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'loading'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  transformTags: {
    a: (tagName, attribs) =>
      /^https?:/i.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }
        : { tagName, attribs },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !(frame.attribs.src ?? '').startsWith(GUIDE_IMAGE_URL),
};

type AnchoredHeading = Tokens.Heading & { anchor?: string };

/** Markdown -> sanitised HTML with anchored headings, and those headings. */
export function renderMarkdown(
  markdown: string,
  images: ReadonlySet<string> = new Set(),
): { html: string; headings: HelpArticleHeading[] } {
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(token) {
        const { anchor } = token as AnchoredHeading;
        const inner = this.parser.parseInline(token.tokens);
        return anchor
          ? `<h${token.depth} id="${anchor}">${inner}</h${token.depth}>\n`
          : `<h${token.depth}>${inner}</h${token.depth}>\n`;
      },
    },
  });
  const tokens = marked.lexer(markdown);
  const headings: HelpArticleHeading[] = [];
  const used = new Map<string, number>();
  marked.walkTokens(tokens, (token: Token) => {
    if (token.type === 'link') token.href = rewriteUrl(token.href, 'link', images);
    if (token.type === 'image') token.href = rewriteUrl(token.href, 'image', images);
    if (token.type === 'heading' && token.depth >= 2 && token.depth <= 4) {
      const base = slugify(token.text) || 'section';
      const n = used.get(base) ?? 0;
      used.set(base, n + 1);
      const anchor = n === 0 ? base : `${base}-${n}`;
      (token as AnchoredHeading).anchor = anchor;
      if (token.depth <= 3) headings.push({ id: anchor, text: plainText(token.text), level: token.depth });
    }
  });
  const html = sanitizeHtml(marked.parser(tokens), sanitizeOptions).trim();
  return { html, headings };
}

function loadArticle(dir: string, file: string, categories: Set<string>, images: ReadonlySet<string>): GuideArticle {
  const slug = file.slice(0, -'.md'.length);
  if (!HELP_ARTICLE_SLUG.test(slug)) throw new Error(`${file}: a guide file name is lowercase words joined by dashes.`);
  const { data, body } = frontMatter(readFileSync(join(dir, file), 'utf8'), file);
  const category = field(data, 'category', file);
  if (!categories.has(category)) throw new Error(`${file}: the category "${category}" is not listed in ${FAQ_FILE}.`);
  const order = typeof data.order === 'number' ? data.order : 100;
  const { html, headings } = renderMarkdown(body, images);
  return {
    slug,
    title: field(data, 'title', file),
    category,
    summary: field(data, 'summary', file),
    order,
    html,
    headings,
    text: plainText(html),
  };
}

/** The FAQ: each `## question` of faqs.md and the text below it. */
function loadFaqs(body: string, images: ReadonlySet<string>): GuideFaq[] {
  const faqs: GuideFaq[] = [];
  const used = new Set<string>();
  for (const part of body.split(/^## /m).slice(1)) {
    const nl = part.indexOf('\n');
    const question = (nl < 0 ? part : part.slice(0, nl)).trim();
    let id = slugify(question) || 'question';
    while (used.has(id)) id = `${id}-x`;
    used.add(id);
    const answerHtml = renderMarkdown(nl < 0 ? '' : part.slice(nl + 1), images).html;
    faqs.push({ id, question, answerHtml, text: plainText(answerHtml) });
  }
  return faqs;
}

function loadCategories(data: Record<string, unknown>): GuideCategory[] {
  const list = data.categories;
  if (!Array.isArray(list)) throw new Error(`${FAQ_FILE}: the front matter needs "categories".`);
  return list.map((c, i) => {
    const entry = (c ?? {}) as Record<string, unknown>;
    const where = `${FAQ_FILE} category ${i + 1}`;
    return {
      id: field(entry, 'id', where),
      title: field(entry, 'title', where),
      summary: field(entry, 'summary', where),
    };
  });
}

/** Reads the guide: every `*.md` but faqs.md is an article; faqs.md holds the categories and the FAQ. */
export function loadGuide(dir: string | undefined): Guide {
  if (!dir) return { articles: [], faqs: [], categories: [], images: new Map() };
  const faqSource = frontMatter(readFileSync(join(dir, FAQ_FILE), 'utf8'), FAQ_FILE);
  const categories = loadCategories(faqSource.data);
  const ids = new Set(categories.map((c) => c.id));
  const imagesDir = join(dir, 'images');
  const images = new Map<string, string>();
  if (existsSync(imagesDir)) {
    for (const f of readdirSync(imagesDir)) if (HELP_IMAGE_NAME.test(f)) images.set(f, join(imagesDir, f));
  }
  const names = new Set(images.keys());
  const articles = readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== FAQ_FILE && f.toLowerCase() !== 'readme.md')
    .map((f) => loadArticle(dir, f, ids, names));
  const rank = new Map(categories.map((c, i) => [c.id, i]));
  articles.sort(
    (a, b) =>
      (rank.get(a.category) ?? 0) - (rank.get(b.category) ?? 0) || a.order - b.order || a.title.localeCompare(b.title),
  );
  return { articles, faqs: loadFaqs(faqSource.body, names), categories, images };
}
