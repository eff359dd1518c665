import { WS_BEARER_PROTOCOL_PREFIX } from '@tradedesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (the spec's GET /customer/logout): guarded like a POST. */
    stateChanging?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origins whose pages may change state: PUBLIC_URL's. When that is a loopback address, its other
 * loopback names too (a developer opening http://127.0.0.1:8080 for http://localhost:8080).
 */
export function trustedOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK.has(url.hostname)) {
    for (const host of LOOPBACK) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  return origins;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Where a request comes from, by what the browser says: `Origin` when sent, else `Sec-Fetch-Site`
 * (same-origin, or none for a typed address). 'unknown' when neither is sent: not a browser (curl, an
 * API client, a webhook), which carries no credentials it was not given on purpose.
 */
export function siteOf(
  headers: Record<string, string | string[] | undefined>,
  trusted: Set<string>,
): 'same' | 'cross' | 'unknown' {
  const origin = single(headers.origin);
  if (origin !== undefined) return trusted.has(origin.trim().toLowerCase()) ? 'same' : 'cross';
  const site = single(headers['sec-fetch-site']);
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? 'same' : 'cross';
  return 'unknown';
}

/**
 * Credentials a cross-site page cannot make a browser send: an Authorization or X-Refresh-Token header
 * (a custom header needs a CORS preflight, which this server never grants), or for a WebSocket the
 * token in the sub-protocol or query. Requests carrying only cookies are the ones a forged form rides on.
 */
function hasExplicitCredentials(request: FastifyRequest, upgrade: boolean): boolean {
  if (/^Bearer\s/i.test(single(request.headers.authorization) ?? '')) return true;
  if (request.headers['x-refresh-token'] !== undefined) return true;
  if (!upgrade) return false;
  const protocols = single(request.headers['sec-websocket-protocol']) ?? '';
  if (protocols.split(',').some((p) => p.trim().startsWith(WS_BEARER_PROTOCOL_PREFIX))) return true;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.access_token === 'string' && query.access_token.length > 0;
}

const describeOrigin = (request: FastifyRequest) => {
  const origin = single(request.headers.origin);
  if (!origin) return 'another site';
  try {
    return new URL(origin).origin;
  } catch {
    return 'another site';
  }
};

/**
 * Cross-site request forgery guard, for every route in one place: a request that changes state (POST,
 * PUT, PATCH, DELETE, a GET marked `stateChanging`, a WebSocket handshake) and rides on cookies must come
 * from a page of PUBLIC_URL's origin; otherwise 403 CROSS_SITE_REQUEST and nothing happens. Bearer-token
 * clients and clients that are not browsers are unaffected.
 */
export function registerSameOriginGuard(app: FastifyInstance, config: Pick<AppConfig, 'publicUrl'>): void {
  const trusted = trustedOrigins(config.publicUrl);
  const home = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    const upgrade = (single(request.headers.upgrade) ?? '').toLowerCase() === 'websocket';
    const changesState =
      UNSAFE_METHODS.has(request.method) || upgrade || request.routeOptions.config?.stateChanging === true;
    if (!changesState || hasExplicitCredentials(request, upgrade)) return;
    if (siteOf(request.headers, trusted) !== 'cross') return;
    // A refused WebSocket upgrade gets the HTTP answer on its raw socket, which nothing else would close.
    if (upgrade) reply.raw.once('finish', () => request.raw.socket?.destroy());
    throw new AppError(
      'CROSS_SITE_REQUEST',
      'forbidden',
      `This request came from ${describeOrigin(request)}, not from a TradeDesk page: it was refused and nothing changed. ` +
        `A browser may send it only from pages of ${home}.`,
      undefined,
      upgrade ? { connection: 'close' } : undefined,
    );
  });
}
