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

/** Fields of the wire a person never typed or saw: the tokens carried by e-mailed links and sign-in steps. */
const UNSEEN_FIELDS = /^(token|challenge_token): (.+)$/;

/**
 * The text of a failure shown above a form or on a page. The server words it '<field>: <why>'; a field the
 * person never saw (the token of a link) is left out and the why shown as a sentence. Other field names stay:
 * 'sms_news: is not a notification setting' needs its subject.
 */
export function formMessage(error: ApiError): string {
  const text = error.message.trim();
  if (!text) return 'Unknown error';
  const why = UNSEEN_FIELDS.exec(text)?.[2];
  return why ? why.charAt(0).toUpperCase() + why.slice(1) : text;
}
