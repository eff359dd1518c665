import { z } from 'zod';
import { line } from './text.js';

/**
 * Prop-firm challenges and the trader's own objectives (spec sections 2 "Dashboard" objectives tab and account
 * settings rule tab, 3 "Prop firm selection" and the trading account's propFirm, objectives and rules, 7 the
 * firms and objectives calls of "Trading accounts" and GET /market/objectives). Request bodies snake_case,
 * answers camelCase. Money in the account's currency as decimal numbers; instants ISO 8601 UTC.
 *
 * The firms and challenges served are rule sets modelled on the public rules of well-known prop firms; none of
 * them is a partner and none is named.
 */

/** Phases of a challenge, in order; a challenge uses a suffix of them (instant funding: funded only). */
export const PROP_PHASES = ['phase_1', 'phase_2', 'funded'] as const;
export type PropPhase = (typeof PROP_PHASES)[number];
export const PROP_CHALLENGE_KINDS = ['two_step', 'one_step', 'instant'] as const;
export type PropChallengeKind = (typeof PROP_CHALLENGE_KINDS)[number];
/** What the daily loss is measured from at the daily snapshot: balance, equity, or the higher of the two. */
export const PROP_DAILY_LOSS_BASES = ['balance', 'equity', 'higher'] as const;
export type PropDailyLossBase = (typeof PROP_DAILY_LOSS_BASES)[number];
/** static: from the starting balance; trailing_intraday: from the highest equity; trailing_eod: from the highest end-of-day balance/equity. */
export const PROP_MAX_LOSS_KINDS = ['static', 'trailing_intraday', 'trailing_eod'] as const;
export type PropMaxLossKind = (typeof PROP_MAX_LOSS_KINDS)[number];
/** soft: trading paused until the next daily reset; hard: the account fails. */
export const PROP_BREACH_KINDS = ['soft', 'hard'] as const;
export type PropBreachKind = (typeof PROP_BREACH_KINDS)[number];

/** Rules of the rule engine, as they are named on the wire (rule status, failure reasons, order refusals). */
export const PROP_RULE_IDS = [
  'profit_target',
  'daily_loss',
  'max_loss',
  'min_trading_days',
  'max_duration',
  'inactivity',
  'consistency',
  'max_risk_per_trade',
  'stop_loss_required',
  'max_lots',
  'weekend_holding',
  'news_blackout',
] as const;
export type PropRuleId = (typeof PROP_RULE_IDS)[number];

/** Where a prop account stands: active (trading), paused (soft breach, until pausedUntil), failed, or completed (last phase passed). */
export const PROP_ACCOUNT_STATES = ['active', 'paused', 'failed', 'completed'] as const;
export type PropAccountState = (typeof PROP_ACCOUNT_STATES)[number];
/** A rule's standing: ok, warning (most of its allowance used), breached, passed (a target reached). */
export const PROP_RULE_STATES = ['ok', 'warning', 'breached', 'passed'] as const;
export type PropRuleState = (typeof PROP_RULE_STATES)[number];
export const PROP_RULE_UNITS = ['money', 'days', 'percent', 'lots', 'flag'] as const;

/** A local time of day in an IANA time zone (DST-aware), such as 00:00 Europe/Prague or 17:00 America/New_York. */
const localTimeSchema = z.object({ time: z.string(), timeZone: z.string() });
const breachSchema = z.enum(PROP_BREACH_KINDS);

/** The rules of one phase, as data (the core rule engine's PhaseRules): a rule the phase does not have is null. */
export const propPhaseRulesSchema = z.object({
  phase: z.enum(PROP_PHASES),
  label: z.string(),
  /** The phase passes when the balance reaches the starting balance plus this percent. */
  profitTarget: z.object({ percent: z.number() }).nullable(),
  dailyLoss: z
    .object({
      /** A percent (of `limitOf`) or a fixed amount in the account currency. */
      limit: z.object({ kind: z.enum(['percent', 'amount']), value: z.number() }),
      base: z.enum(PROP_DAILY_LOSS_BASES),
      limitOf: z.enum(['starting_balance', 'base']),
      breach: breachSchema,
    })
    .nullable(),
  maxLoss: z
    .object({
      mode: z.enum(PROP_MAX_LOSS_KINDS),
      /** Of the starting balance. */
      percent: z.number(),
      /** A trailing floor stops rising at this percent of the starting balance (100: the starting balance); null: never. */
      lockPercent: z.number().nullable(),
      breach: breachSchema,
    })
    .nullable(),
  /** A day counts when a position was opened in it (and, with minDayProfitPercent, it made that much). */
  minTradingDays: z.object({ days: z.number().int(), minDayProfitPercent: z.number().nullable() }).nullable(),
  maxDurationDays: z.number().int().nullable(),
  inactivityDays: z.number().int().nullable(),
  /** Best day's share of the total profit, shown as progress, never a failure. */
  consistency: z.object({ maxPercent: z.number() }).nullable(),
  perTrade: z
    .object({
      maxRiskPercent: z.number().nullable(),
      requireStopLoss: z.boolean(),
      maxLots: z.number().nullable(),
      breach: breachSchema,
    })
    .nullable(),
  weekend: z.object({ allowed: z.boolean(), close: localTimeSchema.optional(), breach: breachSchema }).nullable(),
  newsBlackout: z
    .object({
      minutesBefore: z.number().int(),
      minutesAfter: z.number().int(),
      impacts: z.array(z.string()),
      breach: breachSchema,
    })
    .nullable(),
  nextPhase: z.enum(PROP_PHASES).nullable(),
  /** Starting balance of the next phase in percent of the account size. */
  nextBalancePercent: z.number(),
});
export type PropPhaseRules = z.infer<typeof propPhaseRulesSchema>;

/** A challenge's rule set: the daily reset every phase shares, and the phases in order. */
export const propRuleSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  day: localTimeSchema,
  phases: z.array(propPhaseRulesSchema),
});
export type PropRuleSet = z.infer<typeof propRuleSetSchema>;

export const propChallengeSchema = z.object({
  id: z.string(),
  firmId: z.string(),
  name: z.string(),
  kind: z.enum(PROP_CHALLENGE_KINDS),
  description: z.string(),
  /** Phase a new account starts in unless another is chosen. */
  firstPhase: z.enum(PROP_PHASES),
  rules: propRuleSetSchema,
  /** Account sizes offered (starting balances), in the account currency. */
  sizes: z.array(z.number()),
  currencies: z.array(z.string()),
  /** Leverage of the challenge's accounts. */
  leverage: z.number().int(),
});
export type PropChallenge = z.infer<typeof propChallengeSchema>;

export const propFirmSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Says what the rule sets are modelled on; no firm is a partner. */
  note: z.string(),
  challengeCount: z.number().int(),
});
export type PropFirm = z.infer<typeof propFirmSchema>;

export const propFirmListSchema = z.object({ firms: z.array(propFirmSchema) });
export const propChallengeListSchema = z.object({ challenges: z.array(propChallengeSchema) });

export const propFirmParamsSchema = z.object({ id: line('id', 60, { min: 1 }) });
export const propChallengeParamsSchema = z.object({
  id: line('id', 60, { min: 1 }),
  challengeId: line('challengeId', 60, { min: 1 }),
});

/** DELETE /trading/accounts/{id}/challenge: ends the challenge (needs confirm: true). */
export const endChallengeBodySchema = z.strictObject({
  confirm: z.literal(true, {
    error:
      'confirm must be true: ending the challenge removes its rules and evaluation for good; the trades stay in the history.',
  }),
  /** True: the account is archived as well (refused while positions or orders are open); false: it stays a plain virtual account. */
  archive: z.boolean().default(false),
});
export type EndChallengeBody = z.infer<typeof endChallengeBodySchema>;

/** A passed phase, kept so the account's history of each phase stays viewable (trades between startedAt and passedAt). */
export const propPassedPhaseSchema = z.object({
  phase: z.enum(PROP_PHASES),
  startedAt: z.string(),
  passedAt: z.string(),
  startingBalance: z.number(),
  /** Equity when the phase passed (open positions were closed at that moment). */
  equity: z.number(),
  tradingDays: z.number().int(),
});
export type PropPassedPhase = z.infer<typeof propPassedPhaseSchema>;

export const propFailureSchema = z.object({
  at: z.string(),
  equity: z.number(),
  rule: z.enum(PROP_RULE_IDS),
  /** A sentence saying which limit was crossed and by how much. */
  reason: z.string(),
});
export type PropFailure = z.infer<typeof propFailureSchema>;

/** The trading account's propFirm field: which challenge and phase it is in. Null for accounts without a challenge. */
export const tradingAccountPropSchema = z.object({
  firmId: z.string(),
  firmName: z.string(),
  challengeId: z.string(),
  challengeName: z.string(),
  phase: z.enum(PROP_PHASES),
  phaseName: z.string(),
  size: z.number(),
  currency: z.string(),
  state: z.enum(PROP_ACCOUNT_STATES),
  phaseStartedAt: z.string(),
  pausedUntil: z.string().nullable(),
  failed: propFailureSchema.nullable(),
  passedPhases: z.array(propPassedPhaseSchema),
});
export type TradingAccountProp = z.infer<typeof tradingAccountPropSchema>;

/** One rule of the account's phase, described (the trading account's rules field). */
export const propRuleDescriptionSchema = z.object({
  rule: z.enum(PROP_RULE_IDS),
  label: z.string(),
  /** A sentence with the rule's figures, such as "Daily loss: at most 5 % of the higher of balance and equity at 00:00 Europe/Prague." */
  description: z.string(),
  breach: z.enum(PROP_BREACH_KINDS).nullable(),
});
export type PropRuleDescription = z.infer<typeof propRuleDescriptionSchema>;

/** The live standing of one rule (the core's RuleStatus), money as decimals of the account currency. */
export const propRuleStatusItemSchema = z.object({
  rule: z.enum(PROP_RULE_IDS),
  label: z.string(),
  /** What the rule measures now, in `unit`. */
  value: z.number(),
  limit: z.number(),
  /** What is left before the limit or target (never negative). */
  remaining: z.number(),
  /** flag: a yes/no rule (value 1 = broken today). */
  unit: z.enum(PROP_RULE_UNITS),
  /** 0 to 1: for a target how far along, for a limit how much of the allowance is used. */
  progress: z.number(),
  state: z.enum(PROP_RULE_STATES),
});
export type PropRuleStatusItem = z.infer<typeof propRuleStatusItemSchema>;

/** The live rule status of a prop account (the dashboard's goals tab, the `rules` event of `account:<id>`). */
export const propRuleStatusSchema = z.object({
  accountId: z.uuid(),
  firmId: z.string(),
  challengeId: z.string(),
  phase: z.enum(PROP_PHASES),
  phaseLabel: z.string(),
  state: z.enum(PROP_ACCOUNT_STATES),
  currency: z.string(),
  evaluatedAt: z.string(),
  phaseStartedAt: z.string(),
  startingBalance: z.number(),
  balance: z.number(),
  equity: z.number(),
  rules: z.array(propRuleStatusItemSchema),
  /** Loss still permitted today before the daily limit (money); null without a daily loss rule. */
  todayPermittedLoss: z.number().nullable(),
  /** Today's allowance as money, the base it is measured from (set at the last snapshot) and the day's equity floor. */
  dailyLossLimit: z.number().nullable(),
  dailyLossBase: z.number().nullable(),
  dailyFloor: z.number().nullable(),
  /** Loss still permitted before the maximum loss (money); null without a maximum loss rule. */
  maxPermittedLoss: z.number().nullable(),
  /** The equity floor of the maximum loss now (it rises with a trailing rule until it locks). */
  maxLossFloor: z.number().nullable(),
  maxLossLocked: z.boolean(),
  /** The equity at which the account fails (or pauses) now: the higher of the daily and maximum floors. */
  failEquity: z.number().nullable(),
  profitTarget: z.number().nullable(),
  /** Profit made in the phase (equity minus the phase's starting balance). */
  profit: z.number(),
  tradingDays: z.object({ done: z.number().int(), required: z.number().int().nullable() }),
  /** The best day's share of the phase's profit, in %; null before any profit. */
  bestDayShare: z.number().nullable(),
  /** The consistency rule's largest share, in %; null without the rule. */
  bestDayMaxShare: z.number().nullable(),
  /** The next daily reset: the instant in UTC, and the same instant as wall time in the firm's time zone. */
  nextReset: z
    .object({
      at: z.string(),
      timeZone: z.string(),
      /** Local wall time with its offset, such as 2026-03-30T00:00:00+02:00. */
      local: z.string(),
    })
    .nullable(),
  pausedUntil: z.string().nullable(),
  failed: propFailureSchema.nullable(),
  passedPhases: z.array(propPassedPhaseSchema),
  /** When the phase expires by its maximum duration or inactivity; null: never. */
  expiresAt: z.string().nullable(),
});
export type PropRuleStatus = z.infer<typeof propRuleStatusSchema>;

/** Objective types of the catalogue (GET /market/objectives): the trader's own goals per account. */
export const OBJECTIVE_KINDS = [
  'max_trades_per_day',
  'daily_profit_goal',
  'max_daily_loss',
  'max_risk_per_trade',
  'max_losses_in_row',
] as const;
export type ObjectiveKind = (typeof OBJECTIVE_KINDS)[number];
export const OBJECTIVE_VALUE_TYPES = ['integer', 'money', 'percent'] as const;
export const OBJECTIVE_UNITS = ['trades', 'currency', 'percent', 'losses'] as const;
export type ObjectiveUnit = (typeof OBJECTIVE_UNITS)[number];
export const USER_OBJECTIVES_MAX = 50;

export const objectiveCatalogueItemSchema = z.object({
  kind: z.enum(OBJECTIVE_KINDS),
  name: z.string(),
  description: z.string(),
  valueType: z.enum(OBJECTIVE_VALUE_TYPES),
  /** currency: money in the account's currency. */
  unit: z.enum(OBJECTIVE_UNITS),
  min: z.number(),
  max: z.number(),
  step: z.number(),
  defaultValue: z.number(),
});
export type ObjectiveCatalogueItem = z.infer<typeof objectiveCatalogueItemSchema>;
export const objectiveCatalogueSchema = z.object({ objectives: z.array(objectiveCatalogueItemSchema) });

/** A user objective: one goal of the catalogue with the trader's default value and name. */
export const userObjectiveSchema = z.object({
  id: z.uuid(),
  kind: z.enum(OBJECTIVE_KINDS),
  name: z.string(),
  unit: z.enum(OBJECTIVE_UNITS),
  /** Default value for the accounts it is added to. */
  value: z.number(),
  created: z.string(),
  updated: z.string(),
});
export type UserObjective = z.infer<typeof userObjectiveSchema>;
export const userObjectiveListSchema = z.object({ objectives: z.array(userObjectiveSchema) });

const objectiveValueSchema = z.number({ error: 'value must be a number.' });

/** POST /trading/objectives. Value bounds are the catalogue entry's; a value out of them is refused naming the bounds. */
export const createUserObjectiveBodySchema = z.strictObject({
  kind: z.enum(OBJECTIVE_KINDS, { error: `kind must be one of ${OBJECTIVE_KINDS.join(', ')}.` }),
  name: line('name', 60, { min: 1 }).optional(),
  value: objectiveValueSchema.optional(),
});
export type CreateUserObjectiveBody = z.infer<typeof createUserObjectiveBodySchema>;

/** PUT /trading/objectives/{id}. */
export const updateUserObjectiveBodySchema = z.strictObject({
  name: line('name', 60, { min: 1 }).optional(),
  value: objectiveValueSchema.optional(),
});
export type UpdateUserObjectiveBody = z.infer<typeof updateUserObjectiveBodySchema>;

/** POST and PUT /trading/objectives/{accountId}/{objectiveId}: the objective's value on that account (the objective's own value when left out on POST). */
export const accountObjectiveBodySchema = z
  .strictObject({ value: objectiveValueSchema.optional() })
  .nullish()
  .transform((body) => body ?? {});
export type AccountObjectiveBody = z.infer<typeof accountObjectiveBodySchema>;
export const accountObjectiveValueBodySchema = z.strictObject({ value: objectiveValueSchema });

/**
 * GET /trading/objectives/{accountId}: the path shares its template with PUT/DELETE /trading/objectives/{id}, so the
 * parameter is named id on the wire (an account id here).
 */
export const accountGoalsParamsSchema = z.object({ id: z.uuid('id must be a trading account id (a UUID).') });
export const accountObjectiveParamsSchema = z.object({
  accountId: z.uuid('accountId must be a trading account id (a UUID).'),
  objectiveId: z.uuid('objectiveId must be an objective id (a UUID).'),
});

/** An objective set on an account (the trading account's objectives field). */
export const accountObjectiveSchema = z.object({
  objectiveId: z.uuid(),
  kind: z.enum(OBJECTIVE_KINDS),
  name: z.string(),
  unit: z.enum(OBJECTIVE_UNITS),
  value: z.number(),
});
export type AccountObjective = z.infer<typeof accountObjectiveSchema>;

/** The live standing of an account objective today: broken carries the warning the trader asked for. */
export const accountObjectiveStatusSchema = accountObjectiveSchema.extend({
  state: z.enum(['met', 'on_track', 'broken']),
  /** Today's figure (trades opened, closed profit, loss, losses in a row, largest risk in %). */
  current: z.number(),
  /** 0 to 1 towards a goal, or the share of a limit used. */
  progress: z.number(),
  /** A sentence when broken or close to it, else null. */
  warning: z.string().nullable(),
});
export type AccountObjectiveStatus = z.infer<typeof accountObjectiveStatusSchema>;

/** GET /trading/objectives/{accountId}, and the payload of the `rules` event on `account:<id>`. */
export const accountGoalsSchema = z.object({
  accountId: z.uuid(),
  /** The challenge's live rule status; null for an account without a challenge. */
  prop: propRuleStatusSchema.nullable(),
  objectives: z.array(accountObjectiveStatusSchema),
});
export type AccountGoals = z.infer<typeof accountGoalsSchema>;

/** The event on `account:<id>` that carries AccountGoals, at most about once a second and on every change of state. */
export const ACCOUNT_RULES_EVENT = 'rules';

export const propErrorCodes = [
  'PROP_FIRM_NOT_FOUND',
  'PROP_CHALLENGE_NOT_FOUND',
  'PROP_INVALID_FIELD',
  'PROP_NO_CHALLENGE',
  /** A challenge account cannot be reset: its history is the challenge's. */
  'PROP_CHALLENGE_ACCOUNT',
  'PROP_OBJECTIVE_NOT_FOUND',
  'PROP_OBJECTIVE_LIMIT_REACHED',
  'PROP_OBJECTIVE_NOT_ON_ACCOUNT',
  'PROP_OBJECTIVE_ALREADY_ON_ACCOUNT',
  'PROP_INVALID_VALUE',
  /** Orders refused: the account is paused until the next reset, failed, or the order breaks a per-trade rule (422). */
  'PROP_TRADING_PAUSED',
  'PROP_ACCOUNT_FAILED',
  'PROP_RULE_REFUSED',
] as const;
export type PropErrorCode = (typeof propErrorCodes)[number];
