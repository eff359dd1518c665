import type { JournalTrade } from '@tradedesk/contracts';
import { decimalToMinor, minorToDecimal } from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { ChartsService } from '../charts/charts.service.js';
import type { JournalService } from '../journal/journal.service.js';
import type { JournalAnnotationsService } from '../journal/journal-annotations.service.js';
import type { UsersService } from '../users/users.service.js';
import { DEMO_USER } from './demo.seed.js';
import { DEMO_ACCOUNT_NAME, DEMO_STRATEGY } from './demo.trading.js';

/** How many of the most recent days with demo trades get a journal entry. */
export const DEMO_JOURNAL_DAYS = 5;
const LOOK_BACK_DAYS = 27;
const DAY_MS = 86_400_000;

/** The playbook entry the demo trades followed: the demo trend rule as a strategy of the demo user. */
export type DemoStrategyLink = { strategyId: string; approachId: string | null; checklistItemIds: string[] };

/** How the replay closed a trade: before the window's end at its mental target or stop, else at the end. */
function exitOf(t: JournalTrade): 'target' | 'stop' | 'window' {
  if (new Date(t.closedAt).getUTCHours() >= DEMO_STRATEGY.closeHourUtc) return 'window';
  return decimalToMinor(t.net, t.currency) > 0 ? 'target' : 'stop';
}

const EXIT_WORDS = {
  target: 'closed at its target',
  stop: 'closed at its mental stop',
  window: `closed at ${DEMO_STRATEGY.closeHourUtc}:00 UTC, the end of the window`,
} as const;

const signed = (decimal: string) => (decimal.startsWith('-') ? decimal : `+${decimal}`);

function planHtml(): string {
  const rules = DEMO_STRATEGY.instruments
    .map((i) => `<li>${i.symbol}: ${i.size} lots, stop ${i.stopPips} pips, target ${i.targetPips} pips</li>`)
    .join('');
  return (
    `<h2>Plan</h2><p>Trend rule at ${DEMO_STRATEGY.openHourUtc}:00 UTC: buy when the last hourly close is above ` +
    `the average of the ${DEMO_STRATEGY.averageBars} before it, sell when below. Mental stop and target, flat by ` +
    `${DEMO_STRATEGY.closeHourUtc}:00 UTC.</p><ul>${rules}</ul>`
  );
}

function reviewHtml(trades: readonly JournalTrade[], currency: string): { html: string; netMinor: number } {
  const netMinor = trades.reduce((sum, t) => sum + decimalToMinor(t.net, t.currency), 0);
  const wins = trades.filter((t) => decimalToMinor(t.net, t.currency) > 0).length;
  const lines = trades
    .map((t) => `<li>${t.symbol} ${t.direction}: ${signed(t.net)} ${t.currency}, ${EXIT_WORDS[exitOf(t)]}</li>`)
    .join('');
  const html =
    `<h2>Review</h2><p>${trades.length} trades, ${wins} won, net <strong>${signed(minorToDecimal(netMinor, currency))} ` +
    `${currency}</strong>. The rule was followed as written (Simulated trades).</p><ul>${lines}</ul>`;
  return { html, netMinor };
}

/**
 * On first start, gives the demo user journal days on the most recent days of the demo account's replayed trades:
 * the plan (the demo rule), a review written from that day's booked trades, mood and discipline, tags, a chart
 * snapshot of the demo chart, and each trade annotated (how it closed, a rating, and the demo strategy it followed
 * when the playbook has one). Made only while the demo user has no journal entry.
 */
export async function seedJournalDemo(deps: {
  users: Pick<UsersService, 'findByEmail'>;
  journal: Pick<JournalService, 'calendar' | 'day' | 'saveDay'>;
  annotations: Pick<JournalAnnotationsService, 'annotate'>;
  charts: Pick<ChartsService, 'list'>;
  /** The demo playbook's strategy for the trend rule, when the strategies demo made it. */
  demoStrategy?: (userId: string) => Promise<DemoStrategyLink | null>;
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
  const days = scoped.days
    .filter((d) => d.tradeCount > 0)
    .slice(-DEMO_JOURNAL_DAYS)
    .map((d) => d.date);
  const link = deps.demoStrategy ? await deps.demoStrategy(user.id) : null;
  const chart = (await deps.charts.list(user.id))[0];

  let annotated = 0;
  for (const date of days) {
    const { trades } = await deps.journal.day(user.id, date, [account.id]);
    for (const t of trades) {
      const exit = exitOf(t);
      await deps.annotations.annotate(user.id, t.positionId, {
        notes:
          `<p>${t.direction === 'long' ? 'Bought' : 'Sold'} ${t.symbol} at ${t.openPrice}: the last hourly close was ` +
          `${t.direction === 'long' ? 'above' : 'below'} its ${DEMO_STRATEGY.averageBars}-hour average. ` +
          `${EXIT_WORDS[exit][0]!.toUpperCase()}${EXIT_WORDS[exit].slice(1)} at ${t.closePrice}.</p>`,
        rating: exit === 'target' ? 5 : 4,
        ...(link
          ? {
              strategy_id: link.strategyId,
              approach_id: link.approachId,
              checklist_item_ids: link.checklistItemIds,
            }
          : {}),
      });
      annotated += 1;
    }
    const review = reviewHtml(trades, account.currency);
    await deps.journal.saveDay(user.id, date, {
      account_ids: [account.id],
      plan: planHtml(),
      review: review.html,
      // the day's result sets the mood; the rule was followed every day
      mood: review.netMinor > 0 ? 4 : review.netMinor < 0 ? 2 : 3,
      discipline: 5,
      tags: ['trend-rule', review.netMinor >= 0 ? 'green-day' : 'red-day'],
      ...(chart ? { snapshots: [{ kind: 'chart' as const, chart_id: chart.id, caption: 'The demo chart' }] } : {}),
    });
  }
  deps.log.info(`demo journal created: ${days.length} days, ${annotated} annotated trades`);
  return true;
}
