import {
  AI_RESEARCH_MAX_STEPS,
  AI_RESEARCH_MIN_STEPS,
  type AiMention,
  MARKET_TIMEFRAMES,
  type MarketTimeframe,
} from '@tradedesk/contracts';
import { findInstrument } from '@tradedesk/core';

/** One step of a research plan: a read tool of the registry with its arguments, or a knowledge look-up. */
export type PlannedStep =
  | { id: string; title: string; kind: 'tool'; tool: string; args: Record<string, unknown> }
  | { id: string; title: string; kind: 'knowledge'; query: string; scope: 'agent' | 'attached' };

export type PlanContext = {
  /** Read tools the run may use (the agent's selection). */
  tools: ReadonlySet<string>;
  /** The agent whose knowledge documents can be searched, when it has any. */
  agentKnowledge: { name: string } | null;
  /** Media files attached to the question. */
  attached: boolean;
  /** Today in UTC (YYYY-MM-DD), for calendar windows. */
  today: string;
};

const PERIODS: [RegExp, string, string][] = [
  [/\btoday\b/i, 'today', 'today'],
  [/\byesterday\b/i, 'yesterday', 'yesterday'],
  [/\bthis week\b/i, 'this_week', 'this week'],
  [/\blast week\b/i, 'last_week', 'last week'],
  [/\bthis month\b/i, 'this_month', 'this month'],
  [/\blast month\b/i, 'last_month', 'last month'],
  [/\bthis year\b|\byear to date\b|\bytd\b/i, 'this_year', 'this year'],
  [/\ball time\b|\bever\b|\boverall\b/i, 'all', 'over all time'],
];

const TOPICS = {
  performance: /perform|p\/?l\b|profit|loss|win rate|how did i|how am i|results?\b|review|equity|expectancy|edge/i,
  time: /\bhours?\b|time of day|\bsessions?\b|day of (the )?week|weekdays?|\bwhen\b/i,
  allocation: /\bsymbols?\b|instruments?|allocation|which (pair|market|stock)/i,
  prop: /\bprop\b|challenge|daily loss|room\b|\blimits?\b|drawdown|\brisk\b|funded/i,
  playbook: /playbook|strateg|\brules?\b|complian|discipline|setup/i,
  journal: /journal|\bnotes?\b|mistakes?|emotion|lessons?|psycholog/i,
  news: /\bnews\b|sentiment|headlines?/i,
  calendar: /\bevents?\b|calendar|economic|earnings|fomc|\bcpi\b|\bnfp\b|releases?|upcoming/i,
  technical: /\brsi\b|indicators?|technical|\btrend\b|macd|moving average|\bema\b|\bsma\b|\batr\b|momentum/i,
  trades: /\btrades?\b|positions?/i,
};

/** Words for a bar size ("4h", "15 min", "4-hour", "daily", "weekly"); the tools' default is 1h. */
const TIMEFRAME_WORDS: [RegExp, MarketTimeframe][] = [
  [/\bdaily\b|\b1\s?d\b|\bday chart\b/i, '1D'],
  [/\bweekly\b|\b1\s?w\b/i, '1W'],
  [/\bmonthly\b/i, '1M'],
  [/\bhourly\b/i, '1h'],
];

/** The bar size the question names, if it names one the market offers. */
export function timeframeIn(question: string): MarketTimeframe | null {
  const counted = question.match(/\b(\d{1,2})\s?-?\s?(m|min|mins|minutes?|h|hr|hours?)\b(?!\s+ago)/i);
  if (counted) {
    const unit = counted[2]!.toLowerCase().startsWith('h') ? 'h' : 'm';
    const candidate = `${Number(counted[1])}${unit}`;
    if ((MARKET_TIMEFRAMES as readonly string[]).includes(candidate)) return candidate as MarketTimeframe;
  }
  return TIMEFRAME_WORDS.find(([re]) => re.test(question))?.[1] ?? null;
}

/** Indicators named in the question, as catalogue ids, beyond what a chart's standard readings hold. */
const NAMED_INDICATORS: [RegExp, string][] = [
  [/\bema\b|exponential moving average/i, 'ema'],
  [/\bstoch(astic)?\b/i, 'stoch'],
  [/\badx\b|\bdmi\b/i, 'dmi'],
  [/\bcci\b/i, 'cci'],
  [/\bvwap\b/i, 'vwap'],
];
/** Indicators the standard readings hold, for a run without `get_chart_readings`. */
const READING_INDICATORS: [RegExp, string][] = [
  [/\bmacd\b/i, 'macd'],
  [/\batr\b|average true range/i, 'atr'],
  [/\bbollinger\b|\bbands?\b/i, 'bb'],
  [/\bsma\b|simple moving average/i, 'sma'],
  [/\brsi\b/i, 'rsi'],
];

/** Tickers of the catalogue named in the text (written in capitals, EUR/USD or EURUSD), then mentioned symbols. */
export function symbolsIn(question: string, mentions: AiMention[]): string[] {
  const out: string[] = [];
  const add = (s: string) => {
    const i = findInstrument(s);
    if (i && !out.includes(i.id)) out.push(i.id);
  };
  for (const m of mentions) if (m.category === 'symbol') add(m.option);
  for (const token of question.match(/\b[A-Z][A-Z0-9]{1,5}(?:\/[A-Z]{3})?\b/g) ?? []) add(token.replace('/', ''));
  return out;
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A plan of 3 to 6 steps for a research question, made from what it asks about (performance, timing, symbols,
 * prop rules, playbook, journal, news, events, indicators at the bar size it names) and what the run may use. Deterministic, so the same
 * question plans the same steps whatever model writes the report; padded with a general review when the question
 * names little.
 */
export function planResearch(question: string, mentions: AiMention[], ctx: PlanContext): PlannedStep[] {
  const [, period, periodLabel] = PERIODS.find(([re]) => re.test(question)) ?? [null, 'this_month', 'this month'];
  const symbols = symbolsIn(question, mentions).slice(0, 2);
  const about = (topic: keyof typeof TOPICS) => TOPICS[topic].test(question);
  const steps: PlannedStep[] = [];
  const tool = (title: string, name: string, args: Record<string, unknown>) => {
    if (!ctx.tools.has(name)) return;
    const key = `${name}:${JSON.stringify(args)}`;
    if (steps.some((s) => s.kind === 'tool' && `${s.tool}:${JSON.stringify(s.args)}` === key)) return;
    steps.push({ id: `s${steps.length + 1}`, title, kind: 'tool', tool: name, args });
  };

  if (ctx.agentKnowledge) {
    steps.push({
      id: 's1',
      title: `Search ${ctx.agentKnowledge.name}'s knowledge`,
      kind: 'knowledge',
      query: question,
      scope: 'agent',
    });
  }
  if (ctx.attached) {
    steps.push({
      id: `s${steps.length + 1}`,
      title: 'Search the attached files',
      kind: 'knowledge',
      query: question,
      scope: 'attached',
    });
  }
  const anySymbolTopic = about('news') || about('calendar') || about('technical');
  const timeframe = timeframeIn(question) ?? '1h';
  /**
   * The chart's standard readings (RSI, MACD, SMA 20 and 50, Bollinger, ATR) at the bar size asked for, then any
   * other indicator the question names; with only `get_indicator`, the named ones (RSI when none is named).
   */
  const technical = (symbol: string) => {
    const named = NAMED_INDICATORS.filter(([re]) => re.test(question)).map(([, id]) => id);
    if (ctx.tools.has('get_chart_readings')) {
      tool(`Indicator readings on ${symbol} (${timeframe})`, 'get_chart_readings', { symbol, timeframe });
    } else {
      const inReadings = READING_INDICATORS.filter(([re]) => re.test(question)).map(([, id]) => id);
      named.unshift(...(inReadings.length > 0 || named.length > 0 ? inReadings : ['rsi']));
    }
    for (const indicator of named.slice(0, 2)) {
      tool(`${indicator.toUpperCase()} on ${symbol} (${timeframe})`, 'get_indicator', { symbol, indicator, timeframe });
    }
  };
  for (const symbol of symbols) {
    if (about('news') || !anySymbolTopic) tool(`News on ${symbol}`, 'get_news', { symbol, limit: 5 });
    if (about('calendar') || !anySymbolTopic) {
      tool(`Economic events for ${symbol} in the next 7 days`, 'get_calendar', {
        symbol,
        from: ctx.today,
        to: addDays(ctx.today, 7),
      });
    }
    if (about('technical') || !anySymbolTopic) technical(symbol);
  }
  if (about('performance')) tool(`Performance ${periodLabel}`, 'get_performance', { period });
  if (about('time')) {
    tool(`Performance by day of week, ${periodLabel}`, 'get_performance', { period, group_by: 'day_of_week' });
    tool(`Performance by hour, ${periodLabel}`, 'get_performance', { period, group_by: 'hour' });
  }
  if (about('allocation'))
    tool(`Performance by symbol, ${periodLabel}`, 'get_performance', { period, group_by: 'symbol' });
  if (about('prop')) tool('Prop challenge status and the room left today', 'get_prop_status', {});
  if (about('playbook')) tool(`Playbook compliance ${periodLabel}`, 'get_playbook_compliance', { period });
  if (about('journal')) tool(`Journal ${periodLabel}`, 'get_journal', { period });
  if (about('trades')) tool(`Closed trades ${periodLabel}`, 'get_trades', { period, limit: 20 });
  if (!symbols.length && about('calendar')) {
    tool('High-impact events in the next 7 days', 'get_calendar', {
      from: ctx.today,
      to: addDays(ctx.today, 7),
      impact: 'high',
    });
  }

  // a general review fills a plan the question left short
  if (steps.length < AI_RESEARCH_MIN_STEPS) tool(`Performance ${periodLabel}`, 'get_performance', { period });
  if (steps.length < AI_RESEARCH_MIN_STEPS)
    tool('Prop challenge status and the room left today', 'get_prop_status', {});
  if (steps.length < AI_RESEARCH_MIN_STEPS) {
    tool('High-impact events in the next 7 days', 'get_calendar', {
      from: ctx.today,
      to: addDays(ctx.today, 7),
      impact: 'high',
    });
  }
  if (steps.length < AI_RESEARCH_MIN_STEPS) tool(`Journal ${periodLabel}`, 'get_journal', { period });
  if (steps.length < AI_RESEARCH_MIN_STEPS) tool(`Closed trades ${periodLabel}`, 'get_trades', { period, limit: 20 });

  return steps.slice(0, AI_RESEARCH_MAX_STEPS).map((s, n) => ({ ...s, id: `s${n + 1}` }));
}
