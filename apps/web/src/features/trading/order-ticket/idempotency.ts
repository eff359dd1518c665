import { useRef } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import type { OrderRequest } from '../trading-api';

/**
 * Idempotency-Key per submit: a new key for each new order, the same key again when the trader retries the
 * very same order after a failure that got no answer (so a request that did reach the server cannot fill twice).
 */
export function useIdempotencyKeys() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: OrderRequest): string {
      const json = JSON.stringify(body);
      if (last.current && last.current.body === json) return last.current.key;
      const key = crypto.randomUUID();
      last.current = { body: json, key };
      return key;
    },
    /** After an answer from the server (success or refusal), the next click is a new order. */
    settled() {
      last.current = null;
    },
    /** A refusal settles the key; a network failure keeps it for the retry. */
    settledUnlessNetwork(error: unknown) {
      if (isApiError(error) && error.status !== 0) last.current = null;
    },
  };
}
