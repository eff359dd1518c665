import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config.js';

const nonces = new WeakMap<ServerResponse, string>();

// Nonces are cut from a block of random bytes drawn 1,024 at a time: one call to the system's generator for
// many answers instead of one each (every answer carries a nonce), each nonce still 18 bytes used once.
const NONCE_BYTES = 18;
const NONCES_PER_DRAW = 1024;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

function newNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  // spent bytes are wiped, so no later reader of the pool could learn an earlier answer's nonce
  noncePool.fill(0, nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

function nonceFor(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = newNonce();
    nonces.set(res, nonce);
  }
  return nonce;
}

/** This response's CSP nonce: the one value that lets an inline `<style>` (MUI's emotion styles) apply. */
export function cspNonceOf(reply: FastifyReply): string {
  return nonceFor(reply.raw);
}

// A Host header that is a plain host[:port] (names, IPv4, bracketed IPv6): anything else is not echoed.
const plainHost = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The WebSocket origins of the address the page was loaded from (`/api/ws` lives there). */
function sameOriginSockets(req: IncomingMessage): string {
  const host = req.headers.host;
  return host && plainHost.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * Browsers may use none of these on our pages: a compromised dependency or an injected tag cannot reach them.
 * Fullscreen stays allowed (the chart screens use it) and the clipboard keeps the browser's default.
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The interactive API reference (Swagger UI at /api/docs) loads its scripts and styles from /api/docs/static
 * and writes `<style>` elements of its own, which no nonce of ours reaches: it gets this policy, with inline
 * styles allowed and still no inline script, no eval, no framing (the e2e suite checks it runs under it).
 */
export const apiDocsPolicy = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/**
 * Security headers on every answer: a strict Content-Security-Policy (scripts and styles from this origin, inline
 * styles only with the response's nonce, WebSockets to this origin, no framing, no plugins),
 * `X-Content-Type-Options: nosniff`, a Referrer-Policy that keeps links with tokens (reset, activation) from
 * leaking to other sites, a Permissions-Policy, Helmet's other defaults (cross-origin isolation of the opener and
 * resources, no DNS prefetch, ...), and HSTS in production only (a development server on plain http://localhost
 * must not teach the browser to insist on HTTPS).
 *
 * Written here rather than with @fastify/helmet, which rebuilt its middleware from the options on every request
 * (a sixth of the cost of a small JSON answer): every header but the policy is fixed, and the policy differs only
 * by the Host (kept per host, a bounded number of them) and the nonce.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const production = config.env === 'production';
  const fixed: Record<string, string> = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    ...(production ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': permissionsPolicy,
  };
  // Only where the app is served over HTTPS: on plain http it would send the page's own files to https.
  const upgrade = production && config.publicUrl.startsWith('https:') ? ';upgrade-insecure-requests' : '';
  const policyOf = (req: IncomingMessage) => {
    const sockets = sameOriginSockets(req);
    return [
      "default-src 'self'",
      "base-uri 'self'",
      `connect-src 'self'${sockets ? ` ${sockets}` : ''}`,
      "font-src 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "img-src 'self' data: blob:",
      "object-src 'none'",
      "script-src 'self'",
      "script-src-attr 'none'",
      "style-src 'self' 'nonce-",
    ].join(';');
  };
  const policies = new Map<string, string>();
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host ?? '';
    let policy = policies.get(host);
    if (policy === undefined) {
      policy = policyOf(request.raw);
      // any client picks the Host: keep a bounded number of them
      if (policies.size >= 64) policies.clear();
      policies.set(host, policy);
    }
    reply.headers(fixed);
    reply.header('content-security-policy', `${policy}${nonceFor(reply.raw)}'${upgrade}`);
  });
}
