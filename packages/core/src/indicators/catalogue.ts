import { MEAN_REVERSION } from './catalogue/mean-reversion.js';
import { OSCILLATORS } from './catalogue/oscillators.js';
import { PRICE_ACTION } from './catalogue/price-action.js';
import { TREND } from './catalogue/trend.js';
import { VOLATILITY } from './catalogue/volatility.js';
import { VOLUME } from './catalogue/volume.js';
import type { IndicatorEntry } from './define.js';
import { INDICATOR_GROUPS, type IndicatorDefinition, type IndicatorGroup } from './types.js';

/** Every indicator, grouped in the order of the spec's filter tabs. */
export const INDICATORS: readonly IndicatorEntry[] = [
  ...TREND,
  ...OSCILLATORS,
  ...VOLUME,
  ...VOLATILITY,
  ...PRICE_ACTION,
  ...MEAN_REVERSION,
];

const BY_ID = new Map<string, IndicatorEntry>(INDICATORS.map((e) => [e.definition.id, e]));
const BY_LOWER_NAME = new Map<string, IndicatorEntry>();
for (const e of INDICATORS) {
  BY_LOWER_NAME.set(e.definition.id.toLowerCase(), e);
  BY_LOWER_NAME.set(e.definition.shortName.toLowerCase(), e);
}

/** The catalogue entry named by id ("rsi"), or case-insensitively by id or short name ("RSI", "BB"). */
export function findIndicator(name: string): IndicatorEntry | undefined {
  return BY_ID.get(name) ?? BY_LOWER_NAME.get(name.toLowerCase());
}

export interface IndicatorListQuery {
  /** 1-based page; default 1. */
  readonly page?: number;
  /** Items per page; default 100 (the spec's default). */
  readonly limit?: number;
  /** Case-insensitive text matched against id, name, short name and group. */
  readonly search?: string;
  readonly group?: IndicatorGroup;
}

export interface IndicatorListPage {
  readonly items: readonly IndicatorDefinition[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}

export const INDICATOR_LIST_DEFAULTS = { page: 1, limit: 100 } as const;

/** One page of indicator definitions matching the query, in catalogue order (the logic behind GET /indicators/list). */
export function listIndicators(query: IndicatorListQuery = {}): IndicatorListPage {
  const page = query.page ?? INDICATOR_LIST_DEFAULTS.page;
  const limit = query.limit ?? INDICATOR_LIST_DEFAULTS.limit;
  const needle = query.search?.trim().toLowerCase() ?? '';
  const matches = INDICATORS.map((e) => e.definition).filter(
    (d) =>
      (!query.group || d.group === query.group) &&
      (needle === '' ||
        d.id.toLowerCase().includes(needle) ||
        d.name.toLowerCase().includes(needle) ||
        d.shortName.toLowerCase().includes(needle) ||
        d.group.toLowerCase().includes(needle)),
  );
  const start = (page - 1) * limit;
  return { items: matches.slice(start, start + limit), total: matches.length, page, limit };
}

/** Number of indicators in each group. */
export function indicatorGroupCounts(): Readonly<Record<IndicatorGroup, number>> {
  const counts = Object.fromEntries(INDICATOR_GROUPS.map((g) => [g, 0])) as Record<IndicatorGroup, number>;
  for (const e of INDICATORS) counts[e.definition.group]++;
  return counts;
}
