import { z } from 'zod';
import { opaque } from './text.js';
import { WS_MAX_CHANNEL_LENGTH } from './ws-constants.js';

export * from './ws-constants.js';

/**
 * The WebSocket protocol of `/api/ws` (docs/architecture.md, section 4). One JSON object per text frame.
 * Client -> server: subscribe, unsubscribe, ping. Server -> client: subscribed, unsubscribed, event,
 * error, pong.
 */

/**
 * A channel name: `user`, or `<prefix>:<rest>` such as `quotes:EURUSD`, `candles:EURUSD:15m`,
 * `account:<id>`. Letters, digits and `:._-` only.
 */
export const wsChannelSchema = opaque('Channel', WS_MAX_CHANNEL_LENGTH, { min: 1 }).regex(
  /^[A-Za-z0-9][A-Za-z0-9:._-]*$/,
  'Channel may contain only letters, digits, colons, dots, underscores and hyphens.',
);

export const wsClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: wsChannelSchema }),
  z.object({ type: z.literal('unsubscribe'), channel: wsChannelSchema }),
  z.object({ type: z.literal('ping') }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

/** Error codes carried by `{ type: 'error' }` messages. */
export const wsErrorCodes = [
  /** Not JSON, or not one of the client messages. */
  'WS_BAD_MESSAGE',
  /** A field failed validation; the message says `<field>: <why>`. */
  'WS_VALIDATION_FAILED',
  /** No channel family of that name. */
  'WS_CHANNEL_UNKNOWN',
  /** The channel does not exist or is not the caller's (indistinguishable on purpose). */
  'WS_CHANNEL_NOT_FOUND',
  'WS_TOO_MANY_SUBSCRIPTIONS',
  /** Too many messages waiting to be handled on this connection; the message was dropped. */
  'WS_RATE_LIMITED',
  'WS_INTERNAL',
] as const;
export type WsErrorCode = (typeof wsErrorCodes)[number];

export const wsServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), channel: wsChannelSchema }),
  z.object({ type: z.literal('unsubscribed'), channel: wsChannelSchema }),
  z.object({
    type: z.literal('event'),
    channel: wsChannelSchema,
    event: z.string().min(1).max(128),
    data: z.unknown(),
  }),
  z.object({
    type: z.literal('error'),
    code: z.enum(wsErrorCodes),
    message: z.string().max(500),
    /** The channel the error is about, when it is about one. */
    channel: wsChannelSchema.optional(),
  }),
  z.object({ type: z.literal('pong') }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;

/** Data of the `user` channel's SESSION_REVOKED_EVENT: which session was revoked. */
export const sessionRevokedDataSchema = z.object({ sessionId: z.uuid() });
export type SessionRevokedData = z.infer<typeof sessionRevokedDataSchema>;
