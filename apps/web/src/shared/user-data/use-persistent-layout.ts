import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { isApiError } from '../api/api-error';
import { toast } from '../toast/toast';
import { userDataApi } from './user-data-api';

/** Why no saved state is used: nothing saved, saved by an older or newer shape, unreadable, or not reachable. */
export type LayoutFallback = 'none' | 'outdated' | 'newer' | 'corrupt' | 'unavailable';

export type PersistentLayoutOptions<T> = {
  /** Version of the state's shape. Bump it when the shape changes; older saves go through `migrate`. */
  version: number;
  /** Checks a saved state and returns it typed, or null (or throws) when it cannot be used. */
  parse: (state: unknown) => T | null;
  /** Brings a state saved by an older version up to date (then `parse` checks it); null drops it. */
  migrate?: (state: unknown, savedVersion: number) => unknown;
  /** Quiet time after the last change before it is saved; 750 ms by default. */
  debounceMs?: number;
  /** What the user calls it, for the message when saving fails: "panel arrangement", "column settings". */
  description: string;
};

export type PersistentLayout<T> = {
  status: 'loading' | 'ready';
  /** The saved state when there is a usable one; null means: use your default. */
  saved: T | null;
  /** Why `saved` is null (null when it is not). */
  fallback: LayoutFallback | null;
  /** Saves the state after `debounceMs` without further changes. */
  save: (state: T) => void;
  /** Saves a pending change now. Runs by itself on unmount and when the page is hidden. */
  flush: () => void;
  /** Forgets the saved state on the server; the caller applies its default. */
  reset: () => Promise<void>;
};

type Loaded<T> = { name: string; saved: T | null; fallback: LayoutFallback | null };

function interpret<T>(
  result: { data?: { version: number; state: unknown }; error?: unknown },
  options: PersistentLayoutOptions<T>,
): Omit<Loaded<T>, 'name'> {
  if (!result.data) {
    const status = isApiError(result.error) ? result.error.status : 0;
    return { saved: null, fallback: status === 404 ? 'none' : 'unavailable' };
  }
  const { version, state } = result.data;
  if (version > options.version) return { saved: null, fallback: 'newer' };
  let current: unknown = state;
  if (version < options.version) {
    current = options.migrate ? options.migrate(state, version) : null;
    if (current === null || current === undefined) return { saved: null, fallback: 'outdated' };
  }
  try {
    const parsed = options.parse(current);
    return parsed === null ? { saved: null, fallback: 'corrupt' } : { saved: parsed, fallback: null };
  } catch {
    return { saved: null, fallback: 'corrupt' };
  }
}

/** The failure as a sentence of its own. */
function reasonOf(error: unknown): string {
  const text = isApiError(error) && error.message.trim() ? error.message.trim() : 'Unknown error';
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * A piece of UI state saved per user in the user-data store under `name` (docking layouts, table columns).
 * Loads once per mount (fresh from the server, so a change made in another browser shows), then saves
 * changes debounced. A missing, outdated, newer or unreadable saved state gives `saved: null` with the reason,
 * and the caller shows its default; the bad document is replaced by the user's next change. A null `name`
 * keeps nothing: ready at once, with no saved state, and saves are dropped.
 */
export function usePersistentLayout<T>(name: string | null, options: PersistentLayoutOptions<T>): PersistentLayout<T> {
  const dispatch = useAppDispatch();
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);

  useEffect(() => {
    if (name === null) return;
    let cancelled = false;
    const request = dispatch(
      userDataApi.endpoints.workspaceDocument.initiate(name, { forceRefetch: true, subscribe: false }),
    );
    void request.then((result) => {
      if (!cancelled) setLoaded({ name, ...interpret(result, optionsRef.current) });
    });
    return () => {
      cancelled = true;
    };
  }, [dispatch, name]);

  const pending = useRef<{ state: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const failing = useRef(false);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = pending.current;
    if (!next || name === null) return;
    pending.current = null;
    const { version, description } = optionsRef.current;
    dispatch(userDataApi.endpoints.saveWorkspaceDocument.initiate({ name, version, state: next.state }))
      .unwrap()
      .then(
        () => {
          failing.current = false;
        },
        (error: unknown) => {
          // A signed-out session is the session logic's to report; one message per run of failures.
          if ((isApiError(error) && error.status === 401) || failing.current) return;
          failing.current = true;
          toast.error(
            `Your ${description} could not be saved. ${reasonOf(error)} It is tried again with your next change.`,
          );
        },
      );
  }, [dispatch, name]);

  const save = useCallback(
    (state: T) => {
      pending.current = { state };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, optionsRef.current.debounceMs ?? 750);
    },
    [flush],
  );

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const reset = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = null;
    if (name === null) return;
    const result = await dispatch(userDataApi.endpoints.deleteWorkspaceDocument.initiate(name));
    if ('error' in result && !(isApiError(result.error) && result.error.status === 404)) {
      toast.error(`Your ${optionsRef.current.description} could not be reset. ${reasonOf(result.error)}`);
    }
  }, [dispatch, name]);

  const current: Loaded<T> | null =
    name === null ? { name: '', saved: null, fallback: 'none' } : loaded?.name === name ? loaded : null;
  return {
    status: current ? 'ready' : 'loading',
    saved: current?.saved ?? null,
    fallback: current?.fallback ?? null,
    save,
    flush,
    reset,
  };
}
