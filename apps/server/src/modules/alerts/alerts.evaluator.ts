import type {
  AccountCondition,
  AlertDelivery,
  AlertWebhookPayload,
  CalendarCondition,
  DrawingCondition,
  IndicatorCondition,
  PriceCondition,
  WatchlistCondition,
} from '@tradedesk/contracts';
import {
  type AlertTriggerMode,
  type Candle,
  type CandleArrays,
  calculateSeries,
  candleTimeOf,
  computeIndicator,
  decideFire,
  findIndicator,
  formatAlertMessage,
  type IndicatorSettings,
  LiveIndicator,
  linePriceAt,
  PriceAlertBook,
  type PriceAlertFire,
  type SimulatedMarket,
  stepComparison,
  type Timeframe,
  type TriggerMemory,
  timeframeSeconds,
  toCandleArrays,
  type WatchedPriceAlert,
} from '@tradedesk/core';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { JobDefinition } from '../../platform/jobs/job-runner.js';
import type { AlertBars, AlertBarsQuery, AlertFeed } from './alerts.bars.js';
import type { AlertsRepository, NewAlertLog } from './alerts.repository.js';
import type { AlertRow, AlertState } from './alerts.table.js';
import type { AlertWebhooks } from './alerts.webhooks.js';

/** The bus channel on which the service says an alert changed (any process), so the leader reloads it. */
export const ALERTS_BOOK_CHANNEL = 'alerts-book';

/** What the alerts need of the notifications module: `notify()` of createNotificationsService. */
export type AlertNotifier = {
  notify(
    userId: string,
    n: {
      kind: 'alert';
      title: string;
      body: string;
      link?: string;
      data?: Record<string, unknown>;
      toast?: boolean;
      sound?: boolean;
      email?: boolean;
    },
  ): Promise<unknown>;
};

/** Economic events near an instant (the calendar module's). */
export type AlertCalendar = {
  near(
    ms: number,
    windowMs: number,
  ):
    | Array<{ id: string; title: string; impact: string; timeMs: number; currency: string }>
    | Promise<Array<{ id: string; title: string; impact: string; timeMs: number; currency: string }>>;
};

/** A trading account's live figures and its prop daily loss room (undefined: unknown, the alert waits). */
export type AlertAccountFigures = {
  figures(
    userId: string,
    accountId: string,
  ): Promise<
    | {
        currency: string;
        equity: number;
        /** Equity / margin x 100; null with no margin in use. */
        marginLevel: number | null;
        /** Today's prop daily loss allowance and the loss still permitted (money); null without the rule. */
        dailyLossLimit: number | null;
        todayPermittedLoss: number | null;
      }
    | undefined
  >;
};

type Logger = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** How often drawings and watchlists are read again, and account figures evaluated. */
const REFRESH_MS = 10_000;
const ACCOUNT_EVERY_MS = 5_000;
const CALENDAR_FIRED_KEEP = 200;
const IMPACT_RANK: Record<string, number> = { low: 1, medium: 2, high: 3 };
const INDICATOR_BARS = 400;
const MINUTE = 60_000;
/** An intra-bar indicator (symbol, interval, indicator, inputs) is computed again at most this often. */
const LIVE_INDICATOR_EVERY_MS = 1_000;
/** A live indicator no alert asked for in this long is dropped. */
const LIVE_INDICATOR_KEEP_MS = 60_000;
/**
 * A watched symbol's import version is read again this often (imports changed here or on the bus are seen at
 * once; this finds those of a writer sharing no bus), at most IMPORT_CHECKS_PER_RUN symbols a run.
 */
const IMPORTS_CHECK_MS = 60_000;
const IMPORT_CHECKS_PER_RUN = 5;

/** Tick modes go in the tick book; once_per_bar_close in the book of the alert's interval, fed bar closes. */
const tickMode = (trigger: string) => trigger !== 'once_per_bar_close';

function describe(row: AlertRow): string {
  const c = row.condition as unknown as Record<string, unknown>;
  const op = String(c.operator ?? c.metric ?? '').replaceAll('_', ' ');
  switch (row.type) {
    case 'price':
      return c.value !== undefined
        ? `{{ticker}} ${op} ${c.value}: {{close}}`
        : c.lower !== undefined
          ? `{{ticker}} ${op} ${c.lower}-${c.upper}: {{close}}`
          : `{{ticker}} ${op.replace(' pct', '')} ${c.percent} % within ${c.minutes} min: {{close}}`;
    case 'indicator':
      return `{{ticker}} ${String(c.indicator).toUpperCase()} ${c.plot} ${op} ${c.value ?? c.against} on {{interval}}`;
    case 'drawing':
      return `{{ticker}} ${op} your drawn line: {{close}}`;
    case 'watchlist':
      return `{{ticker}} ${op.replace(' pct', '')} ${c.percent} % within ${c.minutes} min: {{close}}`;
    case 'calendar':
      return 'An economic event is coming up.';
    case 'account':
      return `Account alert: ${op} ${c.value}.`;
  }
}

/** `feed`: the key of the prices and bars an indicator or drawing alert reads (see feedKey). */
type Meta = { row: AlertRow; memory: TriggerMemory; feed?: string };

/**
 * An indicator of one (symbol, interval, indicator, inputs) as of `atMs`: its plots' values at the forming bar
 * (the last closed bar while the market is closed), kept up by a LiveIndicator built on the closed bars and
 * built again when a new bar forms.
 */
type LiveIndicatorState = {
  /** The forming bar's time (unix s) the state was built for; null: the market was closed. */
  start: number | null;
  live: LiveIndicator | null;
  atMs: number;
  usedMs: number;
  /** The close of the bar the values were computed at (the forming bar's last price). */
  close: number;
  /** Each plot's value by id; null: nothing to compare (no bars, or the indicator is not a series one). */
  values: Record<string, number> | null;
};

/** Bars read once per evaluation run and (feed, interval): the closed bars before a start, the forming bar. */
type LivePass = {
  /** The last closed bars before the forming bar starting at `start`; null: the market is closed, the last bars. */
  bars(feed: string, tf: Timeframe, start: number | null, nowMs: number): Promise<Candle[]>;
  forming(feed: string, tf: Timeframe, nowMs: number): Promise<Candle | null>;
};

/** A stable key of an indicator's inputs (the same inputs in another order share one computation). */
function inputsKey(inputs: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(inputs)
      .sort()
      .map((k) => [k, inputs[k]]),
  );
}

/**
 * The leader's alert evaluation, every ALERTS_INTERVAL_MS of the injected clock: price alerts through
 * `PriceAlertBook`s (one for the tick modes, one per interval for once_per_bar_close, fed bar closes), drawing,
 * indicator, watchlist, calendar and account alerts, expiry; each fire is recorded, logged and delivered (in the
 * app through the notifier, by e-mail as the user's settings allow, by webhook through the queue). The book is
 * built from the database on each new lead; a change made by any process reaches it through the bus.
 */
export function createAlertsEvaluator(deps: {
  repo: AlertsRepository;
  clock: Clock;
  bus: EventBus;
  log: Logger;
  market: SimulatedMarket;
  notifier: AlertNotifier;
  webhooks: AlertWebhooks;
  drawings: { get(userId: string, id: string): Promise<{ symbol: string; points: { time: number; price: number }[] }> };
  /**
   * Users' imported bars (what their charts show in place of the simulator's). Without it every alert reads the
   * simulated market.
   */
  bars?: AlertBars | undefined;
  watchlists: { get(userId: string, id: string): Promise<{ symbols: { ticker: string }[] }> };
  calendar?: AlertCalendar | undefined;
  accounts?: AlertAccountFigures | undefined;
  /** Whether the user's notification setting email_alerts is on. */
  emailAllowed(userId: string): Promise<boolean>;
  /** The user's time zone and clock for {{time}} (without it, or when it fails: UTC, 24h). */
  userClock?: ((userId: string) => Promise<{ timeZone: string; timeFormat: '24h' | '12h' }>) | undefined;
  intervalMs: number;
}) {
  const { repo, clock, market, log } = deps;
  const metas = new Map<string, Meta>();
  let tickBook = new PriceAlertBook();
  let barBooks = new Map<string, PriceAlertBook>();
  /** Book entry ids of each alert (a watchlist alert has one per symbol: `<alertId>|<symbol>`). */
  const entriesOf = new Map<string, string[]>();
  const drawingCache = new Map<string, { at: number; points: { time: number; price: number }[] | null }>();
  const watchlistRefreshed = new Map<string, number>();
  const lastAccountCheck = new Map<string, number>();
  /** The start of the forming bar of each (symbol, interval) last seen, to tell when a bar closed. */
  const formingStart = new Map<string, number>();
  /** Intra-bar indicators by (symbol, interval, indicator, inputs), shared by every alert on the same key. */
  const liveIndicators = new Map<string, LiveIndicatorState>();
  const dirty = new Set<string>();
  /** Each user's time zone and clock, read again after REFRESH_MS. */
  const userClocks = new Map<string, { at: number; timeZone: string; timeFormat: '24h' | '12h' }>();
  let loaded = false;
  let leadership: AbortSignal | undefined;
  let nextExpiryMs = Number.POSITIVE_INFINITY;
  /**
   * Feeds of users whose chart of a symbol shows imported bars, by feed key (`symbol`, user, interval); every
   * other alert reads the simulated market under the plain symbol as its key.
   */
  const overlays = new Map<string, AlertFeed>();
  /** The import version of each watched symbol when its alerts were watched, and when it was last read. */
  const importVersions = new Map<string, { version: number; checkedMs: number }>();
  /** Symbols whose imports changed since the last run: their alerts are watched again. */
  const importsChanged = new Set<string>();
  deps.bars?.onChanged((symbol) => importsChanged.add(symbol));

  deps.bus.subscribe((message) => {
    if (message.channel !== ALERTS_BOOK_CHANNEL) return;
    const id = (message.data as { alertId?: unknown }).alertId;
    if (typeof id === 'string') dirty.add(id);
  });

  const priceOf = (symbol: string, ms: number): number | undefined => {
    try {
      const q = market.quote(symbol, ms);
      return q.open ? q.mid : undefined;
    } catch {
      return undefined;
    }
  };

  /** The symbol of a feed key. */
  const symbolOf = (key: string): string => overlays.get(key)?.symbol ?? key;

  /** The simulated market as a feed (the key of an alert on a chart without imports is its symbol). */
  const simulatedFeed = (symbol: string): AlertFeed => ({
    symbol,
    price: async (ms) => priceOf(symbol, ms),
    candles: async (tf, q) => market.candles(symbol, tf, q),
    forming: async (tf, ms) => market.formingCandle(symbol, tf, ms),
  });
  const feedOf = (key: string): AlertFeed => overlays.get(key) ?? simulatedFeed(key);

  /**
   * The key of the prices and bars the user's alert on `symbol` reads: the symbol itself when the user's chart of
   * it at the alert's interval shows the simulator's bars (every alert's then share one book entry list and one
   * price), else a key of its own whose feed reads the user's bars through the history service.
   */
  async function feedKey(row: AlertRow, symbol: string, nowMs: number): Promise<string> {
    if (!deps.bars) return symbol;
    try {
      if (!importVersions.has(symbol)) {
        importVersions.set(symbol, { version: await deps.bars.version(symbol), checkedMs: nowMs });
      }
      const feed = await deps.bars.feed(row.userId, symbol, row.interval);
      if (!feed) return symbol;
      const key = `${symbol}\u0001${row.userId}\u0001${row.interval}`;
      overlays.set(key, feed);
      return key;
    } catch (err) {
      log.warn({ err, alertId: row.id, symbol }, 'the imported bars of an alert could not be looked up');
      return symbol;
    }
  }

  /** Alerts on symbols whose imports changed (here, on the bus, or found by a periodic check) are read again. */
  async function followImports(nowMs: number) {
    if (!deps.bars) return;
    let checks = 0;
    for (const [symbol, seen] of importVersions) {
      if (checks >= IMPORT_CHECKS_PER_RUN) break;
      if (nowMs - seen.checkedMs < IMPORTS_CHECK_MS && nowMs >= seen.checkedMs) continue;
      checks++;
      const version = await deps.bars.version(symbol);
      if (version !== seen.version) importsChanged.add(symbol);
      // checked last, so the symbols take turns
      importVersions.delete(symbol);
      importVersions.set(symbol, { version, checkedMs: nowMs });
    }
    if (importsChanged.size === 0) return;
    const changed = new Set(importsChanged);
    importsChanged.clear();
    for (const symbol of changed) importVersions.delete(symbol);
    for (const [alertId, meta] of metas) {
      const on =
        (meta.row.symbol !== null && changed.has(meta.row.symbol)) ||
        (entriesOf.get(alertId) ?? []).some((id) => changed.has(id.slice(id.indexOf('|') + 1)));
      if (on) dirty.add(alertId);
    }
  }

  function bookFor(row: AlertRow): PriceAlertBook {
    if (tickMode(row.trigger)) return tickBook;
    let book = barBooks.get(row.interval);
    if (!book) {
      book = new PriceAlertBook();
      barBooks.set(row.interval, book);
    }
    return book;
  }

  async function seedMoves(book: PriceAlertBook, key: string, minutes: number, nowMs: number) {
    try {
      const bars = await feedOf(key).candles('1m', {
        from: Math.floor((nowMs - minutes * MINUTE) / 1000),
        asOfMs: nowMs,
        limit: minutes + 1,
      });
      book.seedWindow(
        key,
        bars.map((b) => ({ timeMs: b.time * 1000, low: b.low, high: b.high })),
      );
    } catch {
      // an instrument without history: the window fills from the quotes seen
    }
  }

  async function watchPrice(
    row: AlertRow,
    id: string,
    symbol: string,
    c: PriceCondition | WatchlistCondition,
    nowMs: number,
  ) {
    const book = bookFor(row);
    const key = await feedKey(row, symbol, nowMs);
    const watched: WatchedPriceAlert = {
      id,
      symbol: key,
      trigger: row.trigger as AlertTriggerMode,
      operator: c.operator,
      value: 'value' in c ? c.value : undefined,
      lower: 'lower' in c ? c.lower : undefined,
      upper: 'upper' in c ? c.upper : undefined,
      percent: c.percent,
      minutes: c.minutes,
      lastFiredMs:
        row.type === 'watchlist'
          ? (row.state.symbols?.[symbol]?.lastFiredMs ?? null)
          : (row.lastTriggeredAt?.getTime() ?? null),
      refPrice: row.type === 'price' ? row.lastPrice : null,
      held:
        row.type === 'watchlist'
          ? row.state.symbols?.[symbol]?.held
          : (row.state.held ?? (row.triggerCount > 0 ? true : undefined)),
    };
    book.add(watched);
    if (c.minutes !== undefined) await seedMoves(book, key, c.minutes, nowMs);
    entriesOf.set(row.id, [...(entriesOf.get(row.id) ?? []), id]);
  }

  function unwatch(alertId: string) {
    for (const id of entriesOf.get(alertId) ?? []) {
      tickBook.remove(id);
      for (const book of barBooks.values()) book.remove(id);
    }
    entriesOf.delete(alertId);
    metas.delete(alertId);
    watchlistRefreshed.delete(alertId);
    drawingCache.delete(alertId);
    lastAccountCheck.delete(alertId);
  }

  async function watch(row: AlertRow, nowMs: number) {
    unwatch(row.id);
    if (row.status !== 'active') return;
    const meta: Meta = {
      row,
      memory: {
        lastFiredMs: row.lastTriggeredAt?.getTime() ?? null,
        ...(row.state.held !== undefined ? { state: row.state.held } : {}),
      },
    };
    metas.set(row.id, meta);
    if (row.expiresAt) nextExpiryMs = Math.min(nextExpiryMs, row.expiresAt.getTime());
    if ((row.type === 'indicator' || row.type === 'drawing') && row.symbol) {
      meta.feed = await feedKey(row, row.symbol, nowMs);
    }
    if (row.type === 'price' && row.symbol) {
      await watchPrice(row, row.id, row.symbol, row.condition as PriceCondition, nowMs);
    }
    if (row.type === 'watchlist') await refreshWatchlist(row, nowMs);
  }

  async function refreshWatchlist(row: AlertRow, nowMs: number) {
    const c = row.condition as WatchlistCondition;
    let tickers: string[] = [];
    try {
      tickers = (await deps.watchlists.get(row.userId, c.watchlistId)).symbols.map((s) => s.ticker);
    } catch {
      tickers = [];
    }
    const wanted = tickers.map((t) => `${row.id}|${t}`);
    const current = entriesOf.get(row.id) ?? [];
    if (wanted.length === current.length && wanted.every((w, i) => w === current[i])) {
      watchlistRefreshed.set(row.id, nowMs);
      return;
    }
    for (const id of current) {
      tickBook.remove(id);
      for (const book of barBooks.values()) book.remove(id);
    }
    entriesOf.delete(row.id);
    for (const t of tickers) await watchPrice(row, `${row.id}|${t}`, t, c, nowMs);
    watchlistRefreshed.set(row.id, nowMs);
  }

  async function load(nowMs: number) {
    metas.clear();
    entriesOf.clear();
    tickBook = new PriceAlertBook();
    barBooks = new Map();
    formingStart.clear();
    liveIndicators.clear();
    drawingCache.clear();
    watchlistRefreshed.clear();
    lastAccountCheck.clear();
    dirty.clear();
    overlays.clear();
    importVersions.clear();
    importsChanged.clear();
    nextExpiryMs = Number.POSITIVE_INFINITY;
    for (const row of await repo.active()) await watch(row, nowMs);
    loaded = true;
  }

  // ---- firing ------------------------------------------------------------------------------------

  async function clockOf(userId: string, nowMs: number): Promise<{ timeZone: string; timeFormat: '24h' | '12h' }> {
    if (!deps.userClock) return { timeZone: 'UTC', timeFormat: '24h' };
    const cached = userClocks.get(userId);
    if (cached && nowMs - cached.at < REFRESH_MS && nowMs >= cached.at) return cached;
    try {
      const { timeZone, timeFormat } = await deps.userClock(userId);
      const fresh = { at: nowMs, timeZone, timeFormat };
      userClocks.set(userId, fresh);
      return fresh;
    } catch {
      return { timeZone: 'UTC', timeFormat: '24h' };
    }
  }

  async function fire(
    alertId: string,
    at: { symbol: string | null; price: number | null; nowMs: number; state?: AlertState; detail?: string },
  ): Promise<void> {
    const meta = metas.get(alertId);
    if (!meta) return;
    const { row } = meta;
    const now = new Date(at.nowMs);
    const once = row.trigger === 'only_once';
    const saved = await repo.recordFire(row.id, {
      at: now,
      status: once ? 'triggered' : 'active',
      price: row.type === 'price' ? at.price : null,
      ...(at.state ? { state: at.state } : {}),
    });
    if (!saved) {
      // deleted or paused meanwhile
      unwatch(row.id);
      return;
    }
    meta.row = saved;
    if (once) unwatch(row.id);
    const userClock = await clockOf(row.userId, at.nowMs);
    const message = formatAlertMessage(row.message.trim() || at.detail || describe(row), {
      ticker: at.symbol,
      close: at.price,
      interval: row.interval,
      timeMs: at.nowMs,
      ...userClock,
    });
    const entries: NewAlertLog[] = [];
    const entry = (e: Partial<NewAlertLog> & Pick<NewAlertLog, 'kind' | 'ok'>): NewAlertLog => ({
      id: newId(),
      alertId: row.id,
      at: now,
      channel: null,
      symbol: null,
      price: null,
      message: null,
      attempt: null,
      statusCode: null,
      error: null,
      ...e,
    });
    entries.push(entry({ kind: 'fired', ok: true, symbol: at.symbol, price: at.price, message }));
    const delivery: AlertDelivery = row.delivery;
    if (delivery.app || delivery.email) {
      try {
        await deps.notifier.notify(row.userId, {
          kind: 'alert',
          title: row.name,
          body: message,
          link: at.symbol ? `/chart?symbol=${encodeURIComponent(at.symbol)}&alerts=open` : '/chart?alerts=open',
          data: { alertId: row.id, type: row.type, symbol: at.symbol, price: at.price, firedAt: now.toISOString() },
          toast: delivery.app && delivery.toast,
          sound: delivery.app && delivery.sound,
          email: delivery.email,
        });
        if (delivery.app) entries.push(entry({ kind: 'delivery', channel: 'app', attempt: 1, ok: true }));
        if (delivery.email) {
          const allowed = await deps.emailAllowed(row.userId);
          entries.push(
            entry({
              kind: 'delivery',
              channel: 'email',
              attempt: 1,
              ok: allowed,
              error: allowed ? null : 'Not sent: e-mail for alerts is off in your notification settings.',
            }),
          );
        }
      } catch (err) {
        log.error({ err, alertId: row.id }, 'an alert notification failed');
        entries.push(
          entry({
            kind: 'delivery',
            channel: 'app',
            attempt: 1,
            ok: false,
            error: 'The notification could not be made.',
          }),
        );
      }
    }
    await repo.log(entries);
    if (delivery.webhook) {
      const payload: AlertWebhookPayload = {
        alertId: row.id,
        fireId: entries[0]!.id,
        name: row.name,
        type: row.type,
        symbol: at.symbol,
        price: at.price,
        interval: row.interval,
        message,
        firedAt: now.toISOString(),
        triggerCount: saved.triggerCount,
      };
      await deps.webhooks.enqueue(row.id, delivery.webhook.url, payload);
    }
  }

  /**
   * Delivers the fires of one step: different alerts concurrently (one slow write or notification does not hold
   * up the others), each alert's own fires (a watchlist alert's symbols) one after another, in order.
   */
  async function firePrice(fired: PriceAlertFire[]) {
    const byAlert = new Map<string, PriceAlertFire[]>();
    for (const f of fired) {
      const bar = f.id.indexOf('|');
      const alertId = bar === -1 ? f.id : f.id.slice(0, bar);
      const list = byAlert.get(alertId);
      if (list) list.push(f);
      else byAlert.set(alertId, [f]);
    }
    await Promise.all(
      [...byAlert].map(async ([alertId, list]) => {
        for (const f of list) {
          try {
            await fireOne(alertId, f);
          } catch (err) {
            log.error({ err, alertId }, 'an alert fire could not be recorded');
          }
        }
      }),
    );
  }

  async function fireOne(alertId: string, f: PriceAlertFire) {
    const symbol = symbolOf(f.symbol);
    if (f.id.indexOf('|') === -1) {
      await fire(alertId, { symbol, price: f.price, nowMs: f.atMs });
      return;
    }
    // a watchlist alert: remember when each symbol fired
    const meta = metas.get(alertId);
    if (!meta) return;
    const symbols = { ...(meta.row.state.symbols ?? {}), [symbol]: { lastFiredMs: f.atMs, held: true } };
    await fire(alertId, { symbol, price: f.price, nowMs: f.atMs, state: { ...meta.row.state, symbols } });
  }

  // ---- bars ---------------------------------------------------------------------------------------

  /** The bar of `interval` of a feed that closed since the last run (once per run and key), or null. */
  async function closedBar(
    feed: string,
    interval: string,
    nowMs: number,
    seen: Map<string, Candle | null>,
  ): Promise<Candle | null> {
    const key = `${feed}|${interval}`;
    if (seen.has(key)) return seen.get(key)!;
    let result: Candle | null = null;
    try {
      const start = candleTimeOf(symbolOf(feed), interval as Timeframe, Math.floor(nowMs / 1000));
      const previous = formingStart.get(key);
      if (start !== null) formingStart.set(key, start);
      if (previous !== undefined && start !== previous) {
        // the bar that started at `previous` is complete (a new one formed, or the market closed)
        const to = start ?? Math.floor(nowMs / 1000) + 1;
        const [bar] = await feedOf(feed).candles(interval as Timeframe, { to, limit: 1, asOfMs: nowMs });
        if (bar && bar.time >= previous) result = bar;
        if (start === null) formingStart.delete(key);
      }
    } catch {
      result = null;
    }
    seen.set(key, result);
    return result;
  }

  async function closedSeries(feed: string, interval: string, bar: Candle, nowMs: number): Promise<CandleArrays> {
    const candles = await feedOf(feed).candles(interval as Timeframe, {
      to: bar.time + 1,
      limit: INDICATOR_BARS,
      asOfMs: nowMs,
    });
    return toCandleArrays(candles);
  }

  /**
   * The plots of an indicator at the forming bar of its interval as of `nowMs` (the closed bars plus the bar
   * forming now, from the simulated market), computed at most once every LIVE_INDICATOR_EVERY_MS per
   * (symbol, interval, indicator, inputs) and shared by the alerts on that key. Within a bar only the forming
   * bar is stepped (LiveIndicator); a new bar builds the state again from the closed bars.
   */
  async function liveIndicatorAt(
    feed: string,
    interval: string,
    c: IndicatorCondition,
    nowMs: number,
    pass: LivePass,
  ): Promise<LiveIndicatorState> {
    const inputs = (c.inputs ?? {}) as IndicatorSettings;
    const key = `${feed}|${interval}|${c.indicator}|${inputsKey(inputs)}`;
    const cached = liveIndicators.get(key);
    if (cached && nowMs >= cached.atMs && nowMs - cached.atMs < LIVE_INDICATOR_EVERY_MS) {
      cached.usedMs = nowMs;
      return cached;
    }
    // a clock set back (tests) starts again from the bars of the new now
    const state: LiveIndicatorState =
      cached && nowMs >= cached.atMs
        ? cached
        : { start: null, live: null, atMs: nowMs, usedMs: nowMs, close: Number.NaN, values: null };
    const known = state === cached;
    state.atMs = nowMs;
    state.usedMs = nowMs;
    liveIndicators.set(key, state);
    const entry = findIndicator(c.indicator);
    if (entry?.kind !== 'series') {
      state.values = null;
      return state;
    }
    const tf = interval as Timeframe;
    const read = (row: ArrayLike<number>) =>
      Object.fromEntries(entry.definition.outputs.map((o, j) => [o.id, row[j]!] as const));
    try {
      const start = candleTimeOf(symbolOf(feed), tf, Math.floor(nowMs / 1000));
      if (start === null) {
        // the market is closed: the last bar is complete and stays as it is until the market opens again
        if (known && state.start === null && state.values) return state;
        const candles = await pass.bars(feed, tf, null, nowMs);
        state.start = null;
        state.live = null;
        state.close = candles.at(-1)?.close ?? Number.NaN;
        state.values =
          candles.length > 0
            ? read(computeIndicator(entry, inputs, toCandleArrays(candles)).map((v) => v[v.length - 1]!))
            : null;
        return state;
      }
      if (!known || state.start !== start || !state.live) {
        // a new bar formed: the closed bars up to it, once per bar
        state.start = start;
        state.live = new LiveIndicator(entry, inputs, toCandleArrays(await pass.bars(feed, tf, start, nowMs)));
      }
      const forming = await pass.forming(feed, tf, nowMs);
      if (!forming || forming.time !== start) {
        state.values = null;
        return state;
      }
      state.close = forming.close;
      state.values = read(state.live.update(forming));
    } catch {
      // an instrument without bars, or bars the indicator cannot take: nothing to compare this time
      state.start = null;
      state.live = null;
      state.values = null;
    }
    return state;
  }

  /** Bars of one run shared by the live indicators of the same (feed, interval). */
  function livePass(): LivePass {
    const bars = new Map<string, Candle[]>();
    const forming = new Map<string, Candle | null>();
    return {
      async bars(feed, tf, start, nowMs) {
        const key = `${feed}|${tf}|${start}`;
        let list = bars.get(key);
        if (!list) {
          const q: AlertBarsQuery =
            start === null
              ? { limit: INDICATOR_BARS, asOfMs: nowMs }
              : { to: start, limit: INDICATOR_BARS - 1, asOfMs: nowMs };
          list = await feedOf(feed).candles(tf, q);
          bars.set(key, list);
        }
        return list;
      },
      async forming(feed, tf, nowMs) {
        const key = `${feed}|${tf}`;
        if (!forming.has(key)) forming.set(key, await feedOf(feed).forming(tf, nowMs));
        return forming.get(key)!;
      },
    };
  }

  /**
   * Indicator alerts of the tick modes (only_once, every_time, once_per_minute): the plot at the forming bar
   * against the value or the other plot, a cross measured from the side seen at the previous evaluation (kept in
   * the alert's memory; the first evaluation only records it), fired as soon as it happens within the bar.
   */
  async function evaluateIndicatorLive(meta: Meta, nowMs: number, pass: LivePass) {
    const { row } = meta;
    if (!row.symbol) return;
    const c = row.condition as IndicatorCondition;
    const state = await liveIndicatorAt(meta.feed ?? row.symbol, row.interval, c, nowMs, pass);
    if (!state.values) return;
    const a = state.values[c.plot];
    const b = c.against ? state.values[c.against] : c.value;
    if (a === undefined || b === undefined || b === null || !Number.isFinite(a) || !Number.isFinite(b)) return;
    await stepKept(meta, c.operator, a, b, { symbol: row.symbol, price: state.close, nowMs });
  }

  /**
   * One comparison of an alert evaluated on every run (intra-bar indicators, drawn lines), its side kept in the
   * alert's state (`held`, read back by watch()): written with the fire, or alone when the side changed without
   * one, so a restart or another leader goes on from the side last seen instead of seeing it afresh (which fired
   * a level again, or missed a cross made meanwhile). Nothing is written while the side stays.
   */
  async function stepKept(
    meta: Meta,
    operator: IndicatorCondition['operator'],
    a: number,
    b: number,
    at: { symbol: string; price: number; nowMs: number },
  ) {
    const { row } = meta;
    const fires = stepComparison(meta.memory, operator, a, b, row.trigger as AlertTriggerMode, at.nowMs);
    const side = meta.memory.state;
    const state = side !== undefined && side !== row.state.held ? { ...row.state, held: side } : undefined;
    if (fires) {
      await fire(row.id, { ...at, ...(state ? { state } : {}) });
    } else if (state) {
      const saved = await repo.updateById(row.id, { state });
      if (saved) meta.row = saved;
    }
  }

  /** Indicator alerts: once_per_bar_close on the closes of its interval's bars, the other triggers intra-bar. */
  async function evaluateIndicator(meta: Meta, nowMs: number, seen: Map<string, Candle | null>, pass: LivePass) {
    if (meta.row.trigger !== 'once_per_bar_close') {
      await evaluateIndicatorLive(meta, nowMs, pass);
      return;
    }
    await evaluateIndicatorAtClose(meta, nowMs, seen);
  }

  async function evaluateIndicatorAtClose(meta: Meta, nowMs: number, seen: Map<string, Candle | null>) {
    const { row } = meta;
    if (!row.symbol) return;
    const feed = meta.feed ?? row.symbol;
    const bar = await closedBar(feed, row.interval, nowMs, seen);
    if (!bar) return;
    const c = row.condition as IndicatorCondition;
    const entry = findIndicator(c.indicator);
    if (entry?.kind !== 'series') return;
    const arrays = await closedSeries(feed, row.interval, bar, nowMs);
    const result = calculateSeries(entry, c.inputs as IndicatorSettings, arrays);
    const plot = result.series.find((s) => s.id === c.plot)?.values;
    const against = c.against ? result.series.find((s) => s.id === c.against)?.values : undefined;
    const n = arrays.close.length;
    if (!plot || n < 2) return;
    const a1 = plot[n - 1]!;
    const a0 = plot[n - 2]!;
    const b1 = against ? against[n - 1]! : c.value!;
    const b0 = against ? against[n - 2]! : c.value!;
    if (![a0, a1, b0, b1].every(Number.isFinite)) return;
    // the side at the previous closed bar, so a cross is measured between two closes whatever the process saw
    const memory: TriggerMemory = {
      lastFiredMs: meta.memory.lastFiredMs,
      state: c.operator === 'less_than' ? a0 < b0 : a0 > b0,
    };
    const closeMs = (bar.time + timeframeSeconds(row.interval as Timeframe)) * 1000;
    const at = Math.min(nowMs, closeMs);
    if (stepComparison(memory, c.operator, a1, b1, row.trigger as AlertTriggerMode, at)) {
      meta.memory.lastFiredMs = at;
      await fire(row.id, { symbol: row.symbol, price: bar.close, nowMs: at });
    }
  }

  async function evaluateDrawing(meta: Meta, nowMs: number, seen: Map<string, Candle | null>) {
    const { row } = meta;
    if (!row.symbol) return;
    const c = row.condition as DrawingCondition;
    let cached = drawingCache.get(row.id);
    if (!cached || nowMs - cached.at >= REFRESH_MS) {
      try {
        cached = { at: nowMs, points: (await deps.drawings.get(row.userId, c.drawingId)).points };
      } catch {
        cached = { at: nowMs, points: null };
      }
      drawingCache.set(row.id, cached);
    }
    if (!cached.points) {
      await expire(row.id, nowMs, 'The drawing was deleted.');
      return;
    }
    let price: number | undefined;
    let timeSec = Math.floor(nowMs / 1000);
    const feed = meta.feed ?? row.symbol;
    if (row.trigger === 'once_per_bar_close') {
      const bar = await closedBar(feed, row.interval, nowMs, seen);
      if (!bar) return;
      price = bar.close;
      timeSec = bar.time + timeframeSeconds(row.interval as Timeframe);
    } else {
      price = await feedOf(feed).price(nowMs);
    }
    if (price === undefined) return;
    const line = linePriceAt(cached.points, timeSec);
    if (line === null) return;
    await stepKept(meta, c.operator, price, line, { symbol: row.symbol, price, nowMs });
  }

  async function evaluateCalendar(meta: Meta, nowMs: number, events: Awaited<ReturnType<AlertCalendar['near']>>) {
    const { row } = meta;
    const c = row.condition as CalendarCondition;
    const done = new Set(row.state.firedEvents ?? []);
    for (const e of events) {
      if (done.has(e.id)) continue;
      if ((IMPACT_RANK[e.impact] ?? 0) < IMPACT_RANK[c.impact]!) continue;
      if (c.currencies.length > 0 && !c.currencies.includes(e.currency.toUpperCase())) continue;
      if (nowMs < e.timeMs - c.minutesBefore * MINUTE || nowMs >= e.timeMs + MINUTE) continue;
      if (
        row.trigger === 'once_per_minute' &&
        meta.memory.lastFiredMs !== null &&
        nowMs - meta.memory.lastFiredMs < MINUTE
      ) {
        return;
      }
      done.add(e.id);
      meta.memory.lastFiredMs = nowMs;
      const minutes = Math.max(0, Math.round((e.timeMs - nowMs) / MINUTE));
      await fire(row.id, {
        symbol: null,
        price: null,
        nowMs,
        state: { ...row.state, firedEvents: [...done].slice(-CALENDAR_FIRED_KEEP) },
        detail: `${e.title} (${e.currency}, ${e.impact} impact) in ${minutes} min.`,
      });
      if (row.trigger === 'only_once') return;
    }
  }

  async function evaluateAccount(meta: Meta, nowMs: number) {
    const { row } = meta;
    if (!deps.accounts) return;
    const last = lastAccountCheck.get(row.id) ?? Number.NEGATIVE_INFINITY;
    if (nowMs - last < ACCOUNT_EVERY_MS) return;
    lastAccountCheck.set(row.id, nowMs);
    const c = row.condition as AccountCondition;
    const figures = await deps.accounts.figures(row.userId, c.accountId);
    if (!figures) return;
    let holds = false;
    let value: number | null = null;
    if (c.metric === 'equity_below') {
      value = figures.equity;
      holds = figures.equity < c.value;
    } else if (c.metric === 'margin_level_below') {
      value = figures.marginLevel;
      holds = figures.marginLevel !== null && figures.marginLevel < c.value;
    } else if (figures.dailyLossLimit !== null && figures.todayPermittedLoss !== null && figures.dailyLossLimit > 0) {
      value = figures.todayPermittedLoss;
      holds = figures.todayPermittedLoss <= (figures.dailyLossLimit * c.value) / 100;
    }
    const before = meta.memory.state;
    const trigger = (row.trigger === 'once_per_bar_close' ? 'every_time' : row.trigger) as AlertTriggerMode;
    const fires = decideFire(meta.memory, trigger, { kind: 'level', holds }, nowMs);
    if (fires) await fire(row.id, { symbol: null, price: value, nowMs, state: { ...row.state, held: holds } });
    else if (before !== meta.memory.state) {
      const saved = await repo.updateById(row.id, { state: { ...row.state, held: holds } });
      if (saved) meta.row = saved;
    }
  }

  async function expire(alertId: string, nowMs: number, why: string) {
    const now = new Date(nowMs);
    const saved = await repo.updateById(alertId, { status: 'expired', updatedAt: now });
    unwatch(alertId);
    if (saved) {
      await repo.log([
        {
          id: newId(),
          alertId,
          at: now,
          kind: 'expired',
          channel: null,
          symbol: null,
          price: null,
          message: why,
          attempt: null,
          statusCode: null,
          error: null,
          ok: true,
        },
      ]);
    }
  }

  /** The longest lead of the calendar alerts watched, plus a minute. */
  function calendarLeadMs(): number {
    let most = 0;
    for (const m of metas.values()) {
      if (m.row.type === 'calendar') most = Math.max(most, (m.row.condition as CalendarCondition).minutesBefore);
    }
    return (most + 1) * MINUTE;
  }

  // ---- the run ------------------------------------------------------------------------------------

  async function run(signal: AbortSignal) {
    if (signal !== leadership) {
      leadership = signal;
      loaded = false;
    }
    const nowMs = clock.now().getTime();
    if (!loaded) await load(nowMs);
    await followImports(nowMs);
    if (dirty.size > 0) {
      const ids = [...dirty];
      dirty.clear();
      const rows = new Map((await repo.byIds(ids)).map((r) => [r.id, r]));
      for (const id of ids) {
        const row = rows.get(id);
        if (row) await watch(row, nowMs);
        else unwatch(id);
      }
    }
    if (nowMs >= nextExpiryMs) {
      const now = new Date(nowMs);
      const gone = await repo.expire(now);
      for (const row of gone) {
        unwatch(row.id);
        await repo.log([
          {
            id: newId(),
            alertId: row.id,
            at: now,
            kind: 'expired',
            channel: null,
            symbol: null,
            price: null,
            message: 'The alert reached its expiry.',
            attempt: null,
            statusCode: null,
            error: null,
            ok: true,
          },
        ]);
      }
      nextExpiryMs = Number.POSITIVE_INFINITY;
      for (const m of metas.values()) {
        if (m.row.expiresAt) nextExpiryMs = Math.min(nextExpiryMs, m.row.expiresAt.getTime());
      }
    }

    // price alerts (and watchlist symbols) of the tick modes: every symbol stepped, then the fires delivered
    // together (an only_once alert unwatched by its first fire ignores the rest: fire() finds it gone)
    const tickFires: PriceAlertFire[] = [];
    for (const key of [...tickBook.symbols()]) {
      if (signal.aborted) return;
      const overlay = overlays.get(key);
      const price = overlay ? await overlay.price(nowMs) : priceOf(key, nowMs);
      if (price === undefined) continue;
      tickFires.push(...tickBook.step(key, price, nowMs));
    }
    await firePrice(tickFires);
    // once_per_bar_close: the close of each bar of the alert's interval
    const seen = new Map<string, Candle | null>();
    for (const [interval, book] of barBooks) {
      for (const key of [...book.symbols()]) {
        const bar = await closedBar(key, interval, nowMs, seen);
        if (bar) await firePrice(book.step(key, bar.close, nowMs));
      }
    }

    for (const [key, state] of liveIndicators) {
      if (nowMs - state.usedMs > LIVE_INDICATOR_KEEP_MS || nowMs < state.usedMs) liveIndicators.delete(key);
    }
    const pass = livePass();
    let calendarEvents: Awaited<ReturnType<AlertCalendar['near']>> | undefined;
    for (const meta of [...metas.values()]) {
      if (signal.aborted) return;
      if (!metas.has(meta.row.id)) continue;
      try {
        switch (meta.row.type) {
          case 'indicator':
            await evaluateIndicator(meta, nowMs, seen, pass);
            break;
          case 'drawing':
            await evaluateDrawing(meta, nowMs, seen);
            break;
          case 'watchlist':
            if (nowMs - (watchlistRefreshed.get(meta.row.id) ?? 0) >= REFRESH_MS)
              await refreshWatchlist(meta.row, nowMs);
            break;
          case 'calendar': {
            if (!deps.calendar) break;
            calendarEvents ??= await deps.calendar.near(nowMs, calendarLeadMs());
            await evaluateCalendar(meta, nowMs, calendarEvents);
            break;
          }
          case 'account':
            await evaluateAccount(meta, nowMs);
            break;
          default:
            break;
        }
      } catch (err) {
        log.error({ err, alertId: meta.row.id }, 'an alert could not be evaluated');
      }
    }
  }

  const job: JobDefinition = {
    name: 'alert-evaluation',
    intervalMs: deps.intervalMs,
    async run({ signal }) {
      try {
        await run(signal);
      } catch (err) {
        log.error({ err }, 'the alert evaluation run failed');
      }
    },
  };

  return {
    job,
    /** One evaluation now (tests and the benchmark drive it by hand). */
    run,
    /** Forgets everything: the next run reads the alerts again. */
    reset() {
      loaded = false;
    },
    /** Active alerts watched (for the tests). */
    get size() {
      return metas.size;
    },
  };
}
export type AlertsEvaluator = ReturnType<typeof createAlertsEvaluator>;
