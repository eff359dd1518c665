import { randomBytes } from 'node:crypto';
import { CANDLE_IMPORT_PROGRESS_EVENT, type CandleImportProgress } from '@tradedesk/contracts';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.js';
import { type BusMessage, createMemoryBus } from '../../platform/bus/event-bus.js';
import { createManualClock } from '../../platform/clock.js';
import type { Database } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { users } from '../users/users.table.js';
import { createCandlesRepository } from './candles.repository.js';
import { type CandleFileSource, type CandlesService, createCandlesService } from './candles.service.js';
import { candleImports, candleSeries, importedCandles } from './candles.table.js';

const utc = (iso: string) => Date.parse(iso) / 1000;
type Bar = [time: string, open: number, high: number, low: number, close: number, volume: number];

/** A plain OHLCV file of the bars. */
function csv(bars: readonly Bar[]): string {
  return `time,open,high,low,close,volume\n${bars.map((b) => b.join(',')).join('\n')}\n`;
}

function fileOf(text: string, name = 'bars.csv'): CandleFileSource {
  const data = Buffer.from(text);
  return { name, size: data.length, open: () => [data] };
}

/** `n` one-minute bars from `start`, each priced from `base` so files can be told apart. */
function minuteBars(start: string, n: number, base: number): Bar[] {
  const out: Bar[] = [];
  for (let i = 0; i < n; i++) {
    const t = new Date(Date.parse(start) + i * 60_000).toISOString().replace('.000Z', 'Z');
    const o = +(base + i * 0.0001).toFixed(5);
    out.push([t, o, +(o + 0.0005).toFixed(5), +(o - 0.0005).toFixed(5), +(o + 0.0002).toFixed(5), 10 + i]);
  }
  return out;
}

let database: Database;
let service: CandlesService;
const published: BusMessage[] = [];
const clock = createManualClock('2026-01-05T10:00:00Z');

async function newUser(): Promise<string> {
  const id = newId();
  const suffix = randomBytes(5).toString('hex');
  await database.db.insert(users).values({ id, email: `u-${suffix}@example.test`, username: `u_${suffix}` });
  return id;
}

/** A symbol no other test uses, so tests sharing the database stay independent. */
const freshSymbol = () => `T${randomBytes(4).toString('hex').toUpperCase()}`;

async function barCount(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(importedCandles);
  return row?.n ?? 0;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  ({ database } = await createTestDatabase());
  const bus = createMemoryBus();
  bus.subscribe((m) => published.push(m));
  service = createCandlesService({ repo: createCandlesRepository(database.db), bus, clock, batchSize: 100 });
});

describe('candles service: importing', () => {
  it('stores the bars of a file for its owner and serves them back exactly', async () => {
    const owner = await newUser();
    const symbol = freshSymbol();
    const bars = minuteBars('2024-01-02T00:00:00Z', 6, 1.10427);
    const result = await service.importFile({ ownerId: owner, symbol, file: fileOf(csv(bars), 'EURUSD_M1.csv') });
    expect(result).toMatchObject({
      symbol,
      timeframe: '1m',
      scope: 'user',
      format: 'ohlcv',
      fileName: 'EURUSD_M1.csv',
      timeZone: 'UTC',
      rows: 6,
      firstTime: utc('2024-01-02T00:00:00Z'),
      lastTime: utc('2024-01-02T00:05:00Z'),
      replaced: 0,
      warnings: [],
      createdAt: '2026-01-05T10:00:00.000Z',
    });
    const found = await service.findImportedBars({
      userId: owner,
      symbol,
      timeframe: '1m',
      from: utc('2024-01-01T00:00:00Z'),
      to: utc('2024-01-03T00:00:00Z'),
      limit: 100,
    });
    expect(found.bars).toEqual(
      bars.map(([t, open, high, low, close, volume]) => ({ time: utc(t), open, high, low, close, volume })),
    );
    // the window is clipped to what the imports cover
    expect(found.ranges).toEqual([{ from: utc('2024-01-02T00:00:00Z'), to: utc('2024-01-02T00:05:00Z') }]);
  });

  it("keeps a user's bars to that user; the deployment's serve everyone, the user's own winning where both exist", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const symbol = freshSymbol();
    await service.importFile({ ownerId: null, symbol, file: fileOf(csv(minuteBars('2024-01-02T00:00:00Z', 10, 1.2))) });
    await service.importFile({ ownerId: alice, symbol, file: fileOf(csv(minuteBars('2024-01-02T00:03:00Z', 3, 1.5))) });
    const window = { symbol, timeframe: '1m' as const, from: 0, to: utc('2030-01-01T00:00:00Z'), limit: 100 };

    const forBob = await service.findImportedBars({ ...window, userId: bob });
    expect(forBob.bars).toHaveLength(10);
    expect(forBob.bars.every((b) => b.open < 1.3)).toBe(true);

    const forAlice = await service.findImportedBars({ ...window, userId: alice });
    expect(forAlice.bars.map((b) => b.open)).toEqual([
      1.2, 1.2001, 1.2002, 1.5, 1.5001, 1.5002, 1.2006, 1.2007, 1.2008, 1.2009,
    ]);
    expect(forAlice.ranges).toEqual([{ from: utc('2024-01-02T00:00:00Z'), to: utc('2024-01-02T00:09:00Z') }]);
  });

  it('replaces the owner’s earlier bars in the range of a new file, and recounts the earlier import', async () => {
    const owner = await newUser();
    const symbol = freshSymbol();
    const first = await service.importFile({
      ownerId: owner,
      symbol,
      file: fileOf(csv(minuteBars('2024-01-02T00:00:00Z', 7, 1.1))),
    });
    clock.advance(1000);
    const second = await service.importFile({
      ownerId: owner,
      symbol,
      file: fileOf(csv(minuteBars('2024-01-02T00:03:00Z', 8, 1.3))),
    });
    expect(second.replaced).toBe(4);
    const { imports } = await service.listImports(owner, { symbol, page: 1, limit: 50 });
    expect(imports.map((i) => [i.id, i.rows, i.firstTime, i.lastTime])).toEqual([
      [second.id, 8, utc('2024-01-02T00:03:00Z'), utc('2024-01-02T00:10:00Z')],
      [first.id, 3, utc('2024-01-02T00:00:00Z'), utc('2024-01-02T00:02:00Z')],
    ]);
    // a third file over the whole of the first leaves the first with nothing: it is gone from the list
    clock.advance(1000);
    await service.importFile({ ownerId: owner, symbol, file: fileOf(csv(minuteBars('2024-01-02T00:00:00Z', 3, 1.7))) });
    const after = await service.listImports(owner, { symbol, page: 1, limit: 50 });
    expect(after.imports.map((i) => i.id)).not.toContain(first.id);
    expect(after.total).toBe(2);
  });

  it('refuses a file with bad rows, listing them by line, and stores nothing', async () => {
    const owner = await newUser();
    const before = await barCount();
    const text = `${csv(minuteBars('2024-01-02T00:00:00Z', 3, 1.1))}2024-01-02T00:03:00Z,1.0716,1.0712,1.0720,1.0716,4\n`;
    const error = await failure(service.importFile({ ownerId: owner, symbol: freshSymbol(), file: fileOf(text) }));
    expect(error.code).toBe('CANDLES_IMPORT_INVALID');
    expect(error.message).toBe('Line 5: high 1.0712 is below low 1.0720. Nothing was imported.');
    expect(error.details).toEqual({
      errors: [{ line: 5, message: 'Line 5: high 1.0712 is below low 1.0720.' }],
      truncated: false,
    });
    expect(await barCount()).toBe(before);
  });

  it('leaves nothing behind when storing fails after several batches of bars were written', async () => {
    const owner = await newUser();
    const symbol = freshSymbol();
    await service.importFile({ ownerId: owner, symbol, file: fileOf(csv(minuteBars('2024-01-01T00:00:00Z', 5, 1.4))) });
    const bars = minuteBars('2024-01-02T00:00:00Z', 450, 1.1);
    const good = Buffer.from(csv(bars));
    // The second reading (the one that stores) meets a bad last row: four batches of 100 are inserted by then.
    const changed = Buffer.from(`${csv(bars.slice(0, -1))}${bars.at(-1)![0]},1,0.5,2,1,1\n`);
    let reads = 0;
    const file: CandleFileSource = { name: 'x.csv', size: good.length, open: () => [reads++ === 0 ? good : changed] };
    const before = await barCount();
    const error = await failure(service.importFile({ ownerId: owner, symbol, file }));
    expect(error.code).toBe('CANDLES_IMPORT_INVALID');
    expect(error.message).toBe('The file changed while it was being imported, so nothing was imported. Send it again.');
    expect(await barCount()).toBe(before);
    const { imports } = await service.listImports(owner, { symbol, page: 1, limit: 50 });
    expect(imports).toHaveLength(1);
    expect(imports[0]?.rows).toBe(5);
  });

  it('rolls back the series it created when the first import into it fails', async () => {
    const owner = await newUser();
    const symbol = freshSymbol();
    const good = Buffer.from(csv(minuteBars('2024-01-02T00:00:00Z', 3, 1.1)));
    let reads = 0;
    const file: CandleFileSource = {
      name: 'x.csv',
      size: good.length,
      open: () => [reads++ === 0 ? good : Buffer.from('time,open,high,low,close\n')],
    };
    await failure(service.importFile({ ownerId: owner, symbol, file }));
    expect(await database.db.select().from(candleSeries).where(eq(candleSeries.symbol, symbol))).toEqual([]);
  });

  it('serialises two imports into the same series: both land, the later one replacing the overlap', async () => {
    const owner = await newUser();
    const symbol = freshSymbol();
    const [a, b] = await Promise.all([
      service.importFile({ ownerId: owner, symbol, file: fileOf(csv(minuteBars('2024-01-02T00:00:00Z', 250, 1.1))) }),
      service.importFile({ ownerId: owner, symbol, file: fileOf(csv(minuteBars('2024-01-02T01:00:00Z', 250, 1.3))) }),
    ]);
    const stored = await database.db
      .select({ importId: importedCandles.importId, n: count() })
      .from(importedCandles)
      .where(eq(importedCandles.importId, a.id))
      .groupBy(importedCandles.importId);
    const rowsA = stored[0]?.n ?? 0;
    const [rowB] = await database.db.select().from(candleImports).where(eq(candleImports.id, b.id));
    // 01:00 to 04:09 overlap: 190 bars; whichever ran second owns them
    expect(rowsA + (rowB?.rows ?? 0)).toBe(250 + 250 - 190);
  });

  it('publishes progress on the owner’s user channel: validating, then storing, ending at the file size', async () => {
    const owner = await newUser();
    published.length = 0;
    const text = csv(minuteBars('2024-01-02T00:00:00Z', 30, 1.1));
    const result = await service.importFile({ ownerId: owner, symbol: freshSymbol(), file: fileOf(text) });
    await Promise.resolve();
    const events = published
      .filter((m) => m.channel === `user:${owner}` && m.event === CANDLE_IMPORT_PROGRESS_EVENT)
      .map((m) => m.data as CandleImportProgress);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(new Set(events.map((e) => e.importId))).toEqual(new Set([result.id]));
    expect(events.map((e) => e.phase)).toEqual([...events.map((e) => e.phase)].sort((x, y) => (x > y ? -1 : 1)));
    expect(events.at(-1)).toEqual({
      importId: result.id,
      symbol: result.symbol,
      phase: 'storing',
      rows: 30,
      bytes: Buffer.byteLength(text),
      totalBytes: Buffer.byteLength(text),
    });
  });

  it('publishes no user events for a deployment-wide import', async () => {
    published.length = 0;
    await service.importFile({
      ownerId: null,
      symbol: freshSymbol(),
      file: fileOf(csv(minuteBars('2024-01-02T00:00:00Z', 3, 1))),
    });
    await Promise.resolve();
    expect(published.filter((m) => m.event === CANDLE_IMPORT_PROGRESS_EVENT)).toEqual([]);
  });

  it('lets one import per owner run at a time', () => {
    const release = service.reserve('someone');
    expect(() => service.reserve('someone')).toThrow('Another import of yours is still running.');
    expect(() => service.reserve('someone-else')()).not.toThrow();
    release();
    expect(() => service.reserve('someone')()).not.toThrow();
  });
});

describe('candles service: reading bars back', () => {
  it('merges 1-minute bars into 5-minute ones: first open, highest high, lowest low, last close, summed volume', async () => {
    const owner = await newUser();
    const symbol = freshSymbol();
    const bars: Bar[] = [
      ['2024-01-02T00:00:00Z', 1.1, 1.12, 1.09, 1.11, 1],
      ['2024-01-02T00:01:00Z', 1.11, 1.15, 1.1, 1.14, 2],
      ['2024-01-02T00:04:00Z', 1.14, 1.14, 1.05, 1.06, 3],
      ['2024-01-02T00:05:00Z', 1.06, 1.07, 1.06, 1.07, 4],
      ['2024-01-02T00:12:00Z', 1.07, 1.08, 1.07, 1.08, 5],
    ];
    await service.importFile({ ownerId: owner, symbol, file: fileOf(csv(bars)) });
    const found = await service.findImportedBars({
      userId: owner,
      symbol,
      timeframe: '5m',
      from: utc('2024-01-02T00:00:00Z'),
      to: utc('2024-01-02T01:00:00Z'),
      limit: 100,
    });
    expect(found.bars).toEqual([
      { time: utc('2024-01-02T00:00:00Z'), open: 1.1, high: 1.15, low: 1.05, close: 1.06, volume: 6 },
      { time: utc('2024-01-02T00:05:00Z'), open: 1.06, high: 1.07, low: 1.06, close: 1.07, volume: 4 },
      { time: utc('2024-01-02T00:10:00Z'), open: 1.07, high: 1.08, low: 1.07, close: 1.08, volume: 5 },
    ]);
    expect(found.ranges).toEqual([{ from: utc('2024-01-02T00:00:00Z'), to: utc('2024-01-02T00:10:00Z') }]);
    // daily bars are not built from intraday ones
    const daily = await service.findImportedBars({
      userId: owner,
      symbol,
      timeframe: '1D',
      from: 0,
      to: 2e9,
      limit: 10,
    });
    expect(daily).toEqual({ bars: [], ranges: [] });
  });

  it('builds weeks (from Monday) and months from daily bars', async () => {
    const owner = await newUser();
    const symbol = freshSymbol();
    const days: Bar[] = [
      ['2024-01-29', 10, 12, 9, 11, 1], // Monday
      ['2024-01-31', 11, 13, 10, 12, 2], // Wednesday
      ['2024-02-01', 12, 15, 11, 14, 3], // Thursday, a new month
      ['2024-02-05', 14, 14, 8, 9, 4], // the next Monday
    ];
    await service.importFile({ ownerId: owner, symbol, file: fileOf(csv(days)) });
    const range = { userId: owner, symbol, from: 0, to: 2e9, limit: 10 };
    expect((await service.findImportedBars({ ...range, timeframe: '1W' })).bars).toEqual([
      { time: utc('2024-01-29T00:00:00Z'), open: 10, high: 15, low: 9, close: 14, volume: 6 },
      { time: utc('2024-02-05T00:00:00Z'), open: 14, high: 14, low: 8, close: 9, volume: 4 },
    ]);
    expect((await service.findImportedBars({ ...range, timeframe: '1M' })).bars).toEqual([
      { time: utc('2024-01-01T00:00:00Z'), open: 10, high: 13, low: 9, close: 12, volume: 3 },
      { time: utc('2024-02-01T00:00:00Z'), open: 12, high: 15, low: 8, close: 9, volume: 7 },
    ]);
  });

  it('answers the newest bars when asked, still in time order, and the range whatever the limit', async () => {
    const owner = await newUser();
    const symbol = freshSymbol();
    await service.importFile({
      ownerId: owner,
      symbol,
      file: fileOf(csv(minuteBars('2024-01-02T00:00:00Z', 10, 1.1))),
    });
    const query = { userId: owner, symbol, timeframe: '1m' as const, from: 0, to: 2e9, limit: 3 };
    const oldest = await service.findImportedBars(query);
    const newest = await service.findImportedBars({ ...query, newest: true });
    expect(oldest.bars.map((b) => b.time)).toEqual([0, 1, 2].map((i) => utc('2024-01-02T00:00:00Z') + i * 60));
    expect(newest.bars.map((b) => b.time)).toEqual([7, 8, 9].map((i) => utc('2024-01-02T00:00:00Z') + i * 60));
    expect(newest.ranges).toEqual([{ from: utc('2024-01-02T00:00:00Z'), to: utc('2024-01-02T00:09:00Z') }]);
  });

  it('uses the requested timeframe before merging a finer one, and fills the rest from the finer one', async () => {
    const owner = await newUser();
    const symbol = freshSymbol();
    // 5-minute bars for the first 10 minutes, 1-minute bars from 00:05 to 00:19
    await service.importFile({
      ownerId: owner,
      symbol,
      file: fileOf(
        csv([
          ['2024-01-02T00:00:00Z', 2, 2, 2, 2, 1],
          ['2024-01-02T00:05:00Z', 2, 2, 2, 2, 1],
        ]),
      ),
    });
    await service.importFile({ ownerId: owner, symbol, file: fileOf(csv(minuteBars('2024-01-02T00:05:00Z', 15, 1))) });
    const found = await service.findImportedBars({
      userId: owner,
      symbol,
      timeframe: '5m',
      from: 0,
      to: 2e9,
      limit: 10,
    });
    expect(found.bars.map((b) => [b.time - utc('2024-01-02T00:00:00Z'), b.open])).toEqual([
      [0, 2],
      [300, 2],
      [600, 1.0005],
      [900, 1.001],
    ]);
    expect(found.ranges).toEqual([{ from: utc('2024-01-02T00:00:00Z'), to: utc('2024-01-02T00:15:00Z') }]);
  });
  it("prefers the user's own finer bars to the deployment's bars of the requested timeframe", async () => {
    const owner = await newUser();
    const symbol = freshSymbol();
    await service.importFile({
      ownerId: null,
      symbol,
      file: fileOf(
        csv([
          ['2024-01-02T00:00:00Z', 9, 9, 9, 9, 1],
          ['2024-01-02T00:05:00Z', 9, 9, 9, 9, 1],
          ['2024-01-02T00:10:00Z', 9, 9, 9, 9, 1],
        ]),
      ),
    });
    await service.importFile({ ownerId: owner, symbol, file: fileOf(csv(minuteBars('2024-01-02T00:05:00Z', 5, 1))) });
    const query = { symbol, timeframe: '5m' as const, from: 0, to: 2e9, limit: 10 };
    const mine = await service.findImportedBars({ ...query, userId: owner });
    expect(mine.bars.map((b) => b.open)).toEqual([9, 1, 9]);
    const theirs = await service.findImportedBars({ ...query, userId: await newUser() });
    expect(theirs.bars.map((b) => b.open)).toEqual([9, 9, 9]);
  });
});

describe('candles service: deleting', () => {
  it("deletes the user's own import with its bars; another user's is not found; the deployment's is read-only", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const symbol = freshSymbol();
    const mine = await service.importFile({
      ownerId: owner,
      symbol,
      file: fileOf(csv(minuteBars('2024-01-02T00:00:00Z', 4, 1))),
    });
    const shared = await service.importFile({
      ownerId: null,
      symbol,
      file: fileOf(csv(minuteBars('2024-01-03T00:00:00Z', 4, 1))),
    });

    expect((await failure(service.deleteImport(stranger, mine.id))).code).toBe('CANDLES_IMPORT_NOT_FOUND');
    expect((await failure(service.deleteImport(owner, shared.id))).code).toBe('CANDLES_IMPORT_READ_ONLY');
    await service.deleteImport(owner, mine.id);
    expect((await failure(service.deleteImport(owner, mine.id))).code).toBe('CANDLES_IMPORT_NOT_FOUND');
    expect(await database.db.select().from(importedCandles).where(eq(importedCandles.importId, mine.id))).toEqual([]);
    const series = await database.db.select().from(candleSeries).where(eq(candleSeries.symbol, symbol));
    expect(series.map((s) => s.ownerId)).toEqual([null]);

    await service.deleteImportAsOperator(shared.id);
    expect(await database.db.select().from(candleSeries).where(eq(candleSeries.symbol, symbol))).toEqual([]);
  });

  it('removes every import of an account that is deleted', async () => {
    const owner = await newUser();
    const symbol = freshSymbol();
    await service.importFile({ ownerId: owner, symbol, file: fileOf(csv(minuteBars('2024-01-02T00:00:00Z', 4, 1))) });
    await database.db.delete(users).where(eq(users.id, owner));
    expect(await database.db.select().from(candleSeries).where(eq(candleSeries.symbol, symbol))).toEqual([]);
  });
});
