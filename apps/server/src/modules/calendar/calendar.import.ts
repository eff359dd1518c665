import { parse as parseCsv } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { countryAndCurrency, parseFigure, parseImpact } from './calendar.feeds.js';
import { moversOf } from './calendar.records.js';
import type { CalendarEventInput } from './calendar.repository.js';

/**
 * Earnings, IPO and economic calendars from a CSV file or an ICS (iCalendar) file.
 *
 * CSV: a header row naming the columns (case, spaces and underscores do not matter), one event a line.
 * Every kind: `date` (YYYY-MM-DD or ISO 8601 with offset) and optional `time` (HH:MM, UTC).
 * - earnings: company (or name), symbol (or ticker), exchange, country, industry, session, fiscal period,
 *   currency, eps estimate, eps actual, revenue estimate, revenue actual, market cap;
 * - ipos: company, ticker, exchange, country, industry, currency, price low, price high, shares offered,
 *   market cap, status, final price, description;
 * - economic: title (or event), country (a code such as US or a currency such as USD), impact, forecast,
 *   previous (or prior), actual.
 * Amounts may end in K, M, B or T (94.5B).
 *
 * ICS: each VEVENT is one event, SUMMARY its title (for earnings and IPOs the company, without a trailing
 * "Earnings" or "IPO"), DTSTART its time, LOCATION its country; DESCRIPTION lines `Key: value` fill the same
 * fields as the CSV columns (EPS estimate: 1.62).
 */

export const CALENDAR_IMPORT_KINDS = ['earnings', 'ipos', 'economic'] as const;
export type CalendarImportKind = (typeof CALENDAR_IMPORT_KINDS)[number];

export class CalendarImportError extends Error {}

const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** 94.5B -> 94_500_000_000; 1.62 -> 1.62; '' -> null. */
export function parseAmount(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const cleaned = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  const m = /^([-+]?\d+(?:\.\d+)?)\s*([KMBT])?$/i.exec(cleaned);
  if (!m) return null;
  const mult = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[(m[2] ?? '').toUpperCase() as 'K'] ?? 1;
  return Number(m[1]) * mult;
}

function timeOf(fields: Record<string, string>): number | null {
  const date = (fields.date ?? fields.datetime ?? fields.time ?? '').trim();
  if (!date) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    const t = (fields.date !== undefined ? (fields.time ?? '') : '').trim();
    const hm = /^(\d{1,2}):(\d{2})$/.exec(t);
    const ms = Date.parse(`${date}T${hm ? `${hm[1]!.padStart(2, '0')}:${hm[2]}` : '00:00'}:00Z`);
    return Number.isFinite(ms) ? ms : null;
  }
  const ms = Date.parse(date);
  return Number.isFinite(ms) ? ms : null;
}

const field = (f: Record<string, string>, ...names: string[]): string | null => {
  for (const n of names) {
    const v = f[n]?.trim();
    if (v) return v;
  }
  return null;
};

/** One event from its fields (keys already normalised), or a reason it is refused. */
function toInput(kind: CalendarImportKind, source: string, f: Record<string, string>): CalendarEventInput | string {
  const timeMs = timeOf(f);
  if (timeMs === null) return 'date is missing or not a date (2026-04-30 or 2026-04-30T20:30:00Z)';
  if (kind === 'economic') {
    const title = field(f, 'title', 'event', 'summary');
    if (!title) return 'title is missing';
    const { country, currency } = countryAndCurrency(field(f, 'country', 'currency', 'location') ?? '');
    const forecast = parseFigure(field(f, 'forecast', 'consensus') ?? '');
    const prior = parseFigure(field(f, 'previous', 'prior') ?? '');
    const actual = parseFigure(field(f, 'actual') ?? '');
    return {
      kind: 'economic',
      source,
      title: title.slice(0, 200),
      country,
      timeMs,
      data: {
        currency,
        impact: parseImpact(field(f, 'impact', 'importance') ?? ''),
        unit: actual.unit ?? forecast.unit ?? prior.unit,
        decimals: 2,
        forecast: forecast.value,
        prior: prior.value,
        actual: actual.value,
        period: field(f, 'period'),
        instruments: moversOf(currency),
      },
    };
  }
  const company = field(f, 'company', 'name', 'summary', 'title');
  if (!company) return 'company is missing';
  const country = (field(f, 'country', 'location') ?? '').toUpperCase();
  if (kind === 'earnings') {
    const symbol = field(f, 'symbol', 'ticker');
    return {
      kind: 'earnings',
      source,
      title: company.replace(/\s+(earnings|earnings call|results)$/i, '').slice(0, 200),
      country,
      timeMs,
      data: {
        instrumentId: symbol ? symbol.toUpperCase() : null,
        exchange: field(f, 'exchange'),
        industry: field(f, 'industry', 'sector'),
        session: field(f, 'session', 'when'),
        fiscalPeriod: field(f, 'fiscalperiod', 'period', 'quarter'),
        currency: field(f, 'currency'),
        epsEstimate: parseAmount(field(f, 'epsestimate', 'epsforecast', 'estimate')),
        epsActual: parseAmount(field(f, 'epsactual', 'eps', 'actual')),
        revenueEstimate: parseAmount(field(f, 'revenueestimate', 'revenueforecast')),
        revenueActual: parseAmount(field(f, 'revenueactual', 'revenue')),
        marketCap: parseAmount(field(f, 'marketcap')),
      },
    };
  }
  return {
    kind: 'ipo',
    source,
    title: company.replace(/\s+ipo$/i, '').slice(0, 200),
    country,
    timeMs,
    data: {
      ticker: field(f, 'ticker', 'symbol')?.toUpperCase() ?? null,
      exchange: field(f, 'exchange'),
      industry: field(f, 'industry', 'sector'),
      currency: field(f, 'currency'),
      priceLow: parseAmount(field(f, 'pricelow', 'lowprice')),
      priceHigh: parseAmount(field(f, 'pricehigh', 'highprice')),
      sharesOffered: parseAmount(field(f, 'sharesoffered', 'shares')),
      marketCap: parseAmount(field(f, 'marketcap')),
      status: (field(f, 'status') ?? 'expected').toLowerCase(),
      finalPrice: parseAmount(field(f, 'finalprice', 'price')),
      description: field(f, 'description'),
    },
  };
}

/** Events of a CSV file; a bad line makes the whole file refused with its line number. */
export function parseCalendarCsv(body: string, kind: CalendarImportKind, source: string): CalendarEventInput[] {
  let records: Record<string, string>[];
  try {
    records = parseCsv(body, {
      columns: (header: string[]) => header.map(key),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
    }) as Record<string, string>[];
  } catch (error) {
    throw new CalendarImportError(`The file is not a readable CSV: ${error instanceof Error ? error.message : error}`);
  }
  const out: CalendarEventInput[] = [];
  const problems: string[] = [];
  records.forEach((r, i) => {
    const input = toInput(kind, source, r);
    if (typeof input === 'string') problems.push(`line ${i + 2}: ${input}`);
    else out.push(input);
  });
  if (problems.length > 0) {
    throw new CalendarImportError(`The file has bad lines, nothing was imported:\n  ${problems.slice(0, 20).join('\n  ')}`);
  }
  return out;
}

/** Events of an iCalendar file. */
export function parseCalendarIcs(body: string, kind: CalendarImportKind, source: string): CalendarEventInput[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(body));
  } catch (error) {
    throw new CalendarImportError(`The file is not a readable iCalendar: ${error instanceof Error ? error.message : error}`);
  }
  const out: CalendarEventInput[] = [];
  for (const v of root.getAllSubcomponents('vevent')) {
    const e = new ICAL.Event(v);
    if (!e.startDate || !e.summary) continue;
    const fields: Record<string, string> = {
      summary: e.summary,
      title: e.summary,
      datetime: e.startDate.toJSDate().toISOString(),
    };
    if (e.location) fields.location = e.location;
    for (const lineText of (e.description ?? '').split(/\r?\n/)) {
      const m = /^\s*([^:]{1,60}):\s*(.*)$/.exec(lineText);
      if (m) fields[key(m[1]!)] = m[2]!.trim();
    }
    const input = toInput(kind, source, fields);
    if (typeof input !== 'string') out.push(input);
  }
  return out;
}

/** CSV or ICS, told from the content. */
export function parseCalendarFile(body: string, kind: CalendarImportKind, source: string): CalendarEventInput[] {
  return body.trimStart().startsWith('BEGIN:VCALENDAR')
    ? parseCalendarIcs(body, kind, source)
    : parseCalendarCsv(body, kind, source);
}
