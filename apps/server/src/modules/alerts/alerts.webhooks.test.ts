import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AlertWebhookPayload, type CreateAlertBody, createAlertBodySchema } from '@tradedesk/contracts';
import type { SimulatedMarket } from '@tradedesk/core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import type { AppConfig } from '../../config.js';
import { createManualClock } from '../../platform/clock.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { createAlertsModule } from './alerts.plugin.js';
import { createAlertsRepository } from './alerts.repository.js';
import { createAlertWebhooks, isPrivateAddress } from './alerts.webhooks.js';

/** A receiver that checks the signature as a client would: HMAC-SHA256 of the raw body with the alert's secret. */
type Received = { raw: string; signature: string | undefined; valid: boolean; delivery: string | undefined };

let app: FastifyInstance;
let ada: SignedInUser;
let receiver: Server;
let url: string;
let secret = '';
const received: Received[] = [];
/** The statuses the receiver answers, in turn (then 200). */
let answers: number[] = [];
const clock = createManualClock('2026-03-02T09:30:00Z');
const prices = new Map<string, number>();
const market = {
  quote(symbol: string, ms: number) {
    const p = prices.get(symbol);
    if (p === undefined) throw new RangeError('no price');
    return { instrumentId: symbol, time: ms, bid: p, ask: p, mid: p, spread: 0, open: true };
  },
  candles: () => [],
} as unknown as SimulatedMarket;
const silent = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

function verify(raw: string, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock }, config: { role: 'api' } }));
  ada = await signUpAndLogin(app);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = req.headers['x-tradedesk-signature'] as string | undefined;
      received.push({
        raw,
        signature,
        valid: verify(raw, signature),
        delivery: req.headers['x-tradedesk-delivery'] as string | undefined,
      });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

function makeModule() {
  return createAlertsModule(
    {
      db: app.ctx.db,
      clock,
      bus: app.ctx.bus,
      jobs: { register: () => () => {} } as unknown as JobRunner,
      config: { alertsIntervalMs: 1000, alertsWebhookPrivate: true } as AppConfig,
    },
    {
      market,
      log: silent,
      notifier: { notify: async () => undefined },
      drawings: { get: async () => ({ symbol: 'EURUSD', tool: 'horizontal_line', points: [] }) },
      watchlists: { get: async (_u: string, id: string) => ({ id, symbols: [] }) },
      accounts: { get: async (_u: string, id: string) => ({ id }) },
      users: { getById: async () => ({ notifications: {}, timeZone: 'UTC', timeFormat: '24h' as const }) },
    },
  );
}
let mod: ReturnType<typeof makeModule>;

/** Makes a price alert with a webhook and fires it once. */
async function fired(webhookUrl: string) {
  clock.set('2026-03-02T09:30:00Z');
  prices.set('EURUSD', 1.1);
  const body = createAlertBodySchema.parse({
    type: 'price',
    name: 'Hooked',
    symbol: 'EURUSD',
    condition: { operator: 'crossing_up', value: 1.2 },
    delivery: { app: false, webhook: { url: webhookUrl } },
  }) as CreateAlertBody;
  const alert = await mod.service.create(ada.userId, body);
  secret = alert.delivery.webhook!.secret;
  const signal = new AbortController().signal;
  await mod.evaluator.run(signal);
  clock.set('2026-03-02T09:30:01Z');
  prices.set('EURUSD', 1.25);
  await mod.evaluator.run(signal);
  return alert;
}
const webhookLog = async (alertId: string) =>
  (await mod.service.log(ada.userId, alertId, 50)).entries
    .filter((e) => e.channel === 'webhook')
    .reverse()
    .map((e) => ({ attempt: e.attempt, statusCode: e.statusCode, ok: e.ok, error: e.error }));

beforeEach(() => {
  received.length = 0;
  answers = [];
  mod = makeModule();
});

describe('alert webhooks', () => {
  it('POSTs the fire as JSON signed with HMAC-SHA256 of the raw body, verified by the receiver', async () => {
    const alert = await fired(url);
    expect(received).toHaveLength(0);
    await mod.webhooks.run();
    expect(received).toHaveLength(1);
    expect(received[0]!.valid).toBe(true);
    expect(received[0]!.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    const payload = JSON.parse(received[0]!.raw) as AlertWebhookPayload;
    expect(payload).toMatchObject({
      alertId: alert.id,
      name: 'Hooked',
      type: 'price',
      symbol: 'EURUSD',
      price: 1.25,
      interval: '1m',
      firedAt: '2026-03-02T09:30:01.000Z',
      triggerCount: 1,
    });
    expect(await webhookLog(alert.id)).toEqual([{ attempt: 1, statusCode: 200, ok: true, error: null }]);
    // delivered: not sent again
    clock.advance(60_000);
    await mod.webhooks.run();
    expect(received).toHaveLength(1);
  });

  it('retries after failures with backoff on the clock (1 s, 5 s), resuming in a new process, until a 2xx', async () => {
    answers = [500, 503];
    const alert = await fired(url);
    await mod.webhooks.run();
    expect(received).toHaveLength(1);
    // not due before a second has passed
    clock.advance(500);
    await mod.webhooks.run();
    expect(received).toHaveLength(1);
    clock.advance(500);
    await mod.webhooks.run();
    expect(received).toHaveLength(2);
    // a restart: the queue is in the database, a new leader's sender picks it up when the 5 s delay is over
    const resumed = createAlertWebhooks({
      repo: createAlertsRepository(app.ctx.db),
      clock,
      log: silent,
      intervalMs: 1000,
      allowPrivate: true,
    });
    clock.advance(4_000);
    await resumed.run();
    expect(received).toHaveLength(2);
    clock.advance(1_000);
    await resumed.run();
    expect(received).toHaveLength(3);
    expect(received.every((r) => r.valid)).toBe(true);
    // the same delivery id on every attempt, so the receiver can drop a duplicate
    expect(new Set(received.map((r) => r.delivery)).size).toBe(1);
    expect(await webhookLog(alert.id)).toEqual([
      { attempt: 1, statusCode: 500, ok: false, error: 'The receiver answered HTTP 500.' },
      { attempt: 2, statusCode: 503, ok: false, error: 'The receiver answered HTTP 503.' },
      { attempt: 3, statusCode: 200, ok: true, error: null },
    ]);
  });

  it('refuses a private address unless ALERTS_WEBHOOK_PRIVATE allows it, logging why', async () => {
    const alert = await fired(url);
    const strict = createAlertWebhooks({
      repo: createAlertsRepository(app.ctx.db),
      clock,
      log: silent,
      intervalMs: 1000,
    });
    await strict.run();
    expect(received).toHaveLength(0);
    const [entry] = await webhookLog(alert.id);
    expect(entry).toMatchObject({ attempt: 1, statusCode: null, ok: false });
    expect(entry!.error).toBe('The request failed: 127.0.0.1 is a private address');
    expect(isPrivateAddress('10.1.2.3')).toBe(true);
    expect(isPrivateAddress('::1')).toBe(true);
    expect(isPrivateAddress('::ffff:192.168.1.1')).toBe(true);
    expect(isPrivateAddress('93.184.215.14')).toBe(false);
    expect(isPrivateAddress('2606:2800:21f:cb07:6820:80da:af6b:8b2c')).toBe(false);
  });

  it('gives up after four attempts, logging the error of each (nothing listening)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/hook`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const alert = await fired(deadUrl);
    for (const wait of [0, 1_000, 5_000, 25_000, 125_000]) {
      clock.advance(wait);
      await mod.webhooks.run();
    }
    const log = await webhookLog(alert.id);
    expect(log.map((e) => [e.attempt, e.statusCode, e.ok])).toEqual([
      [1, null, false],
      [2, null, false],
      [3, null, false],
      [4, null, false],
    ]);
    expect(log[0]!.error).toMatch(/^The request failed: /);
    expect(log[3]!.error).toMatch(/Given up after 4 attempts\.$/);
  });
});
