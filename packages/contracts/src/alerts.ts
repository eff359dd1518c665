import { z } from 'zod';
import { idFieldSchema } from './charts.js';
import { MARKET_TIMEFRAMES, marketSymbolSchema } from './market.js';
import { CALENDAR_IMPACTS } from './strategy-graph.js';
import { line, multiline } from './text.js';

/**
 * Alerts (spec section 7 "Alerts": GET/POST /alerts, GET/PUT/DELETE /alerts/{id}; issue 13 item 4), evaluated
 * on the server's leader so they fire with every browser closed. Request bodies snake_case, answers camelCase.
 *
 * Types and their conditions:
 * - price: a symbol's price `crossing` / `crossing_up` / `crossing_down` a value, `greater_than` / `less_than` a
 *   value, `entering_channel` / `exiting_channel` between `lower` and `upper`, `moving_up_pct` /
 *   `moving_down_pct` by `percent` within `minutes`. A price that jumps across the value between two evaluations
 *   (a gap) counts as a cross.
 * - indicator: an indicator of the catalogue (GET /indicators/list) with its `inputs`, one of its plots, on the
 *   alert's `interval` (which may differ from the chart's), compared with `value` or with another plot
 *   (`against`), evaluated on closed bars.
 * - drawing: a trend line or horizontal line of the user's drawings (its symbol is the drawing's), crossed by the
 *   price; a trend line is extended through its two points.
 * - watchlist: any symbol of one of the user's watchlists moving up or down by `percent` within `minutes`.
 * - calendar: `minutes_before` economic events of at least `impact` (optionally only some `currencies`).
 * - account: a trading account's `equity_below` a value, `margin_level_below` a percent, or
 *   `daily_loss_within_pct`: the room left before the prop daily loss limit is within `value` % of that limit.
 *
 * Triggers: `only_once` (default; the alert becomes `triggered`), `every_time` (each time the condition becomes
 * met: each cross, or a level condition again after it stopped holding), `once_per_bar_close` (checked on the
 * close of each bar of `interval`, at most once a bar), `once_per_minute` (at most once a minute while met).
 * An alert past its `expiresAt` becomes `expired`.
 *
 * The message may hold the placeholders {{ticker}}, {{close}}, {{interval}} and {{time}}; an empty message
 * gets a description of the condition.
 *
 * Delivery: in the app (a notification of kind `alert`, optionally a toast and a sound), by e-mail (when the
 * user's notification setting `email_alerts` is on) and by webhook: a POST of `AlertWebhookPayload` as JSON with
 * the header `X-TradeDesk-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw body keyed by the alert's webhook
 * secret (given in the body or generated, shown to the owner in `delivery.webhook.secret`), retried with backoff
 * (ALERT_WEBHOOK_BACKOFF_MS); every fire and every delivery attempt is in GET /alerts/{id}/log.
 */

// ---- reference data -------------------------------------------------------------------------------

export const ALERT_TYPES = ['price', 'indicator', 'drawing', 'watchlist', 'calendar', 'account'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_TRIGGERS = ['only_once', 'every_time', 'once_per_bar_close', 'once_per_minute'] as const;
export type AlertTrigger = (typeof ALERT_TRIGGERS)[number];
export const ALERT_DEFAULT_TRIGGER: AlertTrigger = 'only_once';

export const ALERT_STATUSES = ['active', 'triggered', 'expired', 'paused'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const PRICE_CROSS_OPERATORS = ['crossing', 'crossing_up', 'crossing_down'] as const;
export type PriceCrossOperator = (typeof PRICE_CROSS_OPERATORS)[number];
export const PRICE_LEVEL_OPERATORS = ['greater_than', 'less_than'] as const;
export const PRICE_CHANNEL_OPERATORS = ['entering_channel', 'exiting_channel'] as const;
export const PRICE_MOVE_OPERATORS = ['moving_up_pct', 'moving_down_pct'] as const;
export const PRICE_OPERATORS = [
  ...PRICE_CROSS_OPERATORS,
  ...PRICE_LEVEL_OPERATORS,
  ...PRICE_CHANNEL_OPERATORS,
  ...PRICE_MOVE_OPERATORS,
] as const;
export type PriceOperator = (typeof PRICE_OPERATORS)[number];

/** Operators comparing an indicator plot with a value or another plot. */
export const INDICATOR_OPERATORS = [...PRICE_CROSS_OPERATORS, ...PRICE_LEVEL_OPERATORS] as const;
export type IndicatorOperator = (typeof INDICATOR_OPERATORS)[number];

export const ACCOUNT_ALERT_METRICS = ['equity_below', 'margin_level_below', 'daily_loss_within_pct'] as const;
export type AccountAlertMetric = (typeof ACCOUNT_ALERT_METRICS)[number];

/** Impact levels of economic events (shared with the strategy graph's calendar node). */
export type AlertCalendarImpact = (typeof CALENDAR_IMPACTS)[number];

export const ALERT_PLACEHOLDERS = ['{{ticker}}', '{{close}}', '{{interval}}', '{{time}}'] as const;

export const ALERTS_MAX_PER_USER = 500;
export const ALERT_MESSAGE_MAX = 500;
export const ALERT_MOVE_MAX_MINUTES = 24 * 60;
export const ALERT_CALENDAR_MAX_MINUTES = 7 * 24 * 60;
/** Delays before the 2nd, 3rd, 4th... webhook attempt (4 attempts in all). */
export const ALERT_WEBHOOK_BACKOFF_MS = [1_000, 5_000, 25_000] as const;
export const ALERT_WEBHOOK_SIGNATURE_HEADER = 'X-TradeDesk-Signature';
export const ALERT_LOG_DEFAULT_LIMIT = 100;
export const ALERT_LOG_MAX_LIMIT = 500;

// ---- pieces ---------------------------------------------------------------------------------------

const finite = (field: string) =>
  z.number({ error: `${field} must be a number.` }).refine(Number.isFinite, `${field} must be a finite number.`);
const positive = (field: string) => finite(field).refine((n) => n > 0, `${field} must be greater than 0.`);
const percent = (field: string, max = 1000) =>
  finite(field).refine((n) => n > 0 && n <= max, `${field} must be a percent greater than 0 and at most ${max}.`);
const wholeIn = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number from ${min} to ${max}.` })
    .int(`${field} must be a whole number from ${min} to ${max}.`)
    .min(min, `${field} must be a whole number from ${min} to ${max}.`)
    .max(max, `${field} must be a whole number from ${min} to ${max}.`);
const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? `${field} is required.` : `${field} must be one of ${values.join(', ')}.`,
  });

export const alertIntervalSchema = oneOf('interval', MARKET_TIMEFRAMES);

// ---- conditions (request bodies) ------------------------------------------------------------------

const crossOrLevelOperator = oneOf('condition.operator', PRICE_OPERATORS);

export const priceConditionBodySchema = z
  .strictObject({
    operator: crossOrLevelOperator,
    /** crossing, crossing_up, crossing_down, greater_than, less_than. */
    value: positive('condition.value').optional(),
    /** entering_channel, exiting_channel. */
    lower: positive('condition.lower').optional(),
    upper: positive('condition.upper').optional(),
    /** moving_up_pct, moving_down_pct: by this percent within this many minutes. */
    percent: percent('condition.percent').optional(),
    minutes: wholeIn('condition.minutes', 1, ALERT_MOVE_MAX_MINUTES).optional(),
  })
  .superRefine((c, ctx) => {
    const need = (key: 'value' | 'lower' | 'upper' | 'percent' | 'minutes') => {
      if (c[key] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: `condition.${key} is required for ${c.operator}.` });
      }
    };
    const op = c.operator;
    if (
      (PRICE_CROSS_OPERATORS as readonly string[]).includes(op) ||
      (PRICE_LEVEL_OPERATORS as readonly string[]).includes(op)
    ) {
      need('value');
    } else if ((PRICE_CHANNEL_OPERATORS as readonly string[]).includes(op)) {
      need('lower');
      need('upper');
      if (c.lower !== undefined && c.upper !== undefined && c.lower >= c.upper) {
        ctx.addIssue({
          code: 'custom',
          path: ['upper'],
          message: 'condition.upper must be greater than condition.lower.',
        });
      }
    } else {
      need('percent');
      need('minutes');
    }
  });
export type PriceConditionBody = z.infer<typeof priceConditionBodySchema>;

const inputValue = z.union([finite('Each of condition.inputs'), line('Each of condition.inputs', 40), z.boolean()], {
  error: 'Each of condition.inputs must be a number, text or true/false.',
});

export const indicatorConditionBodySchema = z
  .strictObject({
    /** An id of the indicator catalogue: rsi, sma, bb. */
    indicator: line('condition.indicator', 60, { min: 1 }),
    /** Input values by input id; missing inputs take their defaults. */
    inputs: z
      .record(line('condition.inputs key', 40, { min: 1 }), inputValue)
      .refine((o) => Object.keys(o).length <= 50, 'condition.inputs may hold at most 50 inputs.')
      .default({}),
    /** The plot (output id) compared: rsi, upper, basis. */
    plot: line('condition.plot', 40, { min: 1 }),
    operator: oneOf('condition.operator', INDICATOR_OPERATORS),
    /** Compared with this value, or with another plot of the same indicator (`against`); exactly one. */
    value: finite('condition.value').nullish(),
    against: line('condition.against', 40, { min: 1 }).nullish(),
  })
  .superRefine((c, ctx) => {
    const hasValue = c.value !== undefined && c.value !== null;
    const hasAgainst = c.against !== undefined && c.against !== null;
    if (hasValue === hasAgainst) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'condition.value or condition.against (another plot) is required, not both.',
      });
    }
  });
export type IndicatorConditionBody = z.infer<typeof indicatorConditionBodySchema>;

export const drawingConditionBodySchema = z.strictObject({
  drawing_id: idFieldSchema('condition.drawing_id', 'a drawing id'),
  operator: oneOf('condition.operator', PRICE_CROSS_OPERATORS),
});
export type DrawingConditionBody = z.infer<typeof drawingConditionBodySchema>;

export const watchlistConditionBodySchema = z.strictObject({
  watchlist_id: idFieldSchema('condition.watchlist_id', 'a watchlist id'),
  operator: oneOf('condition.operator', PRICE_MOVE_OPERATORS),
  percent: percent('condition.percent'),
  minutes: wholeIn('condition.minutes', 1, ALERT_MOVE_MAX_MINUTES),
});
export type WatchlistConditionBody = z.infer<typeof watchlistConditionBodySchema>;

const currencyCode = line('Each of condition.currencies', 3, { min: 1 })
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z]{3}$/.test(v), 'Each of condition.currencies must be a three-letter currency code.');

export const calendarConditionBodySchema = z.strictObject({
  minutes_before: wholeIn('condition.minutes_before', 0, ALERT_CALENDAR_MAX_MINUTES),
  /** Events of this impact or higher. */
  impact: oneOf('condition.impact', CALENDAR_IMPACTS),
  /** Only events of these currencies; all when empty or left out. */
  currencies: z
    .array(currencyCode, { error: 'condition.currencies must be a list of currency codes.' })
    .max(30, 'condition.currencies must have at most 30 items.')
    .default([]),
});
export type CalendarConditionBody = z.infer<typeof calendarConditionBodySchema>;

export const accountConditionBodySchema = z
  .strictObject({
    account_id: idFieldSchema('condition.account_id', 'a trading account id'),
    metric: oneOf('condition.metric', ACCOUNT_ALERT_METRICS),
    /** equity_below: money in the account currency; margin_level_below: percent; daily_loss_within_pct: percent. */
    value: positive('condition.value'),
  })
  .superRefine((c, ctx) => {
    if (c.metric === 'daily_loss_within_pct' && c.value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'condition.value must be a percent from 0 to 100.' });
    }
  });
export type AccountConditionBody = z.infer<typeof accountConditionBodySchema>;

/** The condition body schema of each alert type (PUT validates a new condition against the alert's type). */
export const alertConditionBodySchemas = {
  price: priceConditionBodySchema,
  indicator: indicatorConditionBodySchema,
  drawing: drawingConditionBodySchema,
  watchlist: watchlistConditionBodySchema,
  calendar: calendarConditionBodySchema,
  account: accountConditionBodySchema,
} as const;

// ---- delivery -------------------------------------------------------------------------------------

const webhookUrl = line('delivery.webhook.url', 2000, { min: 1 }).refine((v) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}, 'delivery.webhook.url must be an http or https URL.');

export const alertWebhookBodySchema = z.strictObject({
  url: webhookUrl,
  /** The HMAC key; generated when left out (and kept when an update leaves it out). 16 to 200 characters. */
  secret: line('delivery.webhook.secret', 200, { min: 16 }).optional(),
});

export const alertDeliveryBodySchema = z.strictObject({
  app: z.boolean({ error: 'delivery.app must be true or false.' }).default(true),
  toast: z.boolean({ error: 'delivery.toast must be true or false.' }).default(true),
  sound: z.boolean({ error: 'delivery.sound must be true or false.' }).default(false),
  email: z.boolean({ error: 'delivery.email must be true or false.' }).default(false),
  webhook: alertWebhookBodySchema.nullable().default(null),
});
export type AlertDeliveryBody = z.infer<typeof alertDeliveryBodySchema>;

const expiresAt = z.iso
  .datetime({ offset: true, error: 'expires_at must be a date and time in ISO 8601 format, or null.' })
  .nullable();

const commonBody = {
  name: line('Name', 120, { min: 1 }),
  /** Bars of this interval for once_per_bar_close and indicator alerts; {{interval}} in the message. */
  interval: alertIntervalSchema.default('1m'),
  trigger: oneOf('trigger', ALERT_TRIGGERS).default(ALERT_DEFAULT_TRIGGER),
  /** Null: open-ended. Must be in the future. */
  expires_at: expiresAt.default(null),
  message: multiline('Message', ALERT_MESSAGE_MAX).default(''),
  delivery: alertDeliveryBodySchema.default({
    app: true,
    toast: true,
    sound: false,
    email: false,
    webhook: null,
  }),
};

const symbolBody = marketSymbolSchema;

export const createAlertBodySchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('price'),
      symbol: symbolBody,
      condition: priceConditionBodySchema,
      ...commonBody,
    }),
    z.strictObject({
      type: z.literal('indicator'),
      symbol: symbolBody,
      condition: indicatorConditionBodySchema,
      ...commonBody,
    }),
    z.strictObject({ type: z.literal('drawing'), condition: drawingConditionBodySchema, ...commonBody }),
    z.strictObject({ type: z.literal('watchlist'), condition: watchlistConditionBodySchema, ...commonBody }),
    z.strictObject({ type: z.literal('calendar'), condition: calendarConditionBodySchema, ...commonBody }),
    z.strictObject({ type: z.literal('account'), condition: accountConditionBodySchema, ...commonBody }),
  ],
  {
    error: (issue) =>
      (issue as { input?: unknown }).input === undefined
        ? 'type is required.'
        : `type must be one of ${ALERT_TYPES.join(', ')}.`,
  },
);
export type CreateAlertBody = z.infer<typeof createAlertBodySchema>;

/**
 * PUT /alerts/{id}: any of the fields; the type cannot change. `condition` is checked against the alert's type
 * (alertConditionBodySchemas). `status` pauses (`paused`) or re-arms (`active`) an alert; re-arming a
 * triggered or expired alert needs `expires_at` in the future or null when it has expired.
 */
export const updateAlertBodySchema = z.strictObject({
  name: commonBody.name.optional(),
  symbol: symbolBody.optional(),
  interval: alertIntervalSchema.optional(),
  trigger: oneOf('trigger', ALERT_TRIGGERS).optional(),
  expires_at: expiresAt.optional(),
  message: multiline('Message', ALERT_MESSAGE_MAX).optional(),
  delivery: alertDeliveryBodySchema.optional(),
  condition: z.record(z.string(), z.unknown(), { error: 'condition must be an object.' }).optional(),
  status: oneOf('status', ['active', 'paused'] as const).optional(),
});
export type UpdateAlertBody = z.infer<typeof updateAlertBodySchema>;

export const alertListQuerySchema = z.object({
  status: oneOf('status', ALERT_STATUSES).optional(),
  type: oneOf('type', ALERT_TYPES).optional(),
  symbol: marketSymbolSchema.optional(),
});
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

export const alertLogQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${ALERT_LOG_MAX_LIMIT}.` })
    .int(`limit must be a whole number from 1 to ${ALERT_LOG_MAX_LIMIT}.`)
    .min(1, `limit must be a whole number from 1 to ${ALERT_LOG_MAX_LIMIT}.`)
    .max(ALERT_LOG_MAX_LIMIT, `limit must be a whole number from 1 to ${ALERT_LOG_MAX_LIMIT}.`)
    .default(ALERT_LOG_DEFAULT_LIMIT),
});

// ---- answers --------------------------------------------------------------------------------------

export const priceConditionSchema = z.object({
  operator: z.enum(PRICE_OPERATORS),
  value: z.number().optional(),
  lower: z.number().optional(),
  upper: z.number().optional(),
  percent: z.number().optional(),
  minutes: z.number().int().optional(),
});
export type PriceCondition = z.infer<typeof priceConditionSchema>;

export const indicatorConditionSchema = z.object({
  indicator: z.string(),
  inputs: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  plot: z.string(),
  operator: z.enum(INDICATOR_OPERATORS),
  value: z.number().nullable(),
  against: z.string().nullable(),
});
export type IndicatorCondition = z.infer<typeof indicatorConditionSchema>;

export const drawingConditionSchema = z.object({
  drawingId: z.uuid(),
  operator: z.enum(PRICE_CROSS_OPERATORS),
});
export type DrawingCondition = z.infer<typeof drawingConditionSchema>;

export const watchlistConditionSchema = z.object({
  watchlistId: z.uuid(),
  operator: z.enum(PRICE_MOVE_OPERATORS),
  percent: z.number(),
  minutes: z.number().int(),
});
export type WatchlistCondition = z.infer<typeof watchlistConditionSchema>;

export const calendarConditionSchema = z.object({
  minutesBefore: z.number().int(),
  impact: z.enum(CALENDAR_IMPACTS),
  currencies: z.array(z.string()),
});
export type CalendarCondition = z.infer<typeof calendarConditionSchema>;

export const accountConditionSchema = z.object({
  accountId: z.uuid(),
  metric: z.enum(ACCOUNT_ALERT_METRICS),
  value: z.number(),
});
export type AccountCondition = z.infer<typeof accountConditionSchema>;

export type AlertConditionByType = {
  price: PriceCondition;
  indicator: IndicatorCondition;
  drawing: DrawingCondition;
  watchlist: WatchlistCondition;
  calendar: CalendarCondition;
  account: AccountCondition;
};

export const alertDeliverySchema = z.object({
  app: z.boolean(),
  toast: z.boolean(),
  sound: z.boolean(),
  email: z.boolean(),
  /** `secret` is the HMAC key of the signature header, shown to the alert's owner only. */
  webhook: z.object({ url: z.string(), secret: z.string() }).nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;

const alertBase = {
  id: z.uuid(),
  name: z.string(),
  /** The symbol the alert watches (price, indicator, drawing: the drawing's symbol); null for the others. */
  symbol: z.string().nullable(),
  interval: z.enum(MARKET_TIMEFRAMES),
  trigger: z.enum(ALERT_TRIGGERS),
  expiresAt: z.string().nullable(),
  message: z.string(),
  delivery: alertDeliverySchema,
  status: z.enum(ALERT_STATUSES),
  lastTriggeredAt: z.string().nullable(),
  triggerCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const alertSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('price'), condition: priceConditionSchema, ...alertBase }),
  z.object({ type: z.literal('indicator'), condition: indicatorConditionSchema, ...alertBase }),
  z.object({ type: z.literal('drawing'), condition: drawingConditionSchema, ...alertBase }),
  z.object({ type: z.literal('watchlist'), condition: watchlistConditionSchema, ...alertBase }),
  z.object({ type: z.literal('calendar'), condition: calendarConditionSchema, ...alertBase }),
  z.object({ type: z.literal('account'), condition: accountConditionSchema, ...alertBase }),
]);
export type Alert = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({ alerts: z.array(alertSchema) });
export type AlertList = z.infer<typeof alertListSchema>;

export const ALERT_LOG_KINDS = ['fired', 'delivery', 'expired'] as const;
export const ALERT_DELIVERY_CHANNELS = ['app', 'email', 'webhook'] as const;

export const alertLogEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  kind: z.enum(ALERT_LOG_KINDS),
  /** delivery: the channel of the attempt. */
  channel: z.enum(ALERT_DELIVERY_CHANNELS).nullable(),
  /** fired: the symbol and price that fired it (null for calendar and account alerts without one). */
  symbol: z.string().nullable(),
  price: z.number().nullable(),
  /** fired: the message as delivered (placeholders filled). */
  message: z.string().nullable(),
  /** delivery: 1 for the first attempt. */
  attempt: z.number().int().nullable(),
  /** webhook: the HTTP status answered, null when no answer came. */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  ok: z.boolean(),
});
export type AlertLogEntry = z.infer<typeof alertLogEntrySchema>;

/** Newest first. */
export const alertLogSchema = z.object({ entries: z.array(alertLogEntrySchema) });
export type AlertLog = z.infer<typeof alertLogSchema>;

/** The JSON body of a webhook POST. */
export const alertWebhookPayloadSchema = z.object({
  alertId: z.uuid(),
  /** Unique per fire: a receiver can drop a retried delivery it already handled. */
  fireId: z.uuid(),
  name: z.string(),
  type: z.enum(ALERT_TYPES),
  symbol: z.string().nullable(),
  price: z.number().nullable(),
  interval: z.string(),
  message: z.string(),
  firedAt: z.string(),
  triggerCount: z.number().int(),
});
export type AlertWebhookPayload = z.infer<typeof alertWebhookPayloadSchema>;

export const alertErrorCodes = [
  'ALERT_NOT_FOUND',
  'ALERT_LIMIT_REACHED',
  'ALERT_INVALID_SYMBOL',
  'ALERT_INVALID_INDICATOR',
  'ALERT_INVALID_DRAWING',
] as const;
export type AlertErrorCode = (typeof alertErrorCodes)[number];
