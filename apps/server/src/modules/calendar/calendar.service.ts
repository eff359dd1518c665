import {
  CALENDAR_DEFAULT_RANGE_DAYS,
  CALENDAR_SIMULATED_SOURCE,
  type CalendarAnswer,
  type CalendarImpact,
  type CalendarQuery,
  calendarInstant,
  type EarningsEvent,
  type EconomicCalendarQuery,
  type EconomicEvent,
  type IpoEvent,
} from '@tradedesk/contracts';
import type * as core from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import {
  rowEarningsWire,
  rowEconomicWire,
  rowIpoWire,
  simEarningsWire,
  simEconomicWire,
  simIpoWire,
} from './calendar.records.js';
import type { CalendarEventInput, CalendarRepository } from './calendar.repository.js';
import type { CalendarEventRow } from './calendar.table.js';

/** The simulated calendar of packages/core (injected, so tests can pin a small world). */
export type SimCalendar = Pick<
  typeof core,
  | 'economicEvents'
  | 'economicEventById'
  | 'pastReleases'
  | 'earningsEvents'
  | 'earningsEventById'
  | 'earningsMarketCap'
  | 'pastEarnings'
  | 'ipoEvents'
  | 'ipoEventById'
  | 'ipoPriceHistory'
  | 'ECONOMIC_INDICATORS'
>;

/** A share's price at an instant in its quote (the simulated market's mid), or null when it has none. */
export type SharePrice = (instrumentId: string, ms: number) => number | null;

export type EconomicFilters = { impact?: readonly CalendarImpact[]; countries?: readonly string[] };

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Feed events `near` keeps in memory between database reads (refreshed at once when a feed is stored). */
const NEAR_CACHE_MS = 60_000;

/** By time, then title (company), then id: the same order on every call. */
const byTime = <T extends { time: string; id: string; title?: string; company?: string }>(a: T, b: T) =>
  a.time < b.time
    ? -1
    : a.time > b.time
      ? 1
      : (a.title ?? a.company ?? '').localeCompare(b.title ?? b.company ?? '') || a.id.localeCompare(b.id);

/**
 * The one calendar of the server: the simulated calendar (source "Simulated", shown unless
 * CALENDAR_SIMULATED=false) merged with the events of feeds and imports (each labelled with its source, always
 * shown). The two are not de-duplicated against each other: a feed's real NFP and the simulated NFP both appear,
 * each with its source, so nothing simulated passes for real. Answers hide released figures before their time.
 */
export function createCalendarService(deps: {
  repo: CalendarRepository;
  clock: Clock;
  sim: SimCalendar;
  /** Include the simulated calendar (CALENDAR_SIMULATED, default true). */
  simulated: boolean;
  /** The simulated market's price of a share, for the market cap of simulated reports. */
  price?: SharePrice;
}) {
  const { repo, clock, sim, simulated } = deps;
  const price = deps.price ?? (() => null);

  /**
   * A simulated report as the client sees it at `t`: the market cap at the share's price when the report came out,
   * or the current price while it is still to come (later prices are not known yet).
   */
  function earningsWire(e: core.SimEarningsEvent, t: number): EarningsEvent {
    const p = price(e.instrumentId, Math.min(e.timeMs, t));
    return simEarningsWire(e, t, p === null ? null : sim.earningsMarketCap(e, p));
  }
  const now = () => clock.now().getTime();
  let nearCache: { fromMs: number; toMs: number; rows: CalendarEventRow[]; loadedAt: number } | undefined;

  function matches(e: EconomicEvent, f: EconomicFilters): boolean {
    if (f.impact && f.impact.length > 0 && !f.impact.includes(e.impact)) return false;
    if (f.countries && f.countries.length > 0) {
      const wanted = f.countries.map((c) => c.toUpperCase());
      if (!wanted.includes(e.country.toUpperCase()) && !wanted.includes(e.currency.toUpperCase())) return false;
    }
    return true;
  }

  async function economic(fromMs: number, toMs: number, filters: EconomicFilters = {}): Promise<EconomicEvent[]> {
    const t = now();
    const out = simulated ? sim.economicEvents(fromMs, toMs).map((e) => simEconomicWire(e, t)) : [];
    for (const row of await repo.inRange('economic', fromMs, toMs)) out.push(rowEconomicWire(row, t));
    return out.filter((e) => matches(e, filters)).sort(byTime);
  }

  async function earnings(fromMs: number, toMs: number): Promise<EarningsEvent[]> {
    const t = now();
    const out = simulated ? sim.earningsEvents(fromMs, toMs).map((e) => earningsWire(e, t)) : [];
    for (const row of await repo.inRange('earnings', fromMs, toMs)) out.push(rowEarningsWire(row, t));
    return out.sort(byTime);
  }

  async function ipos(fromMs: number, toMs: number): Promise<IpoEvent[]> {
    const t = now();
    const out = simulated ? sim.ipoEvents(fromMs, toMs).map((e) => simIpoWire(e, t)) : [];
    for (const row of await repo.inRange('ipo', fromMs, toMs)) out.push(rowIpoWire(row, t));
    return out.sort(byTime);
  }

  /** The range of a query: its `from` and `to`, or the current week (Monday 00:00 UTC to the next Monday). */
  function rangeOf(q: { from?: string | undefined; to?: string | undefined }): { fromMs: number; toMs: number } {
    if (q.from && q.to) return { fromMs: calendarInstant(q.from, false), toMs: calendarInstant(q.to, true) };
    const span = CALENDAR_DEFAULT_RANGE_DAYS * DAY_MS;
    if (q.from) {
      const fromMs = calendarInstant(q.from, false);
      return { fromMs, toMs: fromMs + span };
    }
    if (q.to) {
      const toMs = calendarInstant(q.to, true);
      return { fromMs: toMs - span, toMs };
    }
    const today = Math.floor(now() / DAY_MS) * DAY_MS;
    const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
    return { fromMs: monday, toMs: monday + span };
  }

  const range = (r: { fromMs: number; toMs: number }) => ({
    from: new Date(r.fromMs).toISOString(),
    to: new Date(r.toMs).toISOString(),
  });

  return {
    economic,
    earnings,
    ipos,
    rangeOf,

    /**
     * Economic events within `windowMs` either side of `ms` (the prop news-blackout rule, journal news tags,
     * calendar alerts). Feed events are read from a copy refreshed at most every minute, or at once after a
     * feed or import is stored by this process.
     */
    async near(ms: number, windowMs: number, filters: EconomicFilters = {}): Promise<EconomicEvent[]> {
      const fromMs = ms - windowMs;
      const toMs = ms + windowMs + 1;
      const t = now();
      const out = simulated ? sim.economicEvents(fromMs, toMs).map((e) => simEconomicWire(e, t)) : [];
      const c = nearCache;
      if (!c || fromMs < c.fromMs || toMs > c.toMs || Math.abs(t - c.loadedAt) > NEAR_CACHE_MS) {
        // a day either side, so the next calls of a job that moves with time hit the copy
        const from = fromMs - DAY_MS;
        const to = toMs + DAY_MS;
        nearCache = { fromMs: from, toMs: to, rows: await repo.inRange('economic', from, to), loadedAt: t };
      }
      for (const row of nearCache!.rows) {
        const timeMs = row.time.getTime();
        if (timeMs >= fromMs && timeMs < toMs) out.push(rowEconomicWire(row, t));
      }
      return out.filter((e) => matches(e, filters)).sort(byTime);
    },

    async calendar(q: CalendarQuery): Promise<CalendarAnswer> {
      const r = rangeOf(q);
      const [eco, earn, ipo] = await Promise.all([
        economic(r.fromMs, r.toMs, { impact: q.impact }),
        earnings(r.fromMs, r.toMs),
        ipos(r.fromMs, r.toMs),
      ]);
      const sources = new Set<string>();
      for (const e of [...eco, ...earn, ...ipo]) sources.add(e.source);
      return { ...range(r), economic: eco, earnings: earn, ipos: ipo, sources: [...sources].sort() };
    },

    async economicList(q: EconomicCalendarQuery) {
      const r = rangeOf(q);
      const events = await economic(r.fromMs, r.toMs, { impact: q.impact, countries: q.countries });
      return { ...range(r), events: events.slice(0, q.limit), total: events.length };
    },

    async earningsList(q: { from?: string | undefined; to?: string | undefined; limit: number }) {
      const r = rangeOf(q);
      const events = await earnings(r.fromMs, r.toMs);
      return { ...range(r), events: events.slice(0, q.limit), total: events.length };
    },

    async iposList(q: { from?: string | undefined; to?: string | undefined; limit: number }) {
      const r = rangeOf(q);
      const events = await ipos(r.fromMs, r.toMs);
      return { ...range(r), events: events.slice(0, q.limit), total: events.length };
    },

    /** Stores events of a feed or an import (upserted by kind, source, title, country and time). */
    async store(events: readonly CalendarEventInput[]): Promise<number> {
      const n = await repo.upsertEvents(events, clock.now());
      nearCache = undefined;
      return n;
    },

    /** A simulated event (readable id) or a stored one (UUID), null when none has the id. */
    async economicById(id: string): Promise<{ event: EconomicEvent; row?: CalendarEventRow } | null> {
      if (UUID.test(id)) {
        const row = await repo.byId('economic', id);
        return row ? { event: rowEconomicWire(row, now()), row } : null;
      }
      if (!simulated) return null;
      const e = sim.economicEventById(id);
      return e ? { event: simEconomicWire(e, now()) } : null;
    },

    /** A simulated report (readable id) or a stored one (UUID), with what it came from; null when none has the id. */
    async earningsById(
      id: string,
    ): Promise<{ event: EarningsEvent; row?: CalendarEventRow; sim?: core.SimEarningsEvent } | null> {
      if (UUID.test(id)) {
        const row = await repo.byId('earnings', id);
        return row ? { event: rowEarningsWire(row, now()), row } : null;
      }
      const e = simulated ? sim.earningsEventById(id) : null;
      return e ? { event: earningsWire(e, now()), sim: e } : null;
    },

    /** Earlier reports of a simulated company (newest first), as the client sees them now. */
    pastEarnings(e: core.SimEarningsEvent, beforeMs: number, count: number): EarningsEvent[] {
      const t = now();
      return sim.pastEarnings(e.instrumentId, beforeMs, count).map((x) => earningsWire(x, t));
    },

    /** A simulated IPO (readable id) or a stored one (UUID), with what it came from; null when none has the id. */
    async ipoById(id: string): Promise<{ event: IpoEvent; row?: CalendarEventRow; sim?: core.SimIpoEvent } | null> {
      if (UUID.test(id)) {
        const row = await repo.byId('ipo', id);
        return row ? { event: rowIpoWire(row, now()), row } : null;
      }
      const e = simulated ? sim.ipoEventById(id) : null;
      return e ? { event: simIpoWire(e, now()), sim: e } : null;
    },

    /** The label of simulated events, for answers that state their source. */
    simulatedSource: CALENDAR_SIMULATED_SOURCE,
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
