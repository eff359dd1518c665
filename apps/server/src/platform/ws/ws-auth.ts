import { WS_BEARER_PROTOCOL_PREFIX } from '@tradedesk/contracts';

export const ACCESS_TOKEN_COOKIE = 'access_token';
export const MAX_TOKEN_LENGTH = 4096;

/** Splits a `Sec-WebSocket-Protocol` header into the offered sub-protocols. */
export function offeredProtocols(header: string | string[] | undefined): string[] {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  return raw
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/**
 * The access token of a WebSocket upgrade. Explicit credentials win over the cookie: a non-browser
 * client chose them on purpose, while a browser sends whatever cookie it holds.
 *   1. `Sec-WebSocket-Protocol: bearer.<token>`  2. `?access_token=<token>`  3. cookie `access_token`
 */
export function accessTokenOf(request: {
  headers: Record<string, string | string[] | undefined>;
  query: unknown;
  cookies?: Record<string, string | undefined>;
}): string | undefined {
  const fromProtocol = offeredProtocols(request.headers['sec-websocket-protocol'])
    .find((p) => p.startsWith(WS_BEARER_PROTOCOL_PREFIX))
    ?.slice(WS_BEARER_PROTOCOL_PREFIX.length);
  const query = request.query && typeof request.query === 'object' ? (request.query as Record<string, unknown>) : {};
  const fromQuery = typeof query.access_token === 'string' ? query.access_token : undefined;
  const fromCookie = request.cookies?.[ACCESS_TOKEN_COOKIE];
  const token = [fromProtocol, fromQuery, fromCookie].find((t) => typeof t === 'string' && t.length > 0);
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  return token;
}

/**
 * The sub-protocol the server answers with. A client that offered protocols fails the handshake
 * unless one is echoed, so a client offering only `bearer.<token>` gets that one back; one that
 * also offers a named protocol (e.g. `tradedesk`) gets the named one and the token stays unechoed.
 */
export function selectProtocol(protocols: Iterable<string>): string | false {
  let bearer: string | undefined;
  for (const p of protocols) {
    if (!p.startsWith(WS_BEARER_PROTOCOL_PREFIX)) return p;
    bearer ??= p;
  }
  return bearer ?? false;
}
