import {
  accountFigures,
  checkFreeMargin,
  decimalToMinor,
  getInstrument,
  minorToDecimal,
  type QuoteBook,
  rolloverSwapMinor,
  type Side,
  type SimulatedMarket,
  stopOutPlan,
  swapRollovers,
  type TriggerAction,
  TriggerBook,
  type WatchedOrder,
  type WatchedPosition,
} from '@tradedesk/core';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { JobDefinition } from '../../platform/jobs/job-runner.js';
import { type BrokerEngine, basicsOf, TRIGGER_BOOK_CHANNEL } from './broker.engine.js';
import { openPositionOf, quotesAt, toFigures } from './broker.mapping.js';
import type { BrokerQueries, BrokerRepository } from './broker.repository.js';
import type { TradingAccountRow, TradingOrderRow, TradingPositionRow } from './trading.table.js';

type Logger = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** How often the account figures of an account with open positions go out on its channel, at most. */
const FIGURES_EVERY_MS = 1000;
/** How often rollovers (swap) are looked for. */
const SWAPS_EVERY_MS = 10_000;
/** Answers kept for Idempotency-Key retries live a day; expired ones are deleted about once an hour. */
export const IDEMPOTENCY_KEEP_MS = 86_400_000;
const IDEMPOTENCY_SWEEP_EVERY_MS = 3_600_000;

function watchedOrder(row: TradingOrderRow): WatchedOrder {
  const fired = row.type === 'stop_limit' && row.stopTriggeredAt !== null;
  const type = fired ? 'limit' : (row.type as WatchedOrder['type']);
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side as Side,
    type,
    triggerPrice: type === 'stop' || type === 'stop_limit' ? row.price : null,
    limitPrice: row.type === 'limit' ? row.price : row.limitPrice,
    expiresAtMs: row.expiresAt?.getTime() ?? null,
  };
}

function watchedPosition(row: TradingPositionRow): WatchedPosition {
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side as Side,
    openPrice: row.openPrice,
    stopLoss: row.stopLoss,
    takeProfit: row.takeProfit,
    trailingPoints: row.trailingPips,
  };
}

/** What changed on an account since the job's last run. */
type Changed = { positions: Set<string>; orders: Set<string> } | 'all';

/** The order `openPositions` reads them in: by opening time, then id. */
const byOpening = (a: TradingPositionRow, b: TradingPositionRow) =>
  a.openedAt.getTime() - b.openedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The leader's evaluation of pending orders, SL, TP and trailing stops (`TriggerBook` of the core), fed by the
 * simulated market's quotes for the symbols with open items; then stop-out, swaps at rollover and the live
 * account figures. The book is built from the database when this process becomes leader, so nothing is lost on a
 * restart or failover: an item whose trigger was crossed meanwhile fills at the first price after, flagged as a
 * gap. Changes made by any process reach it through the bus (`trading-book`): a message naming the positions and
 * orders a change touched makes it read those rows again; one naming only the account, every item of the account.
 */
export function createTriggerJob(deps: {
  repo: BrokerRepository;
  engine: BrokerEngine;
  market: SimulatedMarket;
  clock: Clock;
  bus: EventBus;
  log: Logger;
  intervalMs: number;
}) {
  const { repo, engine, market, clock, bus, log } = deps;
  let book: TriggerBook | undefined;
  /** Accounts changed since the last run, with the ids of what changed, or 'all' to read the account again. */
  const dirty = new Map<string, Changed>();
  /** Items of each account in the book, and the account of each item. */
  const itemsOf = new Map<string, { positions: Set<string>; orders: Set<string> }>();
  const accountOfItem = new Map<string, string>();
  /**
   * Accounts with open positions, as last read: the figures, stop-out and rollover checks of every run are worked
   * out from these without a query; a change (from any process) reloads the account.
   */
  const holders = new Map<string, { account: TradingAccountRow; positions: TradingPositionRow[] }>();
  const lastFigures = new Map<string, { at: number; json: string }>();
  let lastSwapsAt = Number.NEGATIVE_INFINITY;
  let lastSweepAt = Number.NEGATIVE_INFINITY;
  let leadership: AbortSignal | undefined;

  bus.subscribe((message) => {
    if (message.channel !== TRIGGER_BOOK_CHANNEL) return;
    const data = message.data as { accountId?: unknown; positions?: unknown; orders?: unknown };
    if (typeof data.accountId !== 'string') return;
    const named = (list: unknown) => Array.isArray(list) && list.every((id) => typeof id === 'string');
    if (named(data.positions) && named(data.orders)) {
      changed(data.accountId, data.positions as string[], data.orders as string[]);
    } else dirty.set(data.accountId, 'all');
  });

  function changed(accountId: string, positions: readonly string[], orders: readonly string[]) {
    const known = dirty.get(accountId);
    if (known === 'all') return;
    const next = known ?? { positions: new Set<string>(), orders: new Set<string>() };
    for (const id of positions) next.positions.add(id);
    for (const id of orders) next.orders.add(id);
    dirty.set(accountId, next);
  }

  function forget(accountId: string) {
    const items = itemsOf.get(accountId);
    if (!items || !book) return;
    for (const id of items.positions) {
      book.removePosition(id);
      accountOfItem.delete(id);
    }
    for (const id of items.orders) {
      book.removeOrder(id);
      accountOfItem.delete(id);
    }
    itemsOf.delete(accountId);
  }

  function watch(target: TriggerBook, positions: TradingPositionRow[], orders: TradingOrderRow[], afterGap: boolean) {
    for (const p of positions) {
      target.setPosition(watchedPosition(p), { afterGap });
      accountOfItem.set(p.id, p.accountId);
      const items = itemsOf.get(p.accountId) ?? { positions: new Set(), orders: new Set() };
      items.positions.add(p.id);
      itemsOf.set(p.accountId, items);
    }
    for (const o of orders) {
      target.setOrder(watchedOrder(o), { afterGap });
      accountOfItem.set(o.id, o.accountId);
      const items = itemsOf.get(o.accountId) ?? { positions: new Set(), orders: new Set() };
      items.orders.add(o.id);
      itemsOf.set(o.accountId, items);
    }
  }

  function hold(account: TradingAccountRow | undefined, positions: TradingPositionRow[]) {
    if (!account) return;
    if (positions.length === 0) holders.delete(account.id);
    else holders.set(account.id, { account, positions });
  }

  async function load() {
    const fresh = new TriggerBook();
    itemsOf.clear();
    accountOfItem.clear();
    holders.clear();
    dirty.clear();
    const { positions, orders } = await repo.allOpen();
    // not watched up to now: a trigger already crossed at the first quote is a gap
    watch(fresh, positions, orders, true);
    const byAccount = new Map<string, TradingPositionRow[]>();
    for (const p of positions) byAccount.set(p.accountId, [...(byAccount.get(p.accountId) ?? []), p]);
    for (const account of await repo.accounts([...byAccount.keys()])) hold(account, byAccount.get(account.id) ?? []);
    book = fresh;
  }

  async function reload(accountId: string) {
    if (!book) return;
    forget(accountId);
    const positions = await repo.openPositions(accountId);
    watch(book, positions, await repo.pendingOrders(accountId), false);
    holders.delete(accountId);
    hold(await repo.account(accountId), positions);
  }

  /**
   * Reads again only the named positions and orders of an account (and the account row, whose balance changed):
   * with a thousand open positions an order no longer makes the job read and re-index all of them.
   */
  async function reloadSome(accountId: string, ids: { positions: Set<string>; orders: Set<string> }) {
    if (!book) return;
    const rows = await repo.itemsByIds(accountId, { positions: [...ids.positions], orders: [...ids.orders] });
    const account = await repo.account(accountId);
    const items = itemsOf.get(accountId);
    for (const id of ids.positions) {
      book.removePosition(id);
      accountOfItem.delete(id);
      items?.positions.delete(id);
    }
    for (const id of ids.orders) {
      book.removeOrder(id);
      accountOfItem.delete(id);
      items?.orders.delete(id);
    }
    if (items && items.positions.size === 0 && items.orders.size === 0) itemsOf.delete(accountId);
    const open = rows.positions.filter((p) => p.status === 'open');
    watch(
      book,
      open,
      rows.orders.filter((o) => o.status === 'pending'),
      false,
    );
    const kept = (holders.get(accountId)?.positions ?? []).filter((p) => !ids.positions.has(p.id));
    holders.delete(accountId);
    hold(account, [...kept, ...open].sort(byOpening));
  }

  /** Runs `work` under the account's lock and publishes what it changed; a failure is logged, the run goes on. */
  async function underLock(
    accountId: string,
    quotes: QuoteBook,
    work: (
      q: BrokerQueries,
      account: TradingAccountRow,
    ) => Promise<{ positions?: TradingPositionRow[]; orders?: TradingOrderRow[] } | undefined>,
  ) {
    try {
      const changes = await repo.transaction(async (q) => {
        const account = await q.lockAccount(accountId);
        return account ? work(q, account) : undefined;
      });
      if (changes) await engine.publish(repo, accountId, changes, quotes);
      else dirty.set(accountId, 'all');
    } catch (err) {
      log.error({ err, accountId }, 'a trading trigger could not be carried out');
      dirty.set(accountId, 'all');
    }
  }

  async function execute(action: TriggerAction, now: Date, quotes: QuoteBook) {
    const itemId = 'orderId' in action ? action.orderId : action.positionId;
    const accountId = accountOfItem.get(itemId);
    if (!accountId) return;
    await underLock(accountId, quotes, async (q, account) => {
      if (action.kind === 'fill_order' || action.kind === 'expire_order' || action.kind === 'place_limit') {
        const order = await q.order(account.id, action.orderId);
        if (order?.status !== 'pending') return undefined;
        if (action.kind === 'expire_order') {
          return { orders: [await q.updateOrder(order.id, { status: 'expired', reason: 'expired', updatedAt: now })] };
        }
        if (action.kind === 'place_limit') {
          return { orders: [await q.updateOrder(order.id, { stopTriggeredAt: now, updatedAt: now })] };
        }
        const instrument = getInstrument(order.symbol);
        const side = order.side as Side;
        const required = await engine.marginFor(q, account, instrument, side, order.volume, action.price, quotes);
        const figures = await engine.figures(q, account.id, quotes);
        const margin = checkFreeMargin(figures!.core, required, account.currency);
        if (!margin.ok) {
          return {
            orders: [await q.updateOrder(order.id, { status: 'rejected', reason: margin.message, updatedAt: now })],
          };
        }
        const positions = await engine.fill(q, {
          account,
          order,
          symbol: order.symbol,
          side,
          volume: order.volume,
          price: action.price,
          requestedPrice: action.requestedPrice,
          gap: action.gap,
          reason: 'pending_order',
          stopLoss: order.stopLoss,
          takeProfit: order.takeProfit,
          trailingPoints: order.trailingPips,
          time: now,
          quotes,
        });
        const filled = await q.updateOrder(order.id, {
          status: 'filled',
          fillPrice: action.price,
          filledAt: now,
          positionId: positions.at(-1)?.id ?? null,
          updatedAt: now,
        });
        return { orders: [filled], positions };
      }
      const position = await q.position(account.id, action.positionId);
      if (position?.status !== 'open') return undefined;
      if (action.kind === 'update_trailing_stop') {
        if (position.trailingPips === null) return undefined;
        const updated = await q.updatePosition(position.id, { stopLoss: action.stopLoss, updatedAt: now });
        await q.insertModification({
          id: newId(),
          accountId: account.id,
          positionId: position.id,
          orderId: null,
          field: 'stop_loss',
          oldValue: position.stopLoss,
          newValue: action.stopLoss,
          source: 'trailing_stop',
          time: now,
        });
        return { positions: [updated] };
      }
      // the level may have been moved by the trader since the book saw it: the reload will watch the new one
      const level = action.reason === 'stop_loss' ? position.stopLoss : position.takeProfit;
      if (level !== action.requestedPrice) return undefined;
      const closed = await engine.close(q, {
        account,
        position,
        volume: position.volume,
        price: action.price,
        requestedPrice: action.requestedPrice,
        gap: action.gap,
        reason: action.reason,
        time: now,
        quotes,
      });
      return { positions: [closed] };
    });
  }

  /** Stop-out: at a margin level of 50 % or less, the largest loser is closed first until the level recovers. */
  async function stopOut(accountId: string, now: Date, quotes: QuoteBook) {
    await underLock(accountId, quotes, async (q, account) => {
      const open = await q.openPositions(account.id);
      const plan = stopOutPlan(basicsOf(account), open.map(openPositionOf), quotes);
      if (plan.length === 0) return undefined;
      const closed: TradingPositionRow[] = [];
      for (const step of plan) {
        const position = open.find((p) => p.id === step.positionId)!;
        const fresh = (await q.lockAccount(account.id))!;
        closed.push(
          await engine.close(q, {
            account: fresh,
            position,
            volume: position.volume,
            price: step.closePrice,
            requestedPrice: null,
            gap: false,
            reason: 'stop_out',
            time: now,
            quotes,
          }),
        );
      }
      return { positions: closed };
    });
  }

  /** Books the swap of every rollover an open position of the account went through, one deal per position. */
  async function swaps(accountId: string, now: Date, quotes: QuoteBook) {
    await underLock(accountId, quotes, async (q, account) => {
      const changed: TradingPositionRow[] = [];
      for (const position of await q.openPositions(account.id)) {
        const instrument = getInstrument(position.symbol);
        const rollovers = swapRollovers(instrument, position.swapBookedUntil.getTime(), now.getTime());
        if (rollovers.length === 0) continue;
        const quote = quotes.get(position.symbol);
        if (!quote) continue;
        const side = position.side as Side;
        const price = side === 'buy' ? quote.bid : quote.ask;
        let total = 0;
        // one deal per rollover, each rounded once (the core's rule), dated at the rollover
        for (const rollover of rollovers) {
          const amount = rolloverSwapMinor(
            instrument,
            side,
            position.volume,
            price,
            rollover,
            account.currency,
            quotes,
          );
          if (amount === 0) continue;
          total += amount;
          const money = minorToDecimal(amount, account.currency);
          await q.book({
            id: newId(),
            accountId: account.id,
            positionId: position.id,
            orderId: null,
            kind: 'swap',
            entry: 'none',
            symbol: position.symbol,
            side: position.side,
            volume: position.volume,
            price: null,
            requestedPrice: null,
            slippage: null,
            gap: false,
            profit: '0',
            commission: '0',
            swap: money,
            amount: money,
            reason: 'rollover',
            time: new Date(rollover.atMs),
          });
        }
        const until = new Date(rollovers.at(-1)!.atMs);
        const amount = total;
        changed.push(
          await q.updatePosition(position.id, {
            swap: minorToDecimal(decimalToMinor(position.swap, account.currency) + amount, account.currency),
            swapBookedUntil: until,
            updatedAt: now,
          }),
        );
      }
      return changed.length > 0 ? { positions: changed } : undefined;
    });
  }

  async function run(signal: AbortSignal) {
    // each lead (a new signal) starts from the database: another leader may have changed everything meanwhile
    if (signal !== leadership) {
      leadership = signal;
      book = undefined;
    }
    if (!book) await load();
    for (const [accountId, ids] of [...dirty]) {
      dirty.delete(accountId);
      if (ids === 'all') await reload(accountId);
      else await reloadSome(accountId, ids);
    }
    const now = clock.now();
    const quotes = quotesAt(market, now.getTime());
    const current = book!;
    for (const symbol of current.symbols()) {
      if (signal.aborted) return;
      const quote = quotes.get(symbol);
      if (!quote) continue;
      for (const action of current.evaluate(symbol, quote)) await execute(action, now, quotes);
    }
    if (now.getTime() - lastSweepAt >= IDEMPOTENCY_SWEEP_EVERY_MS) {
      lastSweepAt = now.getTime();
      await repo.deleteAnswersBefore(new Date(now.getTime() - IDEMPOTENCY_KEEP_MS));
    }
    const swapTime = now.getTime() - lastSwapsAt >= SWAPS_EVERY_MS;
    if (swapTime) lastSwapsAt = now.getTime();
    for (const [accountId, held] of [...holders]) {
      if (signal.aborted) return;
      const rolloverDue = (p: TradingPositionRow) =>
        swapRollovers(getInstrument(p.symbol), p.swapBookedUntil.getTime(), now.getTime()).length > 0;
      if (swapTime && held.positions.some(rolloverDue)) await swaps(accountId, now, quotes);
      const core = accountFigures(basicsOf(held.account), held.positions.map(openPositionOf), quotes);
      if (core.status === 'stop_out') await stopOut(accountId, now, quotes);
      const wire = toFigures(held.account, core);
      const json = JSON.stringify(wire);
      const last = lastFigures.get(accountId);
      if (last && (last.json === json || now.getTime() - last.at < FIGURES_EVERY_MS)) continue;
      lastFigures.set(accountId, { at: now.getTime(), json });
      await bus.publish({ channel: `account:${accountId}`, event: 'account', data: wire });
    }
  }

  const job: JobDefinition = {
    name: 'trading-triggers',
    intervalMs: deps.intervalMs,
    async run({ signal }) {
      try {
        await run(signal);
      } catch (err) {
        log.error({ err }, 'the trading trigger run failed');
      }
    },
  };

  return {
    job,
    /** Forgets the book: the next run (in the next leader) builds it again from the database. */
    reset() {
      book = undefined;
    },
  };
}
