import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { WS_MAX_SUBSCRIPTIONS, wsCloseCodes, wsServerMessageSchema } from '@tradedesk/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestWsClient } from '../../../test/ws-client.js';
import type { AuthContext } from '../auth/guard.js';
import { createMemoryBus, type EventBus } from '../bus/event-bus.js';
import { registerErrorHandler } from '../errors.js';
import { wsPlugin } from './ws.plugin.js';
import { createWsGateway, type GatewayOptions, type WsGateway } from './ws-gateway.js';

const silent = { debug() {}, warn() {}, error() {} };

type Harness = {
  app: FastifyInstance;
  bus: EventBus;
  gateway: WsGateway;
  url: string;
  /** A new token of a new (or the given) user and session. */
  login(user?: { userId?: string; sessionId?: string }): { token: string } & AuthContext;
  authorizerCalls: Array<{ userId: string; channel: string; rest: string }>;
};

/**
 * The gateway on a bare Fastify app: `verifyAccessToken` is a fake that knows the tokens handed out
 * by `login`, so these tests exercise the gateway alone (the real auth is covered in test/realtime).
 */
async function startGateway(
  options: Partial<GatewayOptions> = {},
  families: (gateway: WsGateway) => void = () => {},
): Promise<Harness> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(fastifyCookie);
  const tokens = new Map<string, AuthContext>();
  app.decorate('verifyAccessToken', async (token: string) => {
    if (token === 'explode') throw new Error('database down');
    return tokens.get(token) ?? null;
  });
  const bus = createMemoryBus();
  const gateway = createWsGateway({ bus, log: silent, options });
  const authorizerCalls: Harness['authorizerCalls'] = [];
  gateway.registerChannel('quotes', ({ userId, channel, rest }) => {
    authorizerCalls.push({ userId, channel, rest });
    return /^[A-Z]{6}$/.test(rest);
  });
  gateway.registerChannel('account', async ({ userId, rest }) => rest === `acc-of-${userId}`);
  gateway.registerChannel('broken', () => {
    throw new Error('authoriser bug');
  });
  families(gateway);
  await app.register(wsPlugin, { gateway, closeGraceMs: 500 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    bus,
    gateway,
    url: `ws://127.0.0.1:${port}/api/ws`,
    login(user = {}) {
      const auth = { userId: user.userId ?? randomUUID(), sessionId: user.sessionId ?? randomUUID() };
      const token = `tok-${randomUUID()}`;
      tokens.set(token, auth);
      return { token, ...auth };
    },
    authorizerCalls,
  };
}

let h: Harness;
const clients: TestWsClient[] = [];
beforeAll(async () => {
  h = await startGateway();
});
afterAll(async () => {
  for (const c of clients) c.close();
  await h.app.close();
});

async function connect(token: string | undefined, how: 'query' | 'cookie' | 'protocol' = 'query', url = h.url) {
  const client = await TestWsClient.connect(
    how === 'query' && token ? `${url}?access_token=${encodeURIComponent(token)}` : url,
    {
      headers: how === 'cookie' && token ? { cookie: `access_token=${token}` } : {},
      protocols: how === 'protocol' && token ? [`bearer.${token}`] : [],
    },
  );
  clients.push(client);
  return client;
}

describe('connect and authentication', () => {
  it('closes with 4401 and a reason when no token is given', async () => {
    const client = await connect(undefined);
    expect(await client.closed).toEqual({
      code: 4401,
      reason: 'unauthorized: access token missing, invalid or expired',
    });
  });

  it('closes with 4401 for an unknown or expired token', async () => {
    const client = await connect('not-a-valid-token');
    expect((await client.closed).code).toBe(4401);
  });

  it('closes with 1011 (retry) when the token cannot be checked', async () => {
    const client = await connect('explode');
    expect((await client.closed).code).toBe(1011);
  });

  it.each(['query', 'cookie', 'protocol'] as const)('accepts the access token by %s', async (how) => {
    const user = h.login();
    const client = await connect(user.token, how);
    await client.sync();
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    if (how === 'protocol') expect(client.socket.protocol).toBe(`bearer.${user.token}`);
  });

  it('answers a named sub-protocol without echoing the token', async () => {
    const user = h.login();
    const client = await TestWsClient.connect(h.url, { protocols: ['tradedesk', `bearer.${user.token}`] });
    clients.push(client);
    await client.sync();
    expect(client.socket.protocol).toBe('tradedesk');
  });
});

describe('protocol', () => {
  it('answers ping with pong, and every message matches the contract', async () => {
    const client = await connect(h.login().token);
    client.send({ type: 'ping' });
    expect(await client.next('pong')).toEqual({ type: 'pong' });
    await client.subscribe('user');
    await client.subscribe('nope:x');
    for (const m of [...client.messages]) expect(wsServerMessageSchema.safeParse(m).success).toBe(true);
  });

  it('rejects malformed messages with an error that names the field', async () => {
    const client = await connect(h.login().token);
    client.send('not json');
    expect(await client.next('error')).toEqual({
      type: 'error',
      code: 'WS_BAD_MESSAGE',
      message: 'The message must be a JSON object.',
    });
    client.send({ type: 'dance' });
    expect(await client.next('error')).toMatchObject({
      code: 'WS_BAD_MESSAGE',
      message: 'The message type must be subscribe, unsubscribe or ping.',
    });
    client.send({ type: 'subscribe', channel: 'quotes:EUR USD' });
    expect(await client.next('error')).toMatchObject({
      code: 'WS_VALIDATION_FAILED',
      message: 'Channel may contain only letters, digits, colons, dots, underscores and hyphens.',
    });
    client.send({ type: 'subscribe', channel: `quotes:${'X'.repeat(200)}` });
    expect(await client.next('error')).toMatchObject({
      code: 'WS_VALIDATION_FAILED',
      message: 'Channel must be at most 128 characters.',
    });
    client.send({ type: 'subscribe' });
    expect(await client.next('error')).toMatchObject({
      code: 'WS_VALIDATION_FAILED',
      message: 'Channel is required.',
    });
  });

  it('closes a connection that sends a frame over the size limit (1009)', async () => {
    const client = await connect(h.login().token);
    client.send({ type: 'subscribe', channel: 'x'.repeat(10_000) });
    expect((await client.closed).code).toBe(1009);
  });

  it('reports unknown channels and refuses other users’ user channels', async () => {
    const user = h.login();
    const other = h.login();
    const client = await connect(user.token);
    expect(await client.subscribe('weather:paris')).toEqual({
      type: 'error',
      code: 'WS_CHANNEL_UNKNOWN',
      message: 'channel: unknown channel "weather:paris"',
      channel: 'weather:paris',
    });
    expect(await client.subscribe(`user:${other.userId}`)).toMatchObject({
      type: 'error',
      code: 'WS_CHANNEL_UNKNOWN',
    });
    expect(await client.subscribe(`user:${user.userId}`)).toMatchObject({ type: 'error' });
  });

  it('delivers a user’s own events on `user` and never another user’s', async () => {
    const alice = h.login();
    const bob = h.login();
    const a = await connect(alice.token);
    const b = await connect(bob.token);
    expect(await a.subscribe('user')).toEqual({ type: 'subscribed', channel: 'user' });
    expect(await b.subscribe('user')).toEqual({ type: 'subscribed', channel: 'user' });
    await h.bus.publish({ channel: `user:${alice.userId}`, event: 'notification.created', data: { id: 1 } });
    await h.bus.publish({ channel: `user:${bob.userId}`, event: 'notification.created', data: { id: 2 } });
    expect(await a.next('event')).toEqual({
      type: 'event',
      channel: 'user',
      event: 'notification.created',
      data: { id: 1 },
    });
    expect(await b.next('event')).toMatchObject({ data: { id: 2 } });
    await a.sync();
    await b.sync();
    expect(a.messages.filter((m) => m.type === 'event')).toEqual([]);
    expect(b.messages.filter((m) => m.type === 'event')).toEqual([]);
  });

  it('asks the registered authoriser and answers not-found when it refuses', async () => {
    const user = h.login();
    const client = await connect(user.token);
    expect(await client.subscribe('quotes:EURUSD')).toEqual({ type: 'subscribed', channel: 'quotes:EURUSD' });
    expect(h.authorizerCalls).toContainEqual({ userId: user.userId, channel: 'quotes:EURUSD', rest: 'EURUSD' });
    expect(await client.subscribe('quotes:nope')).toMatchObject({
      type: 'error',
      code: 'WS_CHANNEL_NOT_FOUND',
      message: 'The channel quotes:nope was not found.',
    });
    expect(await client.subscribe(`account:acc-of-${user.userId}`)).toMatchObject({ type: 'subscribed' });
    expect(await client.subscribe(`account:acc-of-${randomUUID()}`)).toMatchObject({
      code: 'WS_CHANNEL_NOT_FOUND',
    });
    expect(await client.subscribe('broken:x')).toMatchObject({ code: 'WS_INTERNAL' });
  });

  it('stops delivering after unsubscribe, and a refused channel delivers nothing', async () => {
    const client = await connect(h.login().token);
    await client.subscribe('quotes:GBPUSD');
    await client.subscribe('quotes:nope');
    await h.bus.publish({ channel: 'quotes:GBPUSD', event: 'quote', data: { bid: 1 } });
    expect(await client.next('event')).toMatchObject({ channel: 'quotes:GBPUSD', data: { bid: 1 } });
    client.send({ type: 'unsubscribe', channel: 'quotes:GBPUSD' });
    expect(await client.next('unsubscribed')).toEqual({ type: 'unsubscribed', channel: 'quotes:GBPUSD' });
    await h.bus.publish({ channel: 'quotes:GBPUSD', event: 'quote', data: { bid: 2 } });
    await h.bus.publish({ channel: 'quotes:nope', event: 'quote', data: { bid: 3 } });
    await client.sync();
    expect(client.messages.filter((m) => m.type === 'event')).toEqual([]);
  });

  it('limits the subscriptions of one connection', async () => {
    const small = await startGateway({ maxSubscriptions: 2 });
    try {
      const user = small.login();
      const client = await TestWsClient.connect(`${small.url}?access_token=${user.token}`);
      clients.push(client);
      await client.subscribe('quotes:EURUSD');
      await client.subscribe('quotes:GBPUSD');
      expect(await client.subscribe('quotes:USDJPY')).toMatchObject({
        code: 'WS_TOO_MANY_SUBSCRIPTIONS',
        message: 'channel: at most 2 channels per connection; unsubscribe from one before subscribing to quotes:USDJPY',
      });
      // subscribing again to a held channel is not a new subscription
      expect(await client.subscribe('quotes:EURUSD')).toMatchObject({ type: 'subscribed' });
      // leaving one makes room: the unsubscribe is acknowledged and the next subscribe succeeds
      client.send({ type: 'unsubscribe', channel: 'quotes:GBPUSD' });
      expect(await client.next('unsubscribed')).toEqual({ type: 'unsubscribed', channel: 'quotes:GBPUSD' });
      expect(await client.subscribe('quotes:USDJPY')).toEqual({ type: 'subscribed', channel: 'quotes:USDJPY' });
    } finally {
      await small.app.close();
    }
    expect(WS_MAX_SUBSCRIPTIONS).toBeGreaterThan(2);
  });

  it('serialises each bus message once however many sockets receive it', async () => {
    const receivers = await Promise.all([1, 2, 3].map(() => connect(h.login().token)));
    for (const r of receivers) await r.subscribe('quotes:AUDUSD');
    let serialised = 0;
    const data = {
      toJSON() {
        serialised += 1;
        return { bid: 0.66 };
      },
    };
    await h.bus.publish({ channel: 'quotes:AUDUSD', event: 'quote', data });
    for (const r of receivers) expect(await r.next('event')).toMatchObject({ data: { bid: 0.66 } });
    expect(serialised).toBe(1);
  });
});

describe('channel families with refusal sentences, snapshots and activity', () => {
  it('tells a refused public channel why, sends the snapshot after the ack, and reports first and last subscriber', async () => {
    let snapshots = 0;
    const activity: Array<[string, boolean]> = [];
    const g = await startGateway({}, (gateway) => {
      gateway.registerChannel(
        'prices',
        ({ rest }) => (rest === 'EURUSD' ? true : { refused: `channel: there is no instrument ${rest}.` }),
        {
          snapshot: (channel) => {
            snapshots += 1;
            return { event: 'quote', data: { channel, bid: 1.1 } };
          },
        },
      );
      gateway.onChannelActivity((channel, active) => activity.push([channel, active]));
    });
    const { gateway } = g;
    try {
      const url = `${g.url}?access_token=${g.login().token}`;
      const a = await TestWsClient.connect(url);
      const b = await TestWsClient.connect(url);
      clients.push(a, b);
      expect(await a.subscribe('prices:NOPE')).toEqual({
        type: 'error',
        code: 'WS_CHANNEL_NOT_FOUND',
        message: 'channel: there is no instrument NOPE.',
        channel: 'prices:NOPE',
      });
      expect(await a.subscribe('prices:EURUSD')).toEqual({ type: 'subscribed', channel: 'prices:EURUSD' });
      expect(await a.next('event')).toEqual({
        type: 'event',
        channel: 'prices:EURUSD',
        event: 'quote',
        data: { channel: 'prices:EURUSD', bid: 1.1 },
      });
      await b.subscribe('prices:EURUSD');
      await b.next('event');
      expect(snapshots).toBe(2);
      expect(gateway.activeChannels('prices')).toEqual(['prices:EURUSD']);
      expect(activity).toEqual([['prices:EURUSD', true]]);
      a.send({ type: 'unsubscribe', channel: 'prices:EURUSD' });
      await a.next('unsubscribed');
      expect(activity).toEqual([['prices:EURUSD', true]]);
      b.close();
      await b.closed;
      await vi.waitFor(() =>
        expect(activity).toEqual([
          ['prices:EURUSD', true],
          ['prices:EURUSD', false],
        ]),
      );
      expect(gateway.activeChannels('prices')).toEqual([]);
    } finally {
      await g.app.close();
    }
  });
});

describe('a slow client through the gateway', () => {
  it('acknowledges, then keeps only the latest event per channel while the client does not read', async () => {
    const bus = createMemoryBus();
    const gateway = createWsGateway({ bus, log: silent, options: { slowThresholdBytes: 200 } });
    gateway.registerChannel('quotes', () => true);
    // a socket whose reader the test plays: nothing leaves the buffer until `drain`
    const sent: Array<{ data: string; cb?: (err?: Error) => void }> = [];
    const delivered: string[] = [];
    const socket = {
      readyState: 1,
      bufferedAmount: 0,
      send(data: string | Buffer, _options: { binary: boolean }, cb?: (err?: Error) => void) {
        socket.bufferedAmount += data.length;
        sent.push({ data: String(data), cb });
      },
      close() {},
      ping() {},
      terminate() {},
    };
    const drain = () => {
      for (const { data, cb } of sent.splice(0)) {
        socket.bufferedAmount -= data.length;
        delivered.push(data);
        cb?.();
      }
    };
    const connection = gateway.accept(socket, { userId: 'u', sessionId: 's' });
    gateway.receive(connection, JSON.stringify({ type: 'subscribe', channel: 'quotes:EURUSD' }));
    gateway.receive(connection, JSON.stringify({ type: 'subscribe', channel: 'quotes:GBPUSD' }));
    await vi.waitFor(() => expect(connection.subscriptions.size).toBe(2));
    for (let bid = 1; bid <= 300; bid++) {
      await bus.publish({ channel: 'quotes:EURUSD', event: 'quote', data: { bid } });
      await bus.publish({ channel: 'quotes:GBPUSD', event: 'quote', data: { bid } });
    }
    // the buffer stayed small: most events were replaced in the queue, not written
    expect(sent.length).toBeLessThan(10);
    expect(connection.queuedChannels).toBe(2);
    drain();
    drain();
    const messages = delivered.map((d) => JSON.parse(d) as { type: string; channel: string; data?: { bid: number } });
    expect(messages.slice(0, 2)).toEqual([
      { type: 'subscribed', channel: 'quotes:EURUSD' },
      { type: 'subscribed', channel: 'quotes:GBPUSD' },
    ]);
    const last = (channel: string) => messages.filter((m) => m.channel === channel && m.type === 'event').at(-1);
    expect(last('quotes:EURUSD')?.data).toEqual({ bid: 300 });
    expect(last('quotes:GBPUSD')?.data).toEqual({ bid: 300 });
    expect(messages.length).toBeLessThan(12);
    gateway.detach(connection);
    await gateway.shutdown({ code: 1001, reason: 'test over', graceMs: 10 });
  });
});

describe('session revocation', () => {
  it('tells and closes (4001) the sockets of the revoked session; other sessions only get the event', async () => {
    const revoked = h.login();
    const sameSession = h.login(revoked);
    const otherSession = h.login({ userId: revoked.userId });
    const a = await connect(revoked.token);
    const a2 = await connect(sameSession.token); // not subscribed to `user`: still told why it closes
    const b = await connect(otherSession.token);
    const bystander = await connect(h.login().token);
    await a.subscribe('user');
    await b.subscribe('user');
    await bystander.subscribe('user');
    await h.bus.publish({
      channel: `user:${revoked.userId}`,
      event: 'session.revoked',
      data: { sessionId: revoked.sessionId },
    });
    const expected = {
      type: 'event',
      channel: 'user',
      event: 'session.revoked',
      data: { sessionId: revoked.sessionId },
    };
    expect(await a.next('event')).toEqual(expected);
    expect(await a2.next('event')).toEqual(expected);
    expect(await a.closed).toEqual({ code: 4001, reason: 'session revoked' });
    expect(await a2.closed).toEqual({ code: 4001, reason: 'session revoked' });
    expect(await b.next('event')).toEqual(expected);
    await b.sync();
    expect(b.socket.readyState).toBe(b.socket.OPEN);
    await bystander.sync();
    expect(bystander.messages.filter((m) => m.type === 'event')).toEqual([]);
  });
});

describe('heartbeat', () => {
  it('pings, keeps clients that answer and cuts those that do not', async () => {
    const hb = await startGateway({ heartbeatMs: 40 });
    try {
      const live = await TestWsClient.connect(`${hb.url}?access_token=${hb.login().token}`);
      const dead = await TestWsClient.connect(`${hb.url}?access_token=${hb.login().token}`, { autoPong: false });
      clients.push(live, dead);
      await live.waitForPings(4);
      // `dead` never answered: it was cut (1006: no close frame), `live` is still served
      expect((await dead.closed).code).toBe(1006);
      await live.sync();
      expect(live.socket.readyState).toBe(live.socket.OPEN);
      expect(hb.gateway.connectionCount).toBe(1);
    } finally {
      await hb.app.close();
    }
  });
});

describe('connection limits', () => {
  it('closes a socket past the per-user limit with 4429 and a reason; a closed one frees its place', async () => {
    const g = await startGateway({ maxConnectionsPerUser: 2, maxConnectionsPerIp: 50 });
    try {
      const user = g.login();
      const open = async (token: string) => {
        const client = await TestWsClient.connect(`${g.url}?access_token=${token}`);
        clients.push(client);
        return client;
      };
      // Two sessions (tabs, devices) of one user count together.
      const first = await open(user.token);
      const second = await open(g.login({ userId: user.userId }).token);
      const third = await open(g.login({ userId: user.userId }).token);
      expect(await third.closed).toEqual({
        code: wsCloseCodes.tooManyConnections,
        reason: 'too many connections: at most 2 per account; close another tab',
      });
      await first.sync();
      await second.sync();
      // Another user is not held back by this one.
      await (await open(g.login().token)).sync();
      expect(g.gateway.connectionCount).toBe(3);

      first.close();
      await first.closed;
      await vi.waitFor(() => expect(g.gateway.connectionCount).toBe(2));
      const again = await open(g.login({ userId: user.userId }).token);
      await again.sync();
      expect(again.socket.readyState).toBe(again.socket.OPEN);
    } finally {
      await g.app.close();
    }
  });

  it('closes a socket past the per-address limit with 4429, whoever the user', async () => {
    const g = await startGateway({ maxConnectionsPerUser: 50, maxConnectionsPerIp: 3 });
    try {
      const opened: TestWsClient[] = [];
      for (let i = 0; i < 4; i++) {
        const client = await TestWsClient.connect(`${g.url}?access_token=${g.login().token}`);
        clients.push(client);
        opened.push(client);
      }
      expect(await opened[3]!.closed).toEqual({
        code: wsCloseCodes.tooManyConnections,
        reason: 'too many connections: at most 3 per network address',
      });
      for (const client of opened.slice(0, 3)) await client.sync();
      expect(g.gateway.connectionCount).toBe(3);
    } finally {
      await g.app.close();
    }
  });
});

describe('signed-out (guest) sockets', () => {
  const withPublic = (gateway: WsGateway) =>
    gateway.registerChannel('candles', ({ userId, rest }) => userId === '' && rest === 'EURUSD:15m', {
      public: true,
      snapshot: () => ({ event: 'candle', data: { close: 1 } }),
    });

  it('may subscribe to public channel families only, with the same subscription cap', async () => {
    const g = await startGateway({ maxSubscriptions: 2 }, withPublic);
    try {
      const guest = await TestWsClient.connect(`${g.url}?guest=1`);
      clients.push(guest);
      expect(await guest.subscribe('candles:EURUSD:15m')).toEqual({
        type: 'subscribed',
        channel: 'candles:EURUSD:15m',
      });
      expect(await guest.next('event')).toMatchObject({ channel: 'candles:EURUSD:15m', data: { close: 1 } });
      await g.bus.publish({ channel: 'candles:EURUSD:15m', event: 'candle', data: { close: 2 } });
      expect(await guest.next('event')).toMatchObject({ data: { close: 2 } });
      // The authoriser still decides (it is told the caller is signed out: empty ids).
      expect(await guest.subscribe('candles:GBPUSD:15m')).toMatchObject({ code: 'WS_CHANNEL_NOT_FOUND' });

      const refused = 'needs a signed-in connection: sign in, or subscribe to public market channels only';
      expect(await guest.subscribe('user')).toEqual({
        type: 'error',
        code: 'WS_CHANNEL_NOT_FOUND',
        message: `channel: "user" ${refused}`,
        channel: 'user',
      });
      expect(await guest.subscribe('quotes:EURUSD')).toMatchObject({
        code: 'WS_CHANNEL_NOT_FOUND',
        message: `channel: "quotes:EURUSD" ${refused}`,
      });
      expect(await guest.subscribe('account:acc-of-')).toMatchObject({ code: 'WS_CHANNEL_NOT_FOUND' });
      expect(g.authorizerCalls).toEqual([]);
      // A user's events never reach a guest.
      await g.bus.publish({ channel: 'user:', event: 'notification.created', data: {} });
      await guest.sync();
      expect(guest.messages.filter((m) => m.type === 'event')).toEqual([]);

      // The same cap on subscriptions as a signed-in socket.
      const other = await TestWsClient.connect(`${g.url}?guest=1`);
      clients.push(other);
      g.gateway.registerChannel('prices', () => true, { public: true });
      expect(await other.subscribe('prices:a')).toMatchObject({ type: 'subscribed' });
      expect(await other.subscribe('prices:b')).toMatchObject({ type: 'subscribed' });
      expect(await other.subscribe('prices:c')).toMatchObject({ code: 'WS_TOO_MANY_SUBSCRIPTIONS' });
    } finally {
      await g.app.close();
    }
  });

  it('a valid token with ?guest=1 signs the socket in; an invalid one leaves it a guest', async () => {
    const g = await startGateway({}, withPublic);
    try {
      const user = g.login();
      const signedIn = await TestWsClient.connect(`${g.url}?guest=1&access_token=${user.token}`);
      clients.push(signedIn);
      expect(await signedIn.subscribe('user')).toEqual({ type: 'subscribed', channel: 'user' });
      const stale = await TestWsClient.connect(`${g.url}?guest=1&access_token=expired`);
      clients.push(stale);
      expect(await stale.subscribe('user')).toMatchObject({ code: 'WS_CHANNEL_NOT_FOUND' });
      expect(await stale.subscribe('candles:EURUSD:15m')).toMatchObject({ type: 'subscribed' });
      await expect(TestWsClient.connect(`${g.url}?guest=yes`)).rejects.toThrow(/400/);
    } finally {
      await g.app.close();
    }
  });

  it('caps signed-out sockets per address (4429) without holding back signed-in ones', async () => {
    const g = await startGateway({ maxGuestConnectionsPerIp: 2, maxConnectionsPerIp: 10 }, withPublic);
    try {
      const guests: TestWsClient[] = [];
      for (let i = 0; i < 3; i++) {
        const client = await TestWsClient.connect(`${g.url}?guest=1`);
        clients.push(client);
        guests.push(client);
      }
      expect(await guests[2]!.closed).toEqual({
        code: wsCloseCodes.tooManyConnections,
        reason: 'too many connections: at most 2 signed-out connections per network address',
      });
      const member = await TestWsClient.connect(`${g.url}?access_token=${g.login().token}`);
      clients.push(member);
      await member.sync();
      expect(g.gateway.connectionCount).toBe(3);
      // A guest that leaves frees its place.
      guests[0]!.close();
      await guests[0]!.closed;
      await vi.waitFor(() => expect(g.gateway.connectionCount).toBe(2));
      const again = await TestWsClient.connect(`${g.url}?guest=1`);
      clients.push(again);
      await again.sync();
      expect(again.socket.readyState).toBe(again.socket.OPEN);
    } finally {
      await g.app.close();
    }
  });
});

describe('shutdown', () => {
  it('closes every socket with 1001 when the app closes, and refuses new ones', async () => {
    const s = await startGateway();
    const client = await TestWsClient.connect(`${s.url}?access_token=${s.login().token}`);
    clients.push(client);
    await client.subscribe('user');
    const closing = s.app.close();
    expect(await client.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    await closing;
    expect(s.gateway.connectionCount).toBe(0);
    await expect(TestWsClient.connect(`${s.url}?access_token=${s.login().token}`)).rejects.toThrow();
  });
});
