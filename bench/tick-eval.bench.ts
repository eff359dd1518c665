// Cost of evaluating live quotes against 10,000 open positions and pending orders across 100 symbols: the trigger
// book (`TriggerBook`, items indexed by symbol) against a naive baseline measured in the same run (one flat list
// of every item, scanned on each quote with the same trigger rules), with a check that both set off the same
// actions.
//   npm run bench -- tick-eval
import { INSTRUMENTS } from '../packages/core/src/market/instruments/catalogue.js';
import type { Instrument } from '../packages/core/src/market/instruments/types.js';
import {
  type BidAsk,
  pendingTriggered,
  type Side,
  slippagePoints,
  stopLossTriggered,
  type TriggerAction,
  TriggerBook,
  takeProfitTriggered,
  trailingStopUpdate,
  type WatchedOrder,
  type WatchedPosition,
} from '../packages/core/src/trading/index.js';

const SYMBOLS = 100;
const ITEMS_PER_SYMBOL = 100; // 60 positions, 40 pending orders
const TICKS = 50_000;
/** The naive scan costs 10,000 checks a quote: it runs over the first quotes only, and is compared per quote. */
const NAIVE_TICKS = 2_000;
const RUNS = 5;

/** Deterministic uniform [0, 1) generator (mulberry32), so every run sees the same book and quotes. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(7);
const instruments: Instrument[] = INSTRUMENTS.slice(0, SYMBOLS);
const round = (i: Instrument, p: number) => Number(p.toFixed(i.digits));

const positions: WatchedPosition[] = [];
const orders: WatchedOrder[] = [];
for (const i of instruments) {
  const price = i.referencePrice;
  const pt = i.pointSize;
  // most triggers lie 1-3 % away; one item in twenty within 30-150 points, so some fire during the run
  const away = () => (random() < 0.05 ? (30 + random() * 120) * pt : price * (0.01 + random() * 0.02));
  for (let k = 0; k < 60; k++) {
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    const d = side === 'buy' ? 1 : -1;
    const trailing = k % 3 === 0;
    positions.push({
      id: `${i.id}-p${k}`,
      symbol: i.id,
      side,
      openPrice: round(i, price - d * random() * 40 * pt),
      stopLoss: trailing && random() < 0.5 ? null : round(i, price - d * away()),
      takeProfit: random() < 0.2 ? null : round(i, price + d * away()),
      trailingPoints: trailing ? 50 + Math.floor(random() * 100) : null,
    });
  }
  for (let k = 0; k < 40; k++) {
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    const d = side === 'buy' ? 1 : -1;
    const type = (['limit', 'stop', 'stop_limit'] as const)[k % 3]!;
    const level = type === 'limit' ? round(i, price - d * away()) : round(i, price + d * away());
    orders.push({
      id: `${i.id}-o${k}`,
      symbol: i.id,
      side,
      type,
      triggerPrice: type === 'limit' ? null : level,
      limitPrice: type === 'limit' ? level : type === 'stop_limit' ? round(i, level - d * 20 * pt) : null,
      expiresAtMs: k % 10 === 0 ? Math.floor(random() * TICKS * 10) : null,
    });
  }
}

// quotes: each tick picks a symbol at random and moves its mid by up to 3 points
interface Tick {
  symbol: string;
  quote: BidAsk;
}
const mids = instruments.map((i) => i.referencePrice);
const ticks: Tick[] = [];
for (let t = 0; t < TICKS; t++) {
  const s = Math.floor(random() * SYMBOLS);
  const i = instruments[s]!;
  mids[s] = mids[s]! + Math.round((random() - 0.5) * 7) * i.pointSize;
  const bid = round(i, mids[s]! - (i.typicalSpread * i.pointSize) / 2);
  ticks.push({
    symbol: i.id,
    quote: { bid, ask: round(i, bid + i.typicalSpread * i.pointSize), open: true, time: t * 10 },
  });
}

/** Runs every tick through a fresh trigger book; returns the number of actions and a checksum of them. */
function runBook(count = TICKS): { actions: number; sum: number } {
  const book = new TriggerBook();
  for (const p of positions) book.setPosition(p);
  for (const o of orders) book.setOrder(o);
  let actions = 0;
  let sum = 0;
  for (let k = 0; k < count; k++) {
    const t = ticks[k]!;
    const out = book.evaluate(t.symbol, t.quote);
    actions += out.length;
    for (const a of out) sum += checksum(a);
  }
  return { actions, sum };
}

function checksum(a: TriggerAction): number {
  if (a.kind === 'fill_order' || a.kind === 'close_position') return a.price + a.slippagePoints;
  if (a.kind === 'update_trailing_stop') return a.stopLoss;
  if (a.kind === 'place_limit') return a.limitPrice;
  return 1;
}

/** The naive way: one list of every item, each quote scans all of it and skips other symbols. */
function runNaive(count = NAIVE_TICKS): { actions: number; sum: number } {
  // symbols compared as small integers, the cheapest test a flat scan can make
  const index = new Map(instruments.map((i, n) => [i.id, n]));
  const ps = positions.map((p) => ({ ...p, s: index.get(p.symbol)!, alive: true }));
  const os = orders.map((o) => ({ ...o, s: index.get(o.symbol)!, alive: true }));
  let actions = 0;
  let sum = 0;
  for (let k = 0; k < count; k++) {
    const t = ticks[k]!;
    const q = t.quote;
    const si = index.get(t.symbol)!;
    const i = instruments[si]!;
    const time = q.time ?? 0;
    for (const o of os) {
      if (o.s !== si || !o.alive) continue;
      if (o.expiresAtMs !== null && time >= o.expiresAtMs) {
        o.alive = false;
        actions++;
        sum += 1;
        continue;
      }
      const level = (o.type === 'limit' ? o.limitPrice : o.triggerPrice)!;
      let hit = pendingTriggered(o.type, o.side, level, q);
      let requested = level;
      if (hit && o.type === 'stop_limit') {
        actions++;
        sum += o.limitPrice!;
        o.type = 'limit';
        o.triggerPrice = null;
        requested = o.limitPrice!;
        hit = pendingTriggered('limit', o.side, requested, q);
      }
      if (hit) {
        const price = o.side === 'buy' ? q.ask : q.bid;
        o.alive = false;
        actions++;
        sum += price + slippagePoints(i, o.side, requested, price);
      }
    }
    for (const p of ps) {
      if (p.s !== si || !p.alive) continue;
      const price = p.side === 'buy' ? q.bid : q.ask;
      const requested =
        p.stopLoss !== null && stopLossTriggered(p.side, p.stopLoss, q)
          ? p.stopLoss
          : p.takeProfit !== null && takeProfitTriggered(p.side, p.takeProfit, q)
            ? p.takeProfit
            : null;
      if (requested !== null) {
        p.alive = false;
        actions++;
        sum += price + slippagePoints(i, p.side === 'buy' ? 'sell' : 'buy', requested, price);
        continue;
      }
      if (p.trailingPoints !== null) {
        const next = trailingStopUpdate(i, p.side, p.openPrice, p.stopLoss, p.trailingPoints, q);
        if (next !== null) {
          p.stopLoss = next;
          actions++;
          sum += next;
        }
      }
    }
  }
  return { actions, sum };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** CPU time of this process (user + system) in milliseconds: on a shared machine wall time measures waiting. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const a = runBook(NAIVE_TICKS);
const b = runNaive(NAIVE_TICKS);
const all = runBook();
const same = a.actions === b.actions && Math.abs(a.sum - b.sum) < 1e-6 * Math.max(1, Math.abs(b.sum));
for (let k = 0; k < 2; k++) {
  runBook();
  runNaive();
}
const bookMs: number[] = [];
const naiveMs: number[] = [];
const ratios: number[] = [];
for (let r = 0; r < RUNS; r++) {
  let t0 = cpuMs();
  runBook();
  const tb = cpuMs() - t0;
  t0 = cpuMs();
  runNaive();
  const tn = cpuMs() - t0;
  bookMs.push(tb);
  naiveMs.push(tn);
  ratios.push(tn / NAIVE_TICKS / (Math.max(tb, 1e-3) / TICKS));
}
// the book is rebuilt inside each timed run; measure that part alone to subtract it
const buildMs: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const t0 = cpuMs();
  const book = new TriggerBook();
  for (const p of positions) book.setPosition(p);
  for (const o of orders) book.setOrder(o);
  buildMs.push(cpuMs() - t0);
}
const items = positions.length + orders.length;
const perTickNs = ((median(bookMs) - median(buildMs)) * 1e6) / TICKS;
const naivePerTickNs = (median(naiveMs) * 1e6) / NAIVE_TICKS;
const perEvaluatedItemNs = perTickNs / ITEMS_PER_SYMBOL;
console.log(
  `Tick evaluation: ${items.toLocaleString('en-US')} items (${positions.length} positions, ${orders.length} pending orders) ` +
    `over ${SYMBOLS} symbols, ${TICKS.toLocaleString('en-US')} quotes, median of ${RUNS} alternating rounds (Node ${process.version})`,
);
console.log(
  `actions set off: ${all.actions.toLocaleString('en-US')}; same actions as the baseline over its ${NAIVE_TICKS.toLocaleString('en-US')} quotes (${a.actions}): ${same ? 'yes' : 'NO'}`,
);
console.log(
  `trigger book: ${perTickNs.toFixed(0)} ns per quote (building the book, ${median(buildMs).toFixed(1)} ms, excluded)`,
);
console.log(
  `  per item of the quoted symbol: ${perEvaluatedItemNs.toFixed(1)} ns; per item in the book: ${(perTickNs / items).toFixed(3)} ns`,
);
console.log(
  `naive scan of every item: ${naivePerTickNs.toFixed(0)} ns per quote, ${(naivePerTickNs / items).toFixed(1)} ns per item`,
);
console.log(
  `speed-up over the naive scan, per quote: ${median(ratios).toFixed(0)}x (median per-round ratio, book build included)`,
);
const met = perEvaluatedItemNs <= 1000;
console.log(
  `goal at most 1 us per position per quote: ${met ? 'met' : 'NOT met'} (${(perEvaluatedItemNs / 1000).toFixed(4)} us per evaluated item)`,
);
if (!same) process.exit(1);
