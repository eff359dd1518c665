import fastifyWebsocket from '@fastify/websocket';
import { opaque, WS_MAX_CLIENT_MESSAGE_BYTES, WS_PATH, wsCloseCodes } from '@tradedesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import { z } from 'zod';
import type { AuthContext } from '../auth/guard.js';
import { AppError } from '../errors.js';
import { accessTokenOf, MAX_TOKEN_LENGTH, selectProtocol } from './ws-auth.js';
import { GUEST_AUTH, type WsGateway } from './ws-gateway.js';

export type WsPluginOptions = {
  gateway: WsGateway;
  /** How long sockets get to finish the close handshake at shutdown before they are cut. */
  closeGraceMs: number;
};

const wsQuerySchema = z.object({
  access_token: opaque('access_token', MAX_TOKEN_LENGTH).optional(),
  /**
   * `1`: a signed-out client (a shared watchlist or chart) that wants public market channels only. Without a
   * valid token it is accepted as a guest instead of being closed with 4401.
   */
  guest: z.enum(['1'], { error: 'guest must be 1 when given.' }).optional(),
});

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** What the upgrade's preValidation found: a caller, no valid token, or a failure to check. */
const authOfSocket = new WeakMap<FastifyRequest, AuthContext | null | 'error'>();

/**
 * `GET /api/ws`: the one WebSocket endpoint. Authenticated at connect; a client without a valid
 * main access token is accepted and closed at once with 4401, because a browser cannot read the
 * status of a refused upgrade and would not know to refresh its token. With `?guest=1` such a client is
 * kept as a guest instead: public market channels only (quotes, candles), fewer sockets per address.
 */
export async function wsPlugin(app: FastifyInstance, options: WsPluginOptions): Promise<void> {
  const { gateway } = options;
  let warnedNoAuth = false;

  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: WS_MAX_CLIENT_MESSAGE_BYTES,
      // ws's default, stated: compressing each small quote for each socket would cost more than it saves, and
      // the gateway writes broadcast frames, framed once, straight to the TCP stream (ws-connection.ts)
      perMessageDeflate: false,
      handleProtocols: (protocols) => selectProtocol(protocols),
    },
    // Replaces the plugin's default (close without a code) so clients learn the server is going away.
    preClose: async function (this: FastifyInstance) {
      await gateway.shutdown({
        code: wsCloseCodes.goingAway,
        reason: 'server shutting down',
        graceMs: options.closeGraceMs,
      });
      await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
    },
  });

  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: { querystring: wsQuerySchema, tags: ['realtime'], summary: 'WebSocket stream (see contracts/ws.ts)' },
      // A plain HTTP request (no upgrade) gets the app's error body instead of the plugin's empty 404.
      onRequest: async (request) => {
        if (request.ws) return;
        throw new AppError(
          'WS_UPGRADE_REQUIRED',
          'validation',
          'This address is the WebSocket endpoint: connect with a WebSocket client (Upgrade: websocket)',
          undefined,
          { upgrade: 'websocket' },
        );
      },
      preValidation: async (request) => {
        const token = accessTokenOf(request);
        if (!token) {
          authOfSocket.set(request, null);
          return;
        }
        if (typeof app.verifyAccessToken !== 'function') {
          if (!warnedNoAuth) request.log.error('verifyAccessToken is not decorated; WebSockets cannot authenticate');
          warnedNoAuth = true;
          authOfSocket.set(request, null);
          return;
        }
        try {
          authOfSocket.set(request, await app.verifyAccessToken(token));
        } catch (err) {
          request.log.error({ err }, 'websocket token check failed');
          authOfSocket.set(request, 'error');
        }
      },
    },
    (socket, request) => {
      const auth = authOfSocket.get(request) ?? null;
      if (auth === 'error') {
        // 1011: the server failed, not the token; the client retries with the same token.
        socket.close(1011, 'could not check the access token, try again');
        return;
      }
      const guest = (request.query as { guest?: string }).guest === '1';
      if (!auth && !guest) {
        socket.close(wsCloseCodes.unauthorized, 'unauthorized: access token missing, invalid or expired');
        return;
      }
      const connection = gateway.accept(socket, auth ?? GUEST_AUTH, { ip: request.ip, stream: request.raw.socket });
      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          connection.sendControl({ type: 'error', code: 'WS_BAD_MESSAGE', message: 'message: must be a text frame' });
          return;
        }
        gateway.receive(connection, textOf(data));
      });
      socket.on('pong', () => gateway.pong(connection));
      socket.on('close', () => gateway.detach(connection));
    },
  );
}
