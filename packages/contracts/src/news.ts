import { z } from 'zod';
import { idFieldSchema } from './charts.js';
import { line } from './text.js';

/**
 * News (spec section 7 "News", section 3 "News item", "News folder", "News filter"; section 5 sort and sentiments).
 *
 * Items are shared by every user; read, saved and recently-watched state is per user. An item comes from a
 * provider: the built-in "Simulated" provider (items written from the simulated economic calendar and earnings,
 * always with `source: 'Simulated'` and `simulated: true`) or an RSS/Atom feed the operator configured
 * (`NEWS_FEEDS`), whose items carry the provider's name as `source`.
 *
 * Paging is by cursor (infinite scroll): an answer holds `nextCursor`, sent back as `cursor` for the next page;
 * null when there is no more. The cursor is opaque and only valid with the same sort.
 *
 * Request queries and bodies snake_case, answers camelCase, instants ISO 8601 UTC.
 */

export const NEWS_SENTIMENTS = ['Positive', 'Negative', 'Neutral'] as const;
export type NewsSentiment = (typeof NEWS_SENTIMENTS)[number];
/** Sentiments as the query sends them (spec section 5: lowercased). */
export const NEWS_SENTIMENT_FILTERS = ['positive', 'negative', 'neutral'] as const;
export type NewsSentimentFilter = (typeof NEWS_SENTIMENT_FILTERS)[number];

/** latest / oldest: all items newest or oldest first; this week: 7 days back; this month: one calendar month back. */
export const NEWS_SORTS = ['latest', 'oldest', 'this week', 'this month'] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];

/** Mark all read: every item, items older than 1 day, or items older than 7 days (spec section 9). */
export const NEWS_READ_ALL_OPTIONS = ['all', 'day', 'week'] as const;
export type NewsReadAllOption = (typeof NEWS_READ_ALL_OPTIONS)[number];

/** The built-in offline provider and the label its items carry. */
export const SIMULATED_NEWS_PROVIDER_ID = 'simulated';
export const SIMULATED_NEWS_SOURCE = 'Simulated';

export const NEWS_PAGE_DEFAULT = 20;
export const NEWS_PAGE_MAX = 100;
export const NEWS_RECENT_MAX = 20;
export const NEWS_FOLDERS_MAX = 50;
export const NEWS_FOLDER_DEFAULT_COLOR = '#8861E4';

/** Provider kinds: the built-in simulated provider is listed under a folder's Providers, operator feeds under Integrations. */
export const NEWS_PROVIDER_KINDS = ['simulated', 'feed'] as const;
export type NewsProviderKind = (typeof NEWS_PROVIDER_KINDS)[number];

// ---- query helpers -------------------------------------------------------------------------------------

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Repeated keys (`x=a&x=b`), `x[]=` keys (folded by the route) or comma-separated values; at most 50. */
function listOf<T extends z.ZodType>(name: string, item: T, max = 50) {
  return z.preprocess(
    (v) => {
      const raw = v === undefined ? [] : Array.isArray(v) ? v : [v];
      const out: unknown[] = [];
      for (const x of raw) {
        if (typeof x !== 'string') out.push(x);
        else for (const part of x.split(',')) if (part.trim() !== '') out.push(part.trim());
      }
      return out;
    },
    z
      .array(item, { error: `${name} must be a list of values.` })
      .max(max, { error: `${name} may hold at most ${max} values.` }),
  );
}

/** An instant as YYYY-MM-DD (midnight UTC) or ISO 8601 date-time; read as epoch milliseconds. */
function instant(name: string) {
  const message = `${name} must be a date (YYYY-MM-DD) or an ISO 8601 date and time.`;
  return z.preprocess(
    emptyToUndefined,
    z
      .string({ error: message })
      .max(40, { error: message })
      .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && Number.isFinite(Date.parse(v)), {
        error: message,
      })
      .transform((v) => Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v))
      .optional(),
  );
}

const sentimentFilterSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.toLowerCase() : v),
  z.enum(NEWS_SENTIMENT_FILTERS, { error: `Each of sentiments must be one of ${NEWS_SENTIMENT_FILTERS.join(', ')}.` }),
);

/** A provider id (`simulated`, `reuters`), a folder id (all of its providers), or `<folderId>:providers` / `<folderId>:integrations`. */
const segmentSchema = line('segments', 80, { min: 1 }).regex(
  /^[A-Za-z0-9_-]+(:(providers|integrations))?$/,
  'Each of segments must be a provider id, a folder id or <folder id>:providers or <folder id>:integrations.',
);

// ---- requests ------------------------------------------------------------------------------------------

/** GET /market/news and GET /market/news/favorites. */
export const newsListQuerySchema = z.object({
  sort: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase().replace(/[_+]/g, ' ')) : v),
    z.enum(NEWS_SORTS, { error: `sort must be one of ${NEWS_SORTS.join(', ')}.` }).default('latest'),
  ),
  from: instant('from'),
  to: instant('to'),
  segments: listOf('segments', segmentSchema),
  sentiments: listOf('sentiments', sentimentFilterSchema, 3),
  /** Instrument ids (EURUSD, AAPL) the items mention: the chart's news tab. */
  symbols: listOf(
    'symbols',
    line('symbols', 40, { min: 1 }).regex(
      /^[A-Za-z0-9._:-]+$/,
      'Each of symbols must be an instrument id such as EURUSD.',
    ),
  ),
  /** Calendar event ids: the items written from those events. */
  events: listOf('events', line('events', 120, { min: 1 })),
  search: z.preprocess(emptyToUndefined, line('search', 100).optional()),
  unread: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'], { error: 'unread must be true or false.' })
      .transform((v) => v === 'true')
      .optional(),
  ),
  cursor: z.preprocess(
    emptyToUndefined,
    line('cursor', 200)
      .regex(/^[A-Za-z0-9_-]+$/, 'cursor must be the nextCursor of a previous answer.')
      .optional(),
  ),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `limit must be a whole number from 1 to ${NEWS_PAGE_MAX}.` })
      .int({ error: `limit must be a whole number from 1 to ${NEWS_PAGE_MAX}.` })
      .min(1, { error: `limit must be a whole number from 1 to ${NEWS_PAGE_MAX}.` })
      .max(NEWS_PAGE_MAX, { error: `limit must be a whole number from 1 to ${NEWS_PAGE_MAX}.` })
      .default(NEWS_PAGE_DEFAULT),
  ),
});
export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

export const newsArticleParamsSchema = z.object({ id: idFieldSchema('id', 'a news item id') });
export const newsFolderParamsSchema = z.object({ id: idFieldSchema('id', 'a folder id') });
/** GET /market/news/providers/{id}/logo: a provider id (`market-wire`: lower case letters, digits, hyphens). */
export const newsProviderParamsSchema = z.object({
  id: z
    .string({ error: 'id is required.' })
    .min(1, 'id is required.')
    .max(60, 'id must be at most 60 characters.')
    .regex(/^[a-z0-9-]+$/, 'id must be a provider id: lower case letters, digits and hyphens.'),
});

export const newsRecentQuerySchema = z.object({
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `limit must be a whole number from 1 to ${NEWS_RECENT_MAX}.` })
      .int({ error: `limit must be a whole number from 1 to ${NEWS_RECENT_MAX}.` })
      .min(1, { error: `limit must be a whole number from 1 to ${NEWS_RECENT_MAX}.` })
      .max(NEWS_RECENT_MAX, { error: `limit must be a whole number from 1 to ${NEWS_RECENT_MAX}.` })
      .default(NEWS_RECENT_MAX),
  ),
});

/** PUT /market/news/read-all. `segments` limits it to some providers or folders (all when left out). */
export const newsReadAllBodySchema = z.strictObject({
  option: z.enum(NEWS_READ_ALL_OPTIONS, { error: `option must be one of ${NEWS_READ_ALL_OPTIONS.join(', ')}.` }),
  segments: z.array(segmentSchema).max(50, 'segments may hold at most 50 values.').optional(),
});
export type NewsReadAllBody = z.infer<typeof newsReadAllBodySchema>;

const folderColorSchema = z
  .string({ error: 'color must be a colour such as #8861E4.' })
  .regex(/^#[0-9A-Fa-f]{6}$/, 'color must be a colour such as #8861E4.');
const providerIdsSchema = z
  .array(line('providers', 80, { min: 1 }), { error: 'providers must be a list of provider ids.' })
  .max(100, 'providers may hold at most 100 values.');

/**
 * POST /market/news/folders. `providers` lists provider ids of either kind; the answer sorts them into the
 * sections Providers (built-in) and Integrations (operator feeds). An unknown provider id is refused.
 */
export const createNewsFolderBodySchema = z.strictObject({
  name: line('name', 60, { min: 1 }),
  color: folderColorSchema.optional(),
  is_open: z.boolean({ error: 'is_open must be true or false.' }).optional(),
  providers: providerIdsSchema.optional(),
});
export type CreateNewsFolderBody = z.infer<typeof createNewsFolderBodySchema>;

/** PUT /market/news/folders/{id}: rename, colour, open or closed, and the providers it holds (replaced). */
export const updateNewsFolderBodySchema = createNewsFolderBodySchema.partial();
export type UpdateNewsFolderBody = z.infer<typeof updateNewsFolderBodySchema>;

// ---- answers -------------------------------------------------------------------------------------------

export const newsProviderRefSchema = z.object({ id: z.string(), name: z.string() });
export type NewsProviderRef = z.infer<typeof newsProviderRefSchema>;

export const newsProviderSchema = newsProviderRefSchema.extend({
  kind: z.enum(NEWS_PROVIDER_KINDS),
  /** True for the built-in provider whose items are written from the simulated calendar. */
  simulated: z.boolean(),
  /** The feed's address (operator feeds), null for the simulated provider. */
  url: z.string().nullable(),
  /**
   * The address this app serves the provider's logo at (`/api/market/news/providers/{id}/logo?v=…`) when the feed
   * names one and it was fetched and stored, else null. Never the feed's remote address.
   */
  logo: z.string().nullable(),
});
export type NewsProvider = z.infer<typeof newsProviderSchema>;

export const newsItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** Plain text (HTML of feeds stripped). */
  description: z.string(),
  /** Publication day and time of day in UTC (YYYY-MM-DD, HH:mm); clients show publishedAt in the user's zone. */
  date: z.string(),
  time: z.string(),
  publishedAt: z.string(),
  sentiment: z.enum(NEWS_SENTIMENTS),
  unread: z.boolean(),
  isSaved: z.boolean(),
  /** The provider's logo as its same-origin address (see the provider's `logo`); empty when it has none. */
  logos: z.array(z.string()),
  provider: newsProviderRefSchema,
  /** The article's address for feed items; null for simulated items. */
  link: z.string().nullable(),
  /** 'Simulated' for simulated items, else the provider's name. */
  source: z.string(),
  simulated: z.boolean(),
  /** Instrument ids the item mentions (EURUSD, AAPL). */
  symbols: z.array(z.string()),
  /** The calendar event it was written from (simulated items), else null. */
  eventId: z.string().nullable(),
  /**
   * The currencies a simulated economic release concerns (its sentiment is for them: "Negative" for USD); left
   * out for feed items and earnings.
   */
  currencies: z.array(z.string()).optional(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsPageSchema = z.object({
  items: z.array(newsItemSchema),
  /** Send as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type NewsPage = z.infer<typeof newsPageSchema>;

export const newsRecentSchema = z.object({ items: z.array(newsItemSchema) });
export type NewsRecent = z.infer<typeof newsRecentSchema>;

export const newsFolderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
  isOpen: z.boolean(),
  sections: z.object({
    /** Built-in providers (Simulated). */
    providers: z.array(newsProviderRefSchema),
    /** Operator-configured feeds (RSS/Atom). */
    integrations: z.array(newsProviderRefSchema),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsFolder = z.infer<typeof newsFolderSchema>;

export const newsFolderListSchema = z.object({ folders: z.array(newsFolderSchema) });
export type NewsFolderList = z.infer<typeof newsFolderListSchema>;

export const newsProviderListSchema = z.object({ providers: z.array(newsProviderSchema) });
export type NewsProviderList = z.infer<typeof newsProviderListSchema>;

export const newsUnreadSchema = z.object({
  total: z.number().int(),
  providers: z.array(newsProviderRefSchema.extend({ unread: z.number().int() })),
});
export type NewsUnread = z.infer<typeof newsUnreadSchema>;

export const newsReadAllAnswerSchema = z.object({ marked: z.number().int() });
export type NewsReadAllAnswer = z.infer<typeof newsReadAllAnswerSchema>;

export const newsErrorCodes = [
  'NEWS_NOT_FOUND',
  'NEWS_FOLDER_NOT_FOUND',
  'NEWS_LOGO_NOT_FOUND',
  'NEWS_FOLDER_LIMIT_REACHED',
  'NEWS_UNKNOWN_PROVIDER',
  'NEWS_INVALID_CURSOR',
] as const;
export type NewsErrorCode = (typeof newsErrorCodes)[number];
