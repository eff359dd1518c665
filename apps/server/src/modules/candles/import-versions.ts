import type { EventBus } from '../../platform/bus/event-bus.js';

/** Bus channel of import changes: not a client channel family, so the WebSocket gateway never forwards it. */
export const IMPORTS_BUS_CHANNEL = 'internal.candle-imports';
export const IMPORTS_CHANGED_EVENT = 'candles.imports.changed';

/**
 * A version number per symbol that moves whenever an import of that symbol (any owner's) is added or deleted, so
 * that answers computed from imported bars can be cached under it and never served after a change:
 *  - at once in this process (`changed`, called once the import's transaction has committed);
 *  - in other processes through the event bus;
 *  - and, for writers that share no bus with this process (the command line against PostgreSQL without Redis),
 *    by comparing the symbol's import fingerprint with the database's at most every `recheckMs`.
 * Read the version before reading the bars: a change committed in between moves it, so what was read under the
 * old version is never found again.
 */
export function createImportVersions(deps: {
  bus: EventBus;
  fingerprint: (symbol: string) => Promise<string>;
  recheckMs?: number;
  /** Milliseconds of a monotonic clock (the recheck is about real elapsed time, not the market's clock). */
  now?: () => number;
  maxSymbols?: number;
}) {
  const recheckMs = deps.recheckMs ?? 10_000;
  const now = deps.now ?? (() => performance.now());
  const maxSymbols = deps.maxSymbols ?? 10_000;
  type Entry = { version: number; fingerprint: string | undefined; checkedAt: number; pending?: Promise<void> };
  const entries = new Map<string, Entry>();
  let generation = 0;

  function entryOf(symbol: string): Entry {
    let e = entries.get(symbol);
    if (!e) {
      e = { version: ++generation, fingerprint: undefined, checkedAt: Number.NEGATIVE_INFINITY };
      entries.set(symbol, e);
      if (entries.size > maxSymbols) entries.delete(entries.keys().next().value!);
    }
    return e;
  }

  const listeners = new Set<(symbol: string) => void>();
  const tell = (symbol: string) => {
    for (const l of listeners) l(symbol);
  };

  function bump(symbol: string): void {
    tell(symbol);
    const e = entries.get(symbol);
    // a fresh generation number: never one a forgotten entry had, so no cached answer matches it
    if (e) {
      e.version = ++generation;
      e.checkedAt = Number.NEGATIVE_INFINITY;
    }
  }

  const unsubscribe = deps.bus.subscribe((message) => {
    if (message.channel !== IMPORTS_BUS_CHANNEL || message.event !== IMPORTS_CHANGED_EVENT) return;
    const symbol = (message.data as { symbol?: unknown } | null)?.symbol;
    if (typeof symbol === 'string') bump(symbol);
  });

  async function recheck(symbol: string, e: Entry): Promise<void> {
    const started = now();
    const before = e.version;
    const fingerprint = await deps.fingerprint(symbol);
    // moved meanwhile (the fingerprint read may predate that change): read it again on the next request
    if (e.version !== before) return;
    if (e.fingerprint !== undefined && fingerprint !== e.fingerprint) {
      e.version = ++generation;
      tell(symbol);
    }
    e.fingerprint = fingerprint;
    e.checkedAt = started;
  }

  return {
    /** The symbol's current import version. */
    async version(symbol: string): Promise<number> {
      const e = entryOf(symbol);
      if (now() - e.checkedAt >= recheckMs) {
        e.pending ??= recheck(symbol, e).finally(() => {
          e.pending = undefined;
        });
        await e.pending;
      }
      return e.version;
    },
    /** An import of the symbol was added or deleted here (and committed): moves its version here and elsewhere. */
    changed(symbol: string): void {
      bump(symbol);
      void deps.bus.publish({ channel: IMPORTS_BUS_CHANNEL, event: IMPORTS_CHANGED_EVENT, data: { symbol } });
    },
    /**
     * Calls `listener` with the symbol whenever its version moves (a change here, on the bus, or found by a
     * recheck); answers the function that stops it.
     */
    onChanged(listener: (symbol: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close(): void {
      listeners.clear();
      unsubscribe();
    },
  };
}
export type ImportVersions = ReturnType<typeof createImportVersions>;
