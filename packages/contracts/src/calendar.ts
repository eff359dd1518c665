import { z } from 'zod';
import { listFilter } from './query.js';
import { CALENDAR_IMPACTS } from './strategy-graph.js';
import { line } from './text.js';

/**
 * Economic, earnings and IPO calendars (spec section 7, "Market": /market/calendar...; section 3, "Calendar
 * settings"). Events come from the simulated calendar (source "Simulated", coherent with the simulated market)
 * and from operator-configured feeds and imports (source: the feed's or import's name). Instants are ISO 8601 UTC.
 * An economic event's `actual` is null until its release time.
 */

/** The source label of every event of the simulated calendar. */
export const CALENDAR_SIMULATED_SOURCE = 'Simulated';

/** low, medium, high (the values of the strategy graph's calendar condition). */
export type CalendarImpact = (typeof CALENDAR_IMPACTS)[number];

/** The settings' impact level: All, or the least impact shown (medium shows medium and high). */
export const CALENDAR_IMPACT_LEVELS = ['All', 'low', 'medium', 'high'] as const;
export type CalendarImpactLevel = (typeof CALENDAR_IMPACT_LEVELS)[number];

/** Longest range one calendar call answers, in days. */
export const CALENDAR_MAX_RANGE_DAYS = 93;
/** Range answered when `from` and `to` are left out: the current week, Monday to the next Monday (UTC). */
export const CALENDAR_DEFAULT_RANGE_DAYS = 7;
export const CALENDAR_MAX_LIMIT = 1000;
export const CALENDAR_DEFAULT_LIMIT = 500;
/** Past releases in an economic event's detail (the history chart). */
export const CALENDAR_HISTORY_RELEASES = 24;
/** Past quarters in an earnings report's detail. */
export const CALENDAR_EARNINGS_HISTORY_QUARTERS = 8;
/** A trade opened within this many minutes of a high-impact event carries the event as a news tag. */
export const CALENDAR_NEWS_WINDOW_MINUTES = 30;
/** Minutes after each past release over which an economic event's detail measures its instruments' move. */
export const CALENDAR_MOVE_WINDOW_MINUTES = 90;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

function validDateOnly(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** A calendar date (YYYY-MM-DD, UTC) or a date and time with its offset. */
const instantOrDate = (field: 'from' | 'to') =>
  z.preprocess(
    emptyToUndefined,
    line(field, 40, { min: 1 })
      .refine(
        (v) => (DATE_ONLY.test(v) ? validDateOnly(v) : z.iso.datetime({ offset: true }).safeParse(v).success),
        `${field} must be a date (2026-03-02) or a date and time with its offset (2026-03-02T08:30:00Z).`,
      )
      .optional(),
  );

/**
 * The instant a `from` or `to` stands for: a date-only `from` is that day's midnight UTC, a date-only `to` the end
 * of that day (the next midnight, exclusive); a date and time is taken as it is.
 */
export function calendarInstant(value: string, end: boolean): number {
  if (DATE_ONLY.test(value)) {
    const ms = Date.parse(`${value}T00:00:00Z`);
    return end ? ms + 86_400_000 : ms;
  }
  return Date.parse(value);
}

/** `impact=high,medium` (or repeated keys): the impacts kept. */
const impactFilter = () => listFilter('impact', CALENDAR_IMPACTS, 'lower').transform((v) => v as CalendarImpact[]);

function checkRange(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (!q.from || !q.to) return;
  const from = calendarInstant(q.from, false);
  const to = calendarInstant(q.to, true);
  if (to <= from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from.' });
  } else if (to - from > CALENDAR_MAX_RANGE_DAYS * 86_400_000) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `to must be at most ${CALENDAR_MAX_RANGE_DAYS} days after from.`,
    });
  }
}

const limitSchema = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${CALENDAR_MAX_LIMIT}.` })
    .int({ error: `limit must be a whole number from 1 to ${CALENDAR_MAX_LIMIT}.` })
    .min(1, { error: `limit must be a whole number from 1 to ${CALENDAR_MAX_LIMIT}.` })
    .max(CALENDAR_MAX_LIMIT, { error: `limit must be a whole number from 1 to ${CALENDAR_MAX_LIMIT}.` })
    .default(CALENDAR_DEFAULT_LIMIT),
);

/**
 * GET /market/calendar: the combined calendar of a range (at most 93 days; the current week when left out).
 * `impact` keeps economic events of those impacts (earnings and IPOs have no impact and are always included).
 */
export const calendarQuerySchema = z
  .object({
    from: instantOrDate('from'),
    to: instantOrDate('to'),
    impact: impactFilter(),
  })
  .strict()
  .superRefine(checkRange);
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** GET /market/calendar/economic. */
export const economicCalendarQuerySchema = z
  .object({
    from: instantOrDate('from'),
    to: instantOrDate('to'),
    limit: limitSchema,
    impact: impactFilter(),
    /** Country codes (US, EU, GB...) or currencies (USD, EUR...): an event matches either. */
    countries: listFilter('countries'),
  })
  .strict()
  .superRefine(checkRange);
export type EconomicCalendarQuery = z.infer<typeof economicCalendarQuerySchema>;

/** GET /market/calendar/earnings and /market/calendar/ipos. */
export const calendarRangeQuerySchema = z
  .object({ from: instantOrDate('from'), to: instantOrDate('to'), limit: limitSchema })
  .strict()
  .superRefine(checkRange);
export type CalendarRangeQuery = z.infer<typeof calendarRangeQuerySchema>;

/** Event ids: simulated ids are readable strings, feed and import ids are UUIDs. */
export const calendarEventParamsSchema = z.object({
  id: line('id', 160, { min: 1 }).regex(
    /^[A-Za-z0-9._:-]+$/,
    'id must be a calendar event id (letters, digits, dots, colons, underscores or hyphens).',
  ),
});

// ----- answers -----

export const economicEventSchema = z.object({
  id: z.string(),
  /** The indicator's code (US-NFP, US-CPI-YOY...) for simulated events; null for feed events. */
  code: z.string().nullable(),
  title: z.string(),
  /** Country or area code (US, EU, GB, JP...). */
  country: z.string(),
  currency: z.string(),
  impact: z.enum(CALENDAR_IMPACTS),
  /** Release instant, ISO 8601 UTC. */
  time: z.string(),
  /** The period the figure is about (e.g. "Feb 2026"), when known. */
  period: z.string().nullable(),
  /** Unit of actual, forecast and prior: "%", "K", "index"..., when known. */
  unit: z.string().nullable(),
  decimals: z.number().int(),
  /** Null until the event's release time. */
  actual: z.number().nullable(),
  forecast: z.number().nullable(),
  prior: z.number().nullable(),
  /** actual - forecast once both are known, else null. */
  surprise: z.number().nullable(),
  /**
   * Whether the actual is good (positive) or bad (negative) for the currency against the forecast, for colouring;
   * null before the release or when the source does not say which direction is good (feed events).
   */
  tone: z.enum(['positive', 'negative', 'neutral']).nullable(),
  released: z.boolean(),
  /** "Simulated", or the feed's name. */
  source: z.string(),
  /** Instruments the event moves (ids such as EURUSD). */
  instruments: z.array(z.string()),
});
export type EconomicEvent = z.infer<typeof economicEventSchema>;

export const earningsEventSchema = z.object({
  id: z.string(),
  /** The instrument in the catalogue (e.g. AAPL), when the company is listed there. */
  instrumentId: z.string().nullable(),
  company: z.string(),
  exchange: z.string().nullable(),
  country: z.string().nullable(),
  industry: z.string().nullable(),
  time: z.string(),
  /** before_open, after_close or during (the market session of the report), when known. */
  session: z.string().nullable(),
  fiscalPeriod: z.string().nullable(),
  currency: z.string().nullable(),
  epsEstimate: z.number().nullable(),
  /** Null until the report's time. */
  epsActual: z.number().nullable(),
  revenueEstimate: z.number().nullable(),
  /** Null until the report's time. */
  revenueActual: z.number().nullable(),
  /**
   * In `currency`. Simulated reports: the simulated market's share price times the shares outstanding, at the
   * report's time once it is out and at the current price before; feed and import events: as the source states it.
   */
  marketCap: z.number().nullable(),
  released: z.boolean(),
  source: z.string(),
});
export type EarningsEvent = z.infer<typeof earningsEventSchema>;

export const ipoEventSchema = z.object({
  id: z.string(),
  company: z.string(),
  ticker: z.string().nullable(),
  exchange: z.string().nullable(),
  country: z.string().nullable(),
  industry: z.string().nullable(),
  /** Expected (or actual) listing instant. */
  time: z.string(),
  currency: z.string().nullable(),
  priceLow: z.number().nullable(),
  priceHigh: z.number().nullable(),
  sharesOffered: z.number().nullable(),
  marketCap: z.number().nullable(),
  /** expected, priced, withdrawn... as the source states it. */
  status: z.string(),
  /** Null until the listing is priced. */
  finalPrice: z.number().nullable(),
  description: z.string().nullable(),
  source: z.string(),
});
export type IpoEvent = z.infer<typeof ipoEventSchema>;

const rangeFields = {
  /** The range answered, ISO 8601 UTC, `to` exclusive. */
  from: z.string(),
  to: z.string(),
};

export const calendarAnswerSchema = z.object({
  ...rangeFields,
  economic: z.array(economicEventSchema),
  earnings: z.array(earningsEventSchema),
  ipos: z.array(ipoEventSchema),
  /** Every source of the answer's events ("Simulated" and feed names). */
  sources: z.array(z.string()),
});
export type CalendarAnswer = z.infer<typeof calendarAnswerSchema>;

export const economicCalendarAnswerSchema = z.object({
  ...rangeFields,
  events: z.array(economicEventSchema),
  /** Events of the range before `limit` applied. */
  total: z.number().int(),
});
export type EconomicCalendarAnswer = z.infer<typeof economicCalendarAnswerSchema>;

export const earningsCalendarAnswerSchema = z.object({
  ...rangeFields,
  events: z.array(earningsEventSchema),
  total: z.number().int(),
});
export type EarningsCalendarAnswer = z.infer<typeof earningsCalendarAnswerSchema>;

export const ipoCalendarAnswerSchema = z.object({
  ...rangeFields,
  events: z.array(ipoEventSchema),
  total: z.number().int(),
});
export type IpoCalendarAnswer = z.infer<typeof ipoCalendarAnswerSchema>;

export const economicIndicatorSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** When it is released, in words ("First Friday of the month, 08:30 New York time"). */
  schedule: z.string(),
  country: z.string(),
  currency: z.string(),
  impact: z.enum(CALENDAR_IMPACTS),
  unit: z.string().nullable(),
});
export type EconomicIndicator = z.infer<typeof economicIndicatorSchema>;

export const economicReleaseSchema = z.object({
  id: z.string(),
  time: z.string(),
  period: z.string().nullable(),
  actual: z.number().nullable(),
  forecast: z.number().nullable(),
  prior: z.number().nullable(),
  surprise: z.number().nullable(),
});
export type EconomicRelease = z.infer<typeof economicReleaseSchema>;

export const instrumentMoveSchema = z.object({
  /** Instrument id (EURUSD). */
  instrumentId: z.string(),
  /** Percent change over the 90 minutes after each past release, oldest first (release id and change). */
  moves: z.array(z.object({ releaseId: z.string(), time: z.string(), changePercent: z.number() })),
  /** Mean of the absolute moves, percent; null without moves. */
  averageAbsMovePercent: z.number().nullable(),
});
export type InstrumentMove = z.infer<typeof instrumentMoveSchema>;

/** GET /market/calendar/economic/{id}. */
export const economicEventDetailSchema = z.object({
  event: economicEventSchema,
  /** The indicator's description and schedule; null for feed events. */
  indicator: economicIndicatorSchema.nullable(),
  /** Past releases of the same indicator (or title and country), oldest first. */
  history: z.array(economicReleaseSchema),
  /** The instruments it moves, with their move after past releases (simulated market). */
  instruments: z.array(instrumentMoveSchema),
});
export type EconomicEventDetail = z.infer<typeof economicEventDetailSchema>;

/** One past quarter of a company: EPS and revenue, estimate against actual. */
export const earningsQuarterSchema = z.object({
  id: z.string(),
  /** The report's instant. */
  time: z.string(),
  fiscalPeriod: z.string().nullable(),
  epsEstimate: z.number().nullable(),
  epsActual: z.number().nullable(),
  revenueEstimate: z.number().nullable(),
  revenueActual: z.number().nullable(),
  /** (actual - estimate) / |estimate|, percent, rounded to 0.01; null without both (or a zero estimate). */
  epsSurprisePercent: z.number().nullable(),
  revenueSurprisePercent: z.number().nullable(),
});
export type EarningsQuarter = z.infer<typeof earningsQuarterSchema>;

/** GET /market/calendar/earnings/{id}. */
export const earningsEventDetailSchema = z.object({
  event: earningsEventSchema,
  /**
   * The company's reports before this one that are already out, up to 8, oldest first: the simulated calendar's
   * own past quarters, or the feed's earlier events of the same company.
   */
  history: z.array(earningsQuarterSchema),
});
export type EarningsEventDetail = z.infer<typeof earningsEventDetailSchema>;

/** A session's closing price of a listed IPO. */
export const ipoPricePointSchema = z.object({ time: z.string(), close: z.number() });
export type IpoPricePoint = z.infer<typeof ipoPricePointSchema>;

/** GET /market/calendar/ipos/{id}. */
export const ipoEventDetailSchema = z.object({
  event: ipoEventSchema,
  /**
   * Closing prices from the first trading day up to now, oldest first (daily for the first 260 sessions, then
   * weekly, past ten years monthly); empty before the listing or when nothing prices the ticker.
   */
  priceHistory: z.array(ipoPricePointSchema),
  /**
   * Where the closes come from: "Simulated market" when the ticker is an instrument of the simulated market,
   * "Simulated" for the simulated calendar's fictional companies (their own price model), null without closes.
   */
  priceSource: z.string().nullable(),
  /** The latest close against the final (offer) price, percent; null without both. */
  changeSinceOfferPercent: z.number().nullable(),
});
export type IpoEventDetail = z.infer<typeof ipoEventDetailSchema>;

// ----- settings -----

const optionalAmount = (field: string) =>
  z
    .number({ error: `${field} must be a number or null.` })
    .refine(Number.isFinite, `${field} must be a finite number.`)
    .nullable();

const showSchema = (field: string) => z.boolean({ error: `${field} must be true or false.` });

const filterList = (field: string) =>
  z
    .array(line(`Each of ${field}`, 60, { min: 1 }), { error: `${field} must be a list of names.` })
    .max(100, `${field} may hold at most 100 values.`);

export const calendarSettingsSchema = z.object({
  economic: z.object({ show: z.boolean(), impactLevel: z.enum(CALENDAR_IMPACT_LEVELS) }),
  filters: z.object({ exchanges: z.array(z.string()), industries: z.array(z.string()) }),
  earnings: z.object({
    show: z.boolean(),
    epsMin: z.number().nullable(),
    epsMax: z.number().nullable(),
    revenueMin: z.number().nullable(),
    revenueMax: z.number().nullable(),
  }),
  ipos: z.object({ show: z.boolean(), marketCapMin: z.number().nullable(), marketCapMax: z.number().nullable() }),
});
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;

/** The settings of a user who never saved any. */
export const DEFAULT_CALENDAR_SETTINGS: CalendarSettings = {
  economic: { show: true, impactLevel: 'All' },
  filters: { exchanges: [], industries: [] },
  earnings: { show: true, epsMin: null, epsMax: null, revenueMin: null, revenueMax: null },
  ipos: { show: true, marketCapMin: null, marketCapMax: null },
};

function minMax(section: string, min: string, max: string) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const a = v[min];
    const b = v[max];
    if (typeof a === 'number' && typeof b === 'number' && b < a) {
      ctx.addIssue({
        code: 'custom',
        path: [max],
        message: `${section}.${max} must not be less than ${section}.${min}.`,
      });
    }
  };
}

/** The impact level as sent, in any case ("all", "All", "HIGH"); normalised to CALENDAR_IMPACT_LEVELS' spelling. */
const impactLevelInput = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim().toLowerCase();
    return CALENDAR_IMPACT_LEVELS.find((level) => level.toLowerCase() === t) ?? v;
  },
  z.enum(CALENDAR_IMPACT_LEVELS, {
    error: `economic.impact_level must be one of ${CALENDAR_IMPACT_LEVELS.join(', ')}.`,
  }),
);

/**
 * PUT /market/calendar/settings: any of the four sections, each merged field by field into the saved settings
 * (a field left out keeps its value). Request body snake_case like every request body (`impact_level`,
 * `eps_min`, `market_cap_max`); answers the whole settings in camelCase (calendarSettingsSchema).
 */
export const calendarSettingsBodySchema = z.strictObject({
  economic: z
    .strictObject({
      show: showSchema('economic.show').optional(),
      impact_level: impactLevelInput.optional(),
    })
    .optional(),
  filters: z
    .strictObject({
      exchanges: filterList('filters.exchanges').optional(),
      industries: filterList('filters.industries').optional(),
    })
    .optional(),
  earnings: z
    .strictObject({
      show: showSchema('earnings.show').optional(),
      eps_min: optionalAmount('earnings.eps_min').optional(),
      eps_max: optionalAmount('earnings.eps_max').optional(),
      revenue_min: optionalAmount('earnings.revenue_min').optional(),
      revenue_max: optionalAmount('earnings.revenue_max').optional(),
    })
    .superRefine(minMax('earnings', 'eps_min', 'eps_max'))
    .superRefine(minMax('earnings', 'revenue_min', 'revenue_max'))
    .optional(),
  ipos: z
    .strictObject({
      show: showSchema('ipos.show').optional(),
      market_cap_min: optionalAmount('ipos.market_cap_min').optional(),
      market_cap_max: optionalAmount('ipos.market_cap_max').optional(),
    })
    .superRefine(minMax('ipos', 'market_cap_min', 'market_cap_max'))
    .optional(),
});
export type CalendarSettingsBody = z.infer<typeof calendarSettingsBodySchema>;
/** The body as a client may type it (impact_level in any case). */
export type CalendarSettingsBodyInput = z.input<typeof calendarSettingsBodySchema>;

/** A settings body's fields in the settings' own (camelCase) shape: only the fields it carries. */
export type CalendarSettingsPatch = { [K in keyof CalendarSettings]?: Partial<CalendarSettings[K]> };

/** Maps a parsed snake_case body onto the settings' camelCase keys, leaving out what the body leaves out. */
export function calendarSettingsPatchOf(body: CalendarSettingsBody): CalendarSettingsPatch {
  const defined = <T extends Record<string, unknown>>(o: T): Partial<T> =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  const patch: CalendarSettingsPatch = {};
  if (body.economic) patch.economic = defined({ show: body.economic.show, impactLevel: body.economic.impact_level });
  if (body.filters) patch.filters = defined({ ...body.filters });
  if (body.earnings) {
    const e = body.earnings;
    patch.earnings = defined({
      show: e.show,
      epsMin: e.eps_min,
      epsMax: e.eps_max,
      revenueMin: e.revenue_min,
      revenueMax: e.revenue_max,
    });
  }
  if (body.ipos) {
    const i = body.ipos;
    patch.ipos = defined({ show: i.show, marketCapMin: i.market_cap_min, marketCapMax: i.market_cap_max });
  }
  return patch;
}

/** A journal trade's news tag: a high-impact economic event within CALENDAR_NEWS_WINDOW_MINUTES of its opening. */
export const tradeNewsTagSchema = z.object({
  id: z.string(),
  title: z.string(),
  impact: z.enum(CALENDAR_IMPACTS),
  time: z.string(),
});
export type TradeNewsTag = z.infer<typeof tradeNewsTagSchema>;

export const calendarErrorCodes = [
  'CALENDAR_EVENT_NOT_FOUND',
  'CALENDAR_IMPORT_INVALID',
  'CALENDAR_SETTINGS_INVALID',
] as const;
export type CalendarErrorCode = (typeof calendarErrorCodes)[number];
