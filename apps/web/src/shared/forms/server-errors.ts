import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { type ApiError, fieldErrorsOf, isApiError } from '../api/api-error';

/**
 * Puts a server's per-field messages on the form's fields. Returns the message for the whole form
 * when no field took it (wrong password, network failure...), or null.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  const byField = fieldErrorsOf(error);
  let placed = false;
  for (const field of fields) {
    const message = byField[field];
    if (message) {
      setError(field, { type: 'server', message });
      placed = true;
    }
  }
  return placed ? null : formMessage(error);
}

/** The text of a failure shown above a form or on a page: the server words it as a sentence already. */
export function formMessage(error: ApiError): string {
  return error.message.trim() || 'Something went wrong. Please try again.';
}
