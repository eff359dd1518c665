import { CALENDAR_IMPACTS, type CalendarImpact } from '@tradedesk/contracts';
import { epochDayOf, localToUtcMs } from '@tradedesk/core';
import { XMLParser } from 'fast-xml-parser';
import { COUNTRY_OF, CURRENCY_OF, moversOf } from './calendar.records.js';
import type { CalendarEventInput } from './calendar.repository.js';

/**
 * Economic-calendar feeds in the common weekly shapes:
 * - XML: `<weeklyevents><event><title/><country/><date/><time/><impact/><forecast/><previous/><actual/></event>...`
 *   with dates MM-DD-YYYY and times such as 8:30am (or All Day, Tentative) in the feed's time zone, `country`
 *   a currency (USD) or a country code (US);
 * - JSON: an array of `{ title, country, date (ISO 8601 with its offset), impact, forecast, previous, actual? }`.
 * Figures are text such as 0.3%, 185K, -1.2B or 52.1; the number is kept, the suffix is the unit.
 */

export class FeedFormatError extends Error {}

export type ParsedFigure = { value: number | null; unit: string | null };

/** "0.3%" -> 0.3 %, "185K" -> 185 K, "" -> null. */
export function parseFigure(raw: unknown): ParsedFigure {
  if (typeof raw === 'number') return { value: Number.isFinite(raw) ? raw : null, unit: null };
  if (typeof raw !== 'string') return { value: null, unit: null };
  const m = /^\s*([<>]?)\s*([-+−]?\d+(?:[.,]\d+)?)\s*([%KMBT]|bps)?\s*$/i.exec(raw.replace(/,(?=\d{3}\b)/g, ''));
  if (!m) return { value: null, unit: null };
  const value = Number(m[2]!.replace('−', '-').replace(',', '.'));
  return { value: Number.isFinite(value) ? value : null, unit: m[3] ? m[3].toUpperCase().replace('BPS', 'bps') : null };
}

export function parseImpact(raw: unknown): CalendarImpact {
  const v = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if ((CALENDAR_IMPACTS as readonly string[]).includes(v)) return v as CalendarImpact;
  if (v === 'red' || v === '3') return 'high';
  if (v === 'orange' || v === 'ora' || v === '2') return 'medium';
  return 'low'; // Low, Holiday, Non-Economic, yellow, gray
}

/** The country code and currency of a feed's `country` (a currency such as USD, or a code such as US). */
export function countryAndCurrency(raw: unknown): { country: string; currency: string } {
  const v = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (COUNTRY_OF[v]) return { country: COUNTRY_OF[v], currency: v };
  if (CURRENCY_OF[v]) return { country: v, currency: CURRENCY_OF[v] };
  return { country: v, currency: v };
}

/** MM-DD-YYYY and 8:30am (or All Day) in `timeZone` -> unix ms; null when unreadable. */
export function weeklyTime(date: string, time: string, timeZone: string): number | null {
  const d = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(date.trim());
  if (!d) return null;
  const month = Number(d[1]);
  const day = Number(d[2]);
  const year = Number(d[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const epochDay = epochDayOf(year, month, day);
  const t = /^(\d{1,2}):(\d{2})\s*([ap]m)?$/i.exec(time.trim());
  let minute = 0; // All Day, Tentative, empty: the start of the day
  if (t) {
    let hour = Number(t[1]);
    const ampm = t[3]?.toLowerCase();
    if (ampm === 'pm' && hour < 12) hour += 12;
    if (ampm === 'am' && hour === 12) hour = 0;
    if (hour > 23 || Number(t[2]) > 59) return null;
    minute = hour * 60 + Number(t[2]);
  }
  return localToUtcMs(timeZone, epochDay, minute);
}

function economicInput(
  source: string,
  fields: { title: unknown; country: unknown; timeMs: number; impact: unknown; forecast: unknown; previous: unknown; actual: unknown },
): CalendarEventInput | null {
  const title = typeof fields.title === 'string' ? fields.title.trim().slice(0, 200) : '';
  if (!title) return null;
  const { country, currency } = countryAndCurrency(fields.country);
  const forecast = parseFigure(fields.forecast);
  const prior = parseFigure(fields.previous);
  const actual = parseFigure(fields.actual);
  const unit = actual.unit ?? forecast.unit ?? prior.unit;
  return {
    kind: 'economic',
    source,
    title,
    country,
    timeMs: fields.timeMs,
    data: {
      currency,
      impact: parseImpact(fields.impact),
      unit,
      decimals: decimalsOf(fields.forecast, fields.previous, fields.actual),
      forecast: forecast.value,
      prior: prior.value,
      actual: actual.value,
      period: null,
      instruments: moversOf(currency),
    },
  };
}

function decimalsOf(...raws: unknown[]): number {
  let most = 0;
  for (const r of raws) {
    const m = typeof r === 'string' ? /[.,](\d+)/.exec(r) : null;
    if (m) most = Math.max(most, m[1]!.length);
  }
  return Math.min(most, 6);
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Events of a weekly XML feed; rows without a title or a readable date are skipped. */
export function parseWeeklyXml(xml: string, source: string, timeZone: string): CalendarEventInput[] {
  const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: true });
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch (error) {
    throw new FeedFormatError(`The feed is not well-formed XML: ${error instanceof Error ? error.message : error}`);
  }
  const root = (doc as { weeklyevents?: { event?: unknown } } | undefined)?.weeklyevents;
  if (root === undefined) throw new FeedFormatError('The feed has no <weeklyevents> element.');
  const events = root && typeof root === 'object' ? (root as { event?: unknown }).event : undefined;
  const list = events === undefined ? [] : Array.isArray(events) ? events : [events];
  const out: CalendarEventInput[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const e = raw as Record<string, unknown>;
    const timeMs = weeklyTime(text(e.date), text(e.time), timeZone);
    if (timeMs === null) continue;
    const input = economicInput(source, {
      title: text(e.title),
      country: text(e.country),
      timeMs,
      impact: text(e.impact),
      forecast: text(e.forecast),
      previous: text(e.previous),
      actual: text(e.actual),
    });
    if (input) out.push(input);
  }
  return out;
}

/** Events of a JSON feed (an array, or `{ events: [...] }`). */
export function parseJsonFeed(json: string, source: string): CalendarEventInput[] {
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch (error) {
    throw new FeedFormatError(`The feed is not valid JSON: ${error instanceof Error ? error.message : error}`);
  }
  const list = Array.isArray(doc) ? doc : (doc as { events?: unknown } | null)?.events;
  if (!Array.isArray(list)) throw new FeedFormatError('The feed is not a list of events.');
  const out: CalendarEventInput[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const e = raw as Record<string, unknown>;
    const timeMs = typeof e.date === 'string' ? Date.parse(e.date) : Number.NaN;
    if (!Number.isFinite(timeMs)) continue;
    const input = economicInput(source, {
      title: e.title,
      country: e.country,
      timeMs,
      impact: e.impact,
      forecast: e.forecast,
      previous: e.previous,
      actual: e.actual,
    });
    if (input) out.push(input);
  }
  return out;
}

/** Either shape, told from the content (a feed's content type is often wrong). */
export function parseEconomicFeed(body: string, source: string, timeZone: string): CalendarEventInput[] {
  const head = body.trimStart();
  if (head.startsWith('[') || head.startsWith('{')) return parseJsonFeed(body, source);
  return parseWeeklyXml(body, source, timeZone);
}
