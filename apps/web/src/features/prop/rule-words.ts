import type { PropPhaseRules, PropRuleSet } from '@tradedesk/contracts';

type Money = (amount: number, currency: string) => string;

const BASE_WORDS: Record<NonNullable<PropPhaseRules['dailyLoss']>['base'], string> = {
  balance: 'the balance',
  equity: 'the equity',
  higher: 'the higher of balance and equity',
};
const BREACH_WORDS = { soft: 'pauses trading until the next daily reset', hard: 'fails the account' } as const;

/**
 * A phase's rules in plain words, one sentence each, with the money they come to on an account of `size` in
 * `currency` (the challenge's figures before it is started). `day` is the rule set's daily reset.
 */
export function describePhaseRules(
  rules: PropPhaseRules,
  day: PropRuleSet['day'],
  size: number,
  currency: string,
  money: Money,
): string[] {
  const pct = (p: number) => money((size * p) / 100, currency);
  const out: string[] = [];
  if (rules.profitTarget)
    out.push(`Profit target: ${rules.profitTarget.percent} % (${pct(rules.profitTarget.percent)}).`);
  const d = rules.dailyLoss;
  if (d) {
    const allowance =
      d.limit.kind === 'amount'
        ? money(d.limit.value, currency)
        : d.limitOf === 'starting_balance'
          ? `${d.limit.value} % of the starting balance (${pct(d.limit.value)})`
          : `${d.limit.value} % of it`;
    out.push(
      `Daily loss: equity may fall at most ${allowance} below ${BASE_WORDS[d.base]} at the daily reset, ${day.time} ${day.timeZone}; a breach ${BREACH_WORDS[d.breach]}.`,
    );
  }
  const m = rules.maxLoss;
  if (m) {
    const floor = money((size * (100 - m.percent)) / 100, currency);
    const how =
      m.mode === 'static'
        ? `equity may never fall below ${floor}`
        : m.mode === 'trailing_intraday'
          ? `the floor starts at ${floor} and trails the highest equity reached, tick by tick`
          : `the floor starts at ${floor} and trails the highest balance at the daily reset`;
    const lock = m.lockPercent !== null && m.mode !== 'static' ? `, and stops rising at ${pct(m.lockPercent)}` : '';
    out.push(`Maximum loss: ${m.percent} % (${pct(m.percent)}): ${how}${lock}; a breach ${BREACH_WORDS[m.breach]}.`);
  }
  const t = rules.minTradingDays;
  if (t)
    out.push(
      `At least ${t.days} trading ${t.days === 1 ? 'day' : 'days'} (a day counts when a position is opened on it${t.minDayProfitPercent !== null ? ` and it makes at least ${t.minDayProfitPercent} %` : ''}).`,
    );
  if (rules.consistency)
    out.push(
      `Consistency: the best day should make at most ${rules.consistency.maxPercent} % of the total profit (shown as progress, never a failure).`,
    );
  if (rules.maxDurationDays !== null) out.push(`The phase must be passed within ${rules.maxDurationDays} days.`);
  if (rules.inactivityDays !== null)
    out.push(`The account expires after ${rules.inactivityDays} days without a trade.`);
  const p = rules.perTrade;
  if (p) {
    if (p.maxRiskPercent !== null)
      out.push(`Risk per trade: at most ${p.maxRiskPercent} % of the balance lost at the stop loss.`);
    if (p.requireStopLoss) out.push('Every order needs a stop loss.');
    if (p.maxLots !== null) out.push(`Orders of at most ${p.maxLots} lots.`);
  }
  if (rules.weekend && !rules.weekend.allowed)
    out.push(`No positions may be held over the weekend; a breach ${BREACH_WORDS[rules.weekend.breach]}.`);
  const n = rules.newsBlackout;
  if (n)
    out.push(
      `No new positions from ${n.minutesBefore} minutes before to ${n.minutesAfter} minutes after ${n.impacts.join(' or ')}-impact news.`,
    );
  return out;
}
