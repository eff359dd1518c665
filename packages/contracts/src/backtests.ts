import { z } from 'zod';
import { chartTimeframes, tickerSchema } from './charts.js';
import { metricsResponseSchema, metricsTradeSchema } from './metrics.js';
import { graphProblemSchema, strategyGraphSchema } from './strategy-graph.js';
import { line } from './text.js';
import {
  TRADING_ACCOUNT_CURRENCIES,
  VIRTUAL_CUSTOM_BALANCE_MAX,
  VIRTUAL_CUSTOM_BALANCE_MIN,
  VIRTUAL_DEFAULT_BALANCE,
  VIRTUAL_DEFAULT_LEVERAGE,
  VIRTUAL_MAX_LEVERAGE,
} from './trading-accounts.js';

/**
 * Backtests of a strategy's node graph (spec section 2, strategy node editor; issue 12 item 4). A backtest runs the
 * strategy's saved graph over the bars of one symbol and timeframe (simulated, or imported by the user), bar by bar
 * without look-ahead: a signal on a closed bar fills at the next bar's open, through the virtual broker's fill
 * rules (spread, commission, swap at rollover, SL/TP on the right side of the quote). The closed trades are fed
 * to the metrics engine, so `report` is the very report the metrics screen shows. Request bodies are snake_case,
 * answers camelCase; money in `currency`, exact to its minor unit; instants ISO 8601 UTC.
 *
 * POST /strategies/{id}/backtests runs synchronously (at most BACKTEST_MAX_BARS bars; a year of 15-minute bars
 * takes well under a second) and answers with the finished result, `done`, or `failed` with its error. The
 * statuses `queued` and `running` are those of a result read while another request is still running it (the row
 * is written first), so `progress` is 1 once it is done or failed.
 */

/** The most bars one backtest reads (a year of 1-minute bars is about 372,000). */
export const BACKTEST_MAX_BARS = 600_000;
/** Backtests kept per strategy; the oldest is deleted when a new one would go over. */
export const BACKTEST_MAX_PER_STRATEGY = 50;
/** Points of the bar-by-bar equity curve at most (evenly thinned, the last bar always kept). */
export const BACKTEST_EQUITY_POINTS = 2000;

export const BACKTEST_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BacktestStatus = (typeof BACKTEST_STATUSES)[number];

/** Why a backtest trade closed. */
export const BACKTEST_EXIT_REASONS = ['stop_loss', 'take_profit', 'close_action', 'end_of_data'] as const;
export type BacktestExitReason = (typeof BACKTEST_EXIT_REASONS)[number];

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date (UTC midnight; as `to`, the end of that day) or a date and time with its offset. */
const instantOrDate = (field: 'from' | 'to') =>
  line(field, 40, { min: 1 }).refine(
    (v) =>
      DATE_ONLY.test(v)
        ? !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)
        : z.iso.datetime({ offset: true }).safeParse(v).success,
    `${field} must be a date (2026-03-01) or a date and time with its offset (2026-03-01T09:00:00Z).`,
  );

/** The instant a `from` or `to` of the body stands for (UTC; a date-only `to` is the end of that day, exclusive). */
export function backtestInstant(value: string, end: boolean): Date {
  if (DATE_ONLY.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    return end ? new Date(d.getTime() + 86_400_000) : d;
  }
  return new Date(value);
}

/** POST /strategies/{id}/backtests. */
export const backtestBodySchema = z
  .strictObject({
    symbol: tickerSchema('symbol'),
    timeframe: z.enum(chartTimeframes, {
      error: (issue) =>
        issue.input === undefined
          ? 'timeframe is required.'
          : `timeframe must be one of ${chartTimeframes.join(', ')} (1m is a minute, 1M a month).`,
    }),
    from: instantOrDate('from'),
    to: instantOrDate('to'),
    initial_balance: z
      .number({ error: 'initial_balance must be a number.' })
      .min(VIRTUAL_CUSTOM_BALANCE_MIN, `initial_balance must be at least ${VIRTUAL_CUSTOM_BALANCE_MIN}.`)
      .max(VIRTUAL_CUSTOM_BALANCE_MAX, `initial_balance must be at most ${VIRTUAL_CUSTOM_BALANCE_MAX}.`)
      .refine(
        (n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6),
        'initial_balance must have at most 2 decimal places.',
      )
      .default(VIRTUAL_DEFAULT_BALANCE),
    currency: z
      .enum(TRADING_ACCOUNT_CURRENCIES, {
        error: `currency must be one of ${TRADING_ACCOUNT_CURRENCIES.join(', ')}.`,
      })
      .default('USD'),
    leverage: z
      .number({ error: `leverage must be a whole number from 1 to ${VIRTUAL_MAX_LEVERAGE}.` })
      .int(`leverage must be a whole number from 1 to ${VIRTUAL_MAX_LEVERAGE}.`)
      .min(1, `leverage must be a whole number from 1 to ${VIRTUAL_MAX_LEVERAGE}.`)
      .max(VIRTUAL_MAX_LEVERAGE, `leverage must be a whole number from 1 to ${VIRTUAL_MAX_LEVERAGE}.`)
      .default(VIRTUAL_DEFAULT_LEVERAGE),
  })
  .superRefine((body, ctx) => {
    if (backtestInstant(body.to, true).getTime() <= backtestInstant(body.from, false).getTime()) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from.' });
    }
  });
export type BacktestBody = z.input<typeof backtestBodySchema>;

/** The request as it was run (defaults filled in, `from` and `to` as UTC instants). */
export const backtestRequestSchema = z.object({
  strategyId: z.uuid(),
  symbol: z.string(),
  timeframe: z.enum(chartTimeframes),
  from: z.string(),
  to: z.string(),
  initialBalance: z.number(),
  currency: z.enum(TRADING_ACCOUNT_CURRENCIES),
  leverage: z.number().int(),
});
export type BacktestRequest = z.infer<typeof backtestRequestSchema>;

/** A closed backtest trade: the metrics engine's trade with what opened and closed it. */
export const backtestTradeSchema = metricsTradeSchema.extend({
  /** The buy or sell action node that opened it. */
  entryNodeId: z.string(),
  /** The close action node that closed it; null for other reasons. */
  exitNodeId: z.string().nullable(),
  exitReason: z.enum(BACKTEST_EXIT_REASONS),
  takeProfit: z.number().nullable(),
});
export type BacktestTrade = z.infer<typeof backtestTradeSchema>;

/** Equity at the close of a bar: the balance plus the floating profit of the open positions at that close. */
export const backtestEquityPointSchema = z.object({
  time: z.string(),
  balance: z.number(),
  equity: z.number(),
});
export type BacktestEquityPoint = z.infer<typeof backtestEquityPointSchema>;

/** How often an action node's signal was true, and what came of it. */
export const backtestSignalCountSchema = z.object({
  nodeId: z.string(),
  type: z.enum(['buy_action', 'sell_action', 'close_action']),
  /** Closed bars where the signal was true. */
  signals: z.number().int(),
  /** Of these, the ones that opened (or, for close, closed) a position at the next bar's open. */
  filled: z.number().int(),
  /** The others: a position of that direction was already open, no bar followed, nothing to close, or too small a size. */
  skipped: z.number().int(),
});
export type BacktestSignalCount = z.infer<typeof backtestSignalCountSchema>;

export const backtestSchema = z.object({
  id: z.uuid(),
  strategyId: z.uuid(),
  status: z.enum(BACKTEST_STATUSES),
  /** 0 to 1. */
  progress: z.number().min(0).max(1),
  request: backtestRequestSchema,
  /** The format version of the graph the run used (a copy of the strategy's saved graph at that time). */
  graphVersion: z.number().int(),
  /** When the strategy (and its graph) was last saved before the run: a later save means the graph may differ. */
  strategyUpdatedAt: z.string(),
  /**
   * Where the bars came from, as the chart history says it: the simulated market ("Simulated"), the user's
   * imported candles, or both; `dataLabel` is the label to show.
   */
  dataSource: z.enum(['simulated', 'imported', 'mixed']),
  dataLabel: z.string(),
  /** Bars read, and the first and last bar's open time (null without bars). */
  bars: z.number().int(),
  firstBarAt: z.string().nullable(),
  lastBarAt: z.string().nullable(),
  /** Closed trades in close order (positions still open at the last bar are closed at its close: end_of_data). */
  trades: z.array(backtestTradeSchema),
  /** The metrics screen's report of these trades (its `trades` are the same trades, without the backtest fields). */
  report: metricsResponseSchema.nullable(),
  equity: z.array(backtestEquityPointSchema),
  signals: z.array(backtestSignalCountSchema),
  finalBalance: z.number().nullable(),
  /** Why a failed backtest failed, as a sentence; null otherwise. */
  error: z.string().nullable(),
  /** Milliseconds the run took. */
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Backtest = z.infer<typeof backtestSchema>;

/** GET /strategies/{id}/backtests: newest first, without trades, report, equity (GET /backtests/{id} has them). */
export const backtestSummarySchema = backtestSchema.omit({ trades: true, report: true, equity: true }).extend({
  tradeCount: z.number().int(),
  net: z.number().nullable(),
  returnPercent: z.number().nullable(),
  maxDrawdownPercent: z.number().nullable(),
  winRate: z.number().nullable(),
  profitFactor: z.number().nullable(),
});
export type BacktestSummary = z.infer<typeof backtestSummarySchema>;
export const backtestListSchema = z.object({ backtests: z.array(backtestSummarySchema) });
export type BacktestList = z.infer<typeof backtestListSchema>;

export const backtestParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a backtest id (a UUID).' }),
});
export const strategyBacktestParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a strategy id (a UUID).' }),
});

/** POST /backtests/validate: the server's checks of a graph (the same the backtest runs first). */
export const backtestValidateBodySchema = z.strictObject({ graph: strategyGraphSchema });
export const graphValidationSchema = z.object({
  valid: z.boolean(),
  problems: z.array(graphProblemSchema),
});
export type GraphValidation = z.infer<typeof graphValidationSchema>;

/** `details` of a BACKTEST_GRAPH_INVALID error (422): the validator's problems. */
export const backtestGraphInvalidDetailsSchema = z.object({ problems: z.array(graphProblemSchema) });

export const backtestErrorCodes = [
  'BACKTEST_NOT_FOUND',
  'BACKTEST_STRATEGY_NOT_FOUND',
  'BACKTEST_GRAPH_INVALID',
  'BACKTEST_UNKNOWN_SYMBOL',
  'BACKTEST_NO_BARS',
  'BACKTEST_TOO_MANY_BARS',
] as const;
export type BacktestErrorCode = (typeof backtestErrorCodes)[number];
