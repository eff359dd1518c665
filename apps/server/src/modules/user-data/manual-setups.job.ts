import {
  CHARTING_SAVED_EVENT,
  MANUAL_SETUP_STATUS_EVENT,
  type ManualSetup,
  type ManualSetupStatusEvent,
} from '@tradedesk/contracts';
import { advanceSetup, type SetupQuote } from '@tradedesk/core';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { JobDefinition } from '../../platform/jobs/job-runner.js';
import { userBusChannel } from '../../platform/ws/ws-gateway.js';
import { MANUAL_SETUPS_KEY, normaliseSetup, type StoredSetup } from './user-data.entries.js';
import type { UserDataRepository } from './user-data.repository.js';

type Logger = { error(obj: object, msg: string): void };

/** The statuses the tracker still moves on. */
const LIVE = ['watching', 'triggered'] as const;
const USER_PREFIX = userBusChannel('');

type Tracked = { version: number; setups: ManualSetup[] };

/**
 * The leader's tracker of manual setups (`activeCharts/manualSetups`): on every run, each setup still watching or
 * triggered is moved by the live quote of its symbol (the simulated market; core's advanceSetup says how). A
 * change is written into the saved setups over the same version (the user's next save, made on that version, is
 * not refused for it; a save made meanwhile wins, and the setup is read again) and goes out on the user's channel
 * as MANUAL_SETUP_STATUS_EVENT. Setups are loaded once per leadership, and again for a user whenever their setups
 * are saved (the `charting.saved` event of the user channel).
 */
export function createManualSetupsJob(deps: {
  repo: Pick<UserDataRepository, 'find' | 'withItemStatus' | 'replaceStateOfVersion'>;
  clock: Clock;
  bus: EventBus;
  /** The live quote of a symbol at an instant; undefined for a symbol the market does not know. */
  quote: (symbol: string, ms: number) => SetupQuote | undefined;
  log: Logger;
  intervalMs: number;
}) {
  const { repo, clock, bus, quote, log } = deps;
  const tracked = new Map<string, Tracked>();
  /** The last quote seen per user and setup (a zone gone through between two runs triggers). */
  const lastQuotes = new Map<string, SetupQuote>();
  const dirty = new Set<string>();
  let leadership: AbortSignal | undefined;
  let loaded = false;

  bus.subscribe((message) => {
    if (message.event !== CHARTING_SAVED_EVENT || !message.channel.startsWith(USER_PREFIX)) return;
    if ((message.data as { resource?: unknown }).resource !== 'manualSetups') return;
    dirty.add(message.channel.slice(USER_PREFIX.length));
  });

  const live = (s: ManualSetup) =>
    s.status !== null && (LIVE as readonly string[]).includes(s.status) && s.direction !== null && s.entryFrom !== null;

  function keep(userId: string, version: number, state: unknown) {
    const setups = (Array.isArray(state) ? (state as StoredSetup[]) : []).map(normaliseSetup);
    if (setups.some(live)) tracked.set(userId, { version, setups });
    else tracked.delete(userId);
    for (const key of lastQuotes.keys()) {
      if (key.startsWith(`${userId}|`) && !setups.some((s) => key === `${userId}|${s.id}` && live(s))) {
        lastQuotes.delete(key);
      }
    }
  }

  async function load() {
    tracked.clear();
    lastQuotes.clear();
    dirty.clear();
    const rows = await repo.withItemStatus(MANUAL_SETUPS_KEY.store, MANUAL_SETUPS_KEY.name, LIVE);
    for (const row of rows) keep(row.userId, row.version, row.state);
    loaded = true;
  }

  async function reload(userId: string) {
    const row = await repo.find({ userId, ...MANUAL_SETUPS_KEY });
    if (row) keep(userId, row.version, row.state);
    else keep(userId, 0, []);
  }

  async function run(signal: AbortSignal) {
    if (signal !== leadership) {
      leadership = signal;
      loaded = false;
    }
    if (!loaded) await load();
    for (const userId of [...dirty]) {
      dirty.delete(userId);
      await reload(userId);
    }
    const now = clock.now();
    const nowMs = now.getTime();
    for (const [userId, t] of [...tracked]) {
      if (signal.aborted) return;
      const events: ManualSetupStatusEvent[] = [];
      const setups = t.setups.map((s) => {
        if (!live(s)) return s;
        const q = quote(s.symbol, nowMs);
        if (!q) return s;
        const key = `${userId}|${s.id}`;
        const step = advanceSetup(
          {
            direction: s.direction!,
            entryFrom: s.entryFrom!,
            entryTo: s.entryTo ?? s.entryFrom!,
            stopLoss: s.stopLoss,
            takeProfit: s.takeProfit,
          },
          s.status!,
          q,
          lastQuotes.get(key),
        );
        lastQuotes.set(key, q);
        if (step.status === s.status || step.price === null) return s;
        events.push({
          setupId: s.id,
          symbol: s.symbol,
          status: step.status,
          previous: s.status!,
          statusAt: now.toISOString(),
          statusPrice: step.price,
        });
        return { ...s, status: step.status, statusAt: now.toISOString(), statusPrice: step.price };
      });
      if (events.length === 0) continue;
      const written = await repo.replaceStateOfVersion({ userId, ...MANUAL_SETUPS_KEY }, t.version, setups);
      if (!written) {
        // saved meanwhile: read again on the next run
        dirty.add(userId);
        continue;
      }
      keep(userId, t.version, setups);
      for (const data of events) {
        await bus.publish({ channel: userBusChannel(userId), event: MANUAL_SETUP_STATUS_EVENT, data });
      }
    }
  }

  const job: JobDefinition = {
    name: 'manual-setups',
    intervalMs: deps.intervalMs,
    async run({ signal }) {
      try {
        await run(signal);
      } catch (err) {
        log.error({ err }, 'the manual setups tracker run failed');
      }
    },
  };

  return {
    job,
    /** One run as the leader would make it (tests drive the job with it). */
    runOnce: (signal: AbortSignal) => run(signal),
  };
}
export type ManualSetupsJob = ReturnType<typeof createManualSetupsJob>;
