import {
  CALENDAR_HISTORY_RELEASES,
  CALENDAR_MOVE_WINDOW_MINUTES,
  type EconomicEventDetail,
  type EconomicRelease,
  type InstrumentMove,
} from '@tradedesk/contracts';
import type { SimulatedMarket } from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { calendarEventNotFound } from './calendar.errors.js';
import { rowEconomicWire, simEconomicWire } from './calendar.records.js';
import type { CalendarRepository } from './calendar.repository.js';
import type { CalendarService, SimCalendar } from './calendar.service.js';

/** Instruments whose moves a detail measures, and past releases per instrument (cheap: two minute bars each). */
const MAX_MOVE_INSTRUMENTS = 4;
const MAX_MOVE_RELEASES = 12;

/**
 * An economic event's detail: its indicator (description and schedule), the history of past releases for the
 * chart, and how the simulated market's instruments moved over the 90 minutes after each past release.
 */
export function createCalendarDetail(deps: {
  calendar: CalendarService;
  repo: CalendarRepository;
  sim: SimCalendar;
  market: Pick<SimulatedMarket, 'minuteBar'>;
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
      const avg =
        moves.length === 0 ? null : moves.reduce((s, m) => s + Math.abs(m.changePercent), 0) / moves.length;
      return { instrumentId, moves, averageAbsMovePercent: avg === null ? null : Math.round(avg * 10_000) / 10_000 };
    });
  }

  return {
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
