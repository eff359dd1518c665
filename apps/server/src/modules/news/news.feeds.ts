import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * RSS 2.0 and Atom feeds: configuration (`NEWS_FEEDS`), fetching with a time and size limit, and parsing to
 * plain items. Every failure is an Error with a message for the log; the job skips that feed and goes on.
 */

export type FeedConfig = { id: string; name: string; url: string };

export type ParsedFeedItem = {
  title: string;
  link: string | null;
  /** Plain text: HTML stripped, entities decoded, white space collapsed. */
  description: string;
  publishedMs: number | null;
  guid: string | null;
  categories: string[];
};

export type ParsedFeed = { title: string | null; logo: string | null; items: ParsedFeedItem[] };

/** A provider id from its name: lower case letters, digits and hyphens (`Market Wire` -> `market-wire`). */
export function providerIdOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'feed'
  );
}

/**
 * `NEWS_FEEDS` as `name=url,name=url` (a name may hold spaces; a URL may not hold a comma). Throws an Error
 * naming the entry that is not `name=http(s)-url`, or a name used twice.
 */
export function parseNewsFeeds(value: string | undefined): FeedConfig[] {
  if (!value || value.trim() === '') return [];
  const out: FeedConfig[] = [];
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = entry.indexOf('=');
    const name = eq > 0 ? entry.slice(0, eq).trim() : '';
    const url = eq > 0 ? entry.slice(eq + 1).trim() : '';
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!name || !parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      throw new Error(`NEWS_FEEDS: "${entry}" is not name=http(s)://address.`);
    const id = providerIdOf(name);
    if (id === 'simulated' || out.some((f) => f.id === id))
      throw new Error(`NEWS_FEEDS: the name "${name}" is used twice or is reserved.`);
    out.push({ id, name, url: parsed.toString() });
  }
  return out;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  euro: '€',
  pound: '£',
  copy: '©',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? all;
  });
}

/** HTML to one line of plain text: scripts and styles dropped, tags removed, entities decoded. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  // decode after removing tags, so an escaped "&lt;b&gt;" in the text stays text
  return (
    decodeEntities(text)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  cdataPropName: false,
  processEntities: true,
  htmlEntities: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ['item', 'entry', 'category', 'link'].includes(name),
});

type Node = Record<string, unknown>;
const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
function textOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return textOf(v[0]);
  if (typeof v === 'object') return textOf((v as Node)['#text']);
  return '';
}
function dateOf(v: unknown): number | null {
  const s = textOf(v).trim();
  if (!s) return null;
  const ms = Date.parse(s);
  return Number.isFinite(ms) ? ms : null;
}
function httpUrl(s: string, base?: string): string | null {
  // an empty address is none (against a base it would be the feed's own address)
  if (!s.trim()) return null;
  try {
    const u = new URL(s.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** Parses an RSS 2.0 (or RSS 1.0/RDF) or Atom document; throws an Error when it is not XML or not a feed. */
export function parseFeed(xml: string, baseUrl?: string): ParsedFeed {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`The feed is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}).`);
  const doc = parser.parse(xml) as Node;
  const rss = doc.rss as Node | undefined;
  const rdf = doc['rdf:RDF'] as Node | undefined;
  const atom = doc.feed as Node | undefined;
  if (rss || rdf) {
    const channel = ((rss?.channel ?? rdf?.channel) as Node | undefined) ?? {};
    const items = asArray(channel.item ?? rdf?.item) as Node[];
    return {
      title: htmlToText(textOf(channel.title)) || null,
      logo: httpUrl(textOf((channel.image as Node | undefined)?.url), baseUrl),
      items: items.map((it) => {
        const guid = textOf(it.guid).trim() || null;
        const link = httpUrl(textOf(it.link), baseUrl) ?? (guid ? httpUrl(guid) : null);
        return {
          title: clip(htmlToText(textOf(it.title)), 300),
          link,
          description: clip(htmlToText(textOf(it.description ?? it['content:encoded'])), 2000),
          publishedMs: dateOf(it.pubDate ?? it['dc:date']),
          guid,
          categories: asArray(it.category)
            .map((c) => htmlToText(textOf(c)))
            .filter(Boolean)
            .slice(0, 20),
        };
      }),
    };
  }
  if (atom) {
    const entries = asArray(atom.entry) as Node[];
    const linkOf = (node: Node) => {
      const links = asArray(node.link) as Array<Node | string>;
      const pick =
        links.find((l) => typeof l === 'object' && (l['@_rel'] === undefined || l['@_rel'] === 'alternate')) ??
        links[0];
      const href = typeof pick === 'object' ? String(pick['@_href'] ?? '') : String(pick ?? '');
      return href ? httpUrl(href, baseUrl) : null;
    };
    return {
      title: htmlToText(textOf(atom.title)) || null,
      logo: httpUrl(textOf(atom.logo ?? atom.icon), baseUrl),
      items: entries.map((e) => ({
        title: clip(htmlToText(textOf(e.title)), 300),
        link: linkOf(e),
        description: clip(htmlToText(textOf(e.summary ?? e.content)), 2000),
        publishedMs: dateOf(e.published ?? e.updated),
        guid: textOf(e.id).trim() || null,
        categories: asArray(e.category)
          .map((c) => (typeof c === 'object' && c ? String((c as Node)['@_term'] ?? '') : textOf(c)))
          .filter(Boolean)
          .slice(0, 20),
      })),
    };
  }
  throw new Error('The document is neither an RSS nor an Atom feed.');
}

export type FetchFeedOptions = { timeoutMs: number; maxBytes: number; signal?: AbortSignal };

/** GETs a feed's body as text: an Error on an HTTP error, a timeout, or a body larger than `maxBytes`. */
export async function fetchFeedText(url: string, options: FetchFeedOptions): Promise<string> {
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.any(signals),
      headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5' },
      redirect: 'follow',
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new Error(`The feed did not answer within ${options.timeoutMs} ms.`);
    throw new Error(`The feed could not be reached (${(error as Error).message}).`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`The feed answered HTTP ${response.status}.`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`The feed is larger than ${options.maxBytes} bytes.`);
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > options.maxBytes) {
        await reader.cancel().catch(() => {});
        throw new Error(`The feed is larger than ${options.maxBytes} bytes.`);
      }
      chunks.push(value);
    }
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new Error(`The feed did not answer within ${options.timeoutMs} ms.`);
    throw error;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The key an item's link is de-duplicated by: no fragment, no tracking parameters, no trailing slash, lower-case host. */
export function linkKeyOf(link: string | null): string | null {
  if (!link) return null;
  try {
    const u = new URL(link);
    u.hash = '';
    for (const k of [...u.searchParams.keys()])
      if (/^(utm_|fbclid|gclid|mc_)/i.test(k) || k === 'ref') u.searchParams.delete(k);
    const path = u.pathname.replace(/\/+$/, '');
    return `${u.hostname.toLowerCase()}${path}${u.search}`;
  } catch {
    return link;
  }
}

/** The key an item's title is de-duplicated by: lower case letters and digits of the title, single-spaced. */
export function titleKeyOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
