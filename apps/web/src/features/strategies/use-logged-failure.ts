import { useEffect } from 'react';

/**
 * Spec section 8: a failed fetch of strategies (or of a strategy's parts) is logged to the console, and its list
 * comes back empty; the screen says it could not load, with Try again.
 */
export function useLoggedFailure(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(`${what} could not be loaded.`, error);
  }, [error, what]);
}

/** The list of a query, or an empty list when it failed or has not answered (spec section 8). */
export function listOf<T>(data: readonly T[] | undefined, isError: boolean): readonly T[] {
  return isError || !data ? [] : data;
}
