import { z } from 'zod';
import { tickerSchema } from './charts.js';
import { canonicalTimeZone } from './settings.js';
import { line } from './text.js';
import { TRADING_ACCOUNT_CURRENCIES } from './trading-accounts.js';

/**
 * Performance metrics of closed trades (spec section 2 "Metrics", 7 "Metrics":
 * GET /trading/metrics/{accountID}?from&to&symbol&direction&session&strategy).
 *
 * Wire conventions (spec section 7: snake_case on send, camelCase on receipt): the query keys are the spec's;
 * the answer is camelCase, its sections named after the screen's tabs (`timeAnalysis` is the time_analysis tab,
 * `dailyPerf` daily_perf, `dayOfWeek` day_of_week). Money is in the account currency's major unit, exact to its
 * minor unit (the core adds integer minor units); percentages are 0-100; R is a multiple of the trade's initial
 * risk. No figure is ever NaN: where a ratio has no value (nothing to divide by) it is null, and a `flags` entry
 * says why when the reason is not obvious (profit factor with no losing trade).
 *
 * A trade is a closed position: its parts closed at different times count once, at the time the last part
 * closed, with the total profit, commission and swap of all its parts; positions still open are left out.
 * Trades are placed in time by their close time (days, weeks, the curves, `from` and `to`), and by their open
 * time for the hour of day, session and day of week they were taken in.
 *
 * `accountID` = `all`: every trading account of the user together, which must all be kept in one currency (or
 * `currency` picks the accounts kept in one); metrics never convert between currencies (mixing them is a 422).
 */

export const METRICS_DIRECTIONS = ['long', 'short'] as const;
export type MetricsDirection = (typeof METRICS_DIRECTIONS)[number];

/**
 * Trading sessions, each in its market's own zone so they follow that market's daylight saving time:
 * Asia 09:00-18:00 Asia/Tokyo, London 08:00-17:00 Europe/London, New York 08:00-17:00 America/New_York. A trade
 * belongs to the session(s) open at its open time; where two are open it is in their overlap (`asia_london`,
 * `london_new_york`), where none is in `off_hours`. The buckets of `timeAnalysis.bySession` are these six
 * disjoint labels; the `session` filter `london` keeps every trade opened while London was open (overlaps
 * included), an overlap label keeps the overlap only.
 */
export const METRICS_SESSIONS = ['asia', 'asia_london', 'london', 'london_new_york', 'new_york', 'off_hours'] as const;
export type MetricsSession = (typeof METRICS_SESSIONS)[number];
export const MARKET_SESSION_HOURS = {
  asia: { zone: 'Asia/Tokyo', open: 9, close: 18 },
  london: { zone: 'Europe/London', open: 8, close: 17 },
  new_york: { zone: 'America/New_York', open: 8, close: 17 },
} as const;

/**
 * Holding-time buckets (`hodl`): from (inclusive) and to (exclusive) in seconds; the last has no upper bound.
 */
export const HOLDING_BUCKETS = [
  { id: 'under_1m', fromSeconds: 0, toSeconds: 60 },
  { id: '1m_5m', fromSeconds: 60, toSeconds: 300 },
  { id: '5m_15m', fromSeconds: 300, toSeconds: 900 },
  { id: '15m_1h', fromSeconds: 900, toSeconds: 3600 },
  { id: '1h_4h', fromSeconds: 3600, toSeconds: 14_400 },
  { id: '4h_1d', fromSeconds: 14_400, toSeconds: 86_400 },
  { id: '1d_1w', fromSeconds: 86_400, toSeconds: 604_800 },
  { id: 'over_1w', fromSeconds: 604_800, toSeconds: null },
] as const;
export type HoldingBucketId = (typeof HOLDING_BUCKETS)[number]['id'];

/** Trading days a year that annualise the daily Sharpe and Sortino ratios (x sqrt(252)). */
export const METRICS_TRADING_DAYS_PER_YEAR = 252;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** `from` and `to`: a date and time with an offset, or a calendar date in the metrics' time zone. */
export const metricsInstantOrDate = (field: 'from' | 'to') =>
  line(field, 40, { min: 1 }).refine(
    (v) =>
      DATE_ONLY.test(v)
        ? !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)
        : z.iso.datetime({ offset: true }).safeParse(v).success,
    `${field} must be a date (2026-03-01) or a date and time with its offset (2026-03-01T09:00:00Z).`,
  );

export const COMPLIANCE_SIDES = ['followed', 'broke'] as const;
export type ComplianceSide = (typeof COMPLIANCE_SIDES)[number];
const complianceSide = (field: string) =>
  z.enum(COMPLIANCE_SIDES, { error: `${field} must be one of ${COMPLIANCE_SIDES.join(', ')}.` });

/**
 * Rule-compliance filters of the metrics (docs/architecture.md "Rule compliance"), on the journal's trade
 * annotations: `approach` (trades annotated with that approach), `checklist_item` with `checklist`
 * (`followed`: the item was met, the default; `broke`: the item is on the trade's approach's checklist and was not
 * met), `reviewed` (`true`: trades with an annotation; `false`: without) and `discipline` (`followed`: reviewed
 * trades with every item of their checklist met and no mistake; `broke`: the other reviewed trades).
 */
const complianceMetricsFilters = {
  approach: line('approach', 100, { min: 1 }).optional(),
  checklist_item: line('checklist_item', 100, { min: 1 }).optional(),
  checklist: complianceSide('checklist').optional(),
  reviewed: z
    .enum(['true', 'false'], { error: 'reviewed must be true or false.' })
    .transform((v) => v === 'true')
    .optional(),
  discipline: complianceSide('discipline').optional(),
};
/** The compliance filters in the answer's `filters` (always sent by the server; optional for older answers). */
const complianceMetricsFiltersEcho = {
  approach: z.string().nullable().optional(),
  checklistItem: z.string().nullable().optional(),
  checklist: z.enum(COMPLIANCE_SIDES).nullable().optional(),
  reviewed: z.boolean().nullable().optional(),
  discipline: z.enum(COMPLIANCE_SIDES).nullable().optional(),
};

export const metricsParamsSchema = z.object({
  accountID: line('accountID', 40, { min: 1 }).refine(
    (v) => v === 'all' || z.uuid().safeParse(v).success,
    'accountID must be a trading account id (a UUID) or all.',
  ),
});

/**
 * The query. `from` and `to` bound the trades' close time: a date-only `from` starts at that day's midnight in
 * the time zone, a date-only `to` ends at the end of that day; a date and time is taken as it is (`to` exclusive).
 * `tz` overrides the user's time zone (settings) for days, hours and weeks. `currency` picks, with `all`, the
 * accounts kept in that currency.
 */
export const metricsQuerySchema = z
  .object({
    from: metricsInstantOrDate('from').optional(),
    to: metricsInstantOrDate('to').optional(),
    symbol: tickerSchema('symbol').optional(),
    direction: z
      .enum(METRICS_DIRECTIONS, { error: `direction must be one of ${METRICS_DIRECTIONS.join(', ')}.` })
      .optional(),
    session: z.enum(METRICS_SESSIONS, { error: `session must be one of ${METRICS_SESSIONS.join(', ')}.` }).optional(),
    /** A strategy id (the strategy a trade's journal annotation links it to): keeps the trades linked to it. */
    strategy: line('strategy', 40, { min: 1 })
      .refine((v) => z.uuid().safeParse(v).success, 'strategy must be a strategy id (a UUID).')
      .optional(),
    ...complianceMetricsFilters,
    tz: line('tz', 64, { min: 1 })
      .transform((name, ctx) => {
        const canonical = canonicalTimeZone(name);
        if (canonical) return canonical;
        ctx.addIssue({ code: 'custom', message: 'tz must be an IANA time zone such as Europe/London, or UTC.' });
        return z.NEVER;
      })
      .optional(),
    currency: z
      .enum(TRADING_ACCOUNT_CURRENCIES, {
        error: `currency must be one of ${TRADING_ACCOUNT_CURRENCIES.join(', ')}.`,
      })
      .optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.checklist && !q.checklist_item) {
      ctx.addIssue({
        code: 'custom',
        path: ['checklist'],
        message: 'checklist needs checklist_item (the item it is about).',
      });
    }
    if (q.from && q.to && DATE_ONLY.test(q.from) && DATE_ONLY.test(q.to) && q.to < q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from.' });
    }
  });
export type MetricsQuery = z.infer<typeof metricsQuerySchema>;

const money = z.number();
const ratio = z.number().nullable();
const tradeIds = z.array(z.uuid()).describe('The trades (position ids) behind the figure, in close order.');

/** The figures of a set of trades: every bucket of every section carries them. */
export const metricsBucketSchema = z.object({
  count: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  breakEven: z.number().int(),
  /** Profit + commission + swap. */
  net: money,
  /** Profit only (before commission and swap). */
  gross: money,
  commission: money,
  swap: money,
  /** Wins / count x 100; null with no trades. */
  winRate: ratio,
  /** Sum of winning nets / |sum of losing nets|; null with no losing trade (see flags) or no trades. */
  profitFactor: ratio,
  /** Net / count; null with no trades. */
  averageNet: ratio,
  /** Mean R of the trades that had an initial stop loss; null when none had. */
  averageR: ratio,
  tradeIds,
});
export type MetricsBucket = z.infer<typeof metricsBucketSchema>;

const streakSchema = z.object({
  /** Trades in a row; 0 when there was none. */
  length: z.number().int(),
  /** Net of the streak. */
  net: money,
  tradeIds,
});

const drawdownSchema = z.object({
  /** Largest fall of the balance from a previous peak, in money (a positive number; 0 without a fall). */
  money,
  /** That fall as a percentage of the peak balance. */
  percent: z.number(),
  /** The peak the fall started from and the lowest point (ISO times); null without a fall. */
  peakAt: z.string().nullable(),
  troughAt: z.string().nullable(),
  /** When the balance got back to the peak; null while it has not. */
  recoveredAt: z.string().nullable(),
  recovered: z.boolean(),
  /** Peak to recovery (or to the last trade while not recovered), in seconds; 0 without a fall. */
  durationSeconds: z.number(),
});

export const metricsOverviewSchema = z.object({
  ...metricsBucketSchema.shape,
  longCount: z.number().int(),
  shortCount: z.number().int(),
  /** (win rate x average win) + (loss rate x average loss), i.e. net / count; null with no trades. */
  expectancy: ratio,
  averageWin: ratio,
  /** A negative number. */
  averageLoss: ratio,
  largestWin: ratio,
  largestLoss: ratio,
  largestWinTradeId: z.uuid().nullable(),
  largestLossTradeId: z.uuid().nullable(),
  /** Trades with an initial stop loss, which R figures are computed from. */
  tradesWithR: z.number().int(),
  /**
   * Maximum drawdown of the trading result: the balance minus the net of the balance operations so far (a deposit
   * or a withdrawal is never a drawdown nor a recovery).
   */
  maxDrawdown: drawdownSchema,
  /** Balance at the start of the period (before its first trade), which return % is measured against. */
  startingBalance: money,
  /** Net / starting balance x 100; null with no starting balance. */
  returnPercent: ratio,
  /**
   * Daily returns (net of the day in the time zone / balance before its first close), over every weekday from the
   * first to the last trading day (weekend days too when a trade closed on them); risk-free rate 0. Sharpe = mean
   * / sample standard deviation x sqrt(252); Sortino = mean / downside deviation (root mean square of the negative
   * returns over all days) x sqrt(252). Null with fewer than two days or no spread (no losing day for Sortino).
   */
  sharpe: ratio,
  sortino: ratio,
  /**
   * Kestner's K-ratio (1996): slope of the least-squares line through the cumulative net after each trade,
   * divided by the slope's standard error and by sqrt(number of trades). Null with fewer than three trades or a
   * perfectly straight line.
   */
  kRatio: ratio,
  longestWinStreak: streakSchema,
  longestLossStreak: streakSchema,
  flags: z.object({
    /** No losing trade: gains over no losses is unbounded, so profitFactor is null. */
    profitFactorInfinite: z.boolean(),
  }),
});
export type MetricsOverview = z.infer<typeof metricsOverviewSchema>;

export const hourBucketSchema = metricsBucketSchema.extend({
  /** 0-23, the hour the trades were opened in, in the time zone. */
  hour: z.number().int(),
});
export const sessionBucketSchema = metricsBucketSchema.extend({ session: z.enum(METRICS_SESSIONS) });
export const dayOfWeekBucketSchema = metricsBucketSchema.extend({
  /** ISO weekday the trades were opened on, in the time zone: 1 Monday ... 7 Sunday. */
  weekday: z.number().int(),
});
export const holdingBucketSchema = metricsBucketSchema.extend({
  id: z.enum(HOLDING_BUCKETS.map((b) => b.id) as [HoldingBucketId, ...HoldingBucketId[]]),
  fromSeconds: z.number(),
  toSeconds: z.number().nullable(),
});
export const dayBucketSchema = metricsBucketSchema.extend({
  /** Calendar date (YYYY-MM-DD) the trades closed on, in the time zone. */
  date: z.string(),
  /** Balance after the day's last trade closed (balance operations included). */
  balance: money,
});
export const weekBucketSchema = metricsBucketSchema.extend({
  /** Monday (YYYY-MM-DD) of the ISO week, in the time zone. */
  weekStart: z.string(),
  tradingDays: z.number().int(),
});
export const symbolBucketSchema = metricsBucketSchema.extend({
  symbol: z.string(),
  long: metricsBucketSchema,
  short: metricsBucketSchema,
});

const excursionSchema = z.object({
  /** The most favourable (MFE) or adverse (MAE) price reached while open (bid for a long, ask for a short). */
  price: z.number(),
  /** Profit at that price for the whole trade (negative for an adverse excursion below the open price). */
  money,
  /** The minute it was reached (ISO time of the 1-minute bar). */
  time: z.string(),
  /** Money in R; null without an initial stop loss. */
  r: ratio,
});

/** One closed trade, as the buckets refer to it. */
export const metricsTradeSchema = z.object({
  /** The position id (GET /trading/accounts/{tradingToken}/trades/{tradeId}). */
  id: z.uuid(),
  accountId: z.uuid(),
  symbol: z.string(),
  direction: z.enum(METRICS_DIRECTIONS),
  /** Lots opened. */
  volume: z.number(),
  openPrice: z.number(),
  /** Volume-weighted price of the closing deals. */
  closePrice: z.number(),
  openedAt: z.string(),
  closedAt: z.string(),
  holdingSeconds: z.number(),
  gross: money,
  commission: money,
  swap: money,
  net: money,
  /** The stop loss the trade was opened with; null without one. */
  initialStopLoss: z.number().nullable(),
  /** Money lost had the initial stop been hit (positive); null without an initial stop. */
  risk: z.number().nullable(),
  /** Net / risk; null without an initial stop. */
  r: ratio,
  session: z.enum(METRICS_SESSIONS),
  /** The id of the strategy the trade's journal annotation links it to; null when it has none. */
  strategy: z.string().nullable(),
  /** From the 1-minute bars between open and close; null when the market has no bar for that time. */
  mfe: excursionSchema.nullable(),
  mae: excursionSchema.nullable(),
  /** Net had the trade been closed at its MFE (gross at the MFE price + commission + swap); null without MFE. */
  bestExitNet: z.number().nullable(),
});
export type MetricsTrade = z.infer<typeof metricsTradeSchema>;

export const curvePointSchema = z.object({
  time: z.string(),
  /** Balance after the deal at this time. */
  balance: money,
  /**
   * At a `close` or `balance` point the balance; at an `mae` point the balance then plus that trade's floating
   * profit at its worst minute (its MAE), so the curve dips where the trade's equity did. Other trades open at the
   * same minute are not valued, so with overlapping trades the true equity can have been lower.
   */
  equity: money,
  /**
   * The overview's drawdown at this time (money, positive) and as a percentage of the peak: the trading result
   * (balance minus the net of the deposits and withdrawals so far) below its highest value so far.
   */
  drawdown: money,
  drawdownPercent: z.number(),
  /** The trade closed, or whose MAE this is; null for a balance operation. */
  tradeId: z.uuid().nullable(),
  kind: z.enum(['balance', 'close', 'mae']),
});
export type CurvePoint = z.infer<typeof curvePointSchema>;

export const metricsGeneralSchema = z.object({
  firstTradeAt: z.string().nullable(),
  lastTradeAt: z.string().nullable(),
  /** Days (in the time zone) with at least one trade closed. */
  tradingDays: z.number().int(),
  winningDays: z.number().int(),
  losingDays: z.number().int(),
  bestDay: dayBucketSchema.nullable(),
  worstDay: dayBucketSchema.nullable(),
  averageDailyNet: ratio,
  averageTradesPerDay: ratio,
  totalVolume: z.number(),
  averageVolume: ratio,
  averageHoldingSeconds: ratio,
  averageWinHoldingSeconds: ratio,
  averageLossHoldingSeconds: ratio,
  long: metricsBucketSchema,
  short: metricsBucketSchema,
  /** Mean of net / best-exit net over the winning trades with an MFE, x 100; null without any. */
  averageMfeCapturePercent: ratio,
  averageMfeR: ratio,
  averageMaeR: ratio,
});

export const symbolDetailSchema = z.object({
  symbol: z.string(),
  overview: metricsOverviewSchema,
  byHour: z.array(hourBucketSchema),
  dayOfWeek: z.array(dayOfWeekBucketSchema),
  hodl: z.array(holdingBucketSchema),
});

export const metricsResponseSchema = z.object({
  /** The accounts the figures cover (one, or every account of the user for `all`). */
  accountIds: z.array(z.uuid()),
  currency: z.string(),
  timeZone: z.string(),
  /** The period applied (ISO), null where open-ended. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  filters: z.object({
    symbol: z.string().nullable(),
    direction: z.enum(METRICS_DIRECTIONS).nullable(),
    session: z.enum(METRICS_SESSIONS).nullable(),
    strategy: z.string().nullable(),
    ...complianceMetricsFiltersEcho,
  }),
  overview: metricsOverviewSchema,
  timeAnalysis: z.object({
    /** 24 buckets, hour 0 to 23. */
    byHour: z.array(hourBucketSchema),
    /** The six session labels in METRICS_SESSIONS order. */
    bySession: z.array(sessionBucketSchema),
  }),
  general: metricsGeneralSchema,
  dailyPerf: z.object({
    /** Days with a closed trade, oldest first. */
    days: z.array(dayBucketSchema),
    /** ISO weeks with a closed trade, oldest first. */
    weeks: z.array(weekBucketSchema),
  }),
  /** 7 buckets, Monday to Sunday. */
  dayOfWeek: z.array(dayOfWeekBucketSchema),
  /** HOLDING_BUCKETS in order. */
  hodl: z.array(holdingBucketSchema),
  /** One row per symbol traded, by net descending. */
  symbols: z.array(symbolBucketSchema),
  /** The `symbol` filter's symbol in detail; null without it. */
  symbol: symbolDetailSchema.nullable(),
  curves: z.object({ points: z.array(curvePointSchema) }),
  /** Every trade counted, in close order. */
  trades: z.array(metricsTradeSchema),
});
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;

export const metricsErrorCodes = ['METRICS_MIXED_CURRENCIES', 'METRICS_INVALID_RANGE'] as const;
