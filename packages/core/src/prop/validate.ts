import { EVENT_IMPACTS } from '../market/sim/events.js';
import { isValidTimeZone } from '../market/time-zones.js';
import { minuteOfDayOf } from './days.js';
import { type LocalTimeOfDay, type PhaseRules, PROP_PHASES, type RuleSet } from './types.js';

/**
 * Checks a rule set read from storage or written by hand: every issue is a full sentence naming the field
 * (a path such as `phases[1].dailyLoss.limit.value`). An empty list means the engine can evaluate it.
 */
export function ruleSetIssues(ruleSet: RuleSet): string[] {
  const out: string[] = [];
  const time = (t: LocalTimeOfDay | undefined, field: string) => {
    if (!t) return;
    try {
      minuteOfDayOf(t.time, `${field}.time`);
    } catch (e) {
      out.push((e as Error).message);
    }
    if (!isValidTimeZone(t.timeZone)) out.push(`${field}.timeZone "${t.timeZone}" is not an IANA time zone.`);
  };
  const percent = (v: number | null | undefined, field: string, max = 100) => {
    if (v === null || v === undefined) return;
    if (!(Number.isFinite(v) && v > 0 && v <= max))
      out.push(`${field} must be a percentage above 0 and at most ${max}.`);
  };
  const count = (v: number | null, field: string) => {
    if (v === null) return;
    if (!(Number.isInteger(v) && v >= 1 && v <= 3650))
      out.push(`${field} must be a whole number of days from 1 to 3650.`);
  };
  if (!ruleSet.id) out.push('id must be a non-empty string.');
  time(ruleSet.day, 'day');
  if (ruleSet.phases.length === 0) out.push('phases must list at least one phase.');
  const seen = new Set<string>();
  ruleSet.phases.forEach((p: PhaseRules, i) => {
    const f = `phases[${i}]`;
    if (!PROP_PHASES.includes(p.phase)) out.push(`${f}.phase must be one of ${PROP_PHASES.join(', ')}.`);
    if (seen.has(p.phase)) out.push(`${f}.phase "${p.phase}" appears twice.`);
    seen.add(p.phase);
    percent(p.profitTarget?.percent, `${f}.profitTarget.percent`, 1000);
    if (p.dailyLoss) {
      if (p.dailyLoss.limit.kind === 'percent') percent(p.dailyLoss.limit.value, `${f}.dailyLoss.limit.value`);
      else if (!(p.dailyLoss.limit.value > 0)) out.push(`${f}.dailyLoss.limit.value must be an amount above 0.`);
    }
    if (p.maxLoss) {
      percent(p.maxLoss.percent, `${f}.maxLoss.percent`);
      percent(p.maxLoss.lockPercent, `${f}.maxLoss.lockPercent`, 1000);
    }
    if (p.minTradingDays) {
      if (!(Number.isInteger(p.minTradingDays.days) && p.minTradingDays.days >= 0))
        out.push(`${f}.minTradingDays.days must be a whole number of days, 0 or more.`);
      percent(p.minTradingDays.minDayProfitPercent, `${f}.minTradingDays.minDayProfitPercent`);
    }
    count(p.maxDurationDays, `${f}.maxDurationDays`);
    count(p.inactivityDays, `${f}.inactivityDays`);
    percent(p.consistency?.maxPercent, `${f}.consistency.maxPercent`);
    percent(p.perTrade?.maxRiskPercent, `${f}.perTrade.maxRiskPercent`);
    if (p.perTrade?.maxLots != null && !(p.perTrade.maxLots > 0)) out.push(`${f}.perTrade.maxLots must be above 0.`);
    time(p.weekend?.close, `${f}.weekend.close`);
    if (p.newsBlackout) {
      const n = p.newsBlackout;
      if (
        !(
          Number.isInteger(n.minutesBefore) &&
          n.minutesBefore >= 0 &&
          Number.isInteger(n.minutesAfter) &&
          n.minutesAfter >= 0
        )
      )
        out.push(`${f}.newsBlackout minutesBefore and minutesAfter must be whole minutes, 0 or more.`);
      if (n.impacts.length === 0 || n.impacts.some((x) => !EVENT_IMPACTS.includes(x)))
        out.push(`${f}.newsBlackout.impacts must list impacts from ${EVENT_IMPACTS.join(', ')}.`);
    }
    if (p.nextPhase !== null && !ruleSet.phases.some((q) => q.phase === p.nextPhase))
      out.push(`${f}.nextPhase "${p.nextPhase}" is not a phase of this rule set.`);
    percent(p.nextBalancePercent, `${f}.nextBalancePercent`, 1000);
  });
  return out;
}
