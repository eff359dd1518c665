/**
 * Events crossing module and process boundaries. A channel is a string such as `user:<userId>`
 * or `quotes:EURUSD`; the WebSocket gateway forwards them to subscribed clients.
 */
export type BusMessage = { channel: string; event: string; data: unknown };
export type BusHandler = (message: BusMessage) => void;

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(message: BusMessage): Promise<void>;
  /** Registers a handler for every message; returns the function that removes it. */
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** Single-process bus: handlers run on the next microtask, in order. */
export function createMemoryBus(): EventBus {
  const handlers = new Set<BusHandler>();
  return {
    kind: 'memory',
    async publish(message) {
      await Promise.resolve();
      for (const h of handlers) h(message);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}
