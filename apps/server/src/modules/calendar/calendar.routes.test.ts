import type {
  CalendarAnswer,
  CalendarSettings,
  EarningsCalendarAnswer,
  EarningsEventDetail,
  EconomicCalendarAnswer,
  EconomicEventDetail,
  IpoCalendarAnswer,
  IpoEventDetail,
} from '@tradedesk/contracts';
import {
  createSimulatedMarket,
  earningsEventById,
  earningsMarketCap,
  getInstrument,
  ipoEventById,
  ipoPriceHistory,
  pastEarnings,
} from '@tradedesk/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { createCalendarRepository } from './calendar.repository.js';

let app: FastifyInstance;
let db: Db;
let ada: SignedInUser;
let bob: SignedInUser;
// Wednesday 4 March 2026, 12:00 UTC: the ISM Manufacturing PMI of Monday is out, the ECB decision of Thursday not yet
const clock = createManualClock('2026-03-04T12:00:00Z');

beforeAll(async () => {
  const t = await createTestApp({ build: { clock } });
  app = t.app;
  db = t.database.db;
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

function get(url: string, user?: SignedInUser) {
  return app.inject({ method: 'GET', url: `/api${url}`, headers: user ? user.auth : {} });
}

describe('GET /market/calendar', () => {
  it('answers the current week (Monday to Monday) with economic events, earnings and IPOs labelled Simulated', async () => {
    const res = await get('/market/calendar');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CalendarAnswer;
    expect(body.from).toBe('2026-03-02T00:00:00.000Z');
    expect(body.to).toBe('2026-03-09T00:00:00.000Z');
    expect(body.economic.length).toBeGreaterThan(0);
    expect(body.ipos.length).toBeGreaterThan(0);
    expect(body.sources).toEqual(['Simulated']);
    for (const e of [...body.economic, ...body.earnings, ...body.ipos]) expect(e.source).toBe('Simulated');
  });

  it('hides the actual until the event time by the clock', async () => {
    const body = (await get('/market/calendar?from=2026-03-02&to=2026-03-08')).json() as CalendarAnswer;
    const now = Date.parse('2026-03-04T12:00:00Z');
    const past = body.economic.filter((e) => Date.parse(e.time) <= now);
    const future = body.economic.filter((e) => Date.parse(e.time) > now);
    expect(past.length).toBeGreaterThan(0);
    expect(future.length).toBeGreaterThan(0);
    for (const e of future) expect(e).toMatchObject({ actual: null, surprise: null, tone: null, released: false });
    expect(past.some((e) => e.actual !== null && e.released)).toBe(true);

    const ecb = future.find((e) => e.code === 'EU_ECB');
    expect(ecb).toBeDefined();
    clock.set(ecb!.time);
    try {
      const after = (await get(`/market/calendar/economic/${ecb!.id}`)).json() as EconomicEventDetail;
      expect(after.event.released).toBe(true);
      expect(after.event.actual).not.toBeNull();
    } finally {
      clock.set('2026-03-04T12:00:00Z');
    }
  });

  it('keeps the economic events of the impacts asked for (repeated, [] or comma-separated)', async () => {
    for (const q of ['impact=high', 'impact[]=high', 'impact=HIGH']) {
      const body = (await get(`/market/calendar?from=2026-03-02&to=2026-03-08&${q}`)).json() as CalendarAnswer;
      expect(body.economic.length).toBeGreaterThan(0);
      expect(new Set(body.economic.map((e) => e.impact))).toEqual(new Set(['high']));
    }
    const two = (
      await get('/market/calendar?from=2026-03-02&to=2026-03-08&impact=low,medium')
    ).json() as CalendarAnswer;
    expect(two.economic.every((e) => e.impact !== 'high')).toBe(true);
  });

  it('refuses bad dates, a reversed range and a range over 93 days, naming the field', async () => {
    expectFieldError(await get('/market/calendar?from=2026-02-30'), { field: 'from', message: /^from must be a date/ });
    expectFieldError(await get('/market/calendar?from=2026-03-02&to=yesterday'), { field: 'to' });
    expectFieldError(await get('/market/calendar?from=2026-03-09&to=2026-03-02'), {
      field: 'to',
      message: 'to must be after from.',
    });
    expectFieldError(await get('/market/calendar?from=2026-01-01&to=2026-06-01'), {
      field: 'to',
      message: 'to must be at most 93 days after from.',
    });
    expectFieldError(await get('/market/calendar?impact=severe'), { field: 'impact.0' });
  });
});

describe('GET /market/calendar/economic', () => {
  it('filters by country or currency and limits, with the total before the limit', async () => {
    const all = (await get('/market/calendar/economic?from=2026-03-01&to=2026-03-31')).json() as EconomicCalendarAnswer;
    const us = (
      await get('/market/calendar/economic?from=2026-03-01&to=2026-03-31&countries=US')
    ).json() as EconomicCalendarAnswer;
    const usd = (
      await get('/market/calendar/economic?from=2026-03-01&to=2026-03-31&countries[]=usd')
    ).json() as EconomicCalendarAnswer;
    expect(us.events.length).toBeGreaterThan(0);
    expect(us.events.length).toBeLessThan(all.events.length);
    expect(us.events.every((e) => e.country === 'US')).toBe(true);
    expect(usd.events.map((e) => e.id)).toEqual(us.events.map((e) => e.id));
    const two = (
      await get('/market/calendar/economic?from=2026-03-01&to=2026-03-31&limit=2')
    ).json() as EconomicCalendarAnswer;
    expect(two.events).toEqual(all.events.slice(0, 2));
    expect(two.total).toBe(all.total);
    expectFieldError(await get('/market/calendar/economic?limit=0'), { field: 'limit' });
  });
});

describe('GET /market/calendar/economic/{id}', () => {
  it('answers the indicator, at least 12 past releases oldest first, and the instruments with their moves', async () => {
    const list = (
      await get('/market/calendar/economic?from=2026-03-01&to=2026-03-31&countries=US')
    ).json() as EconomicCalendarAnswer;
    const nfp = list.events.find((e) => e.code === 'US_NFP');
    expect(nfp).toBeDefined();
    const res = await get(`/market/calendar/economic/${nfp!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as EconomicEventDetail;
    expect(detail.indicator).toMatchObject({ code: 'US_NFP', country: 'US' });
    expect(detail.indicator!.schedule.length).toBeGreaterThan(0);
    expect(detail.history.length).toBeGreaterThanOrEqual(12);
    const times = detail.history.map((h) => Date.parse(h.time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times.at(-1)!).toBeLessThan(Date.parse(nfp!.time));
    expect(detail.history.every((h) => h.actual !== null)).toBe(true);
    expect(detail.instruments.length).toBeGreaterThan(0);
    expect(detail.instruments[0]!.moves.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await get('/market/calendar/economic/US_NFP-2026-03-04')).statusCode).toBe(404);
    expect((await get('/market/calendar/economic/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('earnings and IPOs', () => {
  it('lists earnings and answers one, hiding reported figures before the report', async () => {
    const res = await get('/market/calendar/earnings?from=2026-04-01&to=2026-05-31');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { events: Array<{ id: string; epsActual: number | null; released: boolean }> };
    expect(list.events.length).toBeGreaterThan(0);
    for (const e of list.events) expect(e.epsActual).toBeNull();
    const one = (await get(`/market/calendar/earnings/${list.events[0]!.id}`)).json() as EarningsEventDetail;
    expect(one.event.id).toBe(list.events[0]!.id);
    expect(one.event.epsEstimate).not.toBeNull();
    expect((await get('/market/calendar/earnings/ER-NONE-2026Q1')).statusCode).toBe(404);
  });

  it('lists IPOs and answers one', async () => {
    const list = (await get('/market/calendar/ipos?from=2026-03-02&to=2026-03-08')).json() as IpoCalendarAnswer;
    expect(list.events.length).toBeGreaterThan(0);
    const res = await get(`/market/calendar/ipos/${list.events[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect((await get('/market/calendar/ipos/IPO-1999-01-01-9')).statusCode).toBe(404);
  });
});

describe('earnings and IPO details: market cap, past quarters, prices since the listing', () => {
  // the same deterministic model as the server's (no events registered in a test app)
  const market = createSimulatedMarket();
  const NOW = '2026-03-04T12:00:00Z';
  const earningsOf = async (from: string, to: string) =>
    ((await get(`/market/calendar/earnings?from=${from}&to=${to}`)).json() as EarningsCalendarAnswer).events;

  it('values a simulated report at the simulated market’s share price, not the catalogue’s reference price', async () => {
    const released = (await earningsOf('2026-01-15', '2026-02-28')).filter((e) => e.released);
    expect(released.length).toBeGreaterThan(20);
    let awayFromReference = 0;
    for (const e of released) {
      const sim = earningsEventById(e.id)!;
      const atReport = market.quote(e.instrumentId!, Date.parse(e.time)).mid;
      expect(e.marketCap, e.id).toBe(earningsMarketCap(sim, atReport));
      if (e.marketCap !== earningsMarketCap(sim, getInstrument(e.instrumentId!).referencePrice)) awayFromReference++;
    }
    expect(awayFromReference).toBeGreaterThan(released.length * 0.9);

    // a report to come is valued at the current price; a later clock moves it, not the released ones
    const [future] = await earningsOf('2026-04-20', '2026-04-30');
    expect(future!.released).toBe(false);
    const simFuture = earningsEventById(future!.id)!;
    expect(future!.marketCap).toBe(
      earningsMarketCap(simFuture, market.quote(future!.instrumentId!, Date.parse(NOW)).mid),
    );
    const later = '2026-03-20T15:00:00Z';
    clock.set(later);
    try {
      const again = (await get(`/market/calendar/earnings/${future!.id}`)).json() as EarningsEventDetail;
      expect(again.event.marketCap).toBe(
        earningsMarketCap(simFuture, market.quote(future!.instrumentId!, Date.parse(later)).mid),
      );
      expect(again.event.marketCap).not.toBe(future!.marketCap);
      const old = (await get(`/market/calendar/earnings/${released[0]!.id}`)).json() as EarningsEventDetail;
      expect(old.event.marketCap).toBe(released[0]!.marketCap);
    } finally {
      clock.set(NOW);
    }
  });

  it('answers the company’s last 8 reports before a report, oldest first, with their surprises', async () => {
    const [report] = (await earningsOf('2026-01-15', '2026-02-28')).filter((e) => e.released);
    const res = await get(`/market/calendar/earnings/${report!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as EarningsEventDetail;
    const model = pastEarnings(report!.instrumentId!, Date.parse(report!.time), 8).reverse();
    expect(detail.history.map((q) => q.id)).toEqual(model.map((e) => e.id));
    expect(detail.history).toHaveLength(8);
    for (const [i, q] of detail.history.entries()) {
      const e = model[i]!;
      expect(q).toMatchObject({
        fiscalPeriod: e.fiscalPeriod,
        epsEstimate: e.epsEstimate,
        epsActual: e.epsActual,
        revenueEstimate: e.revenueEstimate,
        revenueActual: e.revenueActual,
      });
      expect(q.epsSurprisePercent).toBeCloseTo(((e.epsActual - e.epsEstimate) / Math.abs(e.epsEstimate)) * 100, 1);
      expect(q.revenueSurprisePercent).toBeCloseTo(
        ((e.revenueActual - e.revenueEstimate) / e.revenueEstimate) * 100,
        1,
      );
    }
    // a report a year ahead: only the quarters out by now
    const ahead = (await earningsOf('2027-04-15', '2027-05-31')).find((e) => e.instrumentId === report!.instrumentId)!;
    const aheadDetail = (await get(`/market/calendar/earnings/${ahead.id}`)).json() as EarningsEventDetail;
    expect(aheadDetail.history).toHaveLength(8);
    expect(aheadDetail.history.at(-1)!.id).toBe(report!.id);
    for (const q of aheadDetail.history) expect(q.epsActual).not.toBeNull();
  });

  it('answers a simulated IPO’s closes since its listing from the calendar’s model, none before it lists', async () => {
    const list = (await get('/market/calendar/ipos?from=2026-01-05&to=2026-01-31')).json() as IpoCalendarAnswer;
    const ipo = list.events[0]!;
    const detail = (await get(`/market/calendar/ipos/${ipo.id}`)).json() as IpoEventDetail;
    expect(detail.priceSource).toBe('Simulated');
    expect(detail.priceHistory.length).toBeGreaterThan(20);
    expect(detail.priceHistory).toEqual(
      ipoPriceHistory(ipoEventById(ipo.id)!, Date.parse(NOW)).map((p) => ({
        time: new Date(p.timeMs).toISOString(),
        close: p.close,
      })),
    );
    expect(Date.parse(detail.priceHistory[0]!.time)).toBeGreaterThan(Date.parse(ipo.time));
    expect(Date.parse(detail.priceHistory.at(-1)!.time)).toBeLessThanOrEqual(Date.parse(NOW));
    const last = detail.priceHistory.at(-1)!.close;
    expect(detail.changeSinceOfferPercent).toBeCloseTo(((last - ipo.finalPrice!) / ipo.finalPrice!) * 100, 1);

    const next = (await get('/market/calendar/ipos?from=2026-03-09&to=2026-03-13')).json() as IpoCalendarAnswer;
    const coming = (await get(`/market/calendar/ipos/${next.events[0]!.id}`)).json() as IpoEventDetail;
    expect(coming).toMatchObject({ priceHistory: [], priceSource: null, changeSinceOfferPercent: null });
  });

  it('takes an imported IPO’s closes from the simulated market when its ticker is one of its shares', async () => {
    const repo = createCalendarRepository(db);
    const listed = Date.parse('2025-12-01T14:30:00Z');
    const base = { kind: 'ipo' as const, source: 'ipo-import.test', country: 'US', timeMs: listed };
    await repo.upsertEvents(
      [
        {
          ...base,
          title: 'Apple listing',
          data: { ticker: 'AAPL', finalPrice: 180, currency: 'USD', status: 'priced' },
        },
        {
          ...base,
          title: 'Unknown listing',
          data: { ticker: 'QQZZ', finalPrice: 10, currency: 'USD', status: 'priced' },
        },
      ],
      new Date(),
    );
    const rows = (await repo.inRange('ipo', listed, listed + 1)).filter((r) => r.source === 'ipo-import.test');
    const apple = (await get(`/market/calendar/ipos/${rows.find((r) => r.title === 'Apple listing')!.id}`)).json();
    const closes = market
      .candles('AAPL', '1D', { from: listed / 1000, asOfMs: Date.parse(NOW), limit: 1000 })
      .map((c) => c.close);
    expect((apple as IpoEventDetail).priceSource).toBe('Simulated market');
    expect((apple as IpoEventDetail).priceHistory.map((p) => p.close)).toEqual(closes);
    expect(closes.length).toBeGreaterThan(50);
    const unknown = (await get(`/market/calendar/ipos/${rows.find((r) => r.title === 'Unknown listing')!.id}`)).json();
    expect(unknown).toMatchObject({ priceHistory: [], priceSource: null });
  });

  it('answers a feed company’s earlier reports (out by now) as its history', async () => {
    const repo = createCalendarRepository(db);
    const base = { kind: 'earnings' as const, source: 'earnings-feed.test', title: 'Feed Co', country: 'US' };
    const data = (eps: number) => ({ epsEstimate: 1, epsActual: eps, revenueEstimate: 1e9, revenueActual: 1.1e9 });
    await repo.upsertEvents(
      [
        { ...base, timeMs: Date.parse('2025-07-20T12:00:00Z'), data: data(1.1) },
        { ...base, timeMs: Date.parse('2025-10-20T12:00:00Z'), data: data(0.9) },
        { ...base, timeMs: Date.parse('2026-01-20T12:00:00Z'), data: data(1.2) },
        { ...base, timeMs: Date.parse('2026-04-20T12:00:00Z'), data: data(1.3) },
      ],
      new Date(),
    );
    const rows = await repo.inRange('earnings', Date.parse('2026-04-20T00:00:00Z'), Date.parse('2026-04-21T00:00:00Z'));
    const row = rows.find((r) => r.source === 'earnings-feed.test')!;
    const detail = (await get(`/market/calendar/earnings/${row.id}`)).json() as EarningsEventDetail;
    expect(detail.event.epsActual).toBeNull();
    expect(detail.history.map((q) => q.epsActual)).toEqual([1.1, 0.9, 1.2]);
    expect(detail.history.map((q) => q.epsSurprisePercent)).toEqual([10, -10, 20]);
  });
});

describe('feed and import events beside the simulated ones', () => {
  it('shows stored events with their source, and their detail with the history of the same title', async () => {
    const repo = createCalendarRepository(db);
    const base = { kind: 'economic' as const, source: 'feed.example', title: 'Test Index', country: 'US' };
    const data = (actual: number) => ({ currency: 'USD', impact: 'high', forecast: 1, prior: 1, actual, decimals: 1 });
    await repo.upsertEvents(
      [
        { ...base, timeMs: Date.parse('2026-01-05T15:00:00Z'), data: data(1.2) },
        { ...base, timeMs: Date.parse('2026-02-05T15:00:00Z'), data: data(0.8) },
        { ...base, timeMs: Date.parse('2026-03-05T15:00:00Z'), data: data(1.5) },
      ],
      new Date(),
    );
    const body = (await get('/market/calendar?from=2026-03-02&to=2026-03-08&impact=high')).json() as CalendarAnswer;
    const feed = body.economic.find((e) => e.source === 'feed.example');
    expect(feed).toMatchObject({ title: 'Test Index', currency: 'USD', actual: null, forecast: 1, released: false });
    expect(body.sources).toEqual(['Simulated', 'feed.example']);
    const detail = (await get(`/market/calendar/economic/${feed!.id}`)).json() as EconomicEventDetail;
    expect(detail.indicator).toBeNull();
    expect(detail.history.map((h) => h.actual)).toEqual([1.2, 0.8]);
  });
});

describe('GET/PUT /market/calendar/settings', () => {
  const put = (user: SignedInUser, payload: object) =>
    app.inject({ method: 'PUT', url: '/api/market/calendar/settings', headers: user.auth, payload });

  it('answers the defaults until saved, saves field by field, and keeps each user’s own', async () => {
    const defaults = (await get('/market/calendar/settings', ada)).json() as CalendarSettings;
    expect(defaults).toEqual({
      economic: { show: true, impactLevel: 'All' },
      filters: { exchanges: [], industries: [] },
      earnings: { show: true, epsMin: null, epsMax: null, revenueMin: null, revenueMax: null },
      ipos: { show: true, marketCapMin: null, marketCapMax: null },
    });
    // the body exactly as the web's settings dialog sends it (the base query snake_cases every body)
    const saved = await put(ada, {
      economic: { show: true, impact_level: 'High' },
      filters: { exchanges: ['NASDAQ'], industries: [] },
      earnings: { show: true, eps_min: 0.5, eps_max: null, revenue_min: 10e9, revenue_max: null },
      ipos: { show: true, market_cap_min: null, market_cap_max: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      economic: { impactLevel: 'high' },
      earnings: { epsMin: 0.5, revenueMin: 10e9 },
    });
    const again = await put(ada, { earnings: { eps_max: 3, revenue_min: null }, ipos: { show: false } });
    expect(again.json()).toEqual({
      economic: { show: true, impactLevel: 'high' },
      filters: { exchanges: ['NASDAQ'], industries: [] },
      earnings: { show: true, epsMin: 0.5, epsMax: 3, revenueMin: null, revenueMax: null },
      ipos: { show: false, marketCapMin: null, marketCapMax: null },
    });
    expect((await get('/market/calendar/settings', ada)).json()).toEqual(again.json());
    expect((await get('/market/calendar/settings', bob)).json()).toEqual(defaults);
    // impact level in any case, normalised: "all" is saved and answered as "All"
    expect((await put(ada, { economic: { impact_level: 'all' } })).json()).toMatchObject({
      economic: { impactLevel: 'All' },
    });
  });

  it('refuses bad input naming the snake_case field, and a signed-out caller', async () => {
    expectFieldError(await put(bob, { economic: { impact_level: 'severe' } }), {
      field: 'economic.impact_level',
      message: 'economic.impact_level must be one of All, low, medium, high.',
    });
    // the camelCase keys of the answer are not the wire keys of a request body
    expectFieldError(await put(bob, { economic: { impactLevel: 'high' } }), { field: 'economic.impactLevel' });
    expectFieldError(await put(bob, { earnings: { eps_min: 'a lot' } }), { field: 'earnings.eps_min' });
    expectFieldError(await put(bob, { ipos: { market_cap_min: 10, market_cap_max: 5 } }), {
      field: 'ipos.market_cap_max',
      message: 'ipos.market_cap_max must not be less than ipos.market_cap_min.',
    });
    // against the saved value: a max below the minimum saved earlier
    await put(bob, { earnings: { revenue_min: 1e9 } });
    expectFieldError(await put(bob, { earnings: { revenue_max: 1e6 } }), {
      field: 'earnings.revenue_max',
      code: 'CALENDAR_SETTINGS_INVALID',
    });
    expectFieldError(await put(bob, { filters: { exchanges: 'NASDAQ' } }), { field: 'filters.exchanges' });
    expect((await get('/market/calendar/settings')).statusCode).toBe(401);
  });
});
