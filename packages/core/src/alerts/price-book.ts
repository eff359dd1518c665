import { LevelIndex } from './price-index.js';
import {
  type AlertTriggerMode,
  decideFire,
  isLevelOperator,
  moveHolds,
  stepChannel,
  stepComparison,
  type TriggerMemory,
} from './triggers.js';

export type PriceAlertOperator =
  | 'crossing'
  | 'crossing_up'
  | 'crossing_down'
  | 'greater_than'
  | 'less_than'
  | 'entering_channel'
  | 'exiting_channel'
  | 'moving_up_pct'
  | 'moving_down_pct';

/** A price alert as the book watches it. */
export interface WatchedPriceAlert {
  id: string;
  symbol: string;
  trigger: AlertTriggerMode;
  operator: PriceAlertOperator;
  /** crossing*, greater_than, less_than. */
  value?: number | undefined;
  /** entering_channel, exiting_channel. */
  lower?: number | undefined;
  upper?: number | undefined;
  /** moving_up_pct, moving_down_pct: by `percent` within `minutes`. */
  percent?: number | undefined;
  minutes?: number | undefined;
  lastFiredMs: number | null;
  /**
   * The price the alert was last seen at (when made, when it last fired): the first price the book sees is
   * compared with it, so a cross that happened while nothing watched (a restart) still fires. Null: the first
   * price only sets the side.
   */
  refPrice: number | null;
  /**
   * Level conditions: whether the level held when last evaluated (before this book). An every_time alert that
   * held then does not fire again until the level stops holding and holds again.
   */
  held?: boolean | undefined;
}

export interface PriceAlertFire {
  id: string;
  symbol: string;
  price: number;
  atMs: number;
}

interface Entry {
  alert: WatchedPriceAlert;
  memory: TriggerMemory;
  /** The step that last evaluated it (an alert with two levels is evaluated once a step). */
  stamp: number;
}

const MINUTE = 60_000;
const MAX_WINDOW_MINUTES = 24 * 60;

/** Lowest and highest price of each minute, for the moving_*_pct conditions. */
class PriceWindow {
  #minutes: number[] = [];
  #lows: number[] = [];
  #highs: number[] = [];
  #cache = new Map<number, { low: number; high: number }>();

  push(timeMs: number, low: number, high: number): void {
    this.#cache.clear();
    const m = Math.floor(timeMs / MINUTE);
    const n = this.#minutes.length;
    if (n > 0 && this.#minutes[n - 1] === m) {
      this.#lows[n - 1] = Math.min(this.#lows[n - 1]!, low);
      this.#highs[n - 1] = Math.max(this.#highs[n - 1]!, high);
    } else if (n === 0 || this.#minutes[n - 1]! < m) {
      this.#minutes.push(m);
      this.#lows.push(low);
      this.#highs.push(high);
    }
    const first = m - MAX_WINDOW_MINUTES;
    let drop = 0;
    while (drop < this.#minutes.length && this.#minutes[drop]! < first) drop++;
    if (drop > 64 || (drop > 0 && drop === this.#minutes.length)) {
      this.#minutes.splice(0, drop);
      this.#lows.splice(0, drop);
      this.#highs.splice(0, drop);
    }
  }

  /** Lowest and highest price from `minutes` minutes before `nowMs` to `nowMs`. */
  range(nowMs: number, minutes: number): { low: number; high: number } {
    const hit = this.#cache.get(minutes);
    if (hit) return hit;
    const from = Math.floor((nowMs - minutes * MINUTE) / MINUTE);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let i = this.#minutes.length - 1; i >= 0 && this.#minutes[i]! >= from; i--) {
      if (this.#lows[i]! < low) low = this.#lows[i]!;
      if (this.#highs[i]! > high) high = this.#highs[i]!;
    }
    const answer = { low, high };
    this.#cache.set(minutes, answer);
    return answer;
  }
}

interface SymbolBook {
  last: number | undefined;
  levels: LevelIndex;
  /** Alerts added since the last step: evaluated on the next one whatever the move. */
  fresh: Set<string>;
  /** Level alerts holding whose mode fires again while they hold (once_per_minute, once_per_bar_close). */
  recheck: Set<string>;
  /** moving_*_pct alerts: their threshold follows the window, evaluated every step. */
  moves: Set<string>;
  window: PriceWindow;
}

/**
 * Active price alerts by symbol, with their thresholds in a `LevelIndex` per symbol: a new price for a symbol
 * evaluates only the alerts whose value (or channel edge) lies between the previous price and the new one,
 * plus the few that must be looked at every time (new alerts, holding levels that fire again, % moves). A
 * price that jumped across a value between two steps crosses it. An only_once alert leaves the book when it
 * fires. Feed it ticks for the tick modes, or the closes of one interval's bars for once_per_bar_close.
 */
export class PriceAlertBook {
  #symbols = new Map<string, SymbolBook>();
  #entries = new Map<string, Entry>();
  #stamp = 0;

  get size(): number {
    return this.#entries.size;
  }

  has(id: string): boolean {
    return this.#entries.has(id);
  }

  /** Symbols with at least one alert. */
  symbols(): IterableIterator<string> {
    return this.#symbols.keys();
  }

  #symbol(symbol: string): SymbolBook {
    let s = this.#symbols.get(symbol);
    if (!s) {
      s = {
        last: undefined,
        levels: new LevelIndex(),
        fresh: new Set(),
        recheck: new Set(),
        moves: new Set(),
        window: new PriceWindow(),
      };
      this.#symbols.set(symbol, s);
    }
    return s;
  }

  /** Adds or replaces an alert. */
  add(alert: WatchedPriceAlert): void {
    this.remove(alert.id);
    const memory: TriggerMemory = { lastFiredMs: alert.lastFiredMs };
    const ref = alert.refPrice;
    const op = alert.operator;
    if (op === 'crossing' || op === 'crossing_up' || op === 'crossing_down') {
      if (ref !== null) memory.state = ref > alert.value!;
    } else if (op === 'entering_channel' || op === 'exiting_channel') {
      if (ref !== null) memory.state = ref >= alert.lower! && ref <= alert.upper!;
    } else if (alert.held !== undefined) {
      memory.state = alert.held;
    }
    this.#entries.set(alert.id, { alert, memory, stamp: -1 });
    const s = this.#symbol(alert.symbol);
    if (op === 'moving_up_pct' || op === 'moving_down_pct') s.moves.add(alert.id);
    else if (op === 'entering_channel' || op === 'exiting_channel') {
      s.levels.add(alert.id, alert.lower!);
      s.levels.add(alert.id, alert.upper!);
    } else s.levels.add(alert.id, alert.value!);
    s.fresh.add(alert.id);
  }

  remove(id: string): boolean {
    const entry = this.#entries.get(id);
    if (!entry) return false;
    this.#entries.delete(id);
    const { alert } = entry;
    const s = this.#symbols.get(alert.symbol)!;
    if (alert.operator === 'entering_channel' || alert.operator === 'exiting_channel') {
      s.levels.remove(id, alert.lower!);
      s.levels.remove(id, alert.upper!);
    } else if (alert.operator !== 'moving_up_pct' && alert.operator !== 'moving_down_pct') {
      s.levels.remove(id, alert.value!);
    }
    s.fresh.delete(id);
    s.recheck.delete(id);
    s.moves.delete(id);
    if (s.levels.size === 0 && s.moves.size === 0 && s.fresh.size === 0) this.#symbols.delete(alert.symbol);
    return true;
  }

  /** Lowest and highest prices of past minutes for the % move conditions (e.g. 1-minute bars on start). */
  seedWindow(symbol: string, bars: readonly { timeMs: number; low: number; high: number }[]): void {
    const s = this.#symbols.get(symbol);
    if (!s) return;
    for (const b of bars) s.window.push(b.timeMs, b.low, b.high);
  }

  /** The last price the book saw for a symbol. */
  lastPrice(symbol: string): number | undefined {
    return this.#symbols.get(symbol)?.last;
  }

  /** A new price of `symbol` at `nowMs`: the alerts it fires, each at most once. */
  step(symbol: string, price: number, nowMs: number): PriceAlertFire[] {
    const s = this.#symbols.get(symbol);
    if (!s) return [];
    const stamp = ++this.#stamp;
    const fired: PriceAlertFire[] = [];
    const prev = s.last;
    s.last = price;
    if (s.moves.size > 0) s.window.push(nowMs, price, price);
    const visit = (id: string) => {
      const entry = this.#entries.get(id);
      if (!entry || entry.stamp === stamp) return;
      entry.stamp = stamp;
      if (this.#evaluate(entry, s, price, nowMs)) fired.push({ id, symbol, price, atMs: nowMs });
    };
    if (prev !== undefined && prev !== price) {
      s.levels.between(Math.min(prev, price), Math.max(prev, price), visit);
    }
    if (s.fresh.size > 0) {
      const fresh = [...s.fresh];
      s.fresh.clear();
      for (const id of fresh) visit(id);
    }
    for (const id of [...s.recheck]) visit(id);
    for (const id of s.moves) visit(id);
    for (const f of fired) {
      const entry = this.#entries.get(f.id);
      if (entry?.alert.trigger === 'only_once') this.remove(f.id);
    }
    return fired;
  }

  #evaluate(entry: Entry, s: SymbolBook, price: number, nowMs: number): boolean {
    const { alert, memory } = entry;
    const op = alert.operator;
    let fires: boolean;
    if (op === 'entering_channel' || op === 'exiting_channel') {
      fires = stepChannel(memory, op, price, alert.lower!, alert.upper!, alert.trigger, nowMs);
    } else if (op === 'moving_up_pct' || op === 'moving_down_pct') {
      const { low, high } = s.window.range(nowMs, alert.minutes!);
      const holds = moveHolds(op === 'moving_up_pct' ? 'up' : 'down', price, low, high, alert.percent!);
      fires = decideFire(memory, alert.trigger, { kind: 'level', holds }, nowMs);
    } else {
      fires = stepComparison(memory, op, price, alert.value!, alert.trigger, nowMs);
    }
    if (isLevelOperator(op) && op !== 'moving_up_pct' && op !== 'moving_down_pct') {
      const again = alert.trigger === 'once_per_minute' || alert.trigger === 'once_per_bar_close';
      if (again && memory.state) s.recheck.add(alert.id);
      else s.recheck.delete(alert.id);
    }
    return fires;
  }
}
