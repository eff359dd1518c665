import type { ErrorBody, ErrorCategory } from '@tradedesk/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { wantsSpa } from './web-static.js';

/** A failure the client can act on: a stable code, a category (mapped to a status here) and a message. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly category: ErrorCategory,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const statusByCategory = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  locked: 423,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
} as const satisfies Record<ErrorCategory, number>;

/** Builds a typed error factory for one domain: `authError('AUTH_BAD_CREDENTIALS', 'Wrong email or password')`. */
export function defineErrors<const T extends Record<string, ErrorCategory>>(codes: T) {
  return (code: keyof T & string, message: string, details?: unknown, headers?: Record<string, string>) =>
    new AppError(code, codes[code] as ErrorCategory, message, details, headers);
}

type ValidationEntry = { keyword?: string; instancePath?: string; message?: string };

/** '/body/email' style paths to 'email'; the part of the request when the whole of it is wrong. */
function fieldOf(entry: ValidationEntry, context: string | undefined): string {
  const path = (entry.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return path || (context ?? 'request');
}

function reasonOf(entry: ValidationEntry): string {
  const message = entry.message ?? 'is invalid';
  if (entry.keyword === 'invalid_type' && /received undefined/.test(message)) return 'is required';
  return message;
}

/** The one error handler: every failure leaves as `{ statusCode, code, message, details? }`. */
export function registerErrorHandler(app: FastifyInstance, options: { spaFallback?: boolean } = {}) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ErrorBody;
    if (error instanceof AppError) {
      body = { statusCode: statusByCategory[error.category], code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext;
      const fields = error.validation.map((v) => ({ field: fieldOf(v, where), message: reasonOf(v) }));
      const first = fields[0];
      body = {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: first ? `${first.field}: ${first.message}` : 'Invalid request',
        details: { fields },
      };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      body = { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      const status = error.statusCode;
      const code =
        status === 429
          ? 'RATE_LIMITED'
          : status === 413
            ? 'PAYLOAD_TOO_LARGE'
            : status === 415
              ? 'UNSUPPORTED_MEDIA_TYPE'
              : status === 404
                ? 'NOT_FOUND'
                : 'BAD_REQUEST';
      body = { statusCode: status, code, message: error.message || 'Bad request' };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' };
    }
    if (body.statusCode >= 500 && !(error instanceof AppError && error.category === 'unavailable')) {
      body.message = 'Internal server error';
    }
    return reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spaFallback && wantsSpa(request.method, request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    } satisfies ErrorBody);
  });
}
