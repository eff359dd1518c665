import { WS_PATH, type WsClientMessage, wsCloseCodes } from '@tradedesk/contracts';

export type WsEvent = { channel: string; event: string; data: unknown };
/** The server refused a subscription (unknown symbol, too many channels): code and a sentence to show. */
export type WsChannelError = { channel: string; code: string; message: string };
type EventHandler = (event: WsEvent) => void;
type ErrorHandler = (error: WsChannelError) => void;
type CloseHandler = (code: number) => void;
type OpenHandler = () => void;

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
  const errorHandlers = new Map<string, Set<ErrorHandler>>();
  const closeHandlers = new Set<CloseHandler>();
  const openHandlers = new Set<OpenHandler>();
  // The latest event per channel, for a second listener of a channel already subscribed: the server sends
  // its snapshot only on the first subscribe, and a closed market may not tick again for days.
  const latest = new Map<string, WsEvent>();
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
      // After a reconnect the server knows nothing of this tab: every channel still wanted is asked for again.
      for (const channel of handlers.keys()) send({ type: 'subscribe', channel });
      for (const handler of openHandlers) handler();
    };
    ws.onmessage = (ev) => {
      let message: unknown;
      try {
        message = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      const m = message as {
        type?: unknown;
        channel?: unknown;
        event?: unknown;
        data?: unknown;
        code?: unknown;
        message?: unknown;
      };
      if (m.type === 'error' && typeof m.channel === 'string') {
        const error: WsChannelError = { channel: m.channel, code: String(m.code), message: String(m.message) };
        for (const handler of errorHandlers.get(m.channel) ?? []) handler(error);
        return;
      }
      if (m.type !== 'event' || typeof m.channel !== 'string' || typeof m.event !== 'string') return;
      const event: WsEvent = { channel: m.channel, event: m.event, data: m.data };
      if (handlers.has(m.channel)) latest.set(m.channel, event);
      for (const handler of handlers.get(m.channel) ?? []) handler(event);
    };
    ws.onerror = () => {
      // onclose follows and decides about reconnecting
    };
    ws.onclose = (ev) => {
      if (socket !== ws) return;
      socket = null;
      latest.clear();
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
    /**
     * Listens to a channel; returns the function that stops listening (and unsubscribes when last). `onError`
     * hears the server refusing the channel (it is asked for again after a reconnect all the same).
     */
    subscribe(channel: string, handler: EventHandler, options: { onError?: ErrorHandler } = {}): () => void {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        send({ type: 'subscribe', channel });
      } else {
        const last = latest.get(channel);
        if (last) handler(last);
      }
      set.add(handler);
      const { onError } = options;
      if (onError) {
        let errors = errorHandlers.get(channel);
        if (!errors) {
          errors = new Set();
          errorHandlers.set(channel, errors);
        }
        errors.add(onError);
      }
      return () => {
        if (onError) {
          const errors = errorHandlers.get(channel);
          errors?.delete(onError);
          if (errors?.size === 0) errorHandlers.delete(channel);
        }
        const current = handlers.get(channel);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) {
          handlers.delete(channel);
          latest.delete(channel);
          send({ type: 'unsubscribe', channel });
        }
      };
    },
    /** Whether the socket is open now (live data can flow). */
    get connected(): boolean {
      return socket !== null && socket.readyState === 1;
    },
    onOpen(handler: OpenHandler): () => void {
      openHandlers.add(handler);
      return () => openHandlers.delete(handler);
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

let guest: WsClient | null = null;
/**
 * A signed-out connection (`?guest=1`): public market channels only (quotes, candles), for pages shared with
 * anyone (a shared watchlist). Started and stopped by its user (useGuestWsClient).
 */
export function getGuestWsClient(): WsClient {
  guest ??= createWsClient({ url: `${defaultUrl()}?guest=1` });
  return guest;
}
