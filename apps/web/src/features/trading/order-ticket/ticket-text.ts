import { isApiError } from '../../../shared/api/api-error';

export { readNumber } from './ticket-model';

/** A server refusal as the ticket shows it: its message, then each field's reason it adds. */
export function serverErrorTextOf(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const fields = (error.details as { fields?: Array<{ field: string; message: string }> } | undefined)?.fields ?? [];
  const extra = fields.map((f) => f.message).filter((m) => m && m !== error.message);
  return [error.message || 'Unknown error', ...extra].join(' ');
}
