/**
 * The AI screen's state in its address (`/ai?chat&agent&insight&account&period`), so a reload or a shared link opens
 * the same chat, agent tab and insight view. Defaults are left out of the address.
 */

/** The insight side panel's tabs (spec section 2) and the label each shows by default. */
export const INSIGHT_TABS = ['performance', 'time', 'symbol_allocation', 'time_analysis'] as const;
export type InsightTab = (typeof INSIGHT_TABS)[number];
export const INSIGHT_LABELS: Record<InsightTab, string> = {
  performance: 'Insight',
  time: 'Time',
  symbol_allocation: 'Symbol',
  time_analysis: 'Day of week',
};

export const INSIGHT_PERIODS = [
  'today',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'all',
] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const PERIOD_LABELS: Record<InsightPeriod, string> = {
  today: 'Today',
  this_week: 'This week',
  last_week: 'Last week',
  this_month: 'This month',
  last_month: 'Last month',
  this_year: 'This year',
  all: 'All time',
};
const PERIOD_WORDS: Record<InsightPeriod, string> = {
  today: 'today',
  this_week: 'this week',
  last_week: 'last week',
  this_month: 'this month',
  last_month: 'last month',
  this_year: 'this year',
  all: 'overall',
};

/** The default agent tab: the assistant itself, without an agent (spec: agent tabs default ai_agent). */
export const DEFAULT_AGENT_TAB = 'ai_agent';

export type AiView = {
  chat: string;
  agent: string;
  insight: InsightTab;
  account: string;
  period: InsightPeriod;
};

export const defaultAiView: AiView = {
  chat: '',
  agent: DEFAULT_AGENT_TAB,
  insight: 'performance',
  account: '',
  period: 'this_week',
};

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

export function aiViewOf(params: URLSearchParams): AiView {
  return {
    chat: params.get('chat') ?? '',
    agent: params.get('agent') || DEFAULT_AGENT_TAB,
    insight: oneOf(INSIGHT_TABS, params.get('insight'), defaultAiView.insight),
    account: params.get('account') ?? '',
    period: oneOf(INSIGHT_PERIODS, params.get('period'), defaultAiView.period),
  };
}

export function aiParamsOf(view: AiView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['chat', 'agent', 'insight', 'account', 'period'] as const) {
    if (view[key] && view[key] !== defaultAiView[key]) params.set(key, view[key]);
  }
  return params;
}

/** The question an insight tab asks the analyst, in words it understands (docs/ai-analyst.md). */
export function insightQuestion(tab: InsightTab, period: InsightPeriod): string {
  const when = PERIOD_WORDS[period];
  switch (tab) {
    case 'performance':
      return period === 'all' ? 'How did I do overall?' : `How did I do ${when}?`;
    case 'time':
      return `How did I do by hour of day ${when}?`;
    case 'symbol_allocation':
      return `How did I do by symbol ${when}?`;
    case 'time_analysis':
      return `How did I do by day of week ${when}?`;
  }
}

/** The chart an insight tab shows (the answer's chart_type). */
export const INSIGHT_CHART: Record<InsightTab, string> = {
  performance: 'equity',
  time: 'time',
  symbol_allocation: 'symbol_allocation',
  time_analysis: 'day_of_week',
};
