// Plain values without zod, so a bundle that needs only these (the web app's first load) does not pull in zod
// and the schemas; ws.ts re-exports them.

/**
 * The WebSocket protocol of `/api/ws` (docs/architecture.md, section 4). One JSON object per text frame.
 * Client -> server: subscribe, unsubscribe, ping. Server -> client: subscribed, unsubscribed, event,
 * error, pong.
 */
export const WS_PATH = '/api/ws';

/** Sub-protocol prefix carrying the access token for clients that cannot set cookies or query strings. */
export const WS_BEARER_PROTOCOL_PREFIX = 'bearer.';

/** Close codes the server uses (4000-4999 are free for applications). */
export const wsCloseCodes = {
  /** Server going away (shutdown, restart): reconnect with back-off. */
  goingAway: 1001,
  /** A frame that is not text or exceeds the size limit. */
  unsupportedData: 1003,
  tooLarge: 1009,
  /** The session behind the token was revoked: do not reconnect with the same token. */
  sessionRevoked: 4001,
  /** No valid access token at connect: refresh the token, then reconnect. */
  unauthorized: 4401,
  /**
   * Too many open connections for this account or from this address (WS_MAX_PER_USER / WS_MAX_PER_IP):
   * close another tab, or reconnect later with back-off.
   */
  tooManyConnections: 4429,
} as const;

export const WS_MAX_CHANNEL_LENGTH = 128;
/** How many channels one connection may hold at once. */
export const WS_MAX_SUBSCRIPTIONS = 200;
/** Largest client frame the server reads, in bytes. */
export const WS_MAX_CLIENT_MESSAGE_BYTES = 4096;

/** Event on the `user` channel telling the sockets of a revoked session why they are being closed. */
export const SESSION_REVOKED_EVENT = 'session.revoked';
