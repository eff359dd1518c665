import { isApiError } from './api-error';

/**
 * A failure's sentence from the server, or the fallback when it gave none. A module of its own, so that only the
 * screens that show such sentences carry it.
 */
export function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}
