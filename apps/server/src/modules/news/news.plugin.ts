import type { AppContext } from '../../platform/context.js';
import type { FeedConfig } from './news.feeds.js';
import {
  coreCalendar,
  createFeedIngest,
  createSimulatedWriter,
  type IngestLog,
  type SimulatedCalendar,
} from './news.ingest.js';
import { createNewsRepository } from './news.repository.js';
import { newsRoutes } from './news.routes.js';
import { createNewsProviders, createNewsService } from './news.service.js';

/**
 * News under /market/news: shared items from the simulated provider (written from the simulated calendar each
 * minute on the leader) and from the operator's RSS/Atom feeds (`NEWS_FEEDS`, read every NEWS_FEED_INTERVAL_MS),
 * whose logos the leader stores in the database and every process serves from this origin.
 */
export function createNewsModule(
  ctx: Pick<AppContext, 'db' | 'clock' | 'jobs' | 'config'>,
  deps: { log: IngestLog; calendar?: SimulatedCalendar; feeds?: readonly FeedConfig[] },
) {
  const repo = createNewsRepository(ctx.db);
  const feeds = deps.feeds ?? ctx.config.news.feeds;
  const providers = createNewsProviders(feeds, { simulated: ctx.config.news.simulated });
  const service = createNewsService({ repo, clock: ctx.clock, providers });
  const now = () => ctx.clock.now().getTime();
  const simulated = createSimulatedWriter({ repo, calendar: deps.calendar ?? coreCalendar, now });
  const ingest = createFeedIngest({
    repo,
    feeds,
    now,
    log: deps.log,
    timeoutMs: ctx.config.news.feedTimeoutMs,
    maxBytes: ctx.config.news.feedMaxBytes,
  });
  const stops = [
    ...(ctx.config.news.simulated
      ? [
          ctx.jobs.register({
            name: 'news-simulated',
            intervalMs: 60_000,
            run: async () => {
              try {
                await simulated.run();
              } catch (error) {
                deps.log.warn({ reason: (error as Error).message }, 'Simulated news could not be written.');
              }
            },
          }),
        ]
      : []),
    ...(feeds.length > 0
      ? [
          ctx.jobs.register({
            name: 'news-feeds',
            intervalMs: ctx.config.news.feedIntervalMs,
            run: async ({ signal }) => void (await ingest.run(signal)),
          }),
        ]
      : []),
  ];
  return {
    service,
    repo,
    simulated,
    ingest,
    stop: () => {
      for (const s of stops) s();
    },
    routes: newsRoutes({ news: service }),
  };
}
export type NewsModule = ReturnType<typeof createNewsModule>;
