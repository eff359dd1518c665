import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { MetricsResponse, TradeImport, TradeList, TradingAccount } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { holdPlanForEveryone } from '../../../test/billing-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
type Part = { name: string; filename?: string; data: Buffer | string };

/** A multipart/form-data body built by hand, as a browser's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = `----tradedesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename ? '\r\nContent-Type: text/html' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data) : p.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  // its users make more (accounts, lists, layouts...) than the free plan allows; the plan is not what it tests
  holdPlanForEveryone(app);
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

const bearer = (user: SignedInUser) => ({ authorization: `Bearer ${user.tradingAccessToken}` });

async function json<T>(user: SignedInUser, method: 'GET' | 'POST', url: string, payload?: object, status = 200) {
  const res = await app.inject({ method, url: `/api${url}`, headers: bearer(user), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

async function openImported(user: SignedInUser, body: object = {}): Promise<TradingAccount> {
  return json<TradingAccount>(
    user,
    'POST',
    '/accounts',
    { kind: 'imported', name: 'My broker', currency: 'USD', broker: 'Sample Ltd', ...body },
    201,
  );
}

function upload(user: SignedInUser | null, accountId: string, parts: Part[]) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: `/api/trading/accounts/${accountId}/imports`,
    headers: { ...(user ? bearer(user) : {}), ...body.headers },
    payload: body.payload,
  });
}

/** Polls the import until it is no longer processing (each poll waits on the database behind the batches). */
async function finished(user: SignedInUser, accountId: string, id: string): Promise<TradeImport> {
  for (let i = 0; i < 1000; i++) {
    const state = await json<TradeImport>(user, 'GET', `/trading/accounts/${accountId}/imports/${id}`);
    if (state.status !== 'processing') return state;
  }
  throw new Error('the import never finished');
}

async function importFile(user: SignedInUser, accountId: string, name: string, extra: Part[] = []) {
  const res = await upload(user, accountId, [{ name: 'file', filename: name, data: fixture(name) }, ...extra]);
  expect(res.statusCode, res.body).toBe(202);
  const started = res.json() as TradeImport;
  expect(started.status).toBe('processing');
  return finished(user, accountId, started.id);
}

describe('an imported account', () => {
  it('is created with its currency, starting balance and broker label, and refuses orders', async () => {
    const account = await openImported(ada, { starting_balance: 250.5 });
    expect(account).toMatchObject({
      kind: 'imported',
      platform: 'mt5',
      broker: 'Sample Ltd',
      currency: 'USD',
      startingBalance: 250.5,
      balance: 250.5,
    });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/middleware/${account.token}/orders`,
      headers: bearer(ada),
      payload: { symbol: 'EURUSD', side: 'buy', size: 1, type: 'market' },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'TRADING_ACCOUNT_NOT_TRADABLE',
      message: expect.stringContaining('An imported account holds trades made elsewhere and cannot place orders'),
    });
  });

  it('names the field of a bad body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: bearer(ada),
      payload: { kind: 'imported', name: 'X', currency: 'XYZ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('currency must be one of USD');
  });
});

describe('importing an MT5 report', () => {
  let account: TradingAccount;
  let first: TradeImport;

  beforeAll(async () => {
    account = await openImported(ada);
    first = await importFile(ada, account.id, 'mt5-report.htm');
  });

  it('books the trades and balance rows, with per-line errors and warnings', () => {
    expect(first).toMatchObject({
      status: 'done',
      format: 'mt5_html',
      fileName: 'mt5-report.htm',
      total: 6,
      processed: 6,
      progress: 100,
      imported: 4,
      balanceRows: 2,
      duplicates: 0,
      errors: 1,
      warnings: 1,
    });
    expect(first.problems).toEqual([
      { line: 18, severity: 'warning', message: expect.stringContaining('FOOBAR.x') },
      { line: 19, severity: 'error', message: 'volume "abc" is not a positive number.' },
    ]);
  });

  it('leaves the balance at the starting balance plus the booked deals, exactly', async () => {
    const now = await json<TradingAccount>(ada, 'GET', `/accounts/${account.id}`);
    // 10 000.00 - 500.00 + (26 - 50 + 48 + 12.34) - 2.80 commission - 1.60 swap
    expect(now.balance).toBe(9531.94);
  });

  it('shows the trades in the history and the metrics as the report totals them', async () => {
    const trades = await json<TradeList>(ada, 'GET', `/trading/accounts/${account.id}/trades?status=closed&limit=50`);
    expect(trades.total).toBe(4);
    expect(trades.trades.map((t) => t.symbol).sort()).toEqual(['EURUSD', 'FOOBAR.X', 'GBPUSD', 'XAUUSD']);
    const metrics = await json<MetricsResponse>(ada, 'GET', `/trading/metrics/${account.id}`);
    expect(metrics.overview).toMatchObject({
      count: 4,
      wins: 3,
      losses: 1,
      gross: 36.34,
      commission: -2.8,
      swap: -1.6,
      net: 31.94,
      longCount: 2,
      shortCount: 2,
    });
    // the simulated market is not the broker's: no excursions without imported candles
    expect(metrics.trades.map((t) => [t.mfe, t.mae])).toEqual(Array.from({ length: 4 }, () => [null, null]));
  }, 60_000);

  it('imports nothing twice: the same file again is all duplicates', async () => {
    clock.set('2026-03-02T09:31:00Z');
    const again = await importFile(ada, account.id, 'mt5-report.htm');
    expect(again).toMatchObject({ status: 'done', imported: 0, balanceRows: 0, duplicates: 6, errors: 1 });
    const now = await json<TradingAccount>(ada, 'GET', `/accounts/${account.id}`);
    expect(now.balance).toBe(9531.94);
    const list = await json<{ imports: TradeImport[] }>(ada, 'GET', `/trading/accounts/${account.id}/imports`);
    expect(list.imports.map((i) => i.id)).toEqual([again.id, first.id]);
  });

  it('tells duplicates without tickets by what the trade is', async () => {
    const generic = await openImported(ada, { currency: 'EUR' });
    const one = await importFile(ada, generic.id, 'generic.csv');
    expect(one).toMatchObject({ imported: 3, duplicates: 0, errors: 1 });
    const two = await importFile(ada, generic.id, 'generic.csv');
    expect(two).toMatchObject({ imported: 0, duplicates: 3 });
    const now = await json<TradingAccount>(ada, 'GET', `/accounts/${generic.id}`);
    // 250 - 7 + 250 - 3.25 - 1.10 - 50
    expect(now.balance).toBe(438.65);
  });
});

describe('a file of several batches', () => {
  it('books every row across the batches and stores the final progress', async () => {
    const account = await openImported(ada, { currency: 'EUR', starting_balance: 1000 });
    const lines = ['ticket,symbol,type,volume,open time,open price,close time,close price,commission,swap,profit'];
    let expectedMinor = 100_000;
    for (let i = 0; i < 450; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const profit = (i % 2 === 0 ? 1 : -1) * (i + 0.37);
      expectedMinor += Math.round(profit * 100) - 10;
      lines.push(
        `${9000 + i},EURUSD,${i % 2 ? 'sell' : 'buy'},0.1,2024-06-${day} 10:00:00,1.08,2024-06-${day} 11:${String(i % 60).padStart(2, '0')}:00,1.081,-0.10,0,${profit.toFixed(2)}`,
      );
    }
    const res = await upload(ada, account.id, [{ name: 'file', filename: 'many.csv', data: lines.join('\n') }]);
    expect(res.statusCode, res.body).toBe(202);
    const done = await finished(ada, account.id, (res.json() as TradeImport).id);
    expect(done).toMatchObject({ status: 'done', total: 450, processed: 450, progress: 100, imported: 450, errors: 0 });
    const now = await json<TradingAccount>(ada, 'GET', `/accounts/${account.id}`);
    expect(Math.round(now.balance * 100)).toBe(expectedMinor);
  }, 60_000);
});

describe('refusals', () => {
  it('refuses a file that is no report with a sentence about the file', async () => {
    const account = await openImported(ada);
    const res = await upload(ada, account.id, [{ name: 'file', filename: 'notes.txt', data: 'hello\nworld\n' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'TRADE_IMPORT_UNREADABLE',
      message: expect.stringContaining('The CSV has no header line naming its columns'),
      details: { fields: [{ field: 'file' }] },
    });
  });

  it('refuses a bad format and time zone, naming the field', async () => {
    const account = await openImported(ada);
    const file = { name: 'file', filename: 'a.csv', data: fixture('generic.csv') };
    const badFormat = await upload(ada, account.id, [{ name: 'format', data: 'xlsx' }, file]);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toMatchObject({ details: { fields: [{ field: 'format' }] } });
    const badZone = await upload(ada, account.id, [{ name: 'time_zone', data: 'Mars/Olympus' }, file]);
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json()).toMatchObject({ details: { fields: [{ field: 'time_zone' }] } });
    const noFile = await upload(ada, account.id, [{ name: 'format', data: 'auto' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'TRADE_IMPORT_UPLOAD_MISSING' });
  });

  it('refuses imports into a virtual account', async () => {
    const virtual = await json<TradingAccount>(ada, 'POST', '/accounts', { kind: 'virtual', name: 'Paper' }, 201);
    const res = await upload(ada, virtual.id, [{ name: 'file', filename: 'a.csv', data: fixture('generic.csv') }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TRADE_IMPORT_NOT_IMPORTED_ACCOUNT' });
  });

  it('answers 404 for another user’s account and import, and 401 signed out', async () => {
    const account = await openImported(ada);
    const done = await importFile(ada, account.id, 'mt5-history.csv');
    expect(done).toMatchObject({ format: 'mt5_csv', imported: 2, balanceRows: 1, errors: 1 });
    const res = await upload(bob, account.id, [{ name: 'file', filename: 'a.csv', data: fixture('generic.csv') }]);
    expect(res.statusCode).toBe(404);
    for (const url of [
      `/trading/accounts/${account.id}/imports`,
      `/trading/accounts/${account.id}/imports/${done.id}`,
    ]) {
      const r = await app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(bob) });
      expect(r.statusCode).toBe(404);
    }
    const mine = await openImported(bob);
    const other = await app.inject({
      method: 'GET',
      url: `/api/trading/accounts/${mine.id}/imports/${done.id}`,
      headers: bearer(bob),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'TRADE_IMPORT_NOT_FOUND' });
    const anonymous = await upload(null, account.id, [{ name: 'file', filename: 'a.csv', data: 'x' }]);
    expect(anonymous.statusCode).toBe(401);
  });
});
