import type pg from 'pg';

/** Whether this process may run singleton work now, and news when that changes. */
export interface Leadership {
  readonly isLeader: boolean;
  /** Called with true on taking the lead and false on losing it; returns the function that removes it. */
  onChange(listener: (isLeader: boolean) => void): () => void;
  /** Starts trying to take the lead. */
  start(): void;
  /** Stops trying and gives the lead up (the lock is released, another process can take over). */
  close(): Promise<void>;
}

export type LeaderLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/** Advisory-lock key of the singleton-work leader (727274 serialises migrations). */
export const LEADER_LOCK_KEY = 727_275;

function changeNotifier() {
  const listeners = new Set<(isLeader: boolean) => void>();
  return {
    add(listener: (isLeader: boolean) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(isLeader: boolean) {
      for (const l of [...listeners]) l(isLeader);
    },
  };
}

/** PGlite is one process's private database: that process is always the leader. */
export function createSoleLeader(): Leadership {
  const notifier = changeNotifier();
  let leader = false;
  return {
    get isLeader() {
      return leader;
    },
    onChange: notifier.add,
    start() {
      if (leader) return;
      leader = true;
      notifier.emit(true);
    },
    async close() {
      if (!leader) return;
      leader = false;
      notifier.emit(false);
    },
  };
}

/**
 * Leader by PostgreSQL session advisory lock. The lock lives as long as the connection that took
 * it, so a crashed or partitioned leader loses it without help and another process's next attempt
 * succeeds. The held connection is checked every `retryMs`: a leader that cannot reach PostgreSQL
 * must assume it lost the lock and stop its singleton work.
 */
export function createAdvisoryLockLeader(deps: {
  pool: pg.Pool;
  log: LeaderLogger;
  lockKey?: number;
  /** Interval of lock attempts by followers and of liveness checks by the leader (ms). */
  retryMs?: number;
}): Leadership {
  const lockKey = deps.lockKey ?? LEADER_LOCK_KEY;
  const retryMs = deps.retryMs ?? 5000;
  const notifier = changeNotifier();
  let client: pg.PoolClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  let tick: Promise<void> | undefined;
  let started = false;
  let closed = false;
  /** Attempts to sit out after losing the lead, so a healthy process takes over first. */
  let cooldown = 0;

  const onClientError = (err: Error) => lose(err);

  function lose(err: unknown): void {
    const held = client;
    if (!held) return;
    client = undefined;
    cooldown = 2;
    held.removeListener('error', onClientError);
    // Destroy rather than return to the pool: the connection is dead or its state is unknown.
    held.release(err instanceof Error ? err : new Error('leader connection lost'));
    deps.log.warn({ err }, 'lost singleton-work leadership');
    notifier.emit(false);
  }

  async function attempt(): Promise<void> {
    if (client) {
      try {
        await client.query('select 1');
      } catch (err) {
        lose(err);
      }
      return;
    }
    if (cooldown > 0) {
      cooldown -= 1;
      return;
    }
    let candidate: pg.PoolClient;
    try {
      candidate = await deps.pool.connect();
    } catch (err) {
      deps.log.warn({ err }, 'leader election: cannot reach PostgreSQL');
      return;
    }
    // A checked-out client without an error listener crashes the process when its backend dies.
    candidate.on('error', onClientError);
    try {
      const result = await candidate.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [
        lockKey,
      ]);
      if (result.rows[0]?.locked !== true || closed) {
        if (result.rows[0]?.locked === true) await candidate.query('select pg_advisory_unlock($1::bigint)', [lockKey]);
        candidate.removeListener('error', onClientError);
        candidate.release();
        return;
      }
    } catch (err) {
      candidate.removeListener('error', onClientError);
      candidate.release(err instanceof Error ? err : true);
      return;
    }
    client = candidate;
    deps.log.info({ lockKey }, 'took singleton-work leadership');
    notifier.emit(true);
  }

  function schedule(delay: number): void {
    if (closed) return;
    timer = setTimeout(() => {
      tick = attempt().finally(() => {
        tick = undefined;
        schedule(retryMs);
      });
    }, delay);
    timer.unref();
  }

  return {
    get isLeader() {
      return client !== undefined;
    },
    onChange: notifier.add,
    start() {
      if (started || closed) return;
      started = true;
      schedule(0);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await tick;
      const held = client;
      if (!held) return;
      client = undefined;
      try {
        await held.query('select pg_advisory_unlock($1::bigint)', [lockKey]);
        held.removeListener('error', onClientError);
        held.release();
      } catch (err) {
        held.removeListener('error', onClientError);
        held.release(err instanceof Error ? err : true);
      }
      notifier.emit(false);
    },
  };
}
