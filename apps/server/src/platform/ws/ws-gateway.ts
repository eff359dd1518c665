import {
  fieldIssueMessage,
  SESSION_REVOKED_EVENT,
  sessionRevokedDataSchema,
  WS_MAX_SUBSCRIPTIONS,
  type WsClientMessage,
  type WsErrorCode,
  wsClientMessageSchema,
  wsCloseCodes,
} from '@tradedesk/contracts';
import type { AuthContext } from '../auth/guard.js';
import type { BusMessage, EventBus } from '../bus/event-bus.js';
import { type CorkableStream, type EventFrame, type GatewaySocket, textFrame, WsConnection } from './ws-connection.js';

/** Words the issues of a client message as sentences ("channel is required."), like the HTTP validation. */
const messageIssue = fieldIssueMessage('The message');

/**
 * A refusal with the sentence the client is told, for channels whose existence is no secret (public
 * market data: "There is no instrument XYZ."). Private resources answer plain false instead.
 */
export type ChannelRefusal = { refused: string };

/**
 * Decides whether the caller may subscribe to a channel of a family (`quotes`, `account`, ...).
 * `rest` is what follows `<prefix>:` (`EURUSD`, an account id, or '' for the bare prefix). Answer
 * false for someone else's resource: the client sees the same "not found" as for a missing one.
 */
export type ChannelAuthorizer = (request: {
  userId: string;
  sessionId: string;
  channel: string;
  rest: string;
}) => boolean | ChannelRefusal | Promise<boolean | ChannelRefusal>;

export type ChannelFamilyOptions = {
  /**
   * The event a new subscriber gets right after `subscribed` (the current quote, the forming bar), so it
   * need not wait for the next change; undefined sends nothing. Called in the subscriber's process.
   */
  snapshot?: (channel: string) => { event: string; data: unknown } | undefined;
  /**
   * Public data (market quotes and bars): signed-out (guest) sockets may subscribe too; the authorizer is called
   * with an empty userId and sessionId for them. Other families, and `user`, stay signed-in only.
   */
  public?: boolean;
  /**
   * Events after which subscriptions of this family are authorised again (in every process, as each hears the
   * bus): on a user's `user` bus channel, that user's subscriptions of the family; on one of the family's channels,
   * every subscriber of it. The refused ones are dropped and the client is told `unsubscribed`. A community ban,
   * removal or role change, or a channel made private, stops live messages of rooms the person lost at once.
   */
  recheckOn?: readonly string[];
};

/** A channel gained its first subscriber in this process (true) or lost its last (false). */
export type ChannelActivityListener = (channel: string, active: boolean) => void;

export type GatewayLogger = {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type GatewayOptions = {
  /** How often the server pings; a connection that has not answered the previous ping is cut. */
  heartbeatMs: number;
  slowThresholdBytes: number;
  maxBufferedBytes: number;
  maxSubscriptions: number;
  /** Client messages waiting for a channel authorisation before further ones are refused. */
  maxInFlightMessages: number;
  /** Open sockets one user may hold in this process (WS_MAX_PER_USER); past it, 4429. */
  maxConnectionsPerUser: number;
  /** Open sockets one IP address may hold in this process (WS_MAX_PER_IP); past it, 4429. */
  maxConnectionsPerIp: number;
  /** Of those, signed-out (guest) sockets one IP address may hold (WS_MAX_GUESTS_PER_IP); past it, 4429. */
  maxGuestConnectionsPerIp: number;
};

export const defaultGatewayOptions: GatewayOptions = {
  heartbeatMs: 25_000,
  slowThresholdBytes: 256 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxSubscriptions: WS_MAX_SUBSCRIPTIONS,
  maxInFlightMessages: 32,
  maxConnectionsPerUser: 20,
  maxConnectionsPerIp: 100,
  maxGuestConnectionsPerIp: 10,
};

/** The caller of a signed-out socket: public channel families only (see ChannelFamilyOptions.public). */
export const GUEST_AUTH: AuthContext = Object.freeze({ userId: '', sessionId: '' });
const isGuest = (connection: WsConnection): boolean => connection.userId === '';

export const USER_CHANNEL = 'user';
const USER_BUS_PREFIX = 'user:';

/** The bus channel of one user's notifications, alerts, messages and session events. */
export const userBusChannel = (userId: string): string => `${USER_BUS_PREFIX}${userId}`;

export interface WsGateway {
  /**
   * Opens a channel family to clients: `registerChannel('quotes', authorize)` serves `quotes:EURUSD`.
   * The bus channel has the same name as the client channel.
   */
  registerChannel(prefix: string, authorize: ChannelAuthorizer, options?: ChannelFamilyOptions): void;
  /** Channels of a family (`quotes`) that at least one socket of this process is subscribed to. */
  activeChannels(prefix: string): string[];
  /** Hears channels (of every family) gaining their first or losing their last subscriber here. */
  onChannelActivity(listener: ChannelActivityListener): () => void;
  /**
   * Takes over an authenticated socket (or a signed-out one with GUEST_AUTH, which needs `meta.ip`); returns
   * the connection the socket's events are fed to. Past the per-user, per-IP or guests-per-IP limit the socket
   * is closed at once with 4429 and a reason saying which.
   */
  accept(socket: GatewaySocket, auth: AuthContext, meta?: { ip?: string; stream?: CorkableStream }): WsConnection;
  /** Feeds one text frame of a client. */
  receive(connection: WsConnection, text: string): void;
  pong(connection: WsConnection): void;
  /** The socket closed (by either side). */
  detach(connection: WsConnection): void;
  readonly connectionCount: number;
  /** Closes every socket with `code`, cuts those that do not finish closing within `graceMs`. */
  shutdown(options: { code: number; reason: string; graceMs: number }): Promise<void>;
}

type Family = { authorize: ChannelAuthorizer } & ChannelFamilyOptions;

const SIGN_IN_TO_SUBSCRIBE = 'needs a signed-in connection: sign in, or subscribe to public market channels only';

type Resolved =
  | { ok: true; busChannel: string; family?: Family; rest: string }
  | { ok: false; code: WsErrorCode; message: string };

export function createWsGateway(deps: {
  bus: EventBus;
  log: GatewayLogger;
  options?: Partial<GatewayOptions>;
}): WsGateway {
  const options: GatewayOptions = { ...defaultGatewayOptions, ...deps.options };
  const { log } = deps;
  const families = new Map<string, Family>();
  const activityListeners = new Set<ChannelActivityListener>();
  const emitActivity = (channel: string, active: boolean) => {
    for (const listener of [...activityListeners]) {
      try {
        listener(channel, active);
      } catch (err) {
        log.error({ err, channel }, 'channel activity listener failed');
      }
    }
  };
  const connections = new Set<WsConnection>();
  const subscribers = new Map<string, Set<WsConnection>>();
  const inFlight = new WeakMap<WsConnection, { count: number; chain: Promise<void> }>();
  // Open sockets per user and per IP. Counted in this process only: behind N API processes a user may
  // hold up to N times the limit (README, WS_MAX_PER_USER).
  const perUser = new Map<string, number>();
  const perIp = new Map<string, number>();
  const guestsPerIp = new Map<string, number>();
  const ipOf = new WeakMap<WsConnection, string>();
  const bump = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  // Connections written to (corked) during the current burst of bus messages; uncorked together after it.
  const corked = new Set<WsConnection>();
  let uncorkScheduled = false;
  const uncorkAll = () => {
    uncorkScheduled = false;
    for (const connection of corked) connection.uncork();
    corked.clear();
  };
  const onCork = (connection: WsConnection) => {
    corked.add(connection);
    if (!uncorkScheduled) {
      uncorkScheduled = true;
      setImmediate(uncorkAll);
    }
  };
  let heartbeat: NodeJS.Timeout | undefined;
  let shuttingDown = false;
  let drained: (() => void) | undefined;

  const unsubscribeBus = deps.bus.subscribe(onBusMessage);

  function onBusMessage(message: BusMessage): void {
    const isUser = message.channel.startsWith(USER_BUS_PREFIX);
    const clientChannel = isUser ? USER_CHANNEL : message.channel;
    const subs = subscribers.get(message.channel);
    if (isUser) recheckAfter(message);
    else recheckChannel(message);
    const revoked = isUser && message.event === SESSION_REVOKED_EVENT ? revokedSockets(message) : [];
    if (!subs?.size && revoked.length === 0) return;
    // One serialisation, one UTF-8 encoding and one WebSocket framing per broadcast, however many sockets
    // receive it.
    const payload = Buffer.from(
      JSON.stringify({ type: 'event', channel: clientChannel, event: message.event, data: message.data }),
    );
    const frame: EventFrame = { payload, framed: textFrame(payload) };
    if (subs) {
      for (const connection of subs) {
        if (!revoked.includes(connection)) connection.sendEvent(clientChannel, frame);
      }
    }
    for (const connection of revoked) {
      connection.sendNow(payload);
      connection.close(wsCloseCodes.sessionRevoked, 'session revoked');
    }
  }

  /** A user's access changed (`recheckOn`): their subscriptions of the families concerned are authorised again. */
  function recheckAfter(message: BusMessage): void {
    const concerned = [...families].filter(([, f]) => f.recheckOn?.includes(message.event));
    if (concerned.length === 0) return;
    const userId = message.channel.slice(USER_BUS_PREFIX.length);
    for (const connection of connections) {
      if (connection.userId !== userId || connection.closed) continue;
      for (const [prefix, family] of concerned) {
        for (const clientChannel of [...connection.subscriptions.keys()]) {
          if (!clientChannel.startsWith(`${prefix}:`)) continue;
          void recheck(connection, family, clientChannel, clientChannel.slice(prefix.length + 1));
        }
      }
    }
  }

  /** Who may read one channel changed (its family's `recheckOn` event on it): its subscribers are authorised again. */
  function recheckChannel(message: BusMessage): void {
    const colon = message.channel.indexOf(':');
    if (colon === -1) return;
    const prefix = message.channel.slice(0, colon);
    const family = families.get(prefix);
    if (!family?.recheckOn?.includes(message.event)) return;
    for (const connection of [...(subscribers.get(message.channel) ?? [])]) {
      for (const [clientChannel, busChannel] of connection.subscriptions) {
        if (busChannel === message.channel)
          void recheck(connection, family, clientChannel, clientChannel.slice(colon + 1));
      }
    }
  }

  async function recheck(connection: WsConnection, family: Family, channel: string, rest: string): Promise<void> {
    let allowed: boolean | ChannelRefusal;
    try {
      allowed = await family.authorize({ userId: connection.userId, sessionId: connection.sessionId, channel, rest });
    } catch (err) {
      // unknown: keep nothing we cannot vouch for
      log.error({ err, channel }, 'channel re-authorisation failed');
      allowed = false;
    }
    if (allowed === true || connection.closed || !connection.subscriptions.has(channel)) return;
    removeSubscriber(connection, channel);
    connection.sendControl({ type: 'unsubscribed', channel });
  }

  /** Sockets of the revoked session are told why, whether or not they listen to `user`, then closed. */
  function revokedSockets(message: BusMessage): WsConnection[] {
    const parsed = sessionRevokedDataSchema.safeParse(message.data);
    if (!parsed.success) {
      log.warn({ channel: message.channel }, 'session.revoked event without a sessionId');
      return [];
    }
    const userId = message.channel.slice(USER_BUS_PREFIX.length);
    return [...connections].filter((c) => c.userId === userId && c.sessionId === parsed.data.sessionId && !c.closed);
  }

  function resolve(connection: WsConnection, channel: string): Resolved {
    if (channel === USER_CHANNEL && isGuest(connection)) {
      return { ok: false, code: 'WS_CHANNEL_NOT_FOUND', message: `channel: "${channel}" ${SIGN_IN_TO_SUBSCRIBE}` };
    }
    if (channel === USER_CHANNEL) return { ok: true, busChannel: userBusChannel(connection.userId), rest: '' };
    const colon = channel.indexOf(':');
    const prefix = colon === -1 ? channel : channel.slice(0, colon);
    const rest = colon === -1 ? '' : channel.slice(colon + 1);
    if (prefix === USER_CHANNEL) {
      return {
        ok: false,
        code: 'WS_CHANNEL_UNKNOWN',
        message: `channel: subscribe to "${USER_CHANNEL}" for your own events; "${channel}" is not a channel`,
      };
    }
    const family = families.get(prefix);
    if (!family) return { ok: false, code: 'WS_CHANNEL_UNKNOWN', message: `channel: unknown channel "${channel}"` };
    if (!family.public && isGuest(connection)) {
      return { ok: false, code: 'WS_CHANNEL_NOT_FOUND', message: `channel: "${channel}" ${SIGN_IN_TO_SUBSCRIBE}` };
    }
    return { ok: true, busChannel: channel, family, rest };
  }

  function addSubscriber(connection: WsConnection, clientChannel: string, busChannel: string): void {
    connection.subscriptions.set(clientChannel, busChannel);
    let set = subscribers.get(busChannel);
    if (!set) {
      set = new Set();
      subscribers.set(busChannel, set);
      emitActivity(busChannel, true);
    }
    set.add(connection);
  }

  function removeSubscriber(connection: WsConnection, clientChannel: string): void {
    const busChannel = connection.subscriptions.get(clientChannel);
    if (busChannel === undefined) return;
    connection.subscriptions.delete(clientChannel);
    connection.dropQueued(clientChannel);
    const set = subscribers.get(busChannel);
    set?.delete(connection);
    if (set?.size === 0) {
      subscribers.delete(busChannel);
      emitActivity(busChannel, false);
    }
  }

  function sendError(connection: WsConnection, code: WsErrorCode, message: string, channel?: string): void {
    connection.sendControl(
      channel === undefined ? { type: 'error', code, message } : { type: 'error', code, message, channel },
    );
  }

  async function subscribe(connection: WsConnection, channel: string): Promise<void> {
    if (connection.subscriptions.has(channel)) {
      connection.sendControl({ type: 'subscribed', channel });
      return;
    }
    if (connection.subscriptions.size >= options.maxSubscriptions) {
      sendError(
        connection,
        'WS_TOO_MANY_SUBSCRIPTIONS',
        `channel: at most ${options.maxSubscriptions} channels per connection; unsubscribe from one before subscribing to ${channel}`,
        channel,
      );
      return;
    }
    const resolved = resolve(connection, channel);
    if (!resolved.ok) {
      sendError(connection, resolved.code, resolved.message, channel);
      return;
    }
    const family = resolved.family;
    if (family) {
      let allowed: boolean | ChannelRefusal;
      try {
        allowed = await family.authorize({
          userId: connection.userId,
          sessionId: connection.sessionId,
          channel,
          rest: resolved.rest,
        });
      } catch (err) {
        log.error({ err, channel }, 'channel authorisation failed');
        sendError(connection, 'WS_INTERNAL', 'Access to the channel could not be checked. Try again.', channel);
        return;
      }
      if (connection.closed) return;
      if (allowed === false) {
        sendError(connection, 'WS_CHANNEL_NOT_FOUND', `The channel ${channel} was not found.`, channel);
        return;
      }
      if (allowed !== true) {
        sendError(connection, 'WS_CHANNEL_NOT_FOUND', allowed.refused, channel);
        return;
      }
    }
    addSubscriber(connection, channel, resolved.busChannel);
    connection.sendControl({ type: 'subscribed', channel });
    if (family?.snapshot) sendSnapshot(connection, channel, family.snapshot);
  }

  function sendSnapshot(connection: WsConnection, channel: string, snapshot: NonNullable<Family['snapshot']>): void {
    let current: { event: string; data: unknown } | undefined;
    try {
      current = snapshot(channel);
    } catch (err) {
      log.error({ err, channel }, 'channel snapshot failed');
      return;
    }
    if (!current) return;
    connection.sendEvent(channel, JSON.stringify({ type: 'event', channel, event: current.event, data: current.data }));
  }

  async function handle(connection: WsConnection, message: WsClientMessage): Promise<void> {
    switch (message.type) {
      case 'ping':
        connection.sendControl({ type: 'pong' });
        return;
      case 'subscribe':
        await subscribe(connection, message.channel);
        return;
      case 'unsubscribe':
        removeSubscriber(connection, message.channel);
        connection.sendControl({ type: 'unsubscribed', channel: message.channel });
        return;
    }
  }

  function parse(connection: WsConnection, text: string): WsClientMessage | undefined {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      sendError(connection, 'WS_BAD_MESSAGE', 'The message must be a JSON object.');
      return undefined;
    }
    const result = wsClientMessageSchema.safeParse(json, { error: messageIssue });
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const field = issue?.path.length ? issue.path.map(String).join('.') : 'message';
    if (field === 'type' || field === 'message') {
      sendError(connection, 'WS_BAD_MESSAGE', 'The message type must be subscribe, unsubscribe or ping.');
    } else {
      sendError(connection, 'WS_VALIDATION_FAILED', issue?.message ?? 'The message is not valid.');
    }
    return undefined;
  }

  function startHeartbeat(): void {
    if (heartbeat || shuttingDown) return;
    heartbeat = setInterval(() => {
      for (const connection of connections) {
        if (!connection.alive) {
          log.debug({ userId: connection.userId }, 'websocket missed a pong; terminating');
          connection.terminate();
          continue;
        }
        connection.alive = false;
        try {
          connection.socket.ping();
        } catch {
          connection.terminate();
        }
      }
    }, options.heartbeatMs);
    heartbeat.unref();
  }

  function stopHeartbeat(): void {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
  }

  const onOverflow = (connection: WsConnection) => {
    log.warn({ userId: connection.userId }, 'websocket client does not read; terminating');
    connection.terminate();
  };

  return {
    registerChannel(prefix, authorize, familyOptions = {}) {
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(prefix) || prefix.length > 64) {
        throw new Error(`channel prefix "${prefix}" must be 1-64 letters, digits, . _ - (no colon)`);
      }
      if (prefix === USER_CHANNEL) throw new Error(`channel prefix "${USER_CHANNEL}" is reserved by the gateway`);
      if (families.has(prefix)) throw new Error(`channel prefix "${prefix}" is already registered`);
      families.set(prefix, {
        authorize,
        snapshot: familyOptions.snapshot,
        public: familyOptions.public === true,
        recheckOn: familyOptions.recheckOn,
      });
    },

    activeChannels(prefix) {
      const start = `${prefix}:`;
      return [...subscribers.keys()].filter((c) => c.startsWith(start));
    },

    onChannelActivity(listener) {
      activityListeners.add(listener);
      return () => {
        activityListeners.delete(listener);
      };
    },

    accept(socket, auth, meta = {}) {
      const connection = new WsConnection(
        socket,
        auth,
        {
          slowThresholdBytes: options.slowThresholdBytes,
          maxBufferedBytes: options.maxBufferedBytes,
          maxQueuedChannels: options.maxSubscriptions + 1,
        },
        onOverflow,
        meta.stream ? { stream: meta.stream, onCork } : undefined,
      );
      if (shuttingDown) {
        connection.close(wsCloseCodes.goingAway, 'server shutting down');
        return connection;
      }
      const guest = auth.userId === '';
      if (guest && meta.ip === undefined) {
        connection.close(wsCloseCodes.unauthorized, 'unauthorized: access token missing, invalid or expired');
        return connection;
      }
      if (guest && (guestsPerIp.get(meta.ip!) ?? 0) >= options.maxGuestConnectionsPerIp) {
        connection.close(
          wsCloseCodes.tooManyConnections,
          `too many connections: at most ${options.maxGuestConnectionsPerIp} signed-out connections per network address`,
        );
        return connection;
      }
      if (!guest && (perUser.get(auth.userId) ?? 0) >= options.maxConnectionsPerUser) {
        connection.close(
          wsCloseCodes.tooManyConnections,
          `too many connections: at most ${options.maxConnectionsPerUser} per account; close another tab`,
        );
        return connection;
      }
      if (meta.ip !== undefined && (perIp.get(meta.ip) ?? 0) >= options.maxConnectionsPerIp) {
        connection.close(
          wsCloseCodes.tooManyConnections,
          `too many connections: at most ${options.maxConnectionsPerIp} per network address`,
        );
        return connection;
      }
      if (guest) bump(guestsPerIp, meta.ip!, 1);
      else bump(perUser, auth.userId, 1);
      if (meta.ip !== undefined) {
        bump(perIp, meta.ip, 1);
        ipOf.set(connection, meta.ip);
      }
      connections.add(connection);
      inFlight.set(connection, { count: 0, chain: Promise.resolve() });
      startHeartbeat();
      return connection;
    },

    receive(connection, text) {
      if (connection.closed) return;
      connection.alive = true;
      const message = parse(connection, text);
      if (!message) return;
      const state = inFlight.get(connection);
      if (!state) return;
      if (state.count >= options.maxInFlightMessages) {
        sendError(connection, 'WS_RATE_LIMITED', 'Too many messages are in flight. Slow down.');
        return;
      }
      state.count += 1;
      // One message at a time per connection, so an unsubscribe never overtakes its subscribe.
      state.chain = state.chain
        .then(() => handle(connection, message))
        .catch((err: unknown) => {
          log.error({ err }, 'websocket message handling failed');
          sendError(connection, 'WS_INTERNAL', 'The message could not be handled.');
        })
        .finally(() => {
          state.count -= 1;
        });
    },

    pong(connection) {
      connection.alive = true;
    },

    detach(connection) {
      connection.closed = true;
      for (const channel of [...connection.subscriptions.keys()]) removeSubscriber(connection, channel);
      // Only connections that were counted (accepted, not refused) give their place back.
      if (connections.delete(connection)) {
        const ip = ipOf.get(connection);
        if (isGuest(connection)) {
          if (ip !== undefined) bump(guestsPerIp, ip, -1);
        } else bump(perUser, connection.userId, -1);
        if (ip !== undefined) bump(perIp, ip, -1);
      }
      if (connections.size === 0) {
        stopHeartbeat();
        drained?.();
      }
    },

    get connectionCount() {
      return connections.size;
    },

    async shutdown({ code, reason, graceMs }) {
      shuttingDown = true;
      stopHeartbeat();
      unsubscribeBus();
      if (connections.size === 0) return;
      const done = new Promise<void>((r) => {
        drained = r;
      });
      for (const connection of connections) connection.close(code, reason);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((r) => {
        timer = setTimeout(r, graceMs);
        timer.unref();
      });
      await Promise.race([done, timeout]);
      clearTimeout(timer);
      for (const connection of [...connections]) {
        connection.terminate();
        connections.delete(connection);
      }
    },
  };
}
