/**
 * Prop-firm rules, pure and deterministic: rule sets as data (`types.ts`), the seeded catalogue of firms and
 * challenges (`catalogue.ts`), the incremental evaluation state machine (`engine.ts`), the pre-trade what-if and
 * order checks (`what-if.ts`) and the user's own objectives (`objectives.ts`). Money is integer minor units of
 * the account currency; times are unix milliseconds.
 */
export {
  CHALLENGES,
  challengesOf,
  FIRMS,
  getChallenge,
  getFirm,
  getRuleSet,
  INSTANT_FUNDING_RULES,
  ONE_STEP_RULES,
  phaseRules,
  RULE_SETS,
  TWO_STEP_RULES,
} from './catalogue.js';
export { dayStartAt, minuteOfDayOf, nextFridayCloseAfter, nextResetAfter } from './days.js';
export {
  bestDayShare,
  blackoutEvent,
  type CreatePropStateInput,
  createPropState,
  DEFAULT_WEEK_CLOSE,
  dayStats,
  type EvaluateContext,
  evaluate,
  percentOf,
  propView,
  startNextPhase,
  symbolCurrencies,
  tradingDaysDone,
  WARNING_SHARE,
} from './engine.js';
export {
  evaluateObjectives,
  OBJECTIVE_CATALOGUE,
  objectiveDefinition,
  objectiveStatus,
  objectiveValueIssue,
} from './objectives.js';
export {
  type BreachKind,
  type BreachRecord,
  type Challenge,
  type ConsistencyRule,
  type DailyLossRule,
  type DayStats,
  type EvaluationStep,
  type Firm,
  type LocalTimeOfDay,
  type LossLimit,
  type MaxLossRule,
  type MinTradingDaysRule,
  type NewsBlackoutRule,
  type NewsEvent,
  OBJECTIVE_KINDS,
  type Objective,
  type ObjectiveDefinition,
  type ObjectiveKind,
  type ObjectiveStatus,
  type OrderRefusal,
  type PerTradeRules,
  type PhasePassed,
  type PhaseRules,
  PROP_PHASES,
  PROP_RULE_IDS,
  type ProfitTargetRule,
  type PropAction,
  type PropEvent,
  type ProposedOrder,
  type PropPhase,
  type PropRuleId,
  type PropState,
  type PropView,
  type RuleSet,
  type RuleStatus,
  type WeekendRule,
  type WhatIf,
} from './types.js';
export { ruleSetIssues } from './validate.js';
export { largestSize, orderRefusals, type PreTradeContext, whatIf } from './what-if.js';
