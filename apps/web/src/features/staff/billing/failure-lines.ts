import { isApiError } from '../../../shared/api/api-error';

/** Every sentence of a failed save (each names its field), or the fallback when the server gave none. */
export function failureLines(error: unknown, fallback: string): string[] {
  if (!error) return [];
  if (!isApiError(error) || !error.message) return [fallback];
  const fields = (error.details as { fields?: Array<{ message?: unknown }> } | undefined)?.fields;
  const messages = Array.isArray(fields) ? fields.map((f) => f.message).filter((m) => typeof m === 'string') : [];
  return messages.length > 0 ? [...new Set(messages as string[])] : [error.message];
}
