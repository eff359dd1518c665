import {
  type HistoricalAnswer,
  INDICATOR_GROUP_IDS,
  type IndicatorCalculation,
  type IndicatorList,
  MARKET_CATEGORIES,
  MARKET_SOURCES,
  MARKET_TIMEFRAMES,
  type SymbolSearchResult,
} from '@tradedesk/contracts';
import {
  aggregateCandles,
  candleTimeOf,
  createSimulatedMarket,
  INDICATOR_GROUPS,
  INSTRUMENT_CATEGORIES,
  INSTRUMENT_SOURCES,
  TIMEFRAME_IDS,
} from '@tradedesk/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { createCandlesRepository } from '../candles/candles.repository.js';
import { createCandlesService } from '../candles/candles.service.js';

// A Wednesday afternoon in January (New York on EST): FX and US shares are open.
const NOW = '2026-01-07T15:07:30Z';
const clock = createManualClock(NOW);
const utc = (iso: string) => Date.parse(iso) / 1000;

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  [alice, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

const get = (url: string, user: SignedInUser | null = alice, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...(user?.auth ?? {}), ...headers } });

async function history(query: string, user: SignedInUser = alice): Promise<HistoricalAnswer> {
  const res = await get(`/api/middleware/feed/historical?${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HistoricalAnswer;
}

it('has the contract’s lists in step with the core’s', () => {
  expect([...MARKET_SOURCES]).toEqual([...INSTRUMENT_SOURCES]);
  expect(new Set(MARKET_CATEGORIES)).toEqual(new Set(Object.values(INSTRUMENT_CATEGORIES).flat()));
  expect([...MARKET_TIMEFRAMES]).toEqual([...TIMEFRAME_IDS]);
  expect([...INDICATOR_GROUP_IDS]).toEqual([...INDICATOR_GROUPS]);
});

describe('catalogue', () => {
  it('searches symbols with paging and the trending and markets tabs', async () => {
    const res = await get('/api/market/symbols', null);
    expect(res.statusCode).toBe(200);
    const all = res.json() as SymbolSearchResult;
    expect(all.total).toBeGreaterThanOrEqual(150);
    expect(all.symbols).toHaveLength(50);
    expect(all.page).toBe(1);
    expect(all.trending).toHaveLength(10);
    expect(all.markets.map((m) => m.id)).toContain('forex-majors');
    expect(all.symbols[0]).not.toHaveProperty('referencePrice');
    expect(all.priceLabel).toBe('Simulated market');

    const eur = (await get('/api/market/symbols?search=eurusd', null)).json() as SymbolSearchResult;
    expect(eur.symbols[0]?.symbol).toBe('FOREX:EURUSD');

    for (const query of [
      'sources[]=CRYPTO&sources[]=INDICES',
      'sources=CRYPTO,INDICES',
      'sources=CRYPTO&sources=INDICES',
    ]) {
      const page = (await get(`/api/market/symbols?${query}&limit=500`, null)).json() as SymbolSearchResult;
      expect(new Set(page.symbols.map((s) => s.source))).toEqual(new Set(['CRYPTO', 'INDICES']));
      expect(page.trending.every((t) => t.source === 'CRYPTO' || t.source === 'INDICES')).toBe(true);
      expect(page.markets.every((m) => m.source === 'CRYPTO' || m.source === 'INDICES')).toBe(true);
    }
    const us = (await get('/api/market/symbols?countries[]=US&exchanges=NASDAQ', null)).json() as SymbolSearchResult;
    expect(us.total).toBeGreaterThan(0);
    expect(us.symbols.every((s) => s.country === 'US' && s.exchange === 'NASDAQ')).toBe(true);

    const paged = (await get('/api/market/symbols?page=2&limit=10', null)).json() as SymbolSearchResult;
    expect(paged.symbols[0]?.id).toBe(all.symbols[10]?.id);

    const lower = (await get('/api/market/symbols?sources=crypto&categories=coins', null)).json() as SymbolSearchResult;
    expect(lower.total).toBeGreaterThan(0);
    expect(lower.symbols.every((s) => s.source === 'CRYPTO' && s.category === 'coins')).toBe(true);
    expectFieldError(await get('/api/market/symbols?sources=FOREX,BONDS', null), {
      field: 'sources.1',
      message: 'Each of sources must be one of FOREX, COMMODITIES, INDICES, STOCKS, CRYPTO.',
    });
    expectFieldError(await get('/api/market/symbols?categories[]=penny', null), { field: 'categories.0' });
    expectFieldError(await get('/api/market/symbols?limit=0', null), { field: 'limit' });
    expectFieldError(await get('/api/market/symbols?limit=501', null), { field: 'limit' });
  });

  it('answers one symbol by id or SOURCE:TICKER, and 404 with a sentence for an unknown one', async () => {
    for (const id of ['EURUSD', 'eurusd', 'FOREX:EURUSD']) {
      const res = await get(`/api/market/symbols/${id}`, null);
      expect(res.statusCode).toBe(200);
      const { symbol } = res.json() as { symbol: { id: string; digits: number; tradingHours: { timeZone: string } } };
      expect(symbol.id).toBe('EURUSD');
      expect(symbol.digits).toBe(5);
      expect(symbol.tradingHours.timeZone).toBe('America/New_York');
    }
    for (const id of ['NOPE', 'CRYPTO:EURUSD']) {
      const res = await get(`/api/market/symbols/${id}`, null);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'MARKET_SYMBOL_NOT_FOUND' });
      expect(res.json().message).toMatch(/^No instrument has the symbol .+\.$/);
    }
  });

  it('lists exchanges, countries, sources and timeframes', async () => {
    const exchanges = (await get('/api/market/exchanges', null)).json();
    expect(exchanges.exchanges.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining(['NASDAQ', 'OTC']));
    const countries = (await get('/api/market/countries', null)).json();
    expect(countries.countries.find((c: { code: string }) => c.code === 'US').instrumentCount).toBeGreaterThan(0);
    const sources = (await get('/api/market/sources', null)).json();
    expect(sources.sources.map((s: { id: string }) => s.id)).toEqual([
      'FOREX',
      'COMMODITIES',
      'INDICES',
      'STOCKS',
      'CRYPTO',
    ]);
    const res = await get('/api/market/timeframes', null);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const tfs = res.json();
    expect(tfs.timeframes.map((t: { id: string }) => t.id)).toEqual([
      '1m',
      '5m',
      '15m',
      '30m',
      '1h',
      '4h',
      '1D',
      '1W',
      '1M',
    ]);
    expect(tfs.default).toBe('15m');
  });

  it('keeps /market/timezones', async () => {
    const res = await get('/api/market/timezones', null);
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('tells whether a market is open, with the next open and close', async () => {
    const open = (await get('/api/middleware/feed/market/EURUSD/status', null)).json();
    expect(open).toMatchObject({ symbol: 'FOREX:EURUSD', open: true, nextClose: '2026-01-07T22:00:00.000Z' });
    clock.set('2026-01-10T12:00:00Z'); // Saturday
    try {
      const closed = (await get('/api/middleware/feed/market/EURUSD/status', null)).json();
      expect(closed).toMatchObject({ open: false, nextOpen: '2026-01-11T22:05:00.000Z' });
    } finally {
      clock.set(NOW);
    }
    expect((await get('/api/middleware/feed/market/NOPE/status', null)).statusCode).toBe(404);
  });

  it('lists a platform’s symbols and a symbol’s specification, signed in', async () => {
    expect((await get('/api/middleware/mt5/symbols', null)).statusCode).toBe(401);
    const res = await get('/api/middleware/mt5/symbols');
    expect(res.statusCode).toBe(200);
    expect(res.json().symbols.length).toBeGreaterThanOrEqual(150);
    const unknown = await get('/api/middleware/nope/symbols');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('MARKET_PLATFORM_NOT_FOUND');

    const spec = await get('/api/middleware/acc-token-1/symbols/XAUUSD/specification');
    expect(spec.statusCode).toBe(200);
    expect(spec.json()).toMatchObject({
      symbol: { id: 'XAUUSD', source: 'COMMODITIES' },
      status: { open: true },
    });
    expect(spec.json().commission.currency).toMatch(/^[A-Z]{3}$/);
    expect((await get('/api/middleware/acc-token-1/symbols/NOPE/specification')).statusCode).toBe(404);
  });

  it('recommends related instruments with the reason', async () => {
    const res = await get('/api/middleware/symbol-recommendations?symbol=EURUSD');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.symbol).toBe('FOREX:EURUSD');
    const eurgbp = body.recommendations.find((r: { symbol: { id: string } }) => r.symbol.id === 'EURGBP');
    expect(eurgbp).toMatchObject({ reason: 'same_base_currency', explanation: 'Shares the base currency EUR.' });
    expectFieldError(await get('/api/middleware/symbol-recommendations'), { field: 'symbol' });
    expect((await get('/api/middleware/symbol-recommendations?symbol=NOPE')).statusCode).toBe(404);
  });
});

/** Uploads hourly-or-other bars (open 1.5, high 1.6, low 1.4, close 1.55) for a user through the import route. */
async function importBars(
  user: SignedInUser,
  symbol: string,
  timeframe: string,
  bars: { time: number; volume: number }[],
) {
  const csv = ['time,open,high,low,close,volume', ...bars.map((b) => `${b.time},1.5,1.6,1.4,1.55,${b.volume}`)].join(
    '\n',
  );
  const boundary = '----tradedesktest';
  const payload = [
    `--${boundary}\r\nContent-Disposition: form-data; name="symbol"\r\n\r\n${symbol}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="timeframe"\r\n\r\n${timeframe}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bars.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
    `--${boundary}--\r\n`,
  ].join('');
  const upload = await app.inject({
    method: 'POST',
    url: '/api/market/candles/import',
    headers: { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(upload.statusCode, upload.body).toBe(201);
}

describe('GET /middleware/feed/historical', () => {
  it('answers the latest candles up to now, labelled simulated, the last one forming', async () => {
    const h = await history('symbol=EURUSD&timeframe=15m&limit=100');
    expect(h).toMatchObject({ symbol: 'FOREX:EURUSD', source: 'FOREX', timeframe: '15m', digits: 5 });
    expect(h.dataSource).toBe('Simulated');
    expect(h.label).toBe('Simulated market');
    expect(h.candles).toHaveLength(100);
    expect(h.forming).toBe(true);
    const last = h.candles[99]!;
    expect(last.time).toBe(utc('2026-01-07T15:00:00Z'));
    for (const c of h.candles) {
      expect(Object.keys(c).sort()).toEqual(['close', 'high', 'low', 'open', 'time', 'volume']);
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
    }
    // the same answer in every call (deterministic), and no bar after now
    expect(await history('symbol=EURUSD&timeframe=15m&limit=100')).toEqual(h);
    expect(h.candles.every((c) => c.time <= utc(NOW))).toBe(true);
  });

  it('answers what the simulator computes afresh as time moves (final bars are kept between calls)', async () => {
    const fresh = createSimulatedMarket();
    const start = utc('2026-01-07T12:00:00Z');
    try {
      for (const step of [0, 60_000, 600_000]) {
        clock.set(new Date(Date.parse(NOW) + step));
        const asOfMs = clock.now().getTime();
        const latest = await history('symbol=EURUSD&timeframe=15m&limit=300');
        expect(latest.candles).toEqual(fresh.candles('EURUSD', '15m', { limit: 300, asOfMs }));
        const from = await history(`symbol=EURUSD&timeframe=15m&startTime=${start}&limit=20`);
        expect(from.candles).toEqual(fresh.candles('EURUSD', '15m', { from: start, limit: 20, asOfMs }));
      }
    } finally {
      clock.set(NOW);
    }
  });

  it('gives 15m, 1h and 1D candles that agree with each other', async () => {
    const start = utc('2026-01-05T22:00:00Z'); // trade date Tuesday 6 January begins at 17:00 New York
    const m15 = await history(`symbol=EURUSD&timeframe=15m&startTime=${start}&limit=96`);
    const h1 = await history(`symbol=EURUSD&timeframe=1h&startTime=${start}&limit=24`);
    const d1 = await history(`symbol=EURUSD&timeframe=1D&startTime=${utc('2026-01-06T00:00:00Z')}&limit=1`);
    expect(h1.candles).toHaveLength(24);
    for (const bar of h1.candles) {
      const parts = m15.candles.filter((c) => c.time >= bar.time && c.time < bar.time + 3600);
      expect(parts.length).toBeGreaterThan(0);
      expect(parts.length).toBeLessThanOrEqual(4);
      expect(aggregateCandles(parts)).toEqual({ ...bar, volume: expect.any(Number) });
      expect(parts.reduce((s, c) => s + c.volume, 0)).toBeCloseTo(bar.volume, 6);
    }
    // the trade date's 24 hourly bars (22:00 UTC the evening before to 21:00) make its daily bar
    expect(h1.candles[23]?.time).toBe(utc('2026-01-06T21:00:00Z'));
    expect(h1.candles.every((c) => candleTimeOf('EURUSD', '1D', c.time + 300) === utc('2026-01-06T00:00:00Z'))).toBe(
      true,
    );
    const day = aggregateCandles(h1.candles)!;
    expect(d1.candles).toHaveLength(1);
    expect(d1.candles[0]).toEqual({ ...day, time: utc('2026-01-06T00:00:00Z'), volume: expect.any(Number) });
    expect(d1.candles[0]!.volume).toBeCloseTo(day.volume, 6);
  });

  it('sends ETag and cache headers, and 304 when the client has the answer', async () => {
    const closedUrl = `/api/middleware/feed/historical?symbol=EURUSD&timeframe=1h&endTime=${utc('2026-01-06T12:00:00Z')}&limit=50`;
    const first = await get(closedUrl);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, max-age=3600');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(closedUrl, alice, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(closedUrl, alice, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    // compressed, the same ETag (weak) and a Vary that names both the encoding and the caller
    const gzipped = await get(closedUrl, alice, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(etag);
    expect(String(gzipped.headers.vary).toLowerCase()).toMatch(/authorization/);
    expect(String(gzipped.headers.vary).toLowerCase()).toMatch(/accept-encoding/);

    const startUrl = `/api/middleware/feed/historical?symbol=EURUSD&timeframe=1h&startTime=${utc('2026-01-05T00:00:00Z')}&limit=10`;
    expect((await get(startUrl)).headers['cache-control']).toBe('private, max-age=3600');

    const latest = await get('/api/middleware/feed/historical?symbol=EURUSD&timeframe=1h&limit=5');
    expect(latest.headers['cache-control']).toBe('private, no-cache');
    expect(latest.headers.etag).toBeDefined();
  });

  it('refuses more than 5,000 candles, naming limit', async () => {
    expectFieldError(await get('/api/middleware/feed/historical?symbol=EURUSD&timeframe=1m&limit=5001'), {
      field: 'limit',
      message: 'limit must be a whole number from 1 to 5000.',
    });
    const max = await history('symbol=EURUSD&timeframe=1m&limit=5000');
    expect(max.candles).toHaveLength(5000);
  });

  it('answers 404 with a sentence for an unknown symbol, 400 for a wrong source or timeframe', async () => {
    const res = await get('/api/middleware/feed/historical?symbol=NOPE&timeframe=15m');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'MARKET_SYMBOL_NOT_FOUND' });
    expect(res.json().message).toMatch(/^No instrument has the symbol NOPE; .+\.$/);
    expectFieldError(await get('/api/middleware/feed/historical?symbol=EURUSD&source=CRYPTO'), { field: 'source' });
    expectFieldError(await get('/api/middleware/feed/historical?symbol=EURUSD&timeframe=2h'), { field: 'timeframe' });
    expectFieldError(await get('/api/middleware/feed/historical?symbol=EURUSD&startTime=soon'), { field: 'startTime' });
    // public market data: signed out is fine, but credentials sent must be valid
    expect((await get('/api/middleware/feed/historical?symbol=EURUSD', null)).statusCode).toBe(200);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/middleware/feed/historical?symbol=EURUSD',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers no candles outside the simulated range or after now', async () => {
    for (const query of [
      'startTime=99999999999',
      `startTime=${utc(NOW) + 3600}`,
      'endTime=1000',
      'startTime=0&limit=3',
    ]) {
      const h = await history(`symbol=EURUSD&timeframe=1h&${query}`);
      expect(h.candles.length, query).toBeLessThanOrEqual(3);
      expect(h.dataSource).toBe('Simulated');
    }
    expect((await history('symbol=EURUSD&timeframe=1h&startTime=0&limit=3')).candles[0]?.time).toBe(
      utc('1971-01-03T22:00:00Z'), // the first FX session: Sunday 17:00 New York
    );
    const empty = await app.inject({
      method: 'POST',
      url: '/api/indicators/calculation',
      headers: alice.auth,
      payload: { symbol: 'EURUSD', indicator_name: 'rsi', start_time: utc(NOW) + 86_400 },
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ times: [], series: [{ id: 'rsi', values: [] }] });
    expectFieldError(
      await get(`/api/middleware/feed/historical?symbol=EURUSD&startTime=${utc(NOW)}&endTime=${utc(NOW) - 60}`),
      { field: 'endTime' },
    );
  });

  it('accepts startTime in milliseconds', async () => {
    const s = utc('2026-01-06T10:00:00Z');
    expect(await history(`symbol=EURUSD&timeframe=1h&startTime=${s * 1000}&limit=3`)).toEqual(
      await history(`symbol=EURUSD&timeframe=1h&startTime=${s}&limit=3`),
    );
  });

  it('serves the caller’s imported bars instead of the simulator over their range', async () => {
    const t = (h: number) => utc(`2026-01-06T${String(h).padStart(2, '0')}:00:00Z`);
    await importBars(
      alice,
      'EURUSD',
      '1h',
      [10, 11, 12].map((h) => ({ time: t(h), volume: h })),
    );

    const query = `symbol=EURUSD&timeframe=1h&startTime=${t(8)}&limit=6`;
    const mine = await history(query);
    expect(mine.dataSource).toBe('Mixed');
    expect(mine.label).toBe('Imported data and simulated market');
    expect(mine.importedRanges).toEqual([{ from: t(10), to: t(12) }]);
    expect(mine.candles.map((c) => c.time)).toEqual([8, 9, 10, 11, 12, 13].map(t));
    expect(mine.candles.slice(2, 5)).toEqual(
      [10, 11, 12].map((h) => ({ time: t(h), open: 1.5, high: 1.6, low: 1.4, close: 1.55, volume: h })),
    );
    const only = await history(`symbol=EURUSD&timeframe=1h&startTime=${t(10)}&endTime=${t(13)}`);
    expect(only.dataSource).toBe('Imported');

    // another user still sees the simulated market there
    const theirs = await history(query, bob);
    expect(theirs.dataSource).toBe('Simulated');
    expect(theirs.importedRanges).toEqual([]);
    expect(theirs.candles[2]?.open).not.toBe(1.5);
    expect(theirs.candles[0]).toEqual(mine.candles[0]);

    // the indicator calculation reads the same bars
    const calc = await app.inject({
      method: 'POST',
      url: '/api/indicators/calculation',
      headers: alice.auth,
      payload: {
        symbol: 'EURUSD',
        timeframe: '1h',
        indicator_name: 'sma',
        indicator_settings: { period: 1 },
        start_time: t(8),
        limit: 6,
      },
    });
    expect(calc.statusCode, calc.body).toBe(200);
    expect((calc.json() as IndicatorCalculation).series[0]?.values.slice(2, 5)).toEqual([1.55, 1.55, 1.55]);
  });

  it('puts imported bars among the latest ones, the forming bar still simulated', async () => {
    const t = (h: number) => utc(`2026-01-07T${String(h).padStart(2, '0')}:00:00Z`);
    await importBars(
      bob,
      'GBPUSD',
      '1h',
      [12, 13, 14].map((h) => ({ time: t(h), volume: h })),
    );
    const latest = await history('symbol=GBPUSD&timeframe=1h&limit=5', bob);
    expect(latest.candles.map((c) => c.time)).toEqual([11, 12, 13, 14, 15].map(t));
    expect(latest.dataSource).toBe('Mixed');
    expect(latest.importedRanges).toEqual([{ from: t(12), to: t(14) }]);
    expect(latest.candles.slice(1, 4).map((c) => c.volume)).toEqual([12, 13, 14]);
    expect(latest.forming).toBe(true);
    expect(latest.candles[4]?.open).not.toBe(1.5);
  });
});

describe('GET /middleware/feed/historical signed out, and its kept answers', () => {
  const csvOf = (bars: { time: number; volume: number }[]) =>
    ['time,open,high,low,close,volume', ...bars.map((b) => `${b.time},1.5,1.6,1.4,1.55,${b.volume}`)].join('\n');
  /** Another instance of the candles service on the same database and bus, as another process would be. */
  const elsewhere = (bus = app.ctx.bus) =>
    createCandlesService({ repo: createCandlesRepository(app.ctx.db), bus, clock, importsRecheckMs: 0 });
  const fileOf = (csv: string) => ({ name: 'bars.csv', size: csv.length, open: () => [Buffer.from(csv)] });

  it('serves the simulator and the deployment’s imports to anyone, a user’s own imports to that user only', async () => {
    const t = (h: number) => utc(`2026-01-06T${String(h).padStart(2, '0')}:00:00Z`);
    const query = `symbol=AUDUSD&timeframe=1h&startTime=${t(8)}&limit=6`;
    const before = await get(`/api/middleware/feed/historical?${query}`, null);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ dataSource: 'Simulated', importedRanges: [] });

    await importBars(
      alice,
      'AUDUSD',
      '1h',
      [9, 10].map((h) => ({ time: t(h), volume: h })),
    );
    const signedOut = await get(`/api/middleware/feed/historical?${query}`, null);
    expect(signedOut.body).toBe(before.body);
    expect(signedOut.headers.etag).toBe(before.headers.etag);
    expect((await history(query, bob)).dataSource).toBe('Simulated');
    expect((await history(query, alice)).importedRanges).toEqual([{ from: t(9), to: t(10) }]);

    // a deployment-wide import, made by another instance: everyone sees it, signed out too; alice keeps her own
    const operator = elsewhere();
    await operator.importFile({
      ownerId: null,
      symbol: 'AUDUSD',
      timeframe: '1h',
      file: fileOf(csvOf([12].map((h) => ({ time: t(h), volume: 99 })))),
    });
    const publicNow = (await get(`/api/middleware/feed/historical?${query}`, null)).json() as HistoricalAnswer;
    expect(publicNow.importedRanges).toEqual([{ from: t(12), to: t(12) }]);
    expect(publicNow.candles[4]?.volume).toBe(99);
    expect(publicNow.candles.map((c) => c.volume)).not.toContain(9);
    expect((await history(query, alice)).importedRanges).toEqual([
      { from: t(9), to: t(10) },
      { from: t(12), to: t(12) },
    ]);
    operator.close();
  });

  it('drops a kept answer of a closed range when an import of its symbol is added or deleted', async () => {
    const t = (h: number) => utc(`2026-01-05T${String(h).padStart(2, '0')}:00:00Z`);
    const url = `/api/middleware/feed/historical?symbol=NZDUSD&timeframe=1h&startTime=${t(8)}&limit=4`;
    const first = await get(url);
    expect(first.headers['cache-control']).toBe('private, max-age=3600');
    expect((await get(url)).headers.etag).toBe(first.headers.etag);

    await importBars(alice, 'NZDUSD', '1h', [{ time: t(9), volume: 7 }]);
    const imported = await get(url);
    expect(imported.headers.etag).not.toBe(first.headers.etag);
    expect((imported.json() as HistoricalAnswer).candles[1]?.volume).toBe(7);

    const list = await get('/api/market/candles/imports?symbol=NZDUSD');
    const id = (list.json() as { imports: { id: string }[] }).imports[0]?.id;
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/market/candles/imports/${id}`,
      headers: alice.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const again = await get(url);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toBe(first.body);
  });

  it('gives the latest bars the bytes and ETag of their own, moving with the forming bar', async () => {
    const url = '/api/middleware/feed/historical?symbol=EURUSD&timeframe=15m&limit=200';
    const a = await get(url, null);
    expect(a.json()).toEqual(
      expect.objectContaining({
        forming: true,
        candles: createSimulatedMarket().candles('EURUSD', '15m', { limit: 200, asOfMs: clock.now().getTime() }),
      }),
    );
    expect((await get(url, null, { 'if-none-match': a.headers.etag as string })).statusCode).toBe(304);
    try {
      clock.set(new Date(Date.parse(NOW) + 120_000));
      const b = await get(url, null);
      expect(b.headers.etag).not.toBe(a.headers.etag);
      expect((b.json() as HistoricalAnswer).candles.slice(0, -1)).toEqual(
        (a.json() as HistoricalAnswer).candles.slice(0, -1),
      );
    } finally {
      clock.set(NOW);
    }
  });
});

describe('GET /feed/historical/intraday', () => {
  it('answers the bars between from and to', async () => {
    const from = utc('2026-01-06T10:00:00Z');
    const to = utc('2026-01-06T11:00:00Z');
    const res = await get(`/api/feed/historical/intraday?symbol=GBPUSD&timeframe=5m&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as HistoricalAnswer;
    expect(body.candles.map((c) => c.time)).toEqual(Array.from({ length: 12 }, (_, i) => from + i * 300));
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const h = await history(`symbol=GBPUSD&timeframe=5m&startTime=${from}&limit=12`);
    expect(body.candles).toEqual(h.candles);
  });

  it('refuses a range of more than 5,000 bars naming to, and daily timeframes naming timeframe', async () => {
    const from = utc('2025-11-01T00:00:00Z');
    expectFieldError(
      await get(`/api/feed/historical/intraday?symbol=EURUSD&timeframe=1m&from=${from}&to=${utc(NOW)}`),
      {
        field: 'to',
        code: 'MARKET_RANGE_TOO_LARGE',
      },
    );
    expectFieldError(await get(`/api/feed/historical/intraday?symbol=EURUSD&timeframe=1D&from=${from}`), {
      field: 'timeframe',
    });
    expectFieldError(await get(`/api/feed/historical/intraday?symbol=EURUSD&timeframe=1h&from=${from}&to=${from}`), {
      field: 'to',
    });
    expectFieldError(await get('/api/feed/historical/intraday?symbol=EURUSD&timeframe=1h'), { field: 'from' });
  });
});

describe('indicators', () => {
  it('lists the catalogue, 100 a page by default, by search and by group', async () => {
    const res = await get('/api/indicators/list', null);
    expect(res.statusCode).toBe(200);
    const list = res.json() as IndicatorList;
    expect(list).toMatchObject({ page: 1, limit: 100 });
    expect(list.total).toBeGreaterThanOrEqual(50);
    expect(list.indicators.length).toBe(Math.min(100, list.total));
    expect(list.groups.map((g) => g.id)).toEqual([
      'trend',
      'oscillators',
      'volume',
      'volatility',
      'priceAction',
      'meanReversion',
    ]);
    const rsi = (await get('/api/indicators/list?search=rsi', null)).json() as IndicatorList;
    expect(rsi.indicators.map((i) => i.id)).toContain('rsi');
    const osc = (await get('/api/indicators/list?group=oscillators&limit=5&page=2', null)).json() as IndicatorList;
    expect(osc.indicators.length).toBeGreaterThan(0);
    expect(osc.indicators.every((i) => i.group === 'oscillators')).toBe(true);
    expect(osc.total).toBe(list.groups.find((g) => g.id === 'oscillators')?.count);
    expectFieldError(await get('/api/indicators/list?group=magic', null), { field: 'group' });
    expectFieldError(await get('/api/indicators/list?limit=0', null), { field: 'limit' });
  });

  const calculate = (payload: Record<string, unknown>, user: SignedInUser | null = alice) =>
    app.inject({ method: 'POST', url: '/api/indicators/calculation', headers: user?.auth ?? {}, payload });

  it('computes RSI and Bollinger Bands aligned to the candles', async () => {
    const candles = await history('symbol=EURUSD&timeframe=15m&limit=200');
    const res = await calculate({
      symbol: 'EURUSD',
      source: 'FOREX',
      timeframe: '15m',
      indicator_name: 'RSI',
      limit: 200,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rsi = res.json() as IndicatorCalculation;
    expect(rsi).toMatchObject({ indicator: 'rsi', kind: 'series', overlay: false, dataSource: 'Simulated' });
    expect(rsi.times).toEqual(candles.candles.map((c) => c.time));
    expect(rsi.settings.period).toBe(14);
    const values = rsi.series[0]!.values;
    expect(values).toHaveLength(200);
    expect(values.slice(0, 14).every((v) => v === null)).toBe(true);
    expect(values.slice(14).every((v) => v !== null && v >= 0 && v <= 100)).toBe(true);
    expect(rsi.levels.length).toBeGreaterThan(0);

    const bb = await calculate({
      symbol: 'EURUSD',
      timeframe: '15m',
      indicator_name: 'bollinger',
      indicator_settings: { period: 20 },
      indicator_styles: { upper: { color: '#FF0000' } },
      limit: 200,
    });
    expect(bb.statusCode, bb.body).toBe(200);
    const bands = bb.json() as IndicatorCalculation;
    expect(bands.overlay).toBe(true);
    const upper = bands.series.find((s) => s.id === 'upper')!;
    const lower = bands.series.find((s) => s.id === 'lower')!;
    expect(upper.style.color).toBe('#FF0000');
    for (let i = 19; i < 200; i++) {
      expect(upper.values[i]!).toBeGreaterThanOrEqual(lower.values[i]!);
    }
  });

  it('refuses bad settings and styles with a 400 naming the field', async () => {
    const base = { symbol: 'EURUSD', timeframe: '15m', limit: 100 };
    expectFieldError(await calculate({ ...base, indicator_name: 'rsi', indicator_settings: { period: 0 } }), {
      field: 'indicator_settings.period',
      message: /^period must be an integer from \d+ to \d+\.$/,
    });
    expectFieldError(await calculate({ ...base, indicator_name: 'rsi', indicator_settings: { period: 100_000 } }), {
      field: 'indicator_settings.period',
    });
    expectFieldError(await calculate({ ...base, indicator_name: 'rsi', indicator_settings: { speed: 3 } }), {
      field: 'indicator_settings.speed',
    });
    expectFieldError(await calculate({ ...base, indicator_name: 'astrology' }), { field: 'indicator_name' });
    expectFieldError(
      await calculate({ ...base, indicator_name: 'rsi', indicator_styles: { rsi: { color: 'nice' } } }),
      {
        field: 'indicator_styles.rsi.color',
      },
    );
    expectFieldError(await calculate({ ...base, indicator_name: 'rsi', limit: 5001 }), { field: 'limit' });
    expectFieldError(await calculate({ ...base, indicator_name: 'rsi', timeframe: '2h' }), { field: 'timeframe' });
    expect((await calculate({ ...base, indicator_name: 'rsi', symbol: 'NOPE' })).statusCode).toBe(404);
    expect((await calculate({ ...base, indicator_name: 'rsi' }, null)).statusCode).toBe(401);
  });

  it('computes a volume profile over the scope', async () => {
    const list = (await get('/api/indicators/list?search=profile', null)).json() as IndicatorList;
    const vp = list.indicators.find((i) => i.kind === 'profile')!;
    const candles = await history('symbol=EURUSD&timeframe=15m&limit=100');
    const scope = { from: candles.candles[50]!.time, to: candles.candles[89]!.time };
    const res = await calculate({ symbol: 'EURUSD', timeframe: '15m', indicator_name: vp.id, limit: 100, scope });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as IndicatorCalculation;
    expect(body.kind).toBe('profile');
    expect(body.profile).toMatchObject(scope);
    expect(body.profile!.totalVolume).toBeCloseTo(
      candles.candles.slice(50, 90).reduce((s, c) => s + c.volume, 0),
      3,
    );
  });
});
