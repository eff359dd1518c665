import { z } from 'zod';
import { tradeNewsTagSchema } from './calendar.js';
import { idFieldSchema } from './charts.js';
import { line, multiline } from './text.js';

/**
 * The trading journal (spec section 2 "Journal": main tab overview, setup_view, details; issue 12 item 5).
 * Request bodies and queries snake_case, answers camelCase; instants ISO 8601 UTC.
 *
 * A journal day is a calendar date in the user's time zone (settings `timeZone`, GET /customer/settings): a trade
 * belongs to the day its position closed on in that zone. Trades are not imported: every closed position of the
 * user's trading accounts is a trade of the journal, found by its position id; a trade's annotation (notes,
 * screenshots, strategy, approach, checklist items met, mistakes, rating) is kept by that id.
 *
 * Money: exact decimal strings in the account's currency with its minor-unit decimals ("-12.50", JPY "1500"),
 * as booked by the trading module. Amounts of accounts in different currencies are never added together: totals
 * are per currency.
 *
 * Rich text (a day's plan and review, a trade's notes) is TipTap StarterKit HTML; the server keeps only p, h1-h3,
 * strong, em, s, code, pre, blockquote, ul, ol, li, br, hr and a (href http, https or mailto, rel noopener
 * noreferrer, target _blank) and answers the cleaned HTML.
 */

// ---- limits ---------------------------------------------------------------------------------------

/** Longest rich-text field accepted (characters of HTML as sent). */
export const JOURNAL_HTML_MAX = 50_000;
export const JOURNAL_TAGS_MAX = 20;
export const JOURNAL_TAG_MAX_LENGTH = 40;
export const JOURNAL_SNAPSHOTS_MAX = 12;
export const JOURNAL_SCREENSHOTS_MAX = 12;
export const JOURNAL_MISTAKES_MAX = 100;
export const JOURNAL_MISTAKE_NAME_MAX = 80;
/** Checklist items and mistakes one trade can carry. */
export const JOURNAL_TRADE_IDS_MAX = 100;
/** Longest range of the calendar, in days (both ends included). */
export const JOURNAL_CALENDAR_MAX_DAYS = 366;
/** Accounts one calendar or day may show. */
export const JOURNAL_ACCOUNTS_MAX = 50;
/** Largest journal image upload (chart snapshot, trade screenshot). */
export const JOURNAL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest width and height (pixels) a journal image may declare. */
export const JOURNAL_IMAGE_MAX_DIMENSION = 8000;
/** Mistakes a new user's list starts with (created on the first read of the list). */
export const JOURNAL_DEFAULT_MISTAKES = ['Moved stop loss', 'Oversized', 'FOMO entry', 'No plan'] as const;

/**
 * Mood and discipline are integers 1-5. Mood's scale is named: 1 awful, 2 bad, 3 neutral, 4 good, 5 great
 * (JOURNAL_MOODS[mood - 1]); discipline 1 (broke my rules) to 5 (followed every rule). A trade's rating is 1-5.
 */
export const JOURNAL_MOODS = ['awful', 'bad', 'neutral', 'good', 'great'] as const;
export type JournalMoodName = (typeof JOURNAL_MOODS)[number];

// ---- shared pieces --------------------------------------------------------------------------------

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not), years 1970-2999. */
export const journalDateSchema = (field: string) =>
  line(field, 10, { min: 1 }).refine((v) => {
    if (!DATE.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && v >= '1970-01-01' && v <= '2999-12-31';
  }, `${field} must be a date such as 2026-03-01.`);

const scale = (field: string) =>
  z
    .number({ error: `${field} must be a whole number from 1 to 5, or null.` })
    .int(`${field} must be a whole number from 1 to 5, or null.`)
    .min(1, `${field} must be a whole number from 1 to 5, or null.`)
    .max(5, `${field} must be a whole number from 1 to 5, or null.`);

/** Rich text as sent by the editor: bounded, sanitized by the server (see the module comment). */
const html = (field: string) => multiline(field, JOURNAL_HTML_MAX);

const uuidList = (field: string, what: string, max: number) =>
  z
    .array(idFieldSchema(`Each of ${field}`, what), { error: `${field} must be a list of ids.` })
    .max(max, `${field} must have at most ${max} items.`)
    .refine((ids) => new Set(ids).size === ids.length, `${field} must not repeat an id.`);

/** A comma-separated list of trading account ids in a query (`account_ids=a,b`). */
const accountIdsQuery = z
  .string()
  .max(JOURNAL_ACCOUNTS_MAX * 37)
  .transform((v, ctx) => {
    const ids = v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    if (ids.length > JOURNAL_ACCOUNTS_MAX) {
      ctx.addIssue({ code: 'custom', message: `account_ids must have at most ${JOURNAL_ACCOUNTS_MAX} ids.` });
      return z.NEVER;
    }
    if (ids.some((id) => !z.uuid().safeParse(id).success)) {
      ctx.addIssue({ code: 'custom', message: 'account_ids must be trading account ids (UUIDs) separated by commas.' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

const money = z.string().describe('Exact decimal in the account currency, e.g. "-12.50"');

// ---- images (chart snapshots, trade screenshots) ----------------------------------------------------

/**
 * POST /journal/images: multipart/form-data with one file field `file` (PNG, JPEG, WebP or GIF, read from the
 * bytes; at most JOURNAL_IMAGE_MAX_BYTES). The answer's id goes into a day's snapshots or a trade's screenshots.
 */
export const journalImageSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
});
export type JournalImage = z.infer<typeof journalImageSchema>;

// ---- journal day ----------------------------------------------------------------------------------

/** A chart snapshot of a day: an uploaded image, or a reference to one of the user's saved charts. */
export const journalSnapshotBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('image'), image_id: idFieldSchema('image_id', 'a journal image id') }),
    z.strictObject({
      kind: z.literal('chart'),
      chart_id: idFieldSchema('chart_id', 'a chart id'),
      caption: line('caption', 200).optional(),
    }),
  ],
  { error: 'Each snapshot must have kind image (with image_id) or chart (with chart_id).' },
);
export type JournalSnapshotBody = z.infer<typeof journalSnapshotBodySchema>;

export const journalSnapshotSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), image: journalImageSchema }),
  z.object({
    kind: z.literal('chart'),
    chartId: z.uuid(),
    caption: z.string().nullable(),
    /** The saved chart's symbol and timeframe; null when the chart has since been deleted. */
    symbol: z.string().nullable(),
    timeframe: z.string().nullable(),
  }),
]);
export type JournalSnapshot = z.infer<typeof journalSnapshotSchema>;

const tagSchema = line('Each tag', JOURNAL_TAG_MAX_LENGTH, { min: 1 });

/**
 * PUT /journal/days/{date}: creates the day's entry or changes it; a field left out keeps its value (defaults for
 * a new entry: no accounts, empty texts, no mood, discipline, tags or snapshots). `account_ids`: the trading
 * accounts the day shows (empty: all of them).
 */
export const journalDayBodySchema = z
  .strictObject({
    account_ids: uuidList('account_ids', 'a trading account id', JOURNAL_ACCOUNTS_MAX).optional(),
    plan: html('plan').optional(),
    review: html('review').optional(),
    mood: scale('mood').nullable().optional(),
    discipline: scale('discipline').nullable().optional(),
    tags: z
      .array(tagSchema, { error: 'tags must be a list of words.' })
      .max(JOURNAL_TAGS_MAX, `tags must have at most ${JOURNAL_TAGS_MAX} items.`)
      .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, 'tags must not repeat a tag.')
      .optional(),
    snapshots: z
      .array(journalSnapshotBodySchema, { error: 'snapshots must be a list.' })
      .max(JOURNAL_SNAPSHOTS_MAX, `snapshots must have at most ${JOURNAL_SNAPSHOTS_MAX} items.`)
      .optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Send at least one field to change.');
export type JournalDayBody = z.infer<typeof journalDayBodySchema>;

export const journalDateParamsSchema = z.object({ date: journalDateSchema('date') });

/** GET /journal/days/{date}?account_ids: the accounts whose trades to list (default: the entry's, else all). */
export const journalDayQuerySchema = z.strictObject({ account_ids: accountIdsQuery.optional() });
export type JournalDayQuery = z.infer<typeof journalDayQuerySchema>;

/** A saved journal entry of a day. */
export const journalDaySchema = z.object({
  date: z.string(),
  /** The accounts the day shows; empty means all of the user's accounts. */
  accountIds: z.array(z.uuid()),
  plan: z.string(),
  review: z.string(),
  /** 1-5, JOURNAL_MOODS[mood - 1]; null when not given. */
  mood: z.number().int().nullable(),
  discipline: z.number().int().nullable(),
  tags: z.array(z.string()),
  snapshots: z.array(journalSnapshotSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JournalDay = z.infer<typeof journalDaySchema>;

// ---- trades and their annotations -------------------------------------------------------------------

/** PUT /journal/trades/{positionId}: creates or changes a trade's annotation; a field left out keeps its value. */
export const journalAnnotationBodySchema = z
  .strictObject({
    notes: html('notes').optional(),
    screenshots: uuidList('screenshots', 'a journal image id', JOURNAL_SCREENSHOTS_MAX).optional(),
    strategy_id: idFieldSchema('strategy_id', 'a strategy id').nullable().optional(),
    /** An approach of the strategy (strategy_id, or the one already linked). */
    approach_id: idFieldSchema('approach_id', 'an approach id').nullable().optional(),
    /** Checklist items of the strategy's approaches that the trade met. */
    checklist_item_ids: uuidList('checklist_item_ids', 'a checklist item id', JOURNAL_TRADE_IDS_MAX).optional(),
    mistake_ids: uuidList('mistake_ids', 'a mistake id', JOURNAL_TRADE_IDS_MAX).optional(),
    rating: scale('rating').nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Send at least one field to change.');
export type JournalAnnotationBody = z.infer<typeof journalAnnotationBodySchema>;

export const journalPositionParamsSchema = z.object({
  positionId: idFieldSchema('positionId', 'a position id'),
});

export const journalAnnotationSchema = z.object({
  positionId: z.uuid(),
  notes: z.string(),
  screenshots: z.array(journalImageSchema),
  strategyId: z.uuid().nullable(),
  approachId: z.uuid().nullable(),
  checklistItemIds: z.array(z.uuid()),
  mistakeIds: z.array(z.uuid()),
  rating: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JournalAnnotation = z.infer<typeof journalAnnotationSchema>;

/** A closed position of one of the user's accounts, as the journal lists it. */
export const journalTradeSchema = z.object({
  positionId: z.uuid(),
  accountId: z.uuid(),
  currency: z.string(),
  symbol: z.string(),
  direction: z.enum(['long', 'short']),
  /** Lots opened. */
  volume: z.number(),
  openPrice: z.number(),
  /** Volume-weighted price of all its closing deals. */
  closePrice: z.number(),
  openedAt: z.string(),
  closedAt: z.string(),
  /** The day it belongs to: its close date in the user's time zone. */
  date: z.string(),
  profit: money,
  commission: money,
  swap: money,
  /** profit + commission + swap; > 0 a win, < 0 a loss, 0 break-even. */
  net: money,
  annotation: journalAnnotationSchema.nullable(),
  /**
   * High-impact economic events within CALENDAR_NEWS_WINDOW_MINUTES (30) of the opening that concern the symbol
   * (its currencies or instruments): the trade's news tag. Always sent by the server; optional for older clients.
   */
  news: z.array(tradeNewsTagSchema).optional(),
});
export type JournalTrade = z.infer<typeof journalTradeSchema>;

/** An account the journal shows, so the screen can name and colour it. */
export const journalAccountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  currency: z.string(),
  color: z.string(),
  archived: z.boolean(),
});
export type JournalAccount = z.infer<typeof journalAccountSchema>;

/** GET, PUT and DELETE /journal/days/{date}: the day's entry (null when none is saved) and all its trades. */
export const journalDayViewSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  /** The accounts whose trades are listed. */
  accounts: z.array(journalAccountSchema),
  entry: journalDaySchema.nullable(),
  /** Every closed trade of the day across the accounts, by close time. */
  trades: z.array(journalTradeSchema),
});
export type JournalDayView = z.infer<typeof journalDayViewSchema>;

/**
 * GET /journal/trades?from&to&account_id&strategy_id&page&limit: the user's annotated trades (a trade without an
 * annotation is not listed), newest close first. from and to are dates in the user's time zone (both included).
 */
export const journalTradesQuerySchema = z
  .strictObject({
    from: journalDateSchema('from').optional(),
    to: journalDateSchema('to').optional(),
    account_id: idFieldSchema('account_id', 'a trading account id').optional(),
    strategy_id: idFieldSchema('strategy_id', 'a strategy id').optional(),
    page: z.coerce
      .number({ error: 'page must be a whole number from 1.' })
      .int('page must be a whole number from 1.')
      .min(1, 'page must be a whole number from 1.')
      .max(100_000, 'page must be at most 100000.')
      .default(1),
    limit: z.coerce
      .number({ error: 'limit must be a whole number from 1 to 200.' })
      .int('limit must be a whole number from 1 to 200.')
      .min(1, 'limit must be a whole number from 1 to 200.')
      .max(200, 'limit must be a whole number from 1 to 200.')
      .default(50),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from.' });
  });
export type JournalTradesQuery = z.infer<typeof journalTradesQuerySchema>;

export const journalTradeListSchema = z.object({
  timeZone: z.string(),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  trades: z.array(journalTradeSchema),
});
export type JournalTradeList = z.infer<typeof journalTradeListSchema>;

// ---- calendar -------------------------------------------------------------------------------------

/** GET /journal/calendar?from&to&account_ids: dates in the user's time zone, both included, at most 366 days. */
export const journalCalendarQuerySchema = z
  .strictObject({
    from: journalDateSchema('from'),
    to: journalDateSchema('to'),
    account_ids: accountIdsQuery.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from.' });
      return;
    }
    const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > JOURNAL_CALENDAR_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The calendar shows at most ${JOURNAL_CALENDAR_MAX_DAYS} days: bring to closer to from.`,
      });
    }
  });
export type JournalCalendarQuery = z.infer<typeof journalCalendarQuerySchema>;

const tradeCountsSchema = {
  tradeCount: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  breakEven: z.number().int(),
};

export const journalCalendarDaySchema = z.object({
  date: z.string(),
  /** Per account with trades that day. */
  accounts: z.array(z.object({ accountId: z.uuid(), currency: z.string(), net: money, ...tradeCountsSchema })),
  /** All the day's trades together, one entry per currency. */
  totals: z.array(z.object({ currency: z.string(), net: money, ...tradeCountsSchema })),
  ...tradeCountsSchema,
  /** A journal entry with a plan or a review, or an annotated trade with notes. */
  hasNotes: z.boolean(),
  hasEntry: z.boolean(),
  mood: z.number().int().nullable(),
  discipline: z.number().int().nullable(),
  tags: z.array(z.string()),
});
export type JournalCalendarDay = z.infer<typeof journalCalendarDaySchema>;

/** The days of the range that have trades or a journal entry (other days are left out), by date. */
export const journalCalendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  accounts: z.array(journalAccountSchema),
  days: z.array(journalCalendarDaySchema),
  /** The whole range, per currency. */
  totals: z.array(z.object({ currency: z.string(), net: money, ...tradeCountsSchema })),
});
export type JournalCalendar = z.infer<typeof journalCalendarSchema>;

// ---- mistakes -------------------------------------------------------------------------------------

export const journalMistakeBodySchema = z.strictObject({
  name: line('name', JOURNAL_MISTAKE_NAME_MAX, { min: 1 }),
});
export type JournalMistakeBody = z.infer<typeof journalMistakeBodySchema>;

export const journalMistakeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JournalMistake = z.infer<typeof journalMistakeSchema>;
export const journalMistakeListSchema = z.object({ mistakes: z.array(journalMistakeSchema) });
export type JournalMistakeList = z.infer<typeof journalMistakeListSchema>;

// ---- errors ---------------------------------------------------------------------------------------

export const journalErrorCodes = [
  'JOURNAL_DAY_NOT_FOUND',
  'JOURNAL_TRADE_NOT_FOUND',
  /** A position still open is not a trade of the journal yet (409). */
  'JOURNAL_TRADE_OPEN',
  'JOURNAL_ANNOTATION_NOT_FOUND',
  'JOURNAL_ACCOUNT_NOT_FOUND',
  'JOURNAL_IMAGE_NOT_FOUND',
  'JOURNAL_CHART_NOT_FOUND',
  'JOURNAL_MISTAKE_NOT_FOUND',
  'JOURNAL_MISTAKE_DUPLICATE',
  'JOURNAL_MISTAKE_LIMIT_REACHED',
  /** strategy_id, approach_id or a checklist item id that is not the user's, or not of that strategy: 404. */
  'JOURNAL_STRATEGY_NOT_FOUND',
  'JOURNAL_APPROACH_NOT_FOUND',
  'JOURNAL_CHECKLIST_ITEM_NOT_FOUND',
  'JOURNAL_INVALID_FIELD',
  'JOURNAL_UPLOAD_MISSING',
  'JOURNAL_UPLOAD_TOO_LARGE',
  'JOURNAL_UPLOAD_TYPE',
  'JOURNAL_UPLOAD_UNREADABLE',
  'JOURNAL_UPLOAD_MALFORMED',
] as const;
export type JournalErrorCode = (typeof journalErrorCodes)[number];
