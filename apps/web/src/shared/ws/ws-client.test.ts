import { describe, expect, it, vi } from 'vitest';
import { createWsClient } from './ws-client';

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  emit(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const client = createWsClient({
    url: 'ws://test/api/ws',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    backoffMs: (n) => 100 * 2 ** n,
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => {},
  });
  return { client, sockets, timers };
}

describe('WebSocket client', () => {
  it('subscribes on open and delivers events of the channel', () => {
    const { client, sockets } = setup();
    const handler = vi.fn();
    client.subscribe('user', handler);
    client.start();
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: 'subscribe', channel: 'user' }]);
    sockets[0]!.emit({ type: 'event', channel: 'user', event: 'session.revoked', data: { sessionId: 'x' } });
    sockets[0]!.emit({ type: 'event', channel: 'quotes:EURUSD', event: 'tick', data: {} });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ channel: 'user', event: 'session.revoked', data: { sessionId: 'x' } });
  });

  it('reconnects after a drop and subscribes again', () => {
    const { client, sockets, timers } = setup();
    client.subscribe('user', () => {});
    client.start();
    sockets[0]!.open();
    sockets[0]!.serverClose(1006);
    expect(timers).toHaveLength(1);
    timers[0]!();
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([{ type: 'subscribe', channel: 'user' }]);
  });

  it('does not reconnect after close code 4001 (session revoked) and reports it', () => {
    const { client, sockets, timers } = setup();
    const onClose = vi.fn();
    client.onClose(onClose);
    client.start();
    sockets[0]!.open();
    sockets[0]!.serverClose(4001);
    expect(onClose).toHaveBeenCalledWith(4001);
    expect(timers).toHaveLength(0);
  });

  it('unsubscribes when the last listener of a channel leaves', () => {
    const { client, sockets } = setup();
    client.start();
    sockets[0]!.open();
    const stop = client.subscribe('user', () => {});
    stop();
    expect(sockets[0]!.sent).toEqual([
      { type: 'subscribe', channel: 'user' },
      { type: 'unsubscribe', channel: 'user' },
    ]);
  });
});
