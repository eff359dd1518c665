import type { PropRuleSet } from '@tradedesk/contracts';

type Money = (amount: number, currency: string) => string;

const BASE_WORDS: Record<NonNullable<PropRuleSet['dailyLoss']>['base'], string> = {
  balance: 'the balance',
  equity: 'the equity',
  higher: 'the higher of balance and equity',
};
const BREACH_WORDS = { soft: 'pauses trading until the next daily reset', hard: 'fails the account' } as const;

/**
 * A phase's rules in plain words, one sentence each, with the money they come to on an account of `size` in
 * `currency` (the challenge's figures before it is started).
 */
export function describeRuleSet(rules: PropRuleSet, size: number, currency: string, money: Money): string[] {
  const pct = (p: number) => money((size * p) / 100, currency);
  const out: string[] = [];
  if (rules.profitTargetPercent !== null)
    out.push(`Profit target: ${rules.profitTargetPercent} % (${pct(rules.profitTargetPercent)}).`);
  const d = rules.dailyLoss;
  if (d)
    out.push(
      `Daily loss: at most ${d.percent} % (${pct(d.percent)} on the starting size) below ${BASE_WORDS[d.base]} at ${d.resetTime} ${d.timeZone}, when the day resets; a breach ${BREACH_WORDS[d.breach]}.`,
    );
  const m = rules.maxLoss;
  if (m) {
    const floor = money((size * (100 - m.percent)) / 100, currency);
    const how =
      m.kind === 'static'
        ? `equity may never fall below ${floor}`
        : m.kind === 'trailing_intraday'
          ? `the floor starts at ${floor} and trails the highest equity reached, tick by tick`
          : `the floor starts at ${floor} and trails the highest end-of-day balance`;
    const lock = m.lockAtPercent !== null ? `, and stops rising at ${pct(m.lockAtPercent)}` : '';
    out.push(`Maximum loss: ${m.percent} % (${pct(m.percent)}): ${how}${lock}; a breach ${BREACH_WORDS[m.breach]}.`);
  }
  if (rules.minTradingDays !== null)
    out.push(
      `At least ${rules.minTradingDays} trading ${rules.minTradingDays === 1 ? 'day' : 'days'} (a day counts when a position is opened on it${rules.profitableDayPercent !== null ? ` and it makes at least ${rules.profitableDayPercent} %` : ''}).`,
    );
  if (rules.bestDayMaxSharePercent !== null)
    out.push(`Consistency: the best day may make at most ${rules.bestDayMaxSharePercent} % of the total profit.`);
  if (rules.maxDurationDays !== null) out.push(`The phase must be passed within ${rules.maxDurationDays} days.`);
  if (rules.inactivityDays !== null)
    out.push(`The account expires after ${rules.inactivityDays} days without opening a position.`);
  if (rules.maxRiskPerTradePercent !== null)
    out.push(
      `Risk per trade: at most ${rules.maxRiskPerTradePercent} % (${pct(rules.maxRiskPerTradePercent)}) lost at the stop loss.`,
    );
  if (rules.stopLossRequired) out.push('Every order needs a stop loss.');
  if (rules.maxLots !== null) out.push(`Orders of at most ${rules.maxLots} lots.`);
  if (!rules.weekendHoldingAllowed) out.push('No positions may be held over the weekend.');
  if (rules.newsBlackoutMinutes !== null)
    out.push(`No new orders ${rules.newsBlackoutMinutes} minutes either side of high-impact news.`);
  out.push(`Leverage 1:${rules.leverage}.`);
  return out;
}
