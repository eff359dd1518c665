import {
  CALENDAR_EARNINGS_HISTORY_QUARTERS,
  CALENDAR_HISTORY_RELEASES,
  CALENDAR_MOVE_WINDOW_MINUTES,
  CALENDAR_SIMULATED_SOURCE,
  type EarningsEvent,
  type EarningsEventDetail,
  type EarningsQuarter,
  type EconomicEventDetail,
  type EconomicRelease,
  type InstrumentMove,
  type IpoEventDetail,
  type IpoPricePoint,
  SIMULATED_LABEL,
} from '@tradedesk/contracts';
import { findInstrument, type SimulatedMarket } from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { calendarEventNotFound } from './calendar.errors.js';
import { rowEarningsWire, rowEconomicWire, simEconomicWire } from './calendar.records.js';
import type { CalendarRepository } from './calendar.repository.js';
import type { CalendarService, SimCalendar } from './calendar.service.js';

/** Instruments whose moves a detail measures, and past releases per instrument (cheap: two minute bars each). */
const MAX_MOVE_INSTRUMENTS = 4;
const MAX_MOVE_RELEASES = 12;

/** Sessions of daily closes an IPO's price history shows before it thins them to weekly, and weeks before monthly. */
const IPO_DAILY_SESSIONS = 260;
const IPO_WEEKLY_WEEKS = 520;
const DAY_MS = 86_400_000;

/**
 * The detail answers: an economic event's indicator (description and schedule), the history of past releases for
 * the chart, and how the simulated market's instruments moved over the 90 minutes after each past release; an
 * earnings report's past quarters; an IPO's closing prices since its listing.
 */
export function createCalendarDetail(deps: {
  calendar: CalendarService;
  repo: CalendarRepository;
  sim: SimCalendar;
  market: Pick<SimulatedMarket, 'minuteBar' | 'candles'>;
  clock: Clock;
}) {
  const { calendar, repo, sim, market, clock } = deps;

  /** Percent change from the close of the minute before `timeMs` to the close 90 minutes later; null if closed. */
  function moveAfter(instrumentId: string, timeMs: number): number | null {
    try {
      const t = Math.floor(timeMs / 1000);
      const before = market.minuteBar(instrumentId, t - 60);
      const after = market.minuteBar(instrumentId, t + (CALENDAR_MOVE_WINDOW_MINUTES - 1) * 60);
      if (!before || !after || before.close === 0) return null;
      return Math.round(((after.close - before.close) / before.close) * 100 * 10_000) / 10_000;
    } catch {
      return null; // an instrument the simulated market does not know (a feed's)
    }
  }

  function movesOf(instruments: readonly string[], releases: readonly EconomicRelease[], nowMs: number) {
    const past = releases.filter((r) => Date.parse(r.time) + CALENDAR_MOVE_WINDOW_MINUTES * 60_000 <= nowMs);
    const recent = past.slice(-MAX_MOVE_RELEASES);
    return instruments.slice(0, MAX_MOVE_INSTRUMENTS).map((instrumentId): InstrumentMove => {
      const moves: InstrumentMove['moves'] = [];
      for (const r of recent) {
        const change = moveAfter(instrumentId, Date.parse(r.time));
        if (change !== null) moves.push({ releaseId: r.id, time: r.time, changePercent: change });
      }
      const avg = moves.length === 0 ? null : moves.reduce((s, m) => s + Math.abs(m.changePercent), 0) / moves.length;
      return { instrumentId, moves, averageAbsMovePercent: avg === null ? null : Math.round(avg * 10_000) / 10_000 };
    });
  }

  /** Closes of a catalogue share from `fromMs` to `nowMs` in the simulated market, thinned like the model's. */
  function marketCloses(instrumentId: string, fromMs: number, nowMs: number): IpoPricePoint[] {
    const days = (nowMs - fromMs) / DAY_MS;
    const timeframe = days <= (IPO_DAILY_SESSIONS * 7) / 5 ? '1D' : days <= IPO_WEEKLY_WEEKS * 7 ? '1W' : '1M';
    try {
      return market
        .candles(instrumentId, timeframe, { from: Math.floor(fromMs / 1000), asOfMs: nowMs, limit: 1000 })
        .map((c) => ({ time: new Date(c.time * 1000).toISOString(), close: c.close }));
    } catch {
      return []; // before the simulated range
    }
  }

  return {
    async earnings(id: string): Promise<EarningsEventDetail> {
      const found = await calendar.earningsById(id);
      if (!found) throw calendarEventNotFound();
      const { event, row } = found;
      const nowMs = clock.now().getTime();
      // the quarters before this report that are already out
      const beforeMs = Math.min(Date.parse(event.time), nowMs + 1);
      const count = CALENDAR_EARNINGS_HISTORY_QUARTERS;
      let past: EarningsEvent[] = [];
      if (row) {
        past = (await repo.earlier(row, count))
          .filter((r) => r.time.getTime() < beforeMs)
          .map((r) => rowEarningsWire(r, nowMs));
      } else if (found.sim) {
        past = calendar.pastEarnings(found.sim, beforeMs, count);
      }
      return { event, history: past.reverse().map(quarter) };
    },

    async ipo(id: string): Promise<IpoEventDetail> {
      const found = await calendar.ipoById(id);
      if (!found) throw calendarEventNotFound();
      const { event } = found;
      const nowMs = clock.now().getTime();
      const listedMs = Date.parse(event.time);
      let priceHistory: IpoPricePoint[] = [];
      let priceSource: string | null = null;
      const ticker = event.ticker ?? '';
      const share = findInstrument(ticker);
      if (nowMs >= listedMs && share?.source === 'STOCKS') {
        priceHistory = marketCloses(share.id, listedMs, nowMs);
        priceSource = SIMULATED_LABEL;
      } else if (found.sim) {
        priceHistory = sim
          .ipoPriceHistory(found.sim, nowMs)
          .map((p) => ({ time: new Date(p.timeMs).toISOString(), close: p.close }));
        priceSource = CALENDAR_SIMULATED_SOURCE;
      }
      if (priceHistory.length === 0) priceSource = null;
      const last = priceHistory.at(-1)?.close;
      const offer = event.finalPrice;
      return {
        event,
        priceHistory,
        priceSource,
        changeSinceOfferPercent:
          last === undefined || offer === null || offer === 0 ? null : round2(((last - offer) / offer) * 100),
      };
    },

    async economic(id: string): Promise<EconomicEventDetail> {
      const found = await calendar.economicById(id);
      if (!found) throw calendarEventNotFound();
      const { event, row } = found;
      const nowMs = clock.now().getTime();
      const eventMs = Date.parse(event.time);
      // past releases: before the event, and only those already out
      const beforeMs = Math.min(eventMs, nowMs + 1);
      let history: EconomicRelease[];
      let indicator: EconomicEventDetail['indicator'] = null;
      if (row) {
        const earlier = await repo.earlier(row, CALENDAR_HISTORY_RELEASES);
        history = earlier
          .filter((r) => r.time.getTime() < beforeMs)
          .map((r) => rowEconomicWire(r, nowMs))
          .reverse()
          .map(release);
      } else {
        const code = event.code ?? '';
        const ind = sim.ECONOMIC_INDICATORS.find((i) => i.code === code);
        if (ind) {
          indicator = {
            code: ind.code,
            name: ind.title,
            description: ind.description,
            schedule: ind.schedule,
            country: ind.country,
            currency: ind.currency,
            impact: ind.impact,
            unit: ind.unit || null,
          };
        }
        history = sim
          .pastReleases(code, beforeMs, CALENDAR_HISTORY_RELEASES)
          .map((e) => simEconomicWire(e, nowMs))
          .sort((a, b) => (a.time < b.time ? -1 : 1))
          .map(release);
      }
      return { event, indicator, history, instruments: movesOf(event.instruments, history, nowMs) };
    },
  };
}
export type CalendarDetail = ReturnType<typeof createCalendarDetail>;

function release(e: {
  id: string;
  time: string;
  period: string | null;
  actual: number | null;
  forecast: number | null;
  prior: number | null;
  surprise: number | null;
}): EconomicRelease {
  return {
    id: e.id,
    time: e.time,
    period: e.period,
    actual: e.actual,
    forecast: e.forecast,
    prior: e.prior,
    surprise: e.surprise,
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function surprisePercent(actual: number | null, estimate: number | null): number | null {
  if (actual === null || estimate === null || estimate === 0) return null;
  return round2(((actual - estimate) / Math.abs(estimate)) * 100);
}

function quarter(e: EarningsEvent): EarningsQuarter {
  return {
    id: e.id,
    time: e.time,
    fiscalPeriod: e.fiscalPeriod,
    epsEstimate: e.epsEstimate,
    epsActual: e.epsActual,
    revenueEstimate: e.revenueEstimate,
    revenueActual: e.revenueActual,
    epsSurprisePercent: surprisePercent(e.epsActual, e.epsEstimate),
    revenueSurprisePercent: surprisePercent(e.revenueActual, e.revenueEstimate),
  };
}
