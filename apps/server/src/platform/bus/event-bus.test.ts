import { describe, expect, it } from 'vitest';
import { type BusMessage, createMemoryBus, isBusMessage } from './event-bus.js';

describe('in-process event bus', () => {
  it('delivers to every handler in order, after the publisher continues', async () => {
    const bus = createMemoryBus();
    const seen: string[] = [];
    bus.subscribe((m) => seen.push(`a:${m.event}`));
    bus.subscribe((m) => seen.push(`b:${m.event}`));
    const published = bus.publish({ channel: 'user:1', event: 'one', data: null });
    expect(seen).toEqual([]);
    await published;
    await bus.publish({ channel: 'user:1', event: 'two', data: null });
    expect(seen).toEqual(['a:one', 'b:one', 'a:two', 'b:two']);
  });

  it('keeps delivering to the other handlers when one throws, and reports it', async () => {
    const errors: string[] = [];
    const bus = createMemoryBus({ log: { warn() {}, error: (_o, msg) => errors.push(msg) } });
    const seen: BusMessage[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe((m) => seen.push(m));
    await bus.publish({ channel: 'quotes:EURUSD', event: 'quote', data: { bid: 1 } });
    expect(seen).toEqual([{ channel: 'quotes:EURUSD', event: 'quote', data: { bid: 1 } }]);
    expect(errors).toEqual(['event bus handler failed']);
  });

  it('stops delivering to a removed handler and after close', async () => {
    const bus = createMemoryBus();
    const seen: string[] = [];
    const off = bus.subscribe((m) => seen.push(m.event));
    await bus.publish({ channel: 'c', event: 'before', data: null });
    off();
    await bus.publish({ channel: 'c', event: 'removed', data: null });
    bus.subscribe((m) => seen.push(m.event));
    await bus.close();
    await bus.publish({ channel: 'c', event: 'closed', data: null });
    expect(seen).toEqual(['before']);
  });

  it('refuses malformed messages', async () => {
    const bus = createMemoryBus();
    await expect(bus.publish({ channel: '', event: 'x', data: null })).rejects.toThrow('bus channel');
    await expect(bus.publish({ channel: 'c', event: 'e'.repeat(129), data: null })).rejects.toThrow('bus event');
  });

  it('recognises the bus shape of foreign payloads', () => {
    expect(isBusMessage({ channel: 'c', event: 'e', data: 1 })).toBe(true);
    expect(isBusMessage({ channel: 'c', event: 'e' })).toBe(false);
    expect(isBusMessage({ channel: 1, event: 'e', data: 1 })).toBe(false);
    expect(isBusMessage(null)).toBe(false);
  });
});
