import { describe, expect, it } from 'vitest';
import { EVENT_WINDOW_MINUTES } from '../market/sim/events.js';
import { createSimulatedMarket } from '../market/sim/market.js';
import { earningsEvents } from './corporate.js';
import { economicEvents } from './economic.js';
import { newsFromEconomicEvent } from './news.js';

const on = createSimulatedMarket();
const off = createSimulatedMarket({ calendar: false });
const sec = (ms: number) => Math.floor(ms / 1000);

/** Mid price of EURUSD at the close of the minute starting at unix second t. */
const close = (m: typeof on, id: string, t: number) => m.minuteBar(id, t)!.close;

describe('the simulated market at calendar events', () => {
  const usd = economicEvents(Date.UTC(2021, 0, 1), Date.UTC(2025, 0, 1)).filter(
    (e) => e.currency === 'USD' && e.impact === 'high' && e.code !== 'US_UNEMPLOYMENT',
  );

  it('moves EURUSD more in a high-impact release minute than in a quiet one', () => {
    let eventMove = 0;
    let quietMove = 0;
    for (const e of usd) {
      const t = sec(e.timeMs);
      const bar = on.minuteBar('EURUSD', t)!;
      eventMove += Math.abs(Math.log(bar.close / bar.open));
      const quiet = on.minuteBar('EURUSD', t - 3 * 3600)!;
      quietMove += Math.abs(Math.log(quiet.close / quiet.open));
    }
    expect(eventMove / usd.length).toBeGreaterThan(3 * (quietMove / usd.length));
  });

  it('moves the currency in the direction of the surprise (a USD beat lowers EURUSD)', () => {
    let agree = 0;
    let strong = 0;
    for (const e of usd) {
      if (Math.abs(e.surprise) < 1) continue;
      // several releases may share the minute: take the net surprise on the dollar
      const net = usd.filter((x) => x.timeMs === e.timeMs).reduce((s, x) => s + x.surprise, 0);
      if (Math.sign(net) !== Math.sign(e.surprise)) continue;
      const t = sec(e.timeMs);
      const move = close(on, 'EURUSD', t) - on.minuteBar('EURUSD', t)!.open;
      strong++;
      if (Math.sign(move) === -Math.sign(e.surprise)) agree++;
    }
    expect(strong).toBeGreaterThan(50);
    expect(agree / strong).toBeGreaterThan(0.85);
  });

  it('lifts a stock at the open after an earnings beat and drops it after a miss', () => {
    const reports = earningsEvents(Date.UTC(2023, 0, 1), Date.UTC(2025, 0, 1)).filter(
      (e) => e.country === 'US' && Math.abs(e.surprise) >= 1,
    );
    let agree = 0;
    for (const e of reports) {
      const t = sec(e.reactionMs);
      const withEvent = close(on, e.instrumentId, t + 60) / close(off, e.instrumentId, t + 60);
      if (Math.sign(Math.log(withEvent)) === Math.sign(e.surprise)) agree++;
    }
    expect(reports.length).toBeGreaterThan(40);
    expect(agree / reports.length).toBeGreaterThan(0.85);
  });

  it('never changes prices before an event, and leaves them as without the calendar once its window is over', () => {
    const from = Date.UTC(2026, 10, 2);
    const to = Date.UTC(2026, 10, 7);
    const windows = economicEvents(from - 2 * 3_600_000, to)
      .filter((e) => ['USD', 'EUR'].includes(e.currency))
      .map((e) => Math.floor(e.timeMs / 60_000));
    const a = on.minuteBars('EURUSD', sec(from), sec(to));
    const b = off.minuteBars('EURUSD', sec(from), sec(to));
    expect(a.length).toBe(b.length);
    let same = 0;
    let different = 0;
    for (let i = 0; i < a.length; i++) {
      const m = a.time[i]! / 60;
      const inWindow = windows.some((e) => m >= e && m <= e + EVENT_WINDOW_MINUTES);
      const equal = a.close[i] === b.close[i] && a.high[i] === b.high[i] && a.low[i] === b.low[i];
      if (!inWindow) {
        expect(equal, `minute ${new Date(m * 60_000).toISOString()}`).toBe(true);
        same++;
      } else if (!equal) different++;
    }
    expect(same).toBeGreaterThan(5000);
    expect(different).toBeGreaterThan(100);
  });

  it('widens the spread at a release', () => {
    const nfp = economicEvents(Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1)).find((e) => e.code === 'US_NFP')!;
    const at = on.quote('EURUSD', nfp.timeMs + 10_000);
    const calm = off.quote('EURUSD', nfp.timeMs + 10_000);
    expect(at.spread).toBeGreaterThan(calm.spread);
  });

  it('lists calendar events in a range with eventsBetween, registered ones with events()', () => {
    const m = createSimulatedMarket({
      events: [{ id: 'mine', time: sec(Date.UTC(2026, 10, 6, 12)), impact: 'low', currencies: ['USD'] }],
    });
    const ids = m.eventsBetween(Date.UTC(2026, 10, 6), Date.UTC(2026, 10, 7)).map((e) => e.id);
    expect(ids).toContain('mine');
    expect(ids).toContain('US_NFP-2026-11-06');
    expect(m.events().map((e) => e.id)).toEqual(['mine']);
    const calm = createSimulatedMarket({ calendar: false });
    expect(calm.eventsBetween(Date.UTC(2026, 10, 6), Date.UTC(2026, 10, 7))).toEqual([]);
  });
});

describe('the market hook and the news follow the holiday moves of the schedule', () => {
  it('moves EURUSD at jobless claims on Wednesday 18 June 2025 (Juneteenth) and not on the Thursday', () => {
    const wednesday = Date.UTC(2025, 5, 18, 12, 30);
    const thursday = Date.UTC(2025, 5, 19, 12, 30);
    const ids = on.eventsBetween(Date.UTC(2025, 5, 18), Date.UTC(2025, 5, 20)).map((e) => `${e.id}@${e.time}`);
    expect(ids).toContain(`US_JOBLESS_CLAIMS-2025-06-18@${sec(wednesday)}`);
    expect(ids.some((id) => id.startsWith('US_JOBLESS_CLAIMS-2025-06-19'))).toBe(false);
    // the release minute differs from the calm market's, the Thursday's same minute does not
    expect(on.minuteBar('EURUSD', sec(wednesday))).not.toEqual(off.minuteBar('EURUSD', sec(wednesday)));
    const quietThursday = economicEvents(thursday - 2 * 3_600_000, thursday + 60_000).filter((e) =>
      ['USD', 'EUR'].includes(e.currency),
    );
    expect(quietThursday).toEqual([]);
    expect(on.minuteBar('EURUSD', sec(thursday))).toEqual(off.minuteBar('EURUSD', sec(thursday)));
  });

  it('writes the news of a moved release at its new time', () => {
    const claims = economicEvents(Date.UTC(2025, 5, 18), Date.UTC(2025, 5, 19)).find(
      (e) => e.code === 'US_JOBLESS_CLAIMS',
    )!;
    const news = newsFromEconomicEvent(claims);
    expect(news.timeMs).toBe(Date.UTC(2025, 5, 18, 12, 30));
    expect(news.eventId).toBe('US_JOBLESS_CLAIMS-2025-06-18');
  });
});
