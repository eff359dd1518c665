import type { JobDefinition } from '../../platform/jobs/job-runner.js';
import { parseEconomicFeed } from './calendar.feeds.js';
import { type CalendarImportKind, parseCalendarFile } from './calendar.import.js';
import type { CalendarEventInput } from './calendar.repository.js';

export type CalendarFeedLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/** An ICS (or CSV) calendar URL and the kind of its events (`earnings=https://...`; earnings by default). */
export type IcsFeed = { url: string; kind: CalendarImportKind };

/** The source label of a feed's events: its host name (nfs.faireconomy.media). */
export function feedSourceName(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** `earnings=https://a/x.ics,ipos=https://b/y.ics` (a URL alone is earnings). */
export function parseIcsFeeds(urls: readonly string[]): IcsFeed[] {
  return urls.map((entry) => {
    const m = /^(earnings|ipos|economic)=(.+)$/.exec(entry.trim());
    return m ? { kind: m[1] as CalendarImportKind, url: m[2]!.trim() } : { kind: 'earnings', url: entry.trim() };
  });
}

/**
 * The leader's calendar feed job: fetches every economic feed (CALENDAR_FEED_URL) and every ICS/CSV calendar
 * (CALENDAR_ICS_URL) and stores their events, labelled with the feed's host. A feed that fails (HTTP error,
 * unreadable body, time-out) is logged and skipped; the others are still stored and the job runs again at its
 * next interval.
 */
export function createCalendarFeedJob(deps: {
  feeds: readonly string[];
  ics: readonly IcsFeed[];
  /** The feeds' time zone for times written without one (weekly XML). */
  timeZone: string;
  intervalMs: number;
  timeoutMs: number;
  store(events: readonly CalendarEventInput[]): Promise<number>;
  log: CalendarFeedLog;
  fetch?: typeof fetch;
}) {
  const doFetch = deps.fetch ?? fetch;

  async function get(url: string, signal: AbortSignal | undefined): Promise<string> {
    const timeout = AbortSignal.timeout(deps.timeoutMs);
    const res = await doFetch(url, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      headers: { accept: 'application/xml, application/json, text/calendar, text/csv, */*' },
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.text();
  }

  /** One pass over every feed; answers how many events each stored (0 for a feed that failed). */
  async function runOnce(signal?: AbortSignal): Promise<Record<string, number>> {
    const stored: Record<string, number> = {};
    const tasks: Array<{ url: string; parse: (body: string) => CalendarEventInput[] }> = [
      ...deps.feeds.map((url) => ({
        url,
        parse: (body: string) => parseEconomicFeed(body, feedSourceName(url), deps.timeZone),
      })),
      ...deps.ics.map((f) => ({ url: f.url, parse: (body: string) => parseCalendarFile(body, f.kind, feedSourceName(f.url)) })),
    ];
    for (const task of tasks) {
      if (signal?.aborted) break;
      try {
        const events = task.parse(await get(task.url, signal));
        stored[task.url] = await deps.store(events);
        deps.log.info({ feed: task.url, events: stored[task.url] }, 'Calendar feed stored.');
      } catch (error) {
        stored[task.url] = 0;
        deps.log.warn(
          { feed: task.url, reason: error instanceof Error ? error.message : String(error) },
          'A calendar feed could not be read; skipped until the next run.',
        );
      }
    }
    return stored;
  }

  const job: JobDefinition = {
    name: 'calendar-feeds',
    intervalMs: deps.intervalMs,
    run: async ({ signal }) => {
      await runOnce(signal);
    },
  };
  return { job, runOnce };
}
