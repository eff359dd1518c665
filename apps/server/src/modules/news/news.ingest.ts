import { SIMULATED_NEWS_PROVIDER_ID, SIMULATED_NEWS_SOURCE } from '@tradedesk/contracts';
import {
  earningsEvents,
  economicEvents,
  newsFromEarnings,
  newsFromEconomicEvent,
  type SimEarningsEvent,
  type SimEconomicEvent,
  type WrittenNews,
} from '@tradedesk/core';
import { newId } from '../../platform/ids.js';
import { type FeedConfig, fetchFeedText, linkKeyOf, parseFeed, titleKeyOf } from './news.feeds.js';
import { linkInstruments } from './news.instruments.js';
import { createLogoKeeper } from './news.logos.js';
import type { NewsItemInsert, NewsRepository } from './news.repository.js';
import { classifySentiment } from './news.sentiment.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type IngestLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/**
 * Reads every configured feed once: each is fetched (time and size limited), parsed and stored; a feed that fails
 * (HTTP error, timeout, too large, not a feed) is logged and skipped, and the others still load. Then the logo the
 * feed names is fetched and stored when it is new or a day old (news.logos.ts); a logo that cannot be kept is
 * logged (`News feed logo skipped.`) and changes nothing for the items.
 */
export function createFeedIngest(deps: {
  repo: NewsRepository;
  feeds: readonly FeedConfig[];
  now: () => number;
  log: IngestLog;
  timeoutMs: number;
  maxBytes: number;
  /** Limits of a logo fetch (tests make them small); LOGO_TIMEOUT_MS and LOGO_MAX_BYTES by default. */
  logoTimeoutMs?: number;
  logoMaxBytes?: number;
}) {
  const logos = createLogoKeeper({
    repo: deps.repo,
    now: deps.now,
    timeoutMs: deps.logoTimeoutMs,
    maxBytes: deps.logoMaxBytes,
  });

  async function logoOf(feed: FeedConfig, url: string | null, signal?: AbortSignal): Promise<void> {
    try {
      if ((await logos.refresh(feed, url, signal)) === 'kept')
        deps.log.info({ feed: feed.id, logo: url }, 'News feed logo kept.');
    } catch (error) {
      deps.log.warn({ feed: feed.id, logo: url, reason: (error as Error).message }, 'News feed logo skipped.');
    }
  }

  async function one(feed: FeedConfig, signal?: AbortSignal): Promise<number> {
    const xml = await fetchFeedText(feed.url, { timeoutMs: deps.timeoutMs, maxBytes: deps.maxBytes, signal });
    const parsed = parseFeed(xml, feed.url);
    const nowMs = deps.now();
    const rows: NewsItemInsert[] = [];
    for (const item of parsed.items) {
      if (!item.title) continue;
      // an item without a date is dated when first seen; one dated ahead of now is kept at now
      const published = Math.min(item.publishedMs ?? nowMs, nowMs);
      rows.push({
        id: newId(),
        providerId: feed.id,
        providerName: feed.name,
        source: feed.name,
        simulated: false,
        title: item.title,
        description: item.description,
        link: item.link,
        linkKey: linkKeyOf(item.link),
        titleKey: titleKeyOf(item.title),
        guid: item.guid,
        categories: item.categories,
        symbols: linkInstruments(`${item.title} ${item.description} ${item.categories.join(' ')}`),
        sentiment: classifySentiment(item.title, item.description),
        eventId: null,
        publishedAt: new Date(published),
        createdAt: new Date(nowMs),
      });
    }
    const added = await deps.repo.insertItems(rows);
    await logoOf(feed, parsed.logo, signal);
    return added;
  }

  return {
    /** Returns, per feed id, the number of new items or the error message. */
    async run(signal?: AbortSignal): Promise<Record<string, number | string>> {
      const out: Record<string, number | string> = {};
      for (const feed of deps.feeds) {
        if (signal?.aborted) break;
        try {
          out[feed.id] = await one(feed, signal);
          if ((out[feed.id] as number) > 0) deps.log.info({ feed: feed.id, added: out[feed.id] }, 'News feed read.');
        } catch (error) {
          out[feed.id] = (error as Error).message;
          deps.log.warn({ feed: feed.id, url: feed.url, reason: (error as Error).message }, 'News feed skipped.');
        }
      }
      return out;
    },
  };
}

/** What the simulated writer reads from the simulated calendar (core's functions; replaced in tests). */
export type SimulatedCalendar = {
  economicEvents(fromMs: number, toMs: number): SimEconomicEvent[];
  earningsEvents(fromMs: number, toMs: number): SimEarningsEvent[];
  newsFromEconomicEvent(e: SimEconomicEvent): WrittenNews;
  newsFromEarnings(e: SimEarningsEvent): WrittenNews;
};
export const coreCalendar: SimulatedCalendar = {
  economicEvents,
  earningsEvents,
  newsFromEconomicEvent,
  newsFromEarnings,
};

/** Sentiment of a release for its currency: the sign of the surprise (core signs it so > 0 is good for the currency). */
function economicSentiment(e: SimEconomicEvent): 'Positive' | 'Negative' | 'Neutral' {
  // the same reading as the written summary ("the surprise is positive for the USD")
  if (e.actual === null || !Number.isFinite(e.surprise) || e.surprise === 0) return 'Neutral';
  return e.surprise > 0 ? 'Positive' : 'Negative';
}
function earningsSentiment(e: SimEarningsEvent): 'Positive' | 'Negative' | 'Neutral' {
  const eps = e.epsEstimate === 0 ? 0 : (e.epsActual - e.epsEstimate) / Math.abs(e.epsEstimate);
  if (Math.abs(eps) < 0.01) return 'Neutral';
  return eps > 0 ? 'Positive' : 'Negative';
}

/**
 * Writes the "Simulated" news items of releases and earnings whose time has passed. The first run backfills
 * `backfillDays`; each later run covers the time since the previous one (with an hour's overlap). Idempotent:
 * an event already written is skipped (unique by event id).
 */
export function createSimulatedWriter(deps: {
  repo: NewsRepository;
  calendar: SimulatedCalendar;
  now: () => number;
  backfillDays?: number;
}) {
  let lastMs: number | undefined;
  return {
    async run(): Promise<number> {
      const nowMs = deps.now();
      const fromMs = lastMs === undefined ? nowMs - (deps.backfillDays ?? 30) * DAY_MS : lastMs - 60 * 60 * 1000;
      const written: Array<{ news: WrittenNews; sentiment: string }> = [];
      for (const e of deps.calendar.economicEvents(fromMs, nowMs + 1))
        if (e.timeMs <= nowMs && e.actual !== null)
          written.push({ news: deps.calendar.newsFromEconomicEvent(e), sentiment: economicSentiment(e) });
      for (const e of deps.calendar.earningsEvents(fromMs, nowMs + 1))
        if (e.timeMs <= nowMs)
          written.push({ news: deps.calendar.newsFromEarnings(e), sentiment: earningsSentiment(e) });
      const known = await deps.repo.hasEvents(written.map((w) => w.news.eventId));
      const rows: NewsItemInsert[] = written
        .filter((w) => !known.has(w.news.eventId))
        .map(({ news, sentiment }) => ({
          id: newId(),
          providerId: SIMULATED_NEWS_PROVIDER_ID,
          providerName: SIMULATED_NEWS_SOURCE,
          source: SIMULATED_NEWS_SOURCE,
          simulated: true,
          title: news.headline,
          description: news.summary,
          link: null,
          linkKey: null,
          titleKey: titleKeyOf(news.headline),
          guid: news.id,
          categories: [],
          symbols: [...news.instruments],
          sentiment,
          eventId: news.eventId,
          publishedAt: new Date(news.timeMs),
          createdAt: new Date(nowMs),
        }));
      const added = await deps.repo.insertItems(rows);
      lastMs = nowMs;
      return added;
    },
  };
}
