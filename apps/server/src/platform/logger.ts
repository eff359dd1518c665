import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.js';

const SECRET_QUERY_KEYS = /([?&](?:[a-z_]*token|code|state|password|secret)=)[^&]*/gi;

/** Strips secrets that may ride in a query string (e-mailed links, OAuth callbacks). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_KEYS, '$1[redacted]');
}

/**
 * pino options for request logs. Bodies are never logged; headers that carry credentials are
 * redacted, and so are secrets in query strings.
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'env'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-refresh-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
        '*.refreshToken',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}
