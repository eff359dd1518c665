import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import {
  CANDLE_IMPORT_PROGRESS_EVENT,
  type CandleImportList,
  type CandleImportProgress,
  type CandleImportResult,
} from '@tradedesk/contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import type { BusMessage } from '../../platform/bus/event-bus.js';
import { candleUploadDir } from './candles.plugin.js';
import { candleSeries, importedCandles } from './candles.table.js';

const MAX_BYTES = 8 * 1024;
const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../packages/core/src/market/import/fixtures/${name}`, import.meta.url));
const utc = (iso: string) => Date.parse(iso) / 1000;

type Part = { name: string; filename?: string; data: Buffer | string };

/** A multipart/form-data body built by hand, as a browser's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = `----tradedesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename ? '\r\nContent-Type: text/csv' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data) : p.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let app: FastifyInstance;
let dataDir: string;
let alice: SignedInUser;
let bob: SignedInUser;
const events: BusMessage[] = [];

beforeAll(async () => {
  let config: { dataDir: string };
  ({ app, config } = await createTestApp({ config: { importMaxBytes: MAX_BYTES } }));
  dataDir = config.dataDir;
  app.ctx.bus.subscribe((m) => events.push(m));
  [alice, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

const freshSymbol = () => `R${randomBytes(4).toString('hex').toUpperCase()}`;

async function upload(user: SignedInUser | null, parts: Part[]) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/market/candles/import',
    headers: { ...(user?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
}

const fileField = (data: Buffer | string, filename = 'bars.csv'): Part => ({ name: 'file', filename, data });

async function importsOf(user: SignedInUser, query = ''): Promise<CandleImportList> {
  const res = await app.inject({ method: 'GET', url: `/api/market/candles/imports${query}`, headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as CandleImportList;
}

async function storedBars(symbol: string): Promise<number> {
  const [row] = await app.ctx.db
    .select({ n: count() })
    .from(importedCandles)
    .innerJoin(candleSeries, eq(candleSeries.id, importedCandles.seriesId))
    .where(eq(candleSeries.symbol, symbol));
  return row?.n ?? 0;
}

describe('POST /api/market/candles/import', () => {
  it('imports a MetaTrader 5 export for the caller and answers a summary', async () => {
    const symbol = freshSymbol();
    const res = await upload(alice, [
      { name: 'symbol', data: symbol.toLowerCase() },
      { name: 'time_zone', data: 'Europe/Athens' },
      fileField(fixture('mt5-eurusd-m1.csv'), 'EURUSD_M1_202401.csv'),
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json() as CandleImportResult;
    expect(body).toMatchObject({
      symbol,
      timeframe: '1m',
      scope: 'user',
      format: 'mt5',
      fileName: 'EURUSD_M1_202401.csv',
      timeZone: 'Europe/Athens',
      rows: 6,
      firstTime: utc('2024-01-01T22:00:00Z'),
      lastTime: utc('2024-01-01T22:06:00Z'),
      replaced: 0,
    });
    expect(body.warnings).toEqual(['The volumes are tick volumes (<TICKVOL>), because the file has no real volume.']);
    expect(await storedBars(symbol)).toBe(6);

    const mine = await importsOf(alice, `?symbol=${symbol}`);
    expect(mine.imports.map((i) => i.id)).toEqual([body.id]);
    expect((await importsOf(bob, `?symbol=${symbol}`)).imports).toEqual([]);
    // the spooled upload is gone
    expect(readdirSync(candleUploadDir(dataDir))).toEqual([]);
  });

  it('reports progress on the caller’s user channel, ending with every byte stored', async () => {
    const symbol = freshSymbol();
    events.length = 0;
    const data = fixture('dukascopy-eurusd-m5.csv');
    const res = await upload(bob, [{ name: 'symbol', data: symbol }, fileField(data)]);
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as CandleImportResult;
    const progress = events
      .filter((m) => m.channel === `user:${bob.userId}` && m.event === CANDLE_IMPORT_PROGRESS_EVENT)
      .map((m) => m.data as CandleImportProgress);
    expect(progress.map((p) => p.phase)).toContain('validating');
    expect(progress.at(-1)).toEqual({
      importId: id,
      symbol,
      phase: 'storing',
      rows: 4,
      bytes: data.length,
      totalBytes: data.length,
    });
    expect(events.some((m) => m.channel === `user:${alice.userId}`)).toBe(false);
  });

  it('refuses a file with bad rows: 400 with every line in details, and nothing stored', async () => {
    const symbol = freshSymbol();
    const res = await upload(alice, [{ name: 'symbol', data: symbol }, fileField(fixture('bad-rows.csv'))]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 400,
      code: 'CANDLES_IMPORT_INVALID',
      message: 'The file has 9 problems, so nothing was imported. The first: Line 5: open "abc" is not a number.',
    });
    expect(body.details.errors.map((e: { line: number }) => e.line)).toEqual([5, 6, 7, 8, 10, 11, 12, 13, 17]);
    expect(body.details.errors.at(-1)).toEqual({ line: 17, message: 'Line 17: high 1.0712 is below low 1.0720.' });
    expect(body.details.truncated).toBe(false);
    expect(await storedBars(symbol)).toBe(0);
    expect((await importsOf(alice, `?symbol=${symbol}`)).total).toBe(0);
    expect(readdirSync(candleUploadDir(dataDir))).toEqual([]);
  });

  it('refuses a file larger than IMPORT_MAX_BYTES with a 413, keeping nothing', async () => {
    const symbol = freshSymbol();
    const big = `time,open,high,low,close\n${'2024-01-02 00:00,1,1,1,1\n'.repeat(MAX_BYTES / 20)}`;
    const res = await upload(alice, [{ name: 'symbol', data: symbol }, fileField(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'CANDLES_UPLOAD_TOO_LARGE',
      message:
        'The file is larger than 8 KB, the most an import may send (IMPORT_MAX_BYTES). Split it by date and import the parts.',
    });
    expect(await storedBars(symbol)).toBe(0);
    expect(readdirSync(candleUploadDir(dataDir))).toEqual([]);
  });

  it.each([
    {
      name: 'no symbol',
      parts: [fileField('x')],
      field: 'symbol',
      message: 'Symbol is required.',
    },
    {
      name: 'a symbol with a space',
      parts: [{ name: 'symbol', data: 'EUR USD' }, fileField('x')],
      field: 'symbol',
      message: 'Symbol must be 1 to 20 letters, digits, dots, underscores or hyphens, such as EURUSD.',
    },
    {
      name: 'an unknown timeframe',
      parts: [{ name: 'symbol', data: 'EURUSD' }, { name: 'timeframe', data: '2m' }, fileField('x')],
      field: 'timeframe',
      message: 'Timeframe must be one of 1m, 5m, 15m, 30m, 1h, 4h, 1D, 1W, 1M (1m is a minute, 1M a month).',
    },
    {
      name: 'an unknown time zone',
      parts: [{ name: 'symbol', data: 'EURUSD' }, { name: 'time_zone', data: 'Mars/Olympus' }, fileField('x')],
      field: 'time_zone',
      message: expect.stringContaining('IANA time zone'),
    },
  ])('answers 400 naming the field for $name', async ({ parts, field, message }) => {
    const res = await upload(alice, parts);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [{ field, message }] } });
  });

  it.each([
    { name: 'no file', parts: [{ name: 'symbol', data: 'EURUSD' }], message: /file is missing/ },
    {
      name: 'an unknown field',
      parts: [{ name: 'symbol', data: 'EURUSD' }, { name: 'owner', data: 'x' }, fileField('x')],
      message: /not a field of an import/,
    },
    {
      name: 'the file under another name',
      parts: [
        { name: 'symbol', data: 'EURUSD' },
        { name: 'csv', filename: 'a.csv', data: 'x' },
      ],
      message: /exactly one file/,
    },
  ])('answers 400 CANDLES_UPLOAD_MISSING for $name', async ({ parts, message }) => {
    const res = await upload(alice, parts);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CANDLES_UPLOAD_MISSING');
    expect(res.json().message).toMatch(message);
  });

  it.each([
    { name: 'a JSON body', type: 'application/json', payload: '{"symbol":"EURUSD","file":"time,open"}' },
    { name: 'a bare CSV body', type: 'text/csv', payload: 'time,open,high,low,close\n' },
  ])('answers 400 CANDLES_UPLOAD_MISSING to $name, naming the file field', async ({ type, payload }) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/market/candles/import',
      headers: { ...alice.auth, 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CANDLES_UPLOAD_MISSING', details: { fields: [{ field: 'file' }] } });
  });

  it.each([
    { name: 'no parts at all', payload: 'garbage without a boundary' },
    {
      name: 'a body cut off in the file',
      payload:
        '--abc\r\nContent-Disposition: form-data; name="symbol"\r\n\r\nEURUSD\r\n--abc\r\n' +
        'Content-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\ntime,open',
    },
  ])('answers 400 CANDLES_UPLOAD_MALFORMED to a multipart body with $name, keeping nothing', async ({ payload }) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/market/candles/import',
      headers: { ...alice.auth, 'content-type': 'multipart/form-data; boundary=abc' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CANDLES_UPLOAD_MALFORMED',
      message: 'The upload is not a well-formed multipart/form-data body: send it again.',
    });
    expect(readdirSync(candleUploadDir(dataDir))).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const res = await upload(null, [{ name: 'symbol', data: 'EURUSD' }, fileField(fixture('ohlcv-iso.csv'))]);
    expect(res.statusCode).toBe(401);
  });
});

describe('GET and DELETE /api/market/candles/imports', () => {
  it('deletes the caller’s import and its bars; another user’s id is a 404 and changes nothing', async () => {
    const symbol = freshSymbol();
    const created = await upload(alice, [
      { name: 'symbol', data: symbol },
      fileField(fixture('ohlcv-unix-seconds.csv')),
    ]);
    const { id } = created.json() as CandleImportResult;

    const byBob = await app.inject({ method: 'DELETE', url: `/api/market/candles/imports/${id}`, headers: bob.auth });
    expect(byBob.statusCode).toBe(404);
    expect(byBob.json()).toMatchObject({
      code: 'CANDLES_IMPORT_NOT_FOUND',
      message: 'There is no import with this id.',
    });
    expect(await storedBars(symbol)).toBe(3);

    const byAlice = await app.inject({
      method: 'DELETE',
      url: `/api/market/candles/imports/${id}`,
      headers: alice.auth,
    });
    expect(byAlice.statusCode).toBe(200);
    expect(byAlice.json()).toEqual({ ok: true });
    expect(await storedBars(symbol)).toBe(0);
    expect((await importsOf(alice, `?symbol=${symbol}`)).imports).toEqual([]);

    const again = await app.inject({ method: 'DELETE', url: `/api/market/candles/imports/${id}`, headers: alice.auth });
    expect(again.statusCode).toBe(404);
  });

  it('answers 400 to an id that is not a uuid and 401 without a session', async () => {
    const bad = await app.inject({ method: 'DELETE', url: '/api/market/candles/imports/42', headers: alice.auth });
    expect(bad.statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'GET', url: '/api/market/candles/imports' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pages the list, newest first', async () => {
    const carol = await signUpAndLogin(app);
    const ids: string[] = [];
    for (const name of ['ohlcv-iso.csv', 'ohlcv-unix-ms.csv', 'ohlcv-semicolon.csv']) {
      const res = await upload(carol, [{ name: 'symbol', data: freshSymbol() }, fileField(fixture(name), name)]);
      expect(res.statusCode).toBe(201);
      ids.push((res.json() as CandleImportResult).id);
    }
    const page1 = await importsOf(carol, '?limit=2&page=1');
    const page2 = await importsOf(carol, '?limit=2&page=2');
    expect(page1).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect([...page1.imports, ...page2.imports].map((i) => i.id).sort()).toEqual([...ids].sort());
    const limitTooHigh = await app.inject({
      method: 'GET',
      url: '/api/market/candles/imports?limit=1000',
      headers: carol.auth,
    });
    expect(limitTooHigh.statusCode).toBe(400);
  });
});

describe('API reference', () => {
  it('describes the upload as a multipart form and every route with its answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties: object } }> }; responses: object }
        >
      >;
    };
    const post = doc.paths['/api/market/candles/import']?.post;
    expect(Object.keys(post?.requestBody?.content['multipart/form-data']?.schema.properties ?? {})).toEqual([
      'symbol',
      'timeframe',
      'time_zone',
      'file',
    ]);
    expect(Object.keys(post?.responses ?? {})).toContain('201');
    expect(Object.keys(doc.paths['/api/market/candles/imports']?.get?.responses ?? {})).toContain('200');
    expect(Object.keys(doc.paths['/api/market/candles/imports/{id}']?.delete?.responses ?? {})).toContain('200');
  });
});
