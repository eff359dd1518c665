/**
 * Events crossing module and process boundaries. A channel is a string such as `user:<userId>`
 * or `quotes:EURUSD`; the WebSocket gateway forwards them to subscribed clients.
 */
export type BusMessage = { channel: string; event: string; data: unknown };
export type BusHandler = (message: BusMessage) => void;

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /**
   * Delivers to every handler of every process, this one included; best effort (a transport outage
   * is logged, not thrown). Throws only on a malformed message. A no-op after `close()`.
   */
  publish(message: BusMessage): Promise<void>;
  /** Registers a handler for every message; returns the function that removes it. */
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** Where the bus reports what it cannot throw to a caller (a failing handler, a lost connection). */
export type BusLogger = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export const silentBusLogger: BusLogger = { warn() {}, error() {} };

export const MAX_BUS_CHANNEL_LENGTH = 200;
export const MAX_BUS_EVENT_LENGTH = 128;

/** Throws on a malformed message: publishing one is a programming error, not a runtime condition. */
export function assertBusMessage(message: BusMessage): void {
  if (
    typeof message.channel !== 'string' ||
    message.channel.length === 0 ||
    message.channel.length > MAX_BUS_CHANNEL_LENGTH
  ) {
    throw new Error(`bus channel must be 1-${MAX_BUS_CHANNEL_LENGTH} characters (got ${String(message.channel)})`);
  }
  if (typeof message.event !== 'string' || message.event.length === 0 || message.event.length > MAX_BUS_EVENT_LENGTH) {
    throw new Error(`bus event must be 1-${MAX_BUS_EVENT_LENGTH} characters (got ${String(message.event)})`);
  }
}

/** A message that came from outside the process (Redis) has the bus shape, or is dropped. */
export function isBusMessage(value: unknown): value is BusMessage {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.channel === 'string' &&
    v.channel.length > 0 &&
    v.channel.length <= MAX_BUS_CHANNEL_LENGTH &&
    typeof v.event === 'string' &&
    v.event.length > 0 &&
    v.event.length <= MAX_BUS_EVENT_LENGTH &&
    'data' in v
  );
}

/**
 * Calls every handler; one that throws must not starve the others (a broken WebSocket gateway
 * must not stop the alert engine hearing quotes).
 */
export function dispatch(handlers: Iterable<BusHandler>, message: BusMessage, log: BusLogger): void {
  for (const handler of handlers) {
    try {
      handler(message);
    } catch (err) {
      log.error({ err, channel: message.channel, event: message.event }, 'event bus handler failed');
    }
  }
}

/** Single-process bus: handlers run on the next microtask, in order. */
export function createMemoryBus(options: { log?: BusLogger } = {}): EventBus {
  const log = options.log ?? silentBusLogger;
  const handlers = new Set<BusHandler>();
  let closed = false;
  return {
    kind: 'memory',
    async publish(message) {
      assertBusMessage(message);
      if (closed) return;
      await Promise.resolve();
      dispatch([...handlers], message, log);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    async close() {
      closed = true;
      handlers.clear();
    },
  };
}
