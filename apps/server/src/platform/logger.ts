import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.js';

const SECRET_QUERY_KEYS = /([?&](?:[a-z_]*token|code|state|password|secret)=)[^&]*/gi;

/** Strips secrets that may ride in a query string (emailed links, OAuth callbacks). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_KEYS, '$1[redacted]');
}

/** Field names whose values are secrets wherever they appear in a log object. */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'current_password',
  'newPassword',
  'new_password',
  'passwordHash',
  'password_hash',
  'hash',
  'tokenHash',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'tradingAccessToken',
  'tradingRefreshToken',
  'challengeToken',
  'challenge_token',
  'secret',
  'clientSecret',
  // AI providers' keys (the operator's AI_API_KEY, users' own keys)
  'apiKey',
  'api_key',
  'code',
  'codeHash',
  'recoveryCodes',
  'authorization',
  'cookie',
  'params',
  'parameters',
  'query',
];

/**
 * Redaction paths: every secret key at the top of a log object and up to three levels down (pino's redaction
 * needs explicit depths). `code` is left alone at the top level, where it names an outcome (`{ code:
 * 'AUTH_GOOGLE_DENIED' }`); nested, it may be a two-factor code. Errors go through `serializeError`, which
 * renames their `code` so that redaction does not hide an error code.
 */
export function redactPaths(): string[] {
  const paths = [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-refresh-token"]',
    'res.headers["set-cookie"]',
  ];
  for (const key of SECRET_KEYS) {
    if (key !== 'code' && key !== 'query') paths.push(key);
    paths.push(`*.${key}`, `*.*.${key}`, `*.*.*.${key}`);
  }
  return paths;
}

/** Fields of a PostgreSQL / PGlite error that say what failed without holding any value. */
const DB_ERROR_FIELDS = ['severity', 'constraint', 'table', 'column', 'dataType', 'routine', 'schema'] as const;

type SafeError = Record<string, unknown> & { type: string; message: string; stack: string };

/**
 * An error as it may be logged: its type, a message, the frames of its stack, the error code and the
 * database error's names (constraint, table), and its cause, but never the values a query carried. Drizzle
 * puts the parameters into its message ("Failed query: ... params: <email>,<argon2 hash>") and onto
 * `params`; PGlite adds `query` and `params`; PostgreSQL's `detail` quotes the offending row ("Key
 * (email)=(...) already exists") and its messages quote input ('invalid input syntax for type uuid: "..."').
 */
export function serializeError(value: unknown, depth = 0): SafeError {
  if (!(value instanceof Error)) {
    const message = value === null || typeof value !== 'object' ? String(value) : '[an object that is not an Error]';
    return { type: 'NonError', message, stack: '' };
  }
  const error = value as Error & Record<string, unknown>;
  const sqlState = typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) ? error.code : undefined;
  let message = String(error.message ?? '');
  if (error instanceof DrizzleQueryError) message = 'Database query failed (its SQL and parameters are not logged)';
  else if (sqlState || 'severity' in error) message = message.replace(/"[^"]*"|'[^']*'|\([^)]*\)=\([^)]*\)/g, '"…"');
  const type = error.name && error.name !== 'Error' ? error.name : error.constructor?.name || 'Error';
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  const safe: SafeError = { type, message, stack: frames ? `${type}: ${message}\n${frames}` : `${type}: ${message}` };
  if (typeof error.code === 'string' || typeof error.code === 'number') safe.errorCode = error.code;
  if (typeof error.statusCode === 'number') safe.statusCode = error.statusCode;
  for (const field of DB_ERROR_FIELDS) {
    if (typeof error[field] === 'string') safe[field] = error[field];
  }
  if (error.cause !== undefined && depth < 4) safe.cause = serializeError(error.cause, depth + 1);
  if (error instanceof AggregateError && depth < 4) {
    safe.errors = error.errors.slice(0, 5).map((e) => serializeError(e, depth + 1));
  }
  return safe;
}

const REQUEST_ID = Symbol('tradedesk.requestId');

/**
 * Fastify's per-request logger, without the request id as a pino binding. A binding is serialised when the child
 * is made, through the redaction of every top-level value (the `*.key` paths): that cost a tenth of a small
 * answer's time on every request, logged or not. The id rides on the child instead (its own children inherit
 * it) and `mixin` adds it to the lines actually written, where redaction runs as for any field.
 */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const { reqId, ...others } = bindings;
  const child = logger.child(others, options);
  if (reqId !== undefined) (child as unknown as Record<symbol, unknown>)[REQUEST_ID] = reqId;
  return child;
};

/**
 * pino options for request logs. Bodies are never logged; headers that carry credentials are redacted,
 * and so are secrets in query strings, secret-named fields at any depth, and query values of failed
 * database calls (errors are logged through `serializeError`).
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'env'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // the request id of a request's lines (see childLoggerFactory)
    mixin: (_object: object, _level: number, logger: unknown) => {
      const reqId = (logger as Record<symbol, unknown>)[REQUEST_ID];
      return reqId === undefined ? {} : { reqId };
    },
    redact: { paths: redactPaths(), censor: '[redacted]' },
    serializers: {
      err: serializeError,
      error: serializeError,
      cause: (value: unknown) => (value === undefined ? undefined : serializeError(value)),
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
