import type { CalendarImpact, CalendarImpactLevel } from '@tradedesk/contracts';
import { isDay, mondayOf } from './week';

/**
 * The calendar screen's state, kept in the address so a reload (or a shared link) shows the same week, tab,
 * filters and open event: `/market-intelligence/calendar?tab=economic&week=2026-03-02&impact=high&event=...`.
 * Defaults are left out of the address.
 */

export const calendarTabs = ['economic', 'earnings', 'ipos'] as const;
export type CalendarTab = (typeof calendarTabs)[number];
export const calendarTabLabels: Record<CalendarTab, string> = {
  economic: 'Economic',
  earnings: 'Earnings',
  ipos: 'IPOs',
};

export const detailTabs = ['overview', 'history', 'instruments'] as const;
export type DetailTab = (typeof detailTabs)[number];

/** The impact filter: '' follows the user's calendar settings (impactLevel), the others override them. */
export type ImpactFilter = '' | CalendarImpactLevel;

export type CalendarView = {
  tab: CalendarTab;
  /** The Monday of the week shown; '' for this week. */
  week: string;
  impact: ImpactFilter;
  /** A country code (US, EU, GB...); '' for every country. */
  country: string;
  /** The id of the event whose detail drawer is open; '' for none. */
  event: string;
  /** The economic drawer's tab. */
  detail: DetailTab;
};

export const defaultCalendarView: CalendarView = {
  tab: 'economic',
  week: '',
  impact: '',
  country: '',
  event: '',
  detail: 'overview',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;
const impactLevels: readonly CalendarImpactLevel[] = ['All', 'low', 'medium', 'high'];

/** The view an address describes; anything unknown or malformed falls back to its default. */
export function calendarViewOf(params: URLSearchParams): CalendarView {
  const week = params.get('week');
  const country = (params.get('country') ?? '').trim().toUpperCase();
  const event = (params.get('event') ?? '').trim();
  return {
    tab: oneOf(calendarTabs, params.get('tab'), 'economic'),
    // Any day of a week stands for its Monday.
    week: isDay(week) ? mondayOf(week) : '',
    impact: oneOf<ImpactFilter>(['', ...impactLevels], params.get('impact'), ''),
    country: /^[A-Z]{2,3}$/.test(country) ? country : '',
    event: /^[A-Za-z0-9._:-]{1,160}$/.test(event) ? event : '',
    detail: oneOf(detailTabs, params.get('detail'), 'overview'),
  };
}

/** The address parameters of a view, defaults left out (the drawer's tab only while an event is open). */
export function calendarParamsOf(view: CalendarView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== 'economic') params.set('tab', view.tab);
  if (view.week) params.set('week', view.week);
  if (view.impact) params.set('impact', view.impact);
  if (view.country) params.set('country', view.country);
  if (view.event) {
    params.set('event', view.event);
    if (view.detail !== 'overview') params.set('detail', view.detail);
  }
  return params;
}

const rank: Record<CalendarImpact, number> = { low: 1, medium: 2, high: 3 };

/** Importance as 1 to 3 bars. */
export const impactBars = (impact: CalendarImpact): 1 | 2 | 3 => rank[impact] as 1 | 2 | 3;

/** Whether an event of `impact` passes the level: All and low show every event, medium medium and high. */
export function passesImpact(impact: CalendarImpact, level: CalendarImpactLevel): boolean {
  return level === 'All' || rank[impact] >= rank[level];
}

export const impactFilterLabels: Record<CalendarImpactLevel, string> = {
  All: 'All',
  low: 'Low and above',
  medium: 'Medium and above',
  high: 'High',
};
