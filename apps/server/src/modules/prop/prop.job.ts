import { ACCOUNT_RULES_EVENT } from '@tradedesk/contracts';
import {
  evaluate,
  minorToDecimal,
  minorToNumber,
  type PropAction,
  type PropEvent,
  type PropState,
  type RuleSet,
  type SimulatedMarket,
  startNextPhase,
} from '@tradedesk/core';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { JobDefinition } from '../../platform/jobs/job-runner.js';
import { accountChannel, TRIGGER_BOOK_CHANNEL } from '../trading/broker.engine.js';
import { quotesAt } from '../trading/broker.mapping.js';
import type { OrdersService } from '../trading/orders.service.js';
import type { TradingAccountRow, TradingPositionRow } from '../trading/trading.table.js';
import { calendarNewsNear, dealEvents, type NewsSource } from './prop.feed.js';
import type { PropRepository } from './prop.repository.js';
import { challengeOf, evaluationOf, PROP_BOOK_CHANNEL, type PropService } from './prop.service.js';
import type { PropAccountRow, UserObjectiveRow } from './prop.table.js';
import { type Evaluation, ruleSetOf } from './prop.view.js';

type Logger = { error(obj: object, msg: string): void };

/** The rule status goes out on the account's channel at most this often while only equity moves. */
export const RULES_EVERY_MS = 1000;
/** The evaluation state is written at least this often while it changes (and at once on every action). */
export const PERSIST_EVERY_MS = 10_000;

type Tracked = {
  prop: PropAccountRow;
  ruleSet: RuleSet;
  evaluation: Evaluation;
  account: TradingAccountRow;
  positions: TradingPositionRow[];
  objectives: Array<{ objective: UserObjectiveRow; value: number }>;
  persistedAt: number;
  unsaved: boolean;
  published: { at: number; json: string } | undefined;
};

/**
 * The leader's evaluation of every active or paused challenge account (core's rule engine): each run feeds it
 * the account's balance and equity at the simulated market's prices (floating P/L; commission and swap are
 * booked into the balance), the deals booked since the last run (positions opened, trades closed) and the
 * passing of time (daily reset, expiries, weekly close). What the engine asks for is carried out through the
 * trading services: a hard breach closes every position (deals with reason rule_breach), cancels pending
 * orders and fails the account, recording when, at which equity and why; a soft breach closes the positions and
 * pauses trading until the next reset; a passed phase closes the positions and starts the next phase at its
 * balance with a balance deal (the earlier phases' trades stay in the history, each phase's dates in
 * passedPhases). The state is stored in prop_accounts.evaluation, so a restart or a new leader resumes it;
 * changes go out live as the `rules` event of `account:<id>`. An account without a challenge but with objectives
 * gets the event too, after each change of its deals or objectives.
 */
export function createPropJob(deps: {
  repo: PropRepository;
  props: PropService;
  orders: OrdersService;
  market: SimulatedMarket;
  clock: Clock;
  bus: EventBus;
  log: Logger;
  intervalMs: number;
  news?: NewsSource | undefined;
}) {
  const { repo, props, orders, market, clock, bus, log } = deps;
  const tracked = new Map<string, Tracked>();
  const dirty = new Set<string>();
  let loaded = false;
  let leadership: AbortSignal | undefined;

  bus.subscribe((message) => {
    if (message.channel !== TRIGGER_BOOK_CHANNEL && message.channel !== PROP_BOOK_CHANNEL) return;
    const id = (message.data as { accountId?: unknown }).accountId;
    if (typeof id === 'string') dirty.add(id);
  });

  async function track(prop: PropAccountRow): Promise<void> {
    const held = await orders.holdings(prop.accountId);
    if (!held || !(prop.state === 'active' || prop.state === 'paused')) {
      tracked.delete(prop.accountId);
      return;
    }
    const previous = tracked.get(prop.accountId);
    const evaluation = previous && previous.prop.phase === prop.phase ? previous.evaluation : evaluationOf(prop);
    const objectives = (await props.objectivesOf([prop.accountId])).get(prop.accountId) ?? [];
    const t: Tracked = {
      prop,
      ruleSet: ruleSetOf(challengeOf(prop)),
      evaluation,
      account: held.account,
      positions: held.positions,
      objectives,
      persistedAt: previous?.persistedAt ?? clock.now().getTime(),
      unsaved: previous?.unsaved ?? false,
      published: previous?.published,
    };
    tracked.set(prop.accountId, t);
    await catchUp(t);
  }

  /** Folds the deals booked since the last one seen into the state, in booking order. */
  async function catchUp(t: Tracked) {
    const deals = await repo.dealsAfter(t.account.id, t.evaluation.dealSeq);
    if (deals.length === 0) return;
    const positions = await repo.positionsByIds(
      t.account.id,
      deals.flatMap((d) => (d.positionId ? [d.positionId] : [])),
    );
    const quotes = quotesAt(market, clock.now().getTime());
    const events = dealEvents(deals, positions, t.account.currency, quotes);
    t.evaluation = { ...t.evaluation, dealSeq: deals.at(-1)!.seq };
    t.unsaved = true;
    for (const event of events) await step(t, event);
    // deals are few: their effect (trading days, the day's profit) is written at once
    if (tracked.has(t.account.id) && t.unsaved) await persist(t);
  }

  async function persist(t: Tracked, patch: Partial<PropAccountRow> = {}) {
    const now = clock.now();
    const row = await repo.updatePropAccount(t.account.id, { ...patch, evaluation: t.evaluation, updatedAt: now });
    if (row) t.prop = row;
    t.persistedAt = now.getTime();
    t.unsaved = false;
  }

  async function publish(t: Tracked, force: boolean) {
    const now = clock.now().getTime();
    const goals = props.goalsFrom(t.account.id, t.prop, t.evaluation.engine, t.objectives, now);
    const json = JSON.stringify(goals);
    if (!force && t.published && (t.published.json === json || now - t.published.at < RULES_EVERY_MS)) return;
    t.published = { at: now, json };
    await bus.publish({ channel: accountChannel(t.account.id), event: ACCOUNT_RULES_EVENT, data: goals });
  }

  /** Feeds one event to the engine and carries out what it asks for. */
  async function step(t: Tracked, event: PropEvent) {
    const before = t.evaluation.engine;
    const result = evaluate(t.ruleSet, before, event, { news: await calendarNewsNear(deps.news, market, event.timeMs) });
    t.evaluation = { ...t.evaluation, engine: result.state };
    if (result.state !== before) t.unsaved = true;
    if (result.actions.length > 0) await act(t, result.actions);
  }

  async function act(t: Tracked, actions: readonly PropAction[]) {
    const id = t.account.id;
    const cur = t.account.currency;
    let patch: Partial<PropAccountRow> = {};
    for (const action of actions) {
      if (action.type === 'close_positions') {
        const reason = t.evaluation.engine.passed ? 'phase_passed' : 'rule_breach';
        await orders.liquidate(id, reason, action.reason);
      } else if (action.type === 'fail') {
        patch = {
          ...patch,
          state: 'failed',
          pausedUntil: null,
          failedAt: new Date(action.breach.atMs),
          failedEquity: minorToDecimal(action.breach.equityMinor, cur),
          failedRule: action.breach.rule,
          failedReason: action.breach.reason,
        };
      } else if (action.type === 'pause') {
        patch = { ...patch, state: 'paused', pausedUntil: new Date(action.untilMs) };
      } else if (action.type === 'resume') {
        patch = { ...patch, state: 'active', pausedUntil: null };
      } else if (action.type === 'pass') {
        patch = { ...patch, ...(await passPhase(t, action.passed.nextPhase, action.passed.nextBalanceMinor)) };
      }
    }
    await persist(t, patch);
    if (t.prop.state === 'failed' || t.prop.state === 'completed') tracked.delete(id);
    await publish(t, true);
  }

  /** The phase is passed (no position is open): the next phase starts at its balance, or the challenge completes. */
  async function passPhase(t: Tracked, nextPhase: PropState['phase'] | null, nextBalanceMinor: number) {
    const engine = t.evaluation.engine;
    const now = clock.now();
    const cur = t.account.currency;
    const record = {
      phase: engine.phase,
      startedAt: new Date(engine.startedAtMs).toISOString(),
      passedAt: new Date(engine.passed?.atMs ?? now.getTime()).toISOString(),
      startingBalance: minorToNumber(engine.startBalanceMinor, cur),
      equity: minorToNumber(engine.equityMinor, cur),
      tradingDays: engine.tradingDays + (engine.day.positionsOpened > 0 ? 1 : 0),
    };
    const passedPhases = [...t.prop.passedPhases, record];
    if (nextPhase === null) return { state: 'completed', passedPhases } satisfies Partial<PropAccountRow>;
    await orders.liquidate(t.account.id, 'phase_passed', `Phase ${engine.phase} passed.`);
    await orders.setBalance(t.account.id, minorToDecimal(nextBalanceMinor, cur), 'phase_passed');
    const next = startNextPhase(t.ruleSet, engine, now.getTime());
    const held = await orders.holdings(t.account.id);
    if (held) {
      t.account = held.account;
      t.positions = held.positions;
    }
    t.evaluation = { engine: next, dealSeq: await repo.lastDealSeq(t.account.id) };
    return {
      phase: next.phase,
      phaseStartedAt: now,
      state: 'active',
      pausedUntil: null,
      passedPhases,
    } satisfies Partial<PropAccountRow>;
  }

  async function load() {
    tracked.clear();
    dirty.clear();
    for (const prop of await repo.evaluated()) await track(prop);
    loaded = true;
  }

  async function run(signal: AbortSignal) {
    if (signal !== leadership) {
      leadership = signal;
      loaded = false;
    }
    if (!loaded) await load();
    for (const accountId of [...dirty]) {
      dirty.delete(accountId);
      const prop = await repo.propAccount(accountId);
      if (prop) await track(prop);
      else {
        tracked.delete(accountId);
        // an account without a challenge: its objectives' standing after a deal or a change of them
        const goals = await props.plainGoals(accountId);
        if (goals) await bus.publish({ channel: accountChannel(accountId), event: ACCOUNT_RULES_EVENT, data: goals });
      }
    }
    const now = clock.now().getTime();
    const quotes = quotesAt(market, now);
    for (const t of [...tracked.values()]) {
      if (signal.aborted) return;
      const figures = orders.equityOf(t.account, t.positions, quotes);
      await step(t, { type: 'equity', timeMs: now, ...figures });
      if (!tracked.has(t.account.id)) continue;
      if (t.unsaved && now - t.persistedAt >= PERSIST_EVERY_MS) await persist(t);
      await publish(t, false);
    }
  }

  const job: JobDefinition = {
    name: 'prop-evaluation',
    intervalMs: deps.intervalMs,
    async run({ signal }) {
      try {
        await run(signal);
      } catch (err) {
        log.error({ err }, 'the prop-firm evaluation run failed');
      }
    },
  };

  return {
    job,
    /** One run as the leader would make it (tests drive the job with it). */
    runOnce: (signal: AbortSignal) => run(signal),
    /** Writes every state that changed since it was last written (before a planned stop). */
    async flush() {
      for (const t of tracked.values()) if (t.unsaved) await persist(t);
    },
  };
}
export type PropJob = ReturnType<typeof createPropJob>;
