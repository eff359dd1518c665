import type { WsServerMessage } from '@tradedesk/contracts';
import WebSocket from 'ws';

export type Closed = { code: number; reason: string };

/**
 * A WebSocket client for tests: keeps every message, waits for the one a test expects, and
 * reports how the connection ended.
 */
export class TestWsClient {
  readonly messages: WsServerMessage[] = [];
  readonly closed: Promise<Closed>;
  pings = 0;
  private waiters: Array<{ match: (m: WsServerMessage) => boolean; resolve: (m: WsServerMessage) => void }> = [];
  private pingWaiters: Array<{ count: number; resolve: () => void }> = [];

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    socket.on('error', () => {});
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as WsServerMessage;
      const waiter = this.waiters.find((w) => w.match(message));
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(message);
        return;
      }
      this.messages.push(message);
    });
    socket.on('ping', () => {
      this.pings += 1;
      for (const w of this.pingWaiters.filter((p) => this.pings >= p.count)) w.resolve();
      this.pingWaiters = this.pingWaiters.filter((p) => this.pings < p.count);
    });
  }

  /** Opens a connection; resolves once the handshake succeeded (the server may still close at once). */
  static connect(
    url: string,
    options: { headers?: Record<string, string>; protocols?: string[]; autoPong?: boolean } = {},
  ): Promise<TestWsClient> {
    const socket = new WebSocket(url, options.protocols ?? [], {
      headers: options.headers,
      autoPong: options.autoPong ?? true,
    });
    const client = new TestWsClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (already received or coming) that matches; fails after `timeoutMs`. */
  nextWhere(match: (m: WsServerMessage) => boolean, timeoutMs = 5000): Promise<WsServerMessage> {
    const index = this.messages.findIndex(match);
    if (index !== -1) {
      const [found] = this.messages.splice(index, 1);
      return Promise.resolve(found as WsServerMessage);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`));
      }, timeoutMs);
      const done = (m: WsServerMessage) => {
        clearTimeout(timer);
        resolve(m);
      };
      this.waiters.push({ match, resolve: done });
    });
  }

  /** The first message of `type` (and matching `match`). */
  async next<T extends WsServerMessage['type']>(
    type: T,
    match: (m: Extract<WsServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Extract<WsServerMessage, { type: T }>> {
    const found = await this.nextWhere(
      (m) => m.type === type && match(m as Extract<WsServerMessage, { type: T }>),
      timeoutMs,
    );
    return found as Extract<WsServerMessage, { type: T }>;
  }

  /** Subscribes and waits for the answer about that channel (subscribed or error). */
  subscribe(channel: string): Promise<WsServerMessage> {
    this.send({ type: 'subscribe', channel });
    return this.nextWhere((m) => (m.type === 'subscribed' || m.type === 'error') && m.channel === channel);
  }

  /** Resolves once the server has pinged `count` times in total. */
  waitForPings(count: number): Promise<void> {
    if (this.pings >= count) return Promise.resolve();
    return new Promise((resolve) => this.pingWaiters.push({ count, resolve }));
  }

  /** Round trip through the server: everything it sent before the pong has arrived. */
  async sync(): Promise<void> {
    this.send({ type: 'ping' });
    await this.next('pong');
  }

  close(): void {
    this.socket.close();
  }
}
