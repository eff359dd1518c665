import { describe, expect, it } from 'vitest';
import { LatestPerChannelQueue } from './latest-queue.js';
import { type GatewaySocket, textFrame, WsConnection } from './ws-connection.js';

/**
 * A socket whose network the test drives: `send` buffers, `drain` plays the kernel taking the
 * bytes and firing the write callbacks, as `ws` does.
 */
class SlowSocket implements GatewaySocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly delivered: string[] = [];
  closedWith: { code?: number; reason?: string } | undefined;
  terminated = false;
  private inFlight: Array<{ data: string; cb?: (err?: Error) => void }> = [];

  send(data: string | Buffer, options: { binary: boolean }, cb?: (err?: Error) => void) {
    if (options.binary) throw new Error('events are text frames');
    this.bufferedAmount += data.length;
    this.inFlight.push({ data: String(data), cb });
  }
  /** Lets the client read everything sent so far. */
  drain() {
    const batch = this.inFlight;
    this.inFlight = [];
    for (const { data, cb } of batch) {
      this.bufferedAmount -= data.length;
      this.delivered.push(data);
      cb?.();
    }
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 2;
  }
  ping() {}
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
}

const auth = { userId: 'u1', sessionId: 's1' };
const quote = (symbol: string, bid: number) =>
  JSON.stringify({ type: 'event', channel: `quotes:${symbol}`, event: 'quote', data: { bid } });

function slowClient(limits: Partial<{ slowThresholdBytes: number; maxBufferedBytes: number; maxQueued: number }> = {}) {
  const socket = new SlowSocket();
  const overflowed: WsConnection[] = [];
  const connection = new WsConnection(
    socket,
    auth,
    {
      slowThresholdBytes: limits.slowThresholdBytes ?? 100,
      maxBufferedBytes: limits.maxBufferedBytes ?? 10_000,
      maxQueuedChannels: limits.maxQueued ?? 10,
    },
    (c) => {
      overflowed.push(c);
      c.terminate();
    },
  );
  return { socket, connection, overflowed };
}

describe('slow clients: latest message per channel', () => {
  it('sends at once while the client keeps up', () => {
    const { socket, connection } = slowClient();
    connection.sendEvent('quotes:EURUSD', quote('EURUSD', 1));
    socket.drain();
    connection.sendEvent('quotes:EURUSD', quote('EURUSD', 2));
    socket.drain();
    expect(socket.delivered).toEqual([quote('EURUSD', 1), quote('EURUSD', 2)]);
  });

  it('keeps only the newest frame per channel while the buffer is over the threshold', () => {
    const { socket, connection } = slowClient({ slowThresholdBytes: 100 });
    // 3 frames of ~70 bytes: the third finds the buffer over 100 bytes
    connection.sendEvent('quotes:EURUSD', quote('EURUSD', 1));
    connection.sendEvent('quotes:GBPUSD', quote('GBPUSD', 1));
    for (let bid = 2; bid <= 500; bid++) {
      connection.sendEvent('quotes:EURUSD', quote('EURUSD', bid));
      connection.sendEvent('quotes:GBPUSD', quote('GBPUSD', bid));
    }
    expect(connection.queuedChannels).toBe(2);
    expect(socket.bufferedAmount).toBeLessThan(200);
    socket.drain(); // the client catches up: the queued latest frames go out
    socket.drain();
    expect(socket.delivered).toEqual([
      quote('EURUSD', 1),
      quote('GBPUSD', 1),
      quote('EURUSD', 500),
      quote('GBPUSD', 500),
    ]);
    expect(connection.queuedChannels).toBe(0);
  });

  it('keeps events in order behind queued ones until the queue is empty', () => {
    const { socket, connection } = slowClient({ slowThresholdBytes: 50 });
    connection.sendEvent('quotes:EURUSD', quote('EURUSD', 1));
    connection.sendEvent('quotes:EURUSD', quote('EURUSD', 2)); // over threshold: queued
    socket.drain(); // flushes 2
    connection.sendEvent('quotes:USDJPY', quote('USDJPY', 1));
    socket.drain();
    socket.drain();
    expect(socket.delivered).toEqual([quote('EURUSD', 1), quote('EURUSD', 2), quote('USDJPY', 1)]);
  });

  it('forgets the queued frame of a channel the client left', () => {
    const { socket, connection } = slowClient({ slowThresholdBytes: 10 });
    connection.sendEvent('quotes:EURUSD', quote('EURUSD', 1));
    connection.sendEvent('quotes:GBPUSD', quote('GBPUSD', 1));
    connection.dropQueued('quotes:GBPUSD');
    socket.drain();
    socket.drain();
    expect(socket.delivered).toEqual([quote('EURUSD', 1)]);
  });

  it('cuts a client that lets control answers pile up past the hard limit', () => {
    const { socket, connection, overflowed } = slowClient({ maxBufferedBytes: 200 });
    for (let i = 0; i < 20; i++) connection.sendControl({ type: 'pong' });
    expect(overflowed).toEqual([connection]);
    expect(socket.terminated).toBe(true);
    expect(socket.bufferedAmount).toBeLessThanOrEqual(200 + 20);
  });

  it('sends nothing once closed', () => {
    const { socket, connection } = slowClient();
    connection.close(1001, 'server shutting down');
    connection.sendEvent('quotes:EURUSD', quote('EURUSD', 1));
    connection.sendControl({ type: 'pong' });
    socket.drain();
    expect(socket.delivered).toEqual([]);
    expect(socket.closedWith).toEqual({ code: 1001, reason: 'server shutting down' });
  });
});

describe('LatestPerChannelQueue', () => {
  it('replaces per channel and moves the channel to the back', () => {
    const q = new LatestPerChannelQueue(5);
    q.put('a', 'a1');
    q.put('b', 'b1');
    q.put('a', 'a2');
    expect(q.shift()).toEqual({ channel: 'b', frame: 'b1' });
    expect(q.shift()).toEqual({ channel: 'a', frame: 'a2' });
    expect(q.shift()).toBeUndefined();
  });

  it('is bounded: the oldest channel is dropped to make room', () => {
    const q = new LatestPerChannelQueue(2);
    expect(q.put('a', 'a1')).toBeUndefined();
    expect(q.put('b', 'b1')).toBeUndefined();
    expect(q.put('c', 'c1')).toBe('a');
    expect(q.size).toBe(2);
    expect([q.shift()?.channel, q.shift()?.channel]).toEqual(['b', 'c']);
  });

  it('refuses a non-positive bound', () => {
    expect(() => new LatestPerChannelQueue(0)).toThrow('maxChannels must be a positive integer');
  });
});

describe('bursts', () => {
  it('corks the stream at the first event of a burst and lets it go in one write when uncorked', () => {
    const socket = new SlowSocket();
    const calls: string[] = [];
    const stream = { cork: () => calls.push('cork'), uncork: () => calls.push('uncork') };
    const connection = new WsConnection(
      socket,
      auth,
      { slowThresholdBytes: 10_000, maxBufferedBytes: 100_000, maxQueuedChannels: 10 },
      () => {},
      { stream, onCork: () => calls.push('told') },
    );
    connection.sendEvent('quotes:EURUSD', quote('EURUSD', 1));
    connection.sendEvent('quotes:GBPUSD', Buffer.from(quote('GBPUSD', 1)));
    connection.sendEvent('quotes:EURUSD', quote('EURUSD', 2));
    expect(calls).toEqual(['cork', 'told']);
    connection.uncork();
    connection.uncork();
    expect(calls).toEqual(['cork', 'told', 'uncork']);
    socket.drain();
    expect(socket.delivered).toEqual([quote('EURUSD', 1), quote('GBPUSD', 1), quote('EURUSD', 2)]);
  });

  it('writes the frames of a burst to the TCP stream in one write, ahead of what the socket sends after them', () => {
    const socket = new SlowSocket();
    const order: string[] = [];
    socket.send = (data, _options, cb) => {
      order.push(`ws ${String(data)}`);
      cb?.();
    };
    const written: Buffer[] = [];
    const stream = {
      cork: () => order.push('cork'),
      uncork: () => order.push('uncork'),
      write: (chunk: Buffer, cb: (err?: Error | null) => void) => {
        written.push(chunk);
        order.push(`stream ${written.length}`);
        cb();
        return true;
      },
    };
    let told = 0;
    const connection = new WsConnection(
      socket,
      auth,
      { slowThresholdBytes: 10_000, maxBufferedBytes: 100_000, maxQueuedChannels: 10 },
      () => {},
      { stream, onCork: () => told++ },
    );
    const a = Buffer.from(quote('EURUSD', 1));
    const b = Buffer.from(quote('GBPUSD', 1));
    connection.sendEvent('quotes:EURUSD', { payload: a, framed: textFrame(a) });
    connection.sendEvent('quotes:GBPUSD', { payload: b, framed: textFrame(b) });
    expect(told).toBe(1);
    expect(written).toEqual([]);
    connection.uncork();
    connection.uncork();
    expect(written).toEqual([Buffer.concat([textFrame(a), textFrame(b)])]);
    // a control answer sent during a burst leaves after the burst's events, as it was sent
    connection.sendEvent('quotes:EURUSD', quote('EURUSD', 2));
    connection.sendControl({ type: 'unsubscribed', channel: 'quotes:EURUSD' });
    connection.uncork();
    expect(written[1]).toEqual(textFrame(Buffer.from(quote('EURUSD', 2))));
    expect(order).toEqual([
      'stream 1',
      'stream 2',
      `ws ${JSON.stringify({ type: 'unsubscribed', channel: 'quotes:EURUSD' })}`,
    ]);
    // and the burst goes before the close frame
    connection.sendEvent('quotes:GBPUSD', b);
    connection.close(1000, 'bye');
    expect(written[2]).toEqual(textFrame(b));
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'bye' });
  });
});

describe('textFrame', () => {
  it('frames a text payload as ws does: FIN and text opcode, 7, 16 or 64-bit length, no mask', () => {
    for (const length of [0, 125, 126, 65_535, 65_536]) {
      const payload = Buffer.alloc(length, 'a');
      const frame = textFrame(payload);
      const header =
        length < 126
          ? [0x81, length]
          : length < 65_536
            ? [0x81, 126, length >> 8, length & 255]
            : [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0];
      expect([...frame.subarray(0, header.length)]).toEqual(header);
      expect(frame.subarray(header.length).equals(payload)).toBe(true);
    }
  });
});
