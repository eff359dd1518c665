import * as core from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { createCalendarDetail } from './calendar.detail.js';
import { createCalendarFeedJob, parseIcsFeeds } from './calendar.job.js';
import { createCalendarRepository } from './calendar.repository.js';
import { calendarRoutes } from './calendar.routes.js';
import { createCalendarService, type SimCalendar } from './calendar.service.js';
import { createCalendarSettingsService } from './calendar.settings.js';

/**
 * The economic, earnings and IPO calendars: the simulated calendar of packages/core merged with the events of
 * feeds (fetched by a leader job) and imports, the detail answers, and each user's calendar settings. Other
 * modules use `calendar` (CalendarService). Mount the routes under /api.
 */
export function createCalendarModule(
  ctx: Pick<AppContext, 'db' | 'clock' | 'jobs' | 'config'>,
  deps: {
    market: Pick<core.SimulatedMarket, 'minuteBar' | 'candles' | 'quote'>;
    log: FastifyBaseLogger;
    sim?: SimCalendar;
  },
) {
  const settingsOf = ctx.config.calendar;
  const repo = createCalendarRepository(ctx.db);
  const sim = deps.sim ?? core;
  // the market cap of a simulated report: the same simulated market as the charts and the trading
  const price = (instrumentId: string, ms: number): number | null => {
    try {
      return deps.market.quote(instrumentId, ms).mid;
    } catch {
      return null; // an instrument the market does not price, or a time outside its range
    }
  };
  const calendar = createCalendarService({
    repo,
    clock: ctx.clock,
    sim,
    simulated: settingsOf?.simulated ?? true,
    price,
  });
  const detail = createCalendarDetail({ calendar, repo, sim, market: deps.market, clock: ctx.clock });
  const settings = createCalendarSettingsService({ repo, clock: ctx.clock });
  const feeds = settingsOf?.feedUrls ?? [];
  const ics = parseIcsFeeds(settingsOf?.icsUrls ?? []);
  const feedJob =
    feeds.length + ics.length > 0
      ? createCalendarFeedJob({
          feeds,
          ics,
          timeZone: settingsOf?.feedTimeZone ?? 'UTC',
          intervalMs: settingsOf?.feedIntervalMs ?? 3_600_000,
          timeoutMs: settingsOf?.feedTimeoutMs ?? 20_000,
          store: (events) => calendar.store(events),
          log: deps.log,
        })
      : undefined;
  if (feedJob) ctx.jobs.register(feedJob.job);
  const routes: FastifyPluginAsyncZod = calendarRoutes({ calendar, detail, settings });
  return { calendar, detail, settings, feedJob, routes };
}
export type CalendarModule = ReturnType<typeof createCalendarModule>;
