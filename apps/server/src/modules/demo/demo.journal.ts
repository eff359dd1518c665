import type { JournalAnnotationBody, JournalTrade } from '@tradedesk/contracts';
import {
  type Candle,
  computeIndicator,
  decimalToMinor,
  defaultIndicatorSettings,
  findIndicator,
  minorToDecimal,
  type SimulatedMarket,
} from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { ChartsService } from '../charts/charts.service.js';
import type { JournalService } from '../journal/journal.service.js';
import type { JournalAnnotationsService } from '../journal/journal-annotations.service.js';
import type { JournalMistakesService } from '../journal/journal-mistakes.service.js';
import type { UsersService } from '../users/users.service.js';
import { DEMO_USER } from './demo.seed.js';
import type { DemoStrategyKey, DemoStrategyRef } from './demo.strategies.js';
import { DEMO_ACCOUNT_NAME, DEMO_STRATEGY } from './demo.trading.js';

/**
 * How many of the most recent days with demo trades get a journal entry, at least: more when needed so that a
 * checklist item of the RSI playbook has reviewed trades on both sides (see seedJournalDemo).
 */
export const DEMO_JOURNAL_DAYS = 5;
const LOOK_BACK_DAYS = 27;
const DAY_MS = 86_400_000;

/**
 * The demo playbook's RSI mean reversion is a buy rule on EURUSD and XAUUSD: the demo account's buys on those are
 * reviewed against its "Oversold bounce" approach. Its checklist items, in order, and what the review checks on
 * the simulated market's bars before the entry (the demo positions carry no stop or target, and fixed lots):
 */
const RSI_BOUNCE_CHECKS = [
  'no_new_extreme_4h',
  'adx_below_25_4h',
  'rsi_back_above_30_1h',
  'stop_1_5_atr',
  'target_2_atr',
  'risk_1_percent',
] as const;
type Check = (typeof RSI_BOUNCE_CHECKS)[number];
const REVIEWED_SYMBOLS = new Set(['EURUSD', 'XAUUSD']);

function series(indicator: string, bars: readonly Candle[], output = 0): Float64Array {
  const entry = findIndicator(indicator);
  if (entry?.kind !== 'series') throw new Error(`The indicator ${indicator} is not in the catalogue.`);
  const arrays = {
    time: Float64Array.from(bars, (b) => b.time),
    open: Float64Array.from(bars, (b) => b.open),
    high: Float64Array.from(bars, (b) => b.high),
    low: Float64Array.from(bars, (b) => b.low),
    close: Float64Array.from(bars, (b) => b.close),
    volume: Float64Array.from(bars, (b) => b.volume),
  };
  return computeIndicator(entry, defaultIndicatorSettings(entry), arrays)[output]!;
}

/** Which of the bounce approach's checks a trade opened at `atMs` met, from the bars closed before it. */
function checksMet(market: SimulatedMarket, symbol: string, atMs: number): Set<Check> {
  const met = new Set<Check>();
  const to = Math.floor(atMs / 1000);
  const h4 = market.candles(symbol, '4h', { to, limit: 40, asOfMs: atMs });
  const recent = h4.slice(-10);
  const newExtreme = recent.some((bar, k) => {
    const i = h4.length - recent.length + k;
    const window = h4.slice(Math.max(0, i - 19), i);
    return (
      window.length === 19 &&
      (bar.high > Math.max(...window.map((b) => b.high)) || bar.low < Math.min(...window.map((b) => b.low)))
    );
  });
  if (h4.length >= 30 && !newExtreme) met.add('no_new_extreme_4h');
  const adx = series('dmi', h4).at(-1);
  if (adx !== undefined && Number.isFinite(adx) && adx < 25) met.add('adx_below_25_4h');
  const rsi = series('rsi', market.candles(symbol, '1h', { to, limit: 40, asOfMs: atMs }));
  const last = rsi.at(-1);
  const before = Array.from(rsi.slice(-6, -1));
  if (last !== undefined && last > 30 && before.some((v) => v < 30)) met.add('rsi_back_above_30_1h');
  return met;
}

/** How the replay closed a trade: before the window's end at its mental target or stop, else at the end. */
function exitOf(t: JournalTrade): 'target' | 'stop' | 'window' {
  if (new Date(t.closedAt).getUTCHours() >= DEMO_STRATEGY.closeHourUtc) return 'window';
  return decimalToMinor(t.net, t.currency) > 0 ? 'target' : 'stop';
}

const EXIT_WORDS = {
  target: 'its target',
  stop: 'its mental stop',
  window: `the end of the window, ${DEMO_STRATEGY.closeHourUtc}:00 UTC`,
} as const;

const signed = (decimal: string) => (decimal.startsWith('-') ? decimal : `+${decimal}`);

function planHtml(): string {
  const rules = DEMO_STRATEGY.instruments
    .map(
      (i) =>
        `<li><p>${i.symbol}: ${i.size} ${i.size === 1 ? 'lot' : 'lots'}, stop ${i.stopPips} pips, target ${i.targetPips} pips</p></li>`,
    )
    .join('');
  return (
    `<h3>Plan</h3><p>Trend rule at ${DEMO_STRATEGY.openHourUtc}:00 UTC: buy when the last hourly close is above ` +
    `the average of the ${DEMO_STRATEGY.averageBars} before it, sell when below. Mental stop and target, flat by ` +
    `${DEMO_STRATEGY.closeHourUtc}:00 UTC.</p><ul>${rules}</ul>`
  );
}

function reviewHtml(trades: readonly JournalTrade[], currency: string): { html: string; netMinor: number } {
  const netMinor = trades.reduce((sum, t) => sum + decimalToMinor(t.net, t.currency), 0);
  const wins = trades.filter((t) => decimalToMinor(t.net, t.currency) > 0).length;
  const lines = trades
    .map(
      (t) =>
        `<li><p>${t.symbol} ${t.direction}: ${signed(t.net)} ${t.currency}, closed at ${EXIT_WORDS[exitOf(t)]}</p></li>`,
    )
    .join('');
  const html =
    `<h3>Review</h3><p>${trades.length} trades, ${wins} won, net <strong>${signed(minorToDecimal(netMinor, currency))} ` +
    `${currency}</strong>. The rule was followed as written (Simulated trades).</p><ul>${lines}</ul>`;
  return { html, netMinor };
}

/**
 * Whether the reviewed trades let the rule-compliance table compare: some checklist item of the approach was met
 * by one of them and missed by another (the "followed" and "broke" groups of that item both have trades).
 */
export function comparable(reviews: readonly Partial<JournalAnnotationBody>[], checklistItemIds: readonly string[]) {
  const linked = reviews.filter((r) => r.approach_id !== undefined && r.approach_id !== null);
  return checklistItemIds.some((id) => {
    const met = linked.filter((r) => r.checklist_item_ids?.includes(id)).length;
    return met > 0 && met < linked.length;
  });
}

/**
 * On first start, gives the demo user journal days on the most recent days of the demo account's replayed trades:
 * the plan (the demo rule), a review written from that day's booked trades, mood and discipline, tags, a chart
 * snapshot of the demo chart, and each trade annotated (how it closed, a rating). The buys on EURUSD and XAUUSD
 * are also reviewed against the demo playbook's RSI mean reversion (when the strategies demo made it): linked to
 * its entry approach, with the checklist items the simulated market's bars show were met, and "FOMO entry" when
 * RSI had not come back above 30. The days are the DEMO_JOURNAL_DAYS most recent ones, or as many more of
 * the most recent ones (within the four weeks) as it takes for one of those checklist items to be met by some of
 * the reviewed trades and missed by others, so the demo's rule-compliance table has a "followed" group to set
 * against "broke" (the items are read from the deterministic simulated market, never made up). Made only while
 * the demo user has no journal entry.
 */
export async function seedJournalDemo(deps: {
  users: Pick<UsersService, 'findByEmail'>;
  journal: Pick<JournalService, 'calendar' | 'day' | 'saveDay'>;
  annotations: Pick<JournalAnnotationsService, 'annotate'>;
  mistakes: Pick<JournalMistakesService, 'list'>;
  charts: Pick<ChartsService, 'list'>;
  market: SimulatedMarket;
  /** The demo playbook's ids, when the strategies demo made it. */
  demoStrategies?: (userId: string) => Promise<Partial<Record<DemoStrategyKey, DemoStrategyRef>>>;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  const user = await deps.users.findByEmail(DEMO_USER.email);
  if (!user) return false;
  const now = deps.now();
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const range = { from: iso(now.getTime() - LOOK_BACK_DAYS * DAY_MS), to: iso(now.getTime()) };
  const calendar = await deps.journal.calendar(user.id, range);
  if (calendar.days.some((d) => d.hasEntry)) return false;
  const account = calendar.accounts.find((a) => a.name === DEMO_ACCOUNT_NAME);
  if (!account) return false;

  const scoped = await deps.journal.calendar(user.id, { ...range, account_ids: [account.id] });
  const traded = scoped.days.filter((d) => d.tradeCount > 0).map((d) => d.date);
  const playbook = deps.demoStrategies ? await deps.demoStrategies(user.id) : {};
  const rsi = playbook.rsiMeanReversion;
  const bounce = rsi?.approaches.find((a) => a.status === 'entry');
  const fomo = (await deps.mistakes.list(user.id)).mistakes.find((m) => m.name === 'FOMO entry');

  /** A buy on the RSI playbook's symbols, reviewed against its bounce approach: items met, FOMO without the trigger. */
  function playbookReview(t: JournalTrade): Partial<JournalAnnotationBody> {
    if (!rsi || !bounce || t.direction !== 'long' || !REVIEWED_SYMBOLS.has(t.symbol)) return {};
    const met = checksMet(deps.market, t.symbol, Date.parse(t.openedAt));
    const ids = bounce.checklistItemIds.length === RSI_BOUNCE_CHECKS.length ? bounce.checklistItemIds : [];
    return {
      strategy_id: rsi.strategyId,
      approach_id: bounce.id,
      checklist_item_ids: ids.filter((_, i) => met.has(RSI_BOUNCE_CHECKS[i]!)),
      mistake_ids: fomo && !met.has('rsi_back_above_30_1h') ? [fomo.id] : [],
    };
  }
  const chart = (await deps.charts.list(user.id))[0];

  // the most recent days first, until there are enough of them and the playbook's reviews can be compared
  const chosen: Array<{ date: string; trades: JournalTrade[]; reviews: Partial<JournalAnnotationBody>[] }> = [];
  const itemIds = bounce?.checklistItemIds ?? [];
  for (let i = traded.length - 1; i >= 0; i--) {
    const reviews = chosen.flatMap((d) => d.reviews);
    if (chosen.length >= DEMO_JOURNAL_DAYS && (!rsi || !bounce || comparable(reviews, itemIds))) break;
    const date = traded[i]!;
    const { trades } = await deps.journal.day(user.id, date, [account.id]);
    chosen.unshift({ date, trades, reviews: trades.map(playbookReview) });
  }
  if (
    rsi &&
    bounce &&
    !comparable(
      chosen.flatMap((d) => d.reviews),
      itemIds,
    )
  ) {
    deps.log.warn('demo journal: no RSI checklist item was both met and missed by the reviewed demo trades');
  }

  let annotated = 0;
  for (const { date, trades, reviews } of chosen) {
    let mistakes = 0;
    for (const [k, t] of trades.entries()) {
      const exit = exitOf(t);
      const reviewed = reviews[k]!;
      mistakes += reviewed.mistake_ids?.length ?? 0;
      await deps.annotations.annotate(user.id, t.positionId, {
        notes:
          `<p>${t.direction === 'long' ? 'Bought' : 'Sold'} ${t.symbol} at ${t.openPrice}: the last hourly close was ` +
          `${t.direction === 'long' ? 'above' : 'below'} its ${DEMO_STRATEGY.averageBars}-hour average. ` +
          `Closed at ${t.closePrice} (${EXIT_WORDS[exit]}).</p>`,
        rating: exit === 'target' ? 5 : 4,
        ...reviewed,
      });
      annotated += 1;
    }
    const review = reviewHtml(trades, account.currency);
    await deps.journal.saveDay(user.id, date, {
      account_ids: [account.id],
      plan: planHtml(),
      review: review.html,
      // the day's result sets the mood; discipline is 5 less one for a day with a playbook mistake
      mood: review.netMinor > 0 ? 4 : review.netMinor < 0 ? 2 : 3,
      discipline: mistakes > 0 ? 4 : 5,
      tags: ['trend-rule', review.netMinor >= 0 ? 'green-day' : 'red-day'],
      ...(chart ? { snapshots: [{ kind: 'chart' as const, chart_id: chart.id, caption: 'The demo chart' }] } : {}),
    });
  }
  deps.log.info(`demo journal created: ${chosen.length} days, ${annotated} annotated trades`);
  return true;
}
