import { isApiError } from '../../../shared/api/api-error';

/** The server's message of a failed call, else the fallback. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}
