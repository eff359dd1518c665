import { randomUUID } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { BusMessage, EventBus } from '../src/platform/bus/event-bus.js';
import { createRedisBus } from '../src/platform/bus/redis-bus.js';
import { signUpAndLogin } from './auth-helpers.js';
import { createTestApp, createTestDatabase } from './helpers.js';
import { TestWsClient } from './ws-client.js';

const redisUrl = process.env.TEST_REDIS_URL;
/** Each run talks on its own pub/sub channel, so parallel runs on one Redis never hear each other. */
const channel = `tradedesk:test:${randomUUID()}`;

const closers: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

function collector(bus: EventBus) {
  const got: BusMessage[] = [];
  const waiters: Array<{ match: (m: BusMessage) => boolean; resolve: (m: BusMessage) => void }> = [];
  bus.subscribe((m) => {
    got.push(m);
    for (const w of waiters.filter((x) => x.match(m))) w.resolve(m);
  });
  return {
    got,
    next(match: (m: BusMessage) => boolean): Promise<BusMessage> {
      const found = got.find(match);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

describe.skipIf(!redisUrl)('Redis event bus (runs when TEST_REDIS_URL is set)', () => {
  it('delivers a message published by one process to every process, the publisher included', async () => {
    const one = await createRedisBus(redisUrl!, { channel });
    const two = await createRedisBus(redisUrl!, { channel });
    closers.push(
      () => one.close(),
      () => two.close(),
    );
    const heardByOne = collector(one);
    const heardByTwo = collector(two);
    const message = { channel: 'quotes:EURUSD', event: 'quote', data: { bid: 1.1, at: '2026-01-05T10:00:00.000Z' } };
    await one.publish(message);
    expect(await heardByTwo.next((m) => m.event === 'quote')).toEqual(message);
    expect(await heardByOne.next((m) => m.event === 'quote')).toEqual(message);
  });

  it('drops foreign or malformed payloads and keeps serving; a throwing handler does not starve others', async () => {
    const errors: string[] = [];
    const bus = await createRedisBus(redisUrl!, {
      channel,
      log: { warn: (_o, msg) => errors.push(msg), error: (_o, msg) => errors.push(msg) },
    });
    const raw = new Redis(redisUrl!);
    closers.push(
      () => bus.close(),
      () => raw.quit(),
    );
    bus.subscribe(() => {
      throw new Error('broken handler');
    });
    const heard = collector(bus);
    await raw.publish(channel, 'not json');
    await raw.publish(channel, JSON.stringify({ event: 'no channel' }));
    await bus.publish({ channel: 'user:x', event: 'ok', data: null });
    expect(await heard.next((m) => m.event === 'ok')).toEqual({ channel: 'user:x', event: 'ok', data: null });
    expect(heard.got.map((m) => m.event)).toEqual(['ok']);
    expect(errors).toEqual([
      'dropped a bus message that is not JSON',
      'dropped a bus message without channel/event/data',
      'event bus handler failed',
    ]);
  });

  it('refuses malformed messages from the publisher, and is quiet after close', async () => {
    const bus = await createRedisBus(redisUrl!, { channel });
    await expect(bus.publish({ channel: '', event: 'x', data: null })).rejects.toThrow('bus channel');
    await bus.close();
    await bus.close();
    await expect(bus.publish({ channel: 'user:x', event: 'late', data: null })).resolves.toBeUndefined();
  });

  it('logs instead of failing the publisher when Redis goes away, and still closes promptly', async () => {
    const target = new URL(redisUrl!);
    const sockets = new Set<Socket>();
    const proxy = createServer((inbound) => {
      const outbound = connect(Number(target.port || 6379), target.hostname);
      sockets.add(inbound).add(outbound);
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('error', () => outbound.destroy());
      outbound.on('error', () => inbound.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const port = (proxy.address() as AddressInfo).port;
    const errors: string[] = [];
    const bus = await createRedisBus(`redis://127.0.0.1:${port}`, {
      channel,
      log: { warn() {}, error: (_o, msg) => errors.push(msg) },
    });
    // Redis becomes unreachable: the proxy stops accepting and drops its connections
    await new Promise<void>((r) => {
      proxy.close(() => r());
      for (const s of sockets) s.destroy();
    });
    await expect(bus.publish({ channel: 'user:x', event: 'lost', data: null })).resolves.toBeUndefined();
    expect(errors).toContain('could not publish to Redis; event dropped');
    await bus.close();
  });

  it('fails fast with a clear message when Redis is unreachable', async () => {
    await expect(createRedisBus('redis://127.0.0.1:1', { channel, connectTimeoutMs: 500 })).rejects.toThrow(
      /^REDIS_URL: cannot reach Redis/,
    );
  });

  it('an event published by one app instance reaches a WebSocket client of another instance', async () => {
    const { database } = await createTestDatabase();
    const apps: FastifyInstance[] = [];
    for (let i = 0; i < 2; i++) {
      const { app } = await createTestApp({
        database,
        config: { redisUrl },
        build: { redisChannel: channel },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    closers.push(async () => {
      await a.close();
      await b.close();
      await database.close();
    });
    expect(a.ctx.bus.kind).toBe('redis');
    const address = b.server.address();
    if (!address || typeof address !== 'object') throw new Error('b is not listening');

    const user = await signUpAndLogin(a);
    const client = await TestWsClient.connect(`ws://127.0.0.1:${address.port}/api/ws?access_token=${user.accessToken}`);
    closers.push(() => client.close());
    expect(await client.subscribe('user')).toEqual({ type: 'subscribed', channel: 'user' });

    await a.ctx.bus.publish({ channel: `user:${user.userId}`, event: 'notification.created', data: { id: 'n1' } });
    expect(await client.next('event')).toEqual({
      type: 'event',
      channel: 'user',
      event: 'notification.created',
      data: { id: 'n1' },
    });

    // a session revoked through instance A closes the socket held by instance B
    const sessions = await a.inject({ method: 'GET', url: '/api/customer/sessions', headers: user.auth });
    const current = (sessions.json() as { sessions: Array<{ id: string; current: boolean }> }).sessions.find(
      (s) => s.current,
    );
    const revoked = await a.inject({
      method: 'DELETE',
      url: `/api/customer/sessions?id=${current?.id}`,
      headers: user.auth,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await client.closed).toEqual({ code: 4001, reason: 'session revoked' });
  });
});
