import type { ApiError } from '../../shared/api/api-error';

/** The server's message of a failed call (it names the field and why), for an alert or a toast. */
export function failureText(error: unknown): string {
  const e = error as Partial<ApiError> | undefined;
  return e?.message || 'The server could not be reached; try again.';
}
