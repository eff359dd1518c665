import { describe, expect, it } from 'vitest';
import { createJobRunner } from './job-runner.js';
import { createSoleLeader, type Leadership } from './leader.js';

const silent = { info() {}, warn() {}, error() {} };

/** Leadership the test hands out and takes back. */
function manualLeadership(): Leadership & { set(isLeader: boolean): void; closed: boolean } {
  const listeners = new Set<(isLeader: boolean) => void>();
  let leader = false;
  return {
    closed: false,
    get isLeader() {
      return leader;
    },
    onChange(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    start() {},
    async close() {
      this.closed = true;
      this.set(false);
    },
    set(value: boolean) {
      if (leader === value) return;
      leader = value;
      for (const l of listeners) l(value);
    },
  };
}

/** Resolves after `count` calls of the returned job body. */
function counter() {
  let calls = 0;
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  return {
    get calls() {
      return calls;
    },
    run: () => {
      calls += 1;
      for (const w of waiters.filter((x) => calls >= x.n)) w.resolve();
    },
    reached(n: number) {
      return calls >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }));
    },
  };
}

describe('job runner', () => {
  it('runs registered jobs repeatedly while leader (PGlite: always leader)', async () => {
    const runner = createJobRunner({ leadership: createSoleLeader(), log: silent });
    const c = counter();
    runner.register({ name: 'tick', intervalMs: 10, run: c.run });
    runner.start();
    expect(runner.isLeader).toBe(true);
    await c.reached(3);
    await runner.close();
    const after = c.calls;
    await new Promise((r) => setTimeout(r, 50));
    expect(c.calls).toBe(after);
  });

  it('runs nothing in a process whose role runs no jobs (api)', async () => {
    const runner = createJobRunner({ leadership: undefined, log: silent });
    const c = counter();
    runner.register({ name: 'tick', intervalMs: 10, run: c.run });
    runner.start();
    await new Promise((r) => setTimeout(r, 50));
    expect(c.calls).toBe(0);
    expect(runner.isLeader).toBe(false);
    expect(runner.jobs).toEqual(['tick']);
    await runner.close();
  });

  it('starts on taking the lead, stops and aborts on losing it, resumes on regaining it', async () => {
    const leadership = manualLeadership();
    const runner = createJobRunner({ leadership, log: silent });
    const c = counter();
    const signals: AbortSignal[] = [];
    runner.register({
      name: 'watch',
      intervalMs: 10,
      run: ({ signal }) => {
        signals.push(signal);
        c.run();
      },
    });
    runner.start();
    await new Promise((r) => setTimeout(r, 30));
    expect(c.calls).toBe(0);
    leadership.set(true);
    await c.reached(2);
    leadership.set(false);
    expect(signals.at(-1)?.aborted).toBe(true);
    const stoppedAt = c.calls;
    await new Promise((r) => setTimeout(r, 50));
    expect(c.calls).toBe(stoppedAt);
    leadership.set(true);
    await c.reached(stoppedAt + 2);
    await runner.close();
    expect(leadership.closed).toBe(true);
  });

  it('never overlaps runs and keeps going after a failing run', async () => {
    const runner = createJobRunner({ leadership: createSoleLeader(), log: silent });
    let running = 0;
    let maxRunning = 0;
    const c = counter();
    runner.register({
      name: 'slow-and-flaky',
      intervalMs: 10,
      run: async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, 15));
        running -= 1;
        c.run();
        if (c.calls % 2 === 1) throw new Error('flaky');
      },
    });
    runner.start();
    await c.reached(4);
    await runner.close();
    expect(maxRunning).toBe(1);
  });

  it('close() waits for the run in progress before giving up the lead', async () => {
    const leadership = manualLeadership();
    const runner = createJobRunner({ leadership, log: silent });
    let finished = false;
    let started: () => void = () => {};
    const hasStarted = new Promise<void>((r) => {
      started = r;
    });
    runner.register({
      name: 'long',
      intervalMs: 1000,
      run: async ({ signal }) => {
        started();
        await new Promise((r) => setTimeout(r, 30));
        finished = signal.aborted;
      },
    });
    runner.start();
    leadership.set(true);
    await hasStarted;
    await runner.close();
    expect(finished).toBe(true);
    expect(leadership.closed).toBe(true);
  });

  it('validates job definitions', () => {
    const runner = createJobRunner({ leadership: undefined, log: silent });
    runner.register({ name: 'alerts', intervalMs: 1000, run() {} });
    expect(() => runner.register({ name: 'alerts', intervalMs: 1000, run() {} })).toThrow(
      'job alerts is already registered',
    );
    expect(() => runner.register({ name: 'Bad Name', intervalMs: 1000, run() {} })).toThrow('job name');
    expect(() => runner.register({ name: 'fast', intervalMs: 1, run() {} })).toThrow('intervalMs');
  });

  it('delays the first run by one interval when asked', async () => {
    const runner = createJobRunner({ leadership: createSoleLeader(), log: silent });
    const c = counter();
    runner.register({ name: 'later', intervalMs: 60_000, runOnLeadership: false, run: c.run });
    const now = counter();
    runner.register({ name: 'now', intervalMs: 60_000, run: now.run });
    runner.start();
    await now.reached(1);
    expect(c.calls).toBe(0);
    await runner.close();
  });
});
