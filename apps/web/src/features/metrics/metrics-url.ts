/**
 * The metrics screen's state, kept in the address (spec section 2 "Metrics"): the tabs, fullscreen, the
 * filters and the display switches survive a reload and can be shared as a link. Defaults are left out of
 * the address, so `/metrics` is the overview of the active account over all its trades.
 */

export const subTabs = [
  'overview',
  'time_analysis',
  'general',
  'daily_perf',
  'day_of_week',
  'hodl',
  'symbols',
  'symbol',
] as const;
export type SubTab = (typeof subTabs)[number];

export const subTabLabels: Record<SubTab, string> = {
  overview: 'Overview',
  time_analysis: 'Time analysis',
  general: 'General',
  daily_perf: 'Daily performance',
  day_of_week: 'Day of week',
  hodl: 'Holding time',
  symbols: 'Symbols',
  symbol: 'Symbol',
};

export const rangePresets = ['all', 'week', 'month', '30d', 'custom'] as const;
export type RangePreset = (typeof rangePresets)[number];
export const rangeLabels: Record<RangePreset, string> = {
  all: 'All time',
  week: 'This week',
  month: 'This month',
  '30d': 'Last 30 days',
  custom: 'Custom',
};

/** How money figures show: in the account currency, as % of the starting balance, or in R (initial risk). */
export type DisplayUnit = 'money' | 'percent' | 'r';
export type PnlBasis = 'net' | 'gross';
export type Direction = '' | 'long' | 'short';
/** Journal filters: trades reviewed in the journal or not; reviewed trades that followed their rules or broke them. */
export type Reviewed = '' | 'true' | 'false';
export type Discipline = '' | 'followed' | 'broke';
/** A checklist item's side: trades that met it (the server's default) or missed it. */
export type ChecklistSide = '' | 'followed' | 'broke';

export type MetricsView = {
  sub: SubTab;
  fullscreen: boolean;
  /** An account id, `all`, or '' for the active account. */
  account: string;
  range: RangePreset;
  /** yyyy-mm-dd, the user's days; used with range `custom`. */
  from: string;
  to: string;
  symbol: string;
  direction: Direction;
  session: string;
  strategy: string;
  /** An approach id (of the chosen strategy): trades the journal links to it. */
  approach: string;
  /** A checklist item id, with its side (`checklist`; '' is met). */
  checklistItem: string;
  checklist: ChecklistSide;
  reviewed: Reviewed;
  discipline: Discipline;
  unit: DisplayUnit;
  basis: PnlBasis;
  /** The symbol shown on the symbol tab. */
  detail: string;
  /** The first day (yyyy-mm-dd) of the month the calendar shows; '' for the month of the last trade. */
  month: string;
};

export const defaultView: MetricsView = {
  sub: 'overview',
  fullscreen: false,
  account: '',
  range: 'all',
  from: '',
  to: '',
  symbol: '',
  direction: '',
  session: '',
  strategy: '',
  approach: '',
  checklistItem: '',
  checklist: '',
  reviewed: '',
  discipline: '',
  unit: 'money',
  basis: 'net',
  detail: '',
  month: '',
};

const day = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;
const text = (value: string | null, max: number) => (value ?? '').trim().slice(0, max);

/** The view an address describes; anything unknown or malformed falls back to its default. */
export function viewOf(params: URLSearchParams): MetricsView {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const month = params.get('month') ?? '';
  return {
    sub: oneOf(subTabs, params.get('tab'), 'overview'),
    fullscreen: params.get('fullscreen') === '1',
    account: text(params.get('account'), 64),
    range: oneOf(rangePresets, params.get('range'), 'all'),
    from: day.test(from) ? from : '',
    to: day.test(to) ? to : '',
    symbol: text(params.get('symbol'), 20).toUpperCase(),
    direction: oneOf<Direction>(['', 'long', 'short'], params.get('direction'), ''),
    session: text(params.get('session'), 32),
    strategy: text(params.get('strategy'), 64),
    approach: text(params.get('approach'), 64),
    checklistItem: text(params.get('checklist_item'), 64),
    checklist: params.get('checklist_item')
      ? oneOf<ChecklistSide>(['', 'followed', 'broke'], params.get('checklist'), '')
      : '',
    reviewed: oneOf<Reviewed>(['', 'true', 'false'], params.get('reviewed'), ''),
    discipline: oneOf<Discipline>(['', 'followed', 'broke'], params.get('discipline'), ''),
    unit: oneOf<DisplayUnit>(['money', 'percent', 'r'], params.get('unit'), 'money'),
    basis: oneOf<PnlBasis>(['net', 'gross'], params.get('basis'), 'net'),
    detail: text(params.get('detail'), 20).toUpperCase(),
    month: day.test(month) ? month : '',
  };
}

const keys: Record<keyof MetricsView, string> = {
  sub: 'tab',
  fullscreen: 'fullscreen',
  account: 'account',
  range: 'range',
  from: 'from',
  to: 'to',
  symbol: 'symbol',
  direction: 'direction',
  session: 'session',
  strategy: 'strategy',
  approach: 'approach',
  checklistItem: 'checklist_item',
  checklist: 'checklist',
  reviewed: 'reviewed',
  discipline: 'discipline',
  unit: 'unit',
  basis: 'basis',
  detail: 'detail',
  month: 'month',
};

/** The address parameters of a view, defaults left out. */
export function paramsOf(view: MetricsView): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(keys) as Array<keyof MetricsView>) {
    const value = view[name];
    if (value === defaultView[name]) continue;
    if (name === 'fullscreen') params.set(keys[name], '1');
    else if ((name === 'from' || name === 'to') && view.range !== 'custom') continue;
    else if (name === 'checklist' && !view.checklistItem) continue;
    else params.set(keys[name], String(value));
  }
  return params;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-mm-dd of a date's calendar day in a time zone. */
export function dayIn(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day `n` days after a yyyy-mm-dd day (calendar arithmetic, no zone involved). */
export function addDays(d: string, n: number): string {
  const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, dd + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 1 Monday … 7 Sunday of a yyyy-mm-dd day. */
export function isoWeekday(d: string): number {
  const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, dd)).getUTCDay() + 6) % 7) + 1;
}

/**
 * The days (yyyy-mm-dd, inclusive, the user's zone) a range covers on `today`; null ends are open. Weeks start
 * on Monday.
 */
export function rangeDays(view: Pick<MetricsView, 'range' | 'from' | 'to'>, today: string) {
  switch (view.range) {
    case 'week':
      return { from: addDays(today, 1 - isoWeekday(today)), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'custom':
      return { from: view.from || null, to: view.to || null };
    default:
      return { from: null, to: null };
  }
}
