/** Every failed call reaches components and listeners in this one shape. */
export type ApiError = {
  /** HTTP status, or 0 when the server could not be reached or answered something unreadable. */
  status: number;
  code: string;
  /** The server's message; empty when it gave none (the toast then says 'Unknown error'). */
  message: string;
  details?: unknown;
};

type FetchFailure =
  | { status: number; data: unknown }
  | { status: 'FETCH_ERROR'; error: string }
  | { status: 'PARSING_ERROR'; originalStatus: number; data: string; error: string }
  | { status: 'TIMEOUT_ERROR'; error: string }
  | { status: 'CUSTOM_ERROR'; error: string; data?: unknown };

function readBody(data: unknown): { code?: string; message?: string; details?: unknown } {
  if (data === null || typeof data !== 'object') return {};
  const body = data as Record<string, unknown>;
  return {
    ...(typeof body.code === 'string' ? { code: body.code } : {}),
    ...(typeof body.message === 'string' ? { message: body.message } : {}),
    ...(body.details !== undefined ? { details: body.details } : {}),
  };
}

/** Maps what fetchBaseQuery produces to `{ status, code, message }`. */
export function toApiError(failure: FetchFailure): ApiError {
  if (typeof failure.status === 'number') {
    const body = readBody(failure.data);
    const error: ApiError = {
      status: failure.status,
      code: body.code ?? `HTTP_${failure.status}`,
      message: body.message ?? '',
    };
    if (body.details !== undefined) error.details = body.details;
    return error;
  }
  switch (failure.status) {
    case 'FETCH_ERROR':
      return { status: 0, code: 'NETWORK_ERROR', message: 'The server could not be reached. Check your connection.' };
    case 'TIMEOUT_ERROR':
      return { status: 0, code: 'TIMEOUT', message: 'The server took too long to answer.' };
    case 'PARSING_ERROR':
      return { status: failure.originalStatus, code: 'BAD_RESPONSE', message: '' };
    default:
      return { status: 0, code: 'CLIENT_ERROR', message: failure.error };
  }
}

export function isApiError(value: unknown): value is ApiError {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}

/**
 * Per-field messages of an error answer, keyed by field name, for forms: the server lists them in
 * `details.fields` (validation failures, and failures about one field such as a taken username or a wrong
 * password), each a sentence that names the field.
 */
export function fieldErrorsOf(error: ApiError): Record<string, string> {
  const out: Record<string, string> = {};
  const fields = (error.details as { fields?: unknown } | undefined)?.fields;
  if (Array.isArray(fields)) {
    for (const f of fields) {
      if (f && typeof f === 'object' && typeof f.field === 'string' && typeof f.message === 'string') {
        out[f.field] ??= f.message;
      }
    }
  }
  return out;
}
