import { describe, expect, it } from 'vitest';
import { type BusMessage, createMemoryBus } from '../../platform/bus/event-bus.js';
import type { ChannelActivityListener } from '../../platform/ws/ws-gateway.js';
import {
  createInterestAnnouncer,
  createInterestRegistry,
  INTEREST_BUS_CHANNEL,
  INTEREST_EVENT,
} from './market-feed.interest.js';

const flush = () => new Promise<void>((r) => setImmediate(r));

function fakeGateway() {
  const active = new Set<string>();
  const listeners = new Set<ChannelActivityListener>();
  return {
    activeChannels: (prefix: string) => [...active].filter((c) => c.startsWith(`${prefix}:`)),
    onChannelActivity(listener: ChannelActivityListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(channel: string, on: boolean) {
      if (on) active.add(channel);
      else active.delete(channel);
      for (const l of listeners) l(channel, on);
    },
  };
}

describe('interest in market channels', () => {
  it('announces a burst of subscriptions once, withdraws once, and says nothing while idle', async () => {
    const bus = createMemoryBus();
    const heard: BusMessage[] = [];
    bus.subscribe((m) => {
      if (m.event === INTEREST_EVENT) heard.push(m);
    });
    const gateway = fakeGateway();
    const announcer = createInterestAnnouncer({ bus, gateway, announceMs: 60_000, log: { error() {} } });
    try {
      await announcer.announce();
      await flush();
      expect(heard).toEqual([]);

      gateway.set('quotes:EURUSD', true);
      gateway.set('candles:EURUSD:15m', true);
      gateway.set('user:someone', true); // not a market channel: no announcement of its own
      await flush();
      await flush();
      expect(heard).toEqual([
        {
          channel: INTEREST_BUS_CHANNEL,
          event: INTEREST_EVENT,
          data: { process: announcer.processId, channels: ['quotes:EURUSD', 'candles:EURUSD:15m'], ttlMs: 180_000 },
        },
      ]);

      gateway.set('quotes:EURUSD', false);
      gateway.set('candles:EURUSD:15m', false);
      await flush();
      await flush();
      expect(heard.at(-1)?.data).toMatchObject({ channels: [] });
      const count = heard.length;
      await announcer.announce();
      await flush();
      expect(heard).toHaveLength(count);
    } finally {
      announcer.stop();
    }
  });

  it('answers a new leader’s request at once, and the registry unites every process’s channels', async () => {
    const bus = createMemoryBus();
    const registry = createInterestRegistry({ bus });
    const one = fakeGateway();
    const two = fakeGateway();
    one.set('quotes:EURUSD', true);
    two.set('quotes:EURUSD', true);
    two.set('quotes:AAPL', true);
    const announcers = [one, two].map((gateway) =>
      createInterestAnnouncer({ bus, gateway, announceMs: 60_000, log: { error() {} } }),
    );
    try {
      expect(registry.channels()).toEqual([]);
      await registry.request();
      await flush();
      await flush();
      expect(registry.channels()).toEqual(['quotes:AAPL', 'quotes:EURUSD']);
    } finally {
      for (const a of announcers) a.stop();
      registry.stop();
    }
  });
});
