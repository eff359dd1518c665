import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db.js';
import { openDatabase } from '../src/platform/db.js';
import { LEADER_LOCK_KEY } from '../src/platform/jobs/leader.js';
import { createTestApp, createTestDatabase, testDbKind } from './helpers.js';

const opened: Array<{ app: FastifyInstance; database: Database }> = [];
afterAll(async () => {
  for (const { app } of opened) await app.close().catch(() => {});
  for (const { database } of opened) await database.close().catch(() => {});
});

/** Resolves once `count()` reaches `n`; fails the test if it does not within `ms`. */
async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Two app instances on one PostgreSQL database, each with its own pool, as two processes would be. */
async function twoInstances() {
  const { database, url } = await createTestDatabase();
  if (!url) throw new Error('PostgreSQL test database expected');
  const runs = { a: 0, b: 0 };
  const signals: Record<'a' | 'b', AbortSignal[]> = { a: [], b: [] };
  const build = async (name: 'a' | 'b') => {
    const db = name === 'a' ? database : await openDatabase({ url, poolSize: 5 });
    const { app } = await createTestApp({ database: db, build: { leaderRetryMs: 50 } });
    opened.push({ app, database: db });
    app.ctx.jobs.register({
      name: 'singleton-probe',
      intervalMs: 10,
      run: ({ signal }) => {
        runs[name] += 1;
        signals[name].push(signal);
      },
    });
    await app.ready();
    return app;
  };
  const a = await build('a');
  const b = await build('b');
  return { a, b, runs, signals, database };
}

describe.skipIf(testDbKind !== 'postgres')('advisory-lock leader (PostgreSQL project only)', () => {
  it('exactly one instance leads and runs the job; closing it hands over to the other', async () => {
    const { a, b, runs } = await twoInstances();
    await until('a leader', () => a.ctx.jobs.isLeader || b.ctx.jobs.isLeader);
    const [leader, follower, leaderKey, followerKey] = a.ctx.jobs.isLeader
      ? ([a, b, 'a', 'b'] as const)
      : ([b, a, 'b', 'a'] as const);
    await until('leader runs', () => runs[leaderKey] >= 5);
    // several retry rounds have passed: the follower tried and failed to take the lock
    expect(follower.ctx.jobs.isLeader).toBe(false);
    expect(runs[followerKey]).toBe(0);

    await leader.close();
    await until('follower takes over', () => follower.ctx.jobs.isLeader && runs[followerKey] > 0);
    const leaderRunsAtClose = runs[leaderKey];
    await until('follower keeps running', () => runs[followerKey] >= 5);
    expect(runs[leaderKey]).toBe(leaderRunsAtClose);
  });

  it('when the leader’s connection dies it stops, and another instance takes over', async () => {
    const { a, b, runs, signals, database } = await twoInstances();
    await until('a leader', () => a.ctx.jobs.isLeader || b.ctx.jobs.isLeader);
    const [leader, follower, leaderKey, followerKey] = a.ctx.jobs.isLeader
      ? ([a, b, 'a', 'b'] as const)
      : ([b, a, 'b', 'a'] as const);
    await until('leader runs', () => runs[leaderKey] > 0);

    const pool = database.pool;
    if (!pool) throw new Error('pool expected');
    const killed = await pool.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_locks
        where locktype = 'advisory' and objid = $1 and granted
          and database = (select oid from pg_database where datname = current_database())`,
      [LEADER_LOCK_KEY],
    );
    expect(killed.rows).toEqual([{ terminated: true }]);

    // the job of the old leader is told to stop (its signal aborts) as soon as it notices
    await until('old leader notices', () => signals[leaderKey].at(-1)?.aborted === true);
    await until('follower takes over', () => follower.ctx.jobs.isLeader && runs[followerKey] >= 3);
    const stoppedAt = runs[leaderKey];
    await until('follower keeps running', () => runs[followerKey] >= 8);
    // the old leader reconnected but found the lock taken: still exactly one leader
    expect(leader.ctx.jobs.isLeader).toBe(false);
    expect(runs[leaderKey]).toBe(stoppedAt);
  });
});

describe.skipIf(testDbKind !== 'pglite')('leader on PGlite', () => {
  it('the process is always the leader', async () => {
    const { app } = await createTestApp();
    let ran = false;
    app.ctx.jobs.register({
      name: 'pglite-probe',
      intervalMs: 1000,
      run: () => {
        ran = true;
      },
    });
    await app.ready();
    expect(app.ctx.jobs.isLeader).toBe(true);
    await until('job ran', () => ran);
  });
});
