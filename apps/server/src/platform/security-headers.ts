import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config.js';

const nonces = new WeakMap<ServerResponse, string>();

function nonceFor(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(18).toString('base64');
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
 * Security headers on every answer (Helmet): a strict Content-Security-Policy (scripts and styles from this
 * origin, inline styles only with the response's nonce, WebSockets to this origin, no framing, no plugins),
 * `X-Content-Type-Options: nosniff`, a Referrer-Policy that keeps links with tokens (reset, activation) from
 * leaking to other sites, a Permissions-Policy, and HSTS in production only (a development server on plain
 * http://localhost must not teach the browser to insist on HTTPS).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const production = config.env === 'production';
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'", (req) => sameOriginSockets(req)],
        fontSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", (_req, res) => `'nonce-${nonceFor(res as ServerResponse)}'`],
        // Only where the app is served over HTTPS: on plain http it would send the page's own files to https.
        ...(production && config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: production ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
  });
}
