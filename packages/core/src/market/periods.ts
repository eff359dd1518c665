import { getInstrument } from './instruments/catalogue.js';
import { SESSION_TEMPLATES, sessionDay, tradeDateAt } from './instruments/sessions.js';
import { dateOfEpochDay, epochDayOf, isoWeekday } from './time-zones.js';
import { type Timeframe, timeframeKind, timeframeSeconds } from './timeframes.js';

/**
 * Time (unix seconds) of the bar of `timeframe` that the 1-minute bar starting at `time` belongs to, under the
 * instrument's sessions: intraday buckets aligned to the trade date's anchor, daily bars per trade date (00:00 UTC
 * of it), weeks from Monday, months from the 1st. Null when the market is closed at that minute. With
 * `aggregateBy` it turns imported 1-minute bars into any timeframe exactly as the simulated market does.
 */
export function candleTimeOf(instrumentId: string, timeframe: Timeframe, time: number): number | null {
  const template = SESSION_TEMPLATES[getInstrument(instrumentId).session];
  const minute = Math.floor(time / 60);
  const label = tradeDateAt(template, minute * 60_000);
  const day = sessionDay(template, label);
  if (!day.open.some(([a, b]) => minute >= a && minute < b)) return null;
  switch (timeframeKind(timeframe)) {
    case 'intraday': {
      const anchor = day.anchorMs / 60_000;
      const size = timeframeSeconds(timeframe) / 60;
      const start = anchor + Math.floor((minute - anchor) / size) * size;
      return Math.max(start, day.startMs / 60_000) * 60;
    }
    case 'daily':
      return label * 86_400;
    case 'weekly':
      return (label - (isoWeekday(label) - 1)) * 86_400;
    case 'monthly': {
      const d = dateOfEpochDay(label);
      return epochDayOf(d.year, d.month, 1) * 86_400;
    }
  }
}
