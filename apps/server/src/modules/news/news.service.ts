import {
  type CreateNewsFolderBody,
  NEWS_FOLDER_DEFAULT_COLOR,
  NEWS_FOLDERS_MAX,
  type NewsFolder,
  type NewsItem,
  type NewsListQuery,
  type NewsPage,
  type NewsProvider,
  type NewsReadAllBody,
  type NewsSentiment,
  type NewsUnread,
  SIMULATED_NEWS_PROVIDER_ID,
  SIMULATED_NEWS_SOURCE,
  type UpdateNewsFolderBody,
} from '@tradedesk/contracts';
import { ECONOMIC_INDICATORS } from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import { folderNotFound, logoNotFound, newsError, newsNotFound } from './news.errors.js';
import type { FeedConfig } from './news.feeds.js';
import type { NewsItemFilter, NewsItemWithState, NewsRepository } from './news.repository.js';
import type { NewsFolderRow } from './news.table.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The providers: the built-in simulated one, then the operator's feeds. Their `logo` here is null; the service
 * fills in the same-origin address of a stored logo (news.logos.ts), read from the database in every process.
 */
export function createNewsProviders(
  feeds: readonly FeedConfig[],
  options: { simulated: boolean } = { simulated: true },
) {
  const simulated: NewsProvider = {
    id: SIMULATED_NEWS_PROVIDER_ID,
    name: SIMULATED_NEWS_SOURCE,
    kind: 'simulated',
    simulated: true,
    url: null,
    logo: null,
  };
  const list = (): NewsProvider[] => [
    ...(options.simulated ? [simulated] : []),
    ...feeds.map((f) => ({
      id: f.id,
      name: f.name,
      kind: 'feed' as const,
      simulated: false,
      url: f.url,
      logo: null,
    })),
  ];
  return {
    list,
    byId: (id: string) => list().find((p) => p.id === id),
  };
}
export type NewsProviders = ReturnType<typeof createNewsProviders>;

/** One calendar month before `ms` (UTC), the day clamped to the shorter month (31 March -> 28/29 February). */
export function oneMonthBefore(ms: number): number {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() - 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(
    y,
    m,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

function encodeCursor(row: { publishedAt: Date; id: string }): string {
  return Buffer.from(`${row.publishedAt.getTime()}.${row.id}`).toString('base64url');
}
function decodeCursor(cursor: string): { ms: number; id: string } {
  const [ms, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const n = Number(ms);
  if (!Number.isSafeInteger(n) || !id || !UUID.test(id))
    throw newsError.onField('cursor', 'NEWS_INVALID_CURSOR', 'cursor must be the nextCursor of a previous answer.');
  return { ms: n, id };
}

const pad = (n: number) => String(n).padStart(2, '0');

const currencyByIndicator = new Map(ECONOMIC_INDICATORS.map((i) => [i.code, i.currency]));

/**
 * The currencies a simulated economic release concerns, read from its event id (`${code}-YYYY-MM-DD`, the same
 * currency core writes in the news' `currencies`); none for feed items and earnings (`ER-…`), whose sentiment is
 * not a currency's.
 */
export function releaseCurrencies(simulated: boolean, eventId: string | null): string[] {
  if (!simulated || !eventId) return [];
  const code = /^([A-Z0-9_]+)-\d{4}-\d{2}-\d{2}$/.exec(eventId)?.[1];
  const currency = code ? currencyByIndicator.get(code) : undefined;
  return currency ? [currency] : [];
}

const withCurrencies = (currencies: string[]) => (currencies.length ? { currencies } : {});

/**
 * Where this app serves a provider's stored logo (GET /market/news/providers/{id}/logo). The hash's start is in
 * the address, so a new logo is a new address and the browser's day-long cache never shows the old one.
 */
export const providerLogoUrl = (providerId: string, hash: string) =>
  `/api/market/news/providers/${encodeURIComponent(providerId)}/logo?v=${hash.slice(0, 16)}`;

/** Provider id -> the same-origin address of its stored logo. */
type LogoUrls = ReadonlyMap<string, string>;

/** Reading, saving and filtering the shared news items with each user's state, and the user's folders. */
export function createNewsService(deps: { repo: NewsRepository; clock: Clock; providers: NewsProviders }) {
  const { repo, clock, providers } = deps;
  const now = () => clock.now().getTime();

  /** The same-origin logo addresses of the configured feed providers that have a stored logo. */
  async function logoUrls(): Promise<LogoUrls> {
    const out = new Map<string, string>();
    for (const s of await repo.logoStamps())
      if (providers.byId(s.providerId)?.kind === 'feed') out.set(s.providerId, providerLogoUrl(s.providerId, s.hash));
    return out;
  }

  function toItem(row: NewsItemWithState, logos: LogoUrls): NewsItem {
    const at = row.publishedAt;
    const logo = logos.get(row.providerId);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      date: `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`,
      time: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`,
      publishedAt: at.toISOString(),
      sentiment: row.sentiment as NewsSentiment,
      unread: !row.read,
      isSaved: row.saved,
      logos: logo ? [logo] : [],
      provider: { id: row.providerId, name: row.providerName },
      link: row.link,
      source: row.source,
      simulated: row.simulated,
      symbols: row.symbols,
      eventId: row.eventId,
      ...withCurrencies(releaseCurrencies(row.simulated, row.eventId)),
    };
  }

  function toFolder(row: NewsFolderRow): NewsFolder {
    const refs = row.providers.flatMap((id) => {
      const p = providers.byId(id);
      return p ? [p] : [];
    });
    return {
      id: row.id,
      name: row.name,
      color: row.color,
      isOpen: row.isOpen,
      sections: {
        providers: refs.filter((p) => p.kind === 'simulated').map(({ id, name }) => ({ id, name })),
        integrations: refs.filter((p) => p.kind === 'feed').map(({ id, name }) => ({ id, name })),
      },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Provider ids the segments stand for; a folder id of another user (or none) answers 404. */
  async function providerIdsOf(userId: string, segments: string[] | undefined): Promise<string[] | undefined> {
    if (!segments || segments.length === 0) return undefined;
    const ids = new Set<string>();
    for (const segment of segments) {
      const [head = '', section] = segment.split(':');
      if (UUID.test(head)) {
        const folder = await repo.folder(userId, head);
        if (!folder) throw folderNotFound();
        for (const id of folder.providers) {
          const kind = providers.byId(id)?.kind;
          if (!section || (section === 'providers' ? kind === 'simulated' : kind === 'feed')) ids.add(id);
        }
      } else ids.add(head);
    }
    return [...ids];
  }

  function checkProviders(ids: string[]): string[] {
    const unique = [...new Set(ids)];
    for (const id of unique)
      if (!providers.byId(id))
        throw newsError.onField(
          'providers',
          'NEWS_UNKNOWN_PROVIDER',
          `providers holds "${id.slice(0, 80)}", which is not a news provider.`,
        );
    return unique;
  }

  async function itemOrThrow(userId: string, id: string): Promise<NewsItemWithState> {
    const row = await repo.item(userId, id);
    if (!row || row.publishedAt.getTime() > now()) throw newsNotFound();
    return row;
  }

  return {
    async providers(): Promise<NewsProvider[]> {
      const logos = await logoUrls();
      return providers.list().map((p) => ({ ...p, logo: logos.get(p.id) ?? null }));
    },

    /** A configured feed provider's stored logo (bytes, type, hash); 404 NEWS_LOGO_NOT_FOUND when it has none. */
    async logo(providerId: string): Promise<{ contentType: string; data: Buffer; hash: string }> {
      const row = providers.byId(providerId)?.kind === 'feed' ? await repo.logo(providerId) : undefined;
      if (!row) throw logoNotFound();
      return { contentType: row.contentType, data: row.data, hash: row.hash };
    },

    async list(userId: string, query: NewsListQuery, options: { savedOnly?: boolean } = {}): Promise<NewsPage> {
      const nowMs = now();
      const filter: NewsItemFilter = {
        providerIds: await providerIdsOf(userId, query.segments),
        sentiments: query.sentiments.map((s) => s[0]?.toUpperCase() + s.slice(1)),
        symbols: query.symbols.map((s) => (s.includes(':') ? (s.split(':')[1] ?? s) : s).toUpperCase()),
        events: query.events,
        search: query.search,
        fromMs: query.from,
        toMs: query.to,
        unreadOnly: query.unread === true,
        savedOnly: options.savedOnly,
      };
      if (query.sort === 'this week') filter.fromMs = Math.max(filter.fromMs ?? 0, nowMs - 7 * DAY_MS);
      if (query.sort === 'this month') filter.fromMs = Math.max(filter.fromMs ?? 0, oneMonthBefore(nowMs));
      const order = query.sort === 'oldest' ? 'asc' : 'desc';
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await repo.page(userId, filter, nowMs, order, after, query.limit + 1);
      const more = rows.length > query.limit;
      const items = rows.slice(0, query.limit);
      const last = items[items.length - 1];
      const logos = await logoUrls();
      return { items: items.map((row) => toItem(row, logos)), nextCursor: more && last ? encodeCursor(last) : null };
    },

    /** The item, marked read and put first in the user's recently watched list. */
    async read(userId: string, id: string): Promise<NewsItem> {
      const row = await itemOrThrow(userId, id);
      await repo.markRead(userId, id, now());
      return toItem({ ...row, read: true }, await logoUrls());
    },

    /** Saves the item to read later; saving it again changes nothing. */
    async save(userId: string, id: string): Promise<NewsItem> {
      const row = await itemOrThrow(userId, id);
      await repo.save(userId, id, now());
      return toItem({ ...row, saved: true }, await logoUrls());
    },

    async unsave(userId: string, id: string): Promise<NewsItem> {
      const row = await itemOrThrow(userId, id);
      await repo.unsave(userId, id);
      return toItem({ ...row, saved: false }, await logoUrls());
    },

    async recent(userId: string, limit: number): Promise<NewsItem[]> {
      const rows = await repo.recent(userId, limit);
      const logos = await logoUrls();
      return rows.map((row) => toItem(row, logos));
    },

    /** all: everything published so far; day: older than 1 day; week: older than 7 days. */
    async readAll(userId: string, body: NewsReadAllBody): Promise<{ marked: number }> {
      const nowMs = now();
      const before = body.option === 'all' ? nowMs : nowMs - (body.option === 'day' ? 1 : 7) * DAY_MS;
      const ids = await providerIdsOf(userId, body.segments);
      return { marked: await repo.readAll(userId, before, ids, nowMs) };
    },

    async unread(userId: string): Promise<NewsUnread> {
      const counts = new Map((await repo.unreadByProvider(userId, now())).map((r) => [r.providerId, r.n]));
      const list = providers.list().map((p) => ({ id: p.id, name: p.name, unread: counts.get(p.id) ?? 0 }));
      // items of a feed the operator has since removed still count in the total
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      return { total, providers: list };
    },

    async folders(userId: string): Promise<NewsFolder[]> {
      return (await repo.folders(userId)).map(toFolder);
    },

    async folder(userId: string, id: string): Promise<NewsFolder> {
      const row = await repo.folder(userId, id);
      if (!row) throw folderNotFound();
      return toFolder(row);
    },

    async createFolder(userId: string, body: CreateNewsFolderBody): Promise<NewsFolder> {
      if ((await repo.folderCount(userId)) >= NEWS_FOLDERS_MAX)
        throw newsError('NEWS_FOLDER_LIMIT_REACHED', `You can have at most ${NEWS_FOLDERS_MAX} news folders.`);
      const at = clock.now();
      const row = await repo.insertFolder({
        id: newId(),
        userId,
        name: body.name,
        color: body.color ?? NEWS_FOLDER_DEFAULT_COLOR,
        isOpen: body.is_open ?? true,
        providers: checkProviders(body.providers ?? []),
        createdAt: at,
        updatedAt: at,
      });
      return toFolder(row);
    },

    async updateFolder(userId: string, id: string, body: UpdateNewsFolderBody): Promise<NewsFolder> {
      const row = await repo.updateFolder(userId, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.color !== undefined ? { color: body.color } : {}),
        ...(body.is_open !== undefined ? { isOpen: body.is_open } : {}),
        ...(body.providers !== undefined ? { providers: checkProviders(body.providers) } : {}),
        updatedAt: clock.now(),
      });
      if (!row) throw folderNotFound();
      return toFolder(row);
    },

    async deleteFolder(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteFolder(userId, id))) throw folderNotFound();
    },
  };
}
export type NewsService = ReturnType<typeof createNewsService>;
