import type { Socket } from 'node:net';
import type { ErrorBody, ErrorCategory } from '@tradedesk/contracts';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { RequestValidationError } from './validation.js';

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
  unprocessable: 422,
  locked: 423,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
} as const satisfies Record<ErrorCategory, number>;

/** `details` of a failure about one field, in the shape validation failures use, so forms put it under the field. */
export function fieldDetails(field: string, message: string): { fields: Array<{ field: string; message: string }> } {
  return { fields: [{ field, message }] };
}

/**
 * Builds a typed error factory for one domain: `authError('AUTH_BAD_CREDENTIALS', 'The email or password is
 * incorrect.')`. Messages are full sentences. `.onField('password', code, message)` also names the field the
 * failure is about in `details.fields`, so a form shows the message under that field.
 */
export function defineErrors<const T extends Record<string, ErrorCategory>>(codes: T) {
  const make = (code: keyof T & string, message: string, details?: unknown, headers?: Record<string, string>) =>
    new AppError(code, codes[code] as ErrorCategory, message, details, headers);
  return Object.assign(make, {
    onField: (field: string, code: keyof T & string, message: string) =>
      make(code, message, fieldDetails(field, message)),
  });
}

type Known = { statusCode: number; code: string; message: string };

/**
 * Errors raised by Fastify, its parsers and plugins, each with the app's code and a message of our own: theirs
 * can echo the request (the URL, the content type), which an error answer never does.
 */
const frameworkErrors: Record<string, Known> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    statusCode: 400,
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, code: 'INVALID_JSON', message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The Content-Type of the request is not supported here; send application/json.',
  },
  FST_ERR_CTP_EMPTY_TYPE: {
    statusCode: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The Content-Type header of the request is empty.',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    statusCode: 400,
    code: 'BAD_REQUEST',
    message: 'The Content-Type header of the request is not valid.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    statusCode: 400,
    code: 'BAD_REQUEST',
    message: 'The Content-Length header does not match the length of the body.',
  },
  FST_ERR_BAD_URL: {
    statusCode: 400,
    code: 'INVALID_URL',
    message: 'The URL is not valid: it holds a malformed percent-encoding.',
  },
  FST_ERR_MAX_PARAM_LENGTH: { statusCode: 414, code: 'URI_TOO_LONG', message: 'The URL is too long.' },
  // @fastify/multipart (the upload routes turn the ones they expect into messages about the `file` field)
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    statusCode: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request is not multipart/form-data.',
  },
  FST_PROTO_VIOLATION: { statusCode: 400, code: 'BAD_REQUEST', message: 'A multipart field name is not allowed.' },
  FST_PARTS_LIMIT: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The form has too many parts.' },
  FST_FILES_LIMIT: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The form has too many files.' },
  FST_FIELDS_LIMIT: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The form has too many fields.' },
  FST_REQ_FILE_TOO_LARGE: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large.' },
};

/** Any other 4xx of the framework: the status's own code and message, never the error's text. */
const byStatus: Record<number, Omit<Known, 'statusCode'>> = {
  400: { code: 'BAD_REQUEST', message: 'The request is not valid.' },
  404: { code: 'NOT_FOUND', message: 'There is nothing at this address.' },
  405: { code: 'METHOD_NOT_ALLOWED', message: 'This method is not allowed here.' },
  406: { code: 'NOT_ACCEPTABLE', message: 'The server cannot answer in a format the request accepts.' },
  408: { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' },
  411: { code: 'LENGTH_REQUIRED', message: 'The request needs a Content-Length header.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  414: { code: 'URI_TOO_LONG', message: 'The URL is too long.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The Content-Type of the request is not supported here.' },
  429: { code: 'RATE_LIMITED', message: 'Too many requests. Try again later.' },
  431: { code: 'HEADER_TOO_LARGE', message: 'The request headers are too large.' },
};

const INTERNAL: ErrorBody = { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' };

/** A status-only answer of the app's shape: the framework's own 4xx whose cause needs no more words. */
export function errorBodyForStatus(statusCode: number): ErrorBody {
  const known = byStatus[statusCode];
  return known ? { statusCode, ...known } : { statusCode, code: 'BAD_REQUEST', message: 'The request is not valid.' };
}

type Logger = { error(obj: object, msg: string): void };

/** The answer to any error: `{ statusCode, code, message, details? }`. */
export function errorBodyOf(
  error: FastifyError | Error,
  log: Logger,
): { body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    const body: ErrorBody = { statusCode: statusByCategory[error.category], code: error.code, message: error.message };
    if (error.details !== undefined) body.details = error.details;
    if (body.statusCode >= 500 && error.category !== 'unavailable') body.message = INTERNAL.message;
    return error.headers ? { body, headers: error.headers } : { body };
  }
  if (error instanceof RequestValidationError) {
    return {
      body: { statusCode: 400, code: 'VALIDATION_FAILED', message: error.message, details: { fields: error.fields } },
    };
  }
  if (isResponseSerializationError(error as FastifyError)) {
    log.error({ err: error }, 'response did not match its schema');
    return { body: INTERNAL };
  }
  const code = (error as FastifyError).code;
  const known = typeof code === 'string' ? frameworkErrors[code] : undefined;
  if (known) return { body: { ...known } };
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return { body: errorBodyForStatus(status) };
  log.error({ err: error }, 'unhandled error');
  return { body: INTERNAL };
}

function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const { body, headers } = errorBodyOf(error, request.log);
  if (headers) reply.headers(headers);
  return reply.status(body.statusCode).send(body);
}

/** Fastify's `frameworkErrors` option: bad percent-encoding, an over-long path parameter, in the app's shape. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(error, request, reply);
}

/** Longest request line (method, URL, version) answered as 414 rather than 431 when the parser overflows. */
const MAX_URL_LENGTH = 8 * 1024;

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request (headers too
 * large, a request line it cannot read) answers the app's error shape too. A request line longer than the
 * limit is told 414, other header overflows 431.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: ErrorBody = { statusCode: 400, code: 'BAD_REQUEST', message: 'The request could not be read.' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Typed as Buffer#toJSON's shape, but Node hands over the Buffer itself.
    const packet: unknown = error.rawPacket;
    status = requestLineTooLong(Buffer.isBuffer(packet) ? packet : undefined) ? 414 : 431;
  }
  if (status !== 400) body = errorBodyForStatus(status);
  if (socket.writable) {
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${statusText[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

const statusText: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/** Whether the packet the parser gave up on starts a request whose first line alone is over the URL limit. */
function requestLineTooLong(packet: Buffer | undefined): boolean {
  if (!packet || !/^[A-Z]{3,10} /.test(packet.subarray(0, 11).toString('latin1'))) return false;
  const end = packet.indexOf('\r\n');
  return (end === -1 ? packet.length : end) > MAX_URL_LENGTH;
}

/** The one error handler: every failure leaves as `{ statusCode, code, message, details? }`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => sendError(error, request, reply));

  // A URL longer than browsers and proxies carry is refused before routing, with the app's shape.
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.url && request.raw.url.length > MAX_URL_LENGTH) {
      return reply.status(414).send(errorBodyForStatus(414));
    }
  });

  app.setNotFoundHandler((_request, reply) => {
    // The path is not echoed: an error answer says nothing the client did not already know.
    return reply.status(404).send(errorBodyForStatus(404));
  });
}
