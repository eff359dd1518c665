/**
 * The journal screen's state in the address (spec section 2 "Journal": main tabs overview, setup_view, details),
 * so a reload or a shared link opens the same month, day and tab. Defaults are left out of the address.
 */

export const journalTabs = ['overview', 'setup_view', 'details'] as const;
export type JournalTab = (typeof journalTabs)[number];

export const journalTabLabels: Record<JournalTab, string> = {
  overview: 'Overview',
  setup_view: 'Setups',
  details: 'Details',
};

/** How several accounts show in a day: summed, or each on its own line. */
export type AccountsMode = 'together' | 'apart';

export type JournalView = {
  tab: JournalTab;
  /** yyyy-mm of the month the calendar shows; '' for the current month. */
  month: string;
  /** yyyy-mm-dd of the day whose entry is open; '' for none. */
  day: string;
  /** Account ids shown, none for every account. */
  accounts: string[];
  mode: AccountsMode;
};

export const defaultJournalView: JournalView = { tab: 'overview', month: '', day: '', accounts: [], mode: 'together' };

const dayPattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const idPattern = /^[A-Za-z0-9-]{1,64}$/;

export const isDay = (value: string): boolean => dayPattern.test(value);

export function journalViewOf(params: URLSearchParams): JournalView {
  const tab = params.get('tab') ?? '';
  const month = params.get('month') ?? '';
  const day = params.get('day') ?? '';
  const accounts = (params.get('accounts') ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => idPattern.test(a));
  return {
    tab: (journalTabs as readonly string[]).includes(tab) ? (tab as JournalTab) : 'overview',
    month: monthPattern.test(month) ? month : '',
    day: dayPattern.test(day) ? day : '',
    accounts: [...new Set(accounts)].slice(0, 20),
    mode: params.get('mode') === 'apart' ? 'apart' : 'together',
  };
}

export function journalParamsOf(view: JournalView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== 'overview') params.set('tab', view.tab);
  if (view.month) params.set('month', view.month);
  if (view.day) params.set('day', view.day);
  if (view.accounts.length) params.set('accounts', view.accounts.join(','));
  if (view.mode === 'apart') params.set('mode', 'apart');
  return params;
}

// ---- calendar days (yyyy-mm-dd strings, no time zone: the user's own days) --------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd of `date` in `timeZone`. */
export function dayIn(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function addDays(d: string, n: number): string {
  const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, dd + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 1 Monday … 7 Sunday. */
export function isoWeekday(d: string): number {
  const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, dd)).getUTCDay() + 6) % 7) + 1;
}

/** yyyy-mm of the month `delta` months after the yyyy-mm month. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}`;
}

/** The weeks (Monday to Sunday) a month's grid shows, each as its seven days. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const next = `${shiftMonth(month, 1)}-01`;
  const weeks: string[][] = [];
  let monday = addDays(first, 1 - isoWeekday(first));
  while (monday < next) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
    monday = addDays(monday, 7);
  }
  return weeks;
}

/** The first and last day (yyyy-mm-dd) the month's grid shows, whole weeks. */
export function gridRange(month: string): { from: string; to: string } {
  const weeks = monthWeeks(month);
  return { from: weeks[0]?.[0] ?? `${month}-01`, to: weeks.at(-1)?.[6] ?? `${month}-28` };
}
