import type { Leadership } from './leader.js';

export type JobContext = {
  /** Aborted when this process loses the lead or shuts down: stop early, the next leader carries on. */
  signal: AbortSignal;
};

export type JobDefinition = {
  /** Unique, for logs: `market-feed`, `alert-evaluation`. */
  name: string;
  /** Pause between the end of one run and the start of the next (ms). Runs never overlap. */
  intervalMs: number;
  run(context: JobContext): Promise<void> | void;
  /** Run as soon as this process becomes leader (default) rather than one interval later. */
  runOnLeadership?: boolean;
};

export interface JobRunner {
  /**
   * Adds a singleton job: it runs in exactly one process of the deployment (the leader), and only
   * in processes whose role runs jobs. Returns the function that removes it.
   */
  register(job: JobDefinition): () => void;
  readonly isLeader: boolean;
  /** Names of the registered jobs. */
  readonly jobs: readonly string[];
  /** Starts competing for the lead (called once the app is ready). */
  start(): void;
  /** Stops scheduling, aborts and awaits the runs in progress, then gives up the lead. */
  close(): Promise<void>;
}

export type JobLogger = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const MAX_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

type JobState = {
  job: JobDefinition;
  timer: NodeJS.Timeout | undefined;
  running: Promise<void> | undefined;
  controller: AbortController | undefined;
  active: boolean;
};

/** `leadership` undefined: this process's role runs no singleton jobs (`--role=api`). */
export function createJobRunner(deps: { leadership: Leadership | undefined; log: JobLogger }): JobRunner {
  const states = new Map<string, JobState>();
  let started = false;
  let closed = false;
  let stopListening: (() => void) | undefined;

  const leading = () => deps.leadership?.isLeader === true && !closed;

  function activate(state: JobState): void {
    if (state.active) return;
    state.active = true;
    state.controller = new AbortController();
    schedule(state, state.job.runOnLeadership === false ? state.job.intervalMs : 0);
  }

  function deactivate(state: JobState): void {
    state.active = false;
    clearTimeout(state.timer);
    state.timer = undefined;
    state.controller?.abort();
  }

  function schedule(state: JobState, delay: number): void {
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void runOnce(state);
    }, delay);
    state.timer.unref();
  }

  async function runOnce(state: JobState): Promise<void> {
    if (!state.active || !leading()) return;
    // A run from before a lost-and-regained lead may still be finishing: never overlap.
    if (state.running) await state.running;
    if (!state.active || !leading()) return;
    const controller = state.controller ?? new AbortController();
    const run = (async () => {
      try {
        await state.job.run({ signal: controller.signal });
      } catch (err) {
        if (!controller.signal.aborted) deps.log.error({ err, job: state.job.name }, 'job run failed');
      }
    })();
    state.running = run;
    await run;
    if (state.running === run) state.running = undefined;
    if (state.active && leading()) schedule(state, state.job.intervalMs);
  }

  function onLeadership(isLeader: boolean): void {
    for (const state of states.values()) {
      if (isLeader && !closed) activate(state);
      else deactivate(state);
    }
  }

  return {
    register(job) {
      if (!/^[a-z0-9][a-z0-9.:-]{0,63}$/.test(job.name)) {
        throw new Error(`job name "${job.name}" must be 1-64 characters of a-z 0-9 . : -`);
      }
      if (!Number.isInteger(job.intervalMs) || job.intervalMs < 10 || job.intervalMs > MAX_INTERVAL_MS) {
        throw new Error(`job ${job.name}: intervalMs must be an integer between 10 and ${MAX_INTERVAL_MS}`);
      }
      if (states.has(job.name)) throw new Error(`job ${job.name} is already registered`);
      const state: JobState = { job, timer: undefined, running: undefined, controller: undefined, active: false };
      states.set(job.name, state);
      if (leading()) activate(state);
      return () => {
        deactivate(state);
        states.delete(job.name);
      };
    },

    get isLeader() {
      return leading();
    },

    get jobs() {
      return [...states.keys()];
    },

    start() {
      if (started || closed || !deps.leadership) return;
      started = true;
      stopListening = deps.leadership.onChange(onLeadership);
      deps.leadership.start();
      if (deps.leadership.isLeader) onLeadership(true);
    },

    async close() {
      if (closed) return;
      closed = true;
      stopListening?.();
      for (const state of states.values()) deactivate(state);
      await Promise.allSettled([...states.values()].map((s) => s.running));
      // The lock goes last, so no other process starts a job while ours is still finishing.
      await deps.leadership?.close();
    },
  };
}
