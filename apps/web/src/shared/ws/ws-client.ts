import { WS_PATH, type WsClientMessage, wsCloseCodes } from '@tradedesk/contracts';

export type WsEvent = { channel: string; event: string; data: unknown };
type EventHandler = (event: WsEvent) => void;
type CloseHandler = (code: number) => void;

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
};

export type WsClientOptions = {
  url?: string;
  createSocket?: (url: string) => SocketLike;
  /** Reconnect delay for attempt n (0-based); doubling from 500 ms to 30 s with jitter by default. */
  backoffMs?: (attempt: number) => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

/** Close codes after which reconnecting with the same cookies cannot succeed. */
const TERMINAL_CODES: readonly number[] = [wsCloseCodes.sessionRevoked];

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${WS_PATH}`;
}

function defaultBackoff(attempt: number): number {
  const base = Math.min(30_000, 500 * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

/**
 * One WebSocket to /api/ws shared by every feature. Channels are reference-counted; after a reconnect
 * (with back-off) every channel still wanted is subscribed again. The session cookie authenticates.
 */
export function createWsClient(options: WsClientOptions = {}) {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);
  const backoff = options.backoffMs ?? defaultBackoff;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));

  const handlers = new Map<string, Set<EventHandler>>();
  const closeHandlers = new Set<CloseHandler>();
  let socket: SocketLike | null = null;
  let attempt = 0;
  let reconnectTimer: unknown = null;
  let running = false;

  function send(message: WsClientMessage) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
  }

  function open() {
    const ws = createSocket(options.url ?? defaultUrl());
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      for (const channel of handlers.keys()) send({ type: 'subscribe', channel });
    };
    ws.onmessage = (ev) => {
      let message: unknown;
      try {
        message = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      const m = message as { type?: unknown; channel?: unknown; event?: unknown; data?: unknown };
      if (m.type !== 'event' || typeof m.channel !== 'string' || typeof m.event !== 'string') return;
      const event: WsEvent = { channel: m.channel, event: m.event, data: m.data };
      for (const handler of handlers.get(m.channel) ?? []) handler(event);
    };
    ws.onerror = () => {
      // onclose follows and decides about reconnecting
    };
    ws.onclose = (ev) => {
      if (socket !== ws) return;
      socket = null;
      for (const handler of closeHandlers) handler(ev.code);
      if (!running || TERMINAL_CODES.includes(ev.code)) {
        running = false;
        return;
      }
      reconnectTimer = setTimer(() => {
        reconnectTimer = null;
        if (running) open();
      }, backoff(attempt++));
    };
  }

  return {
    start() {
      if (running) return;
      running = true;
      open();
    },
    stop() {
      running = false;
      if (reconnectTimer !== null) clearTimer(reconnectTimer);
      reconnectTimer = null;
      const ws = socket;
      socket = null;
      ws?.close(1000);
    },
    /** Listens to a channel; returns the function that stops listening (and unsubscribes when last). */
    subscribe(channel: string, handler: EventHandler): () => void {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        send({ type: 'subscribe', channel });
      }
      set.add(handler);
      return () => {
        const current = handlers.get(channel);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) {
          handlers.delete(channel);
          send({ type: 'unsubscribe', channel });
        }
      };
    },
    onClose(handler: CloseHandler): () => void {
      closeHandlers.add(handler);
      return () => closeHandlers.delete(handler);
    },
  };
}

export type WsClient = ReturnType<typeof createWsClient>;

let shared: WsClient | null = null;
/** The app's one connection, created on first use. */
export function getWsClient(): WsClient {
  shared ??= createWsClient();
  return shared;
}
