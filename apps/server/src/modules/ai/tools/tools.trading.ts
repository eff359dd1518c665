import { AI_PERIODS, type MetricsResponse, metricsQuerySchema, type TradingAccount } from '@tradedesk/contracts';
import { minorUnitDigits } from '@tradedesk/core';
import { z } from 'zod';
import type { AiTool, ToolResult } from '../ai.types.js';
import { type DayRange, localToday, resolvePeriod } from './periods.js';
import {
  accountFor,
  accountIdArg,
  dateArg,
  defineTool,
  money,
  NO_ACCOUNT,
  percent,
  ratio,
  symbolArg,
  ticker,
  zoneOf,
} from './tool-kit.js';
import type { AiToolsDeps } from './tools.deps.js';

const periodArgs = {
  period: z
    .enum(AI_PERIODS, { error: `period must be one of ${AI_PERIODS.join(', ')}.` })
    .optional()
    .describe('A period in the user’s time zone; from/to win over it. Default: all.'),
  from: dateArg('from').optional().describe('First day (YYYY-MM-DD), in the user’s time zone.'),
  to: dateArg('to').optional().describe('Last day (YYYY-MM-DD), inclusive.'),
};
const accountArg = accountIdArg.optional().describe('A trading account id; default: the active account.');

export const PERFORMANCE_GROUPS = ['none', 'hour', 'day_of_week', 'session', 'symbol'] as const;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const METRICS_TAB: Record<(typeof PERFORMANCE_GROUPS)[number], string | null> = {
  none: null,
  hour: 'time_analysis',
  day_of_week: 'day_of_week',
  session: 'time_analysis',
  symbol: 'symbols',
};

function accountLine(a: TradingAccount): string {
  const kind = a.propFirm ? 'prop challenge' : a.kind;
  return `${a.name} (${kind}, ${a.currency}), balance ${money(a.balance, a.currency)}${a.active ? ', active' : ''}`;
}

/** The metrics screen with the same account, range and tab. */
function metricsPath(accountId: string, range: DayRange, tab: string | null, symbol?: string): string {
  const q = new URLSearchParams({ account: accountId });
  if (range.from || range.to) {
    q.set('range', 'custom');
    if (range.from) q.set('from', range.from);
    if (range.to) q.set('to', range.to);
  }
  if (tab) q.set('tab', tab);
  if (symbol) q.set('symbol', symbol);
  return `/metrics?${q.toString()}`;
}

/** Keeps at most `max` points of a curve, always the first and the last. */
function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]!);
}

function chartOf(
  m: MetricsResponse,
  groupBy: (typeof PERFORMANCE_GROUPS)[number],
): NonNullable<ToolResult['chart']> | undefined {
  const currency = m.currency;
  switch (groupBy) {
    case 'none': {
      const rows = thin(m.curves.points, 200).map((p) => ({
        time: p.time,
        value: p.equity,
        balance: p.balance,
        drawdown: p.drawdown,
      }));
      return rows.length > 0 ? { type: 'equity', rows, currency } : undefined;
    }
    case 'hour':
      return {
        type: 'time',
        rows: m.timeAnalysis.byHour.map((b) => ({
          label: `${String(b.hour).padStart(2, '0')}:00`,
          value: b.net,
          count: b.count,
          winRate: b.winRate,
        })),
        currency,
      };
    case 'day_of_week':
      return {
        type: 'day_of_week',
        rows: m.dayOfWeek.map((b) => ({
          label: WEEKDAYS[b.weekday - 1] ?? String(b.weekday),
          value: b.net,
          count: b.count,
          winRate: b.winRate,
        })),
        currency,
      };
    case 'session':
      return {
        type: 'bars',
        rows: m.timeAnalysis.bySession.map((b) => ({
          label: b.session,
          value: b.net,
          count: b.count,
          winRate: b.winRate,
        })),
        currency,
      };
    case 'symbol':
      return {
        type: 'symbol_allocation',
        rows: m.symbols.map((s) => ({ label: s.symbol, value: s.net, count: s.count, winRate: s.winRate })),
        currency,
      };
  }
}

function groupLines(chart: NonNullable<ToolResult['chart']> | undefined, currency: string): string[] {
  if (!chart || chart.type === 'equity') return [];
  const rows = chart.rows.filter((r) => Number(r.count ?? 0) > 0);
  if (rows.length === 0) return [];
  const best = rows.reduce((a, b) => (Number(b.value) > Number(a.value) ? b : a));
  const worst = rows.reduce((a, b) => (Number(b.value) < Number(a.value) ? b : a));
  return [
    ...rows.map((r) => `${r.label}: ${money(Number(r.value), currency)} over ${r.count} trades`),
    `Best: ${best.label} (${money(Number(best.value), currency)}); worst: ${worst.label} (${money(Number(worst.value), currency)}).`,
  ];
}

export function tradingTools(deps: AiToolsDeps): AiTool[] {
  const getAccounts = defineTool({
    name: 'get_accounts',
    kind: 'read',
    description:
      'The user’s trading accounts: name, kind (virtual, prop challenge, imported), currency, balance, equity, status and which one is active.',
    parameters: z.object({}),
    async run(ctx) {
      const accounts = (await deps.accounts.list(ctx.userId, 'all')).filter((a) => a.status !== 'archived');
      if (accounts.length === 0) return NO_ACCOUNT;
      const rows = await Promise.all(
        accounts.map(async (a) => {
          let equity: number | null = null;
          try {
            equity = (await deps.trades.snapshotOf(await deps.accounts.owned(ctx.userId, a.id))).account.equity;
          } catch {
            equity = null; // an imported account has no live figures
          }
          return {
            id: a.id,
            name: a.name,
            kind: a.propFirm ? 'prop' : a.kind,
            currency: a.currency,
            balance: a.balance,
            equity,
            status: a.status,
            active: a.active,
            propFirm: a.propFirm
              ? { firmId: a.propFirm.firmId, phase: a.propFirm.phase, state: a.propFirm.state }
              : null,
          };
        }),
      );
      return {
        summary: `You have ${rows.length} trading account${rows.length === 1 ? '' : 's'}:\n${accounts.map(accountLine).join('\n')}`,
        data: { accounts: rows },
        sources: [
          {
            kind: 'trades',
            title: 'Your trading accounts',
            excerpt: accounts.map((a) => a.name).join(', '),
            url: '/positions',
          },
        ],
      };
    },
  });

  const getPerformance = defineTool({
    name: 'get_performance',
    kind: 'read',
    description:
      'Performance figures of the metrics engine for an account over a period: net P/L, trades, win rate, profit factor, expectancy, average win/loss, maximum drawdown, best/worst trade; optionally grouped by hour, day of week, session or symbol (with a chart).',
    parameters: z.object({
      account_id: accountArg,
      ...periodArgs,
      symbol: symbolArg.optional().describe('Only trades of this instrument.'),
      group_by: z
        .enum(PERFORMANCE_GROUPS, { error: `group_by must be one of ${PERFORMANCE_GROUPS.join(', ')}.` })
        .optional()
        .describe('none (equity curve), hour, day_of_week, session or symbol.'),
    }),
    async run(ctx, args) {
      const account = await accountFor(deps, ctx.userId, args.account_id);
      if (!account) return NO_ACCOUNT;
      const zone = await zoneOf(deps, ctx.userId);
      const range = resolvePeriod(args, zone, ctx.nowMs, 'all');
      const symbol = args.symbol ? ticker(args.symbol) : undefined;
      const query = metricsQuerySchema.parse({
        ...(range.from ? { from: range.from } : {}),
        ...(range.to ? { to: range.to } : {}),
        ...(symbol ? { symbol } : {}),
        tz: zone,
      });
      const m = await deps.metrics.metrics(ctx.userId, account.id, query);
      const o = m.overview;
      const cur = m.currency;
      const groupBy = args.group_by ?? 'none';
      const chart = chartOf(m, groupBy);
      const path = metricsPath(account.id, range, METRICS_TAB[groupBy], symbol);
      const scope = `${account.name}, ${range.label}${symbol ? `, ${symbol}` : ''}`;
      const headline =
        o.count === 0
          ? `No closed trades on ${scope}.`
          : `${scope}: net P/L ${money(o.net, cur)} over ${o.count} trades (${o.wins} won, ${o.losses} lost), win rate ${percent(o.winRate)}, profit factor ${ratio(o.profitFactor)}.`;
      const lines =
        o.count === 0
          ? [headline]
          : [
              headline,
              `Expectancy ${money(o.expectancy, cur)} per trade; average win ${money(o.averageWin, cur)}, average loss ${money(o.averageLoss, cur)}.`,
              `Largest win ${money(o.largestWin, cur)}, largest loss ${money(o.largestLoss, cur)}; maximum drawdown ${money(o.maxDrawdown.money, cur)} (${percent(o.maxDrawdown.percent)}).`,
              ...groupLines(chart, cur),
            ];
      const today = localToday(zone, ctx.nowMs);
      const start = range.from ?? m.general.firstTradeAt?.slice(0, 10) ?? today;
      return {
        summary: lines.join('\n'),
        data: {
          account: { id: account.id, name: account.name, currency: cur },
          period: { label: range.label, from: range.from, to: range.to, timeZone: m.timeZone },
          symbol: symbol ?? null,
          groupBy,
          figures: {
            net: o.net,
            trades: o.count,
            wins: o.wins,
            losses: o.losses,
            breakEven: o.breakEven,
            winRate: o.winRate,
            profitFactor: o.profitFactor,
            expectancy: o.expectancy,
            averageWin: o.averageWin,
            averageLoss: o.averageLoss,
            largestWin: o.largestWin,
            largestLoss: o.largestLoss,
            largestWinTradeId: o.largestWinTradeId,
            largestLossTradeId: o.largestLossTradeId,
            maxDrawdown: o.maxDrawdown.money,
            maxDrawdownPercent: o.maxDrawdown.percent,
            returnPercent: o.returnPercent,
            tradingDays: m.general.tradingDays,
            bestDay: m.general.bestDay ? { date: m.general.bestDay.date, net: m.general.bestDay.net } : null,
            worstDay: m.general.worstDay ? { date: m.general.worstDay.date, net: m.general.worstDay.net } : null,
          },
          groups: chart && chart.type !== 'equity' ? chart.rows : undefined,
        },
        ...(chart ? { chart } : {}),
        ...(symbol ? { symbol } : {}),
        dateInterval: { start_date: start, end_date: range.to ?? today },
        open: { path, label: 'Open in Metrics' },
        sources: [{ kind: 'metrics', title: `Metrics: ${scope}`, excerpt: headline, url: path }],
        followUps:
          groupBy === 'none'
            ? ['Which day of the week is my best?', 'Which symbols made or lost the most?']
            : ['How did I do last week?', 'What is my prop status today?'],
      };
    },
  });

  const getTrades = defineTool({
    name: 'get_trades',
    kind: 'read',
    description: 'The user’s closed trades of an account over a period, newest first (at most 50).',
    parameters: z.object({
      account_id: accountArg,
      ...periodArgs,
      symbol: symbolArg.optional(),
      limit: z
        .number({ error: 'limit must be a number.' })
        .int('limit must be a whole number.')
        .min(1, 'limit must be at least 1.')
        .max(50, 'limit must be at most 50.')
        .optional(),
    }),
    async run(ctx, args) {
      const account = await accountFor(deps, ctx.userId, args.account_id);
      if (!account) return NO_ACCOUNT;
      const zone = await zoneOf(deps, ctx.userId);
      const range = resolvePeriod(args, zone, ctx.nowMs, 'all');
      const symbol = args.symbol ? ticker(args.symbol) : undefined;
      const { trades, currency } = await deps.metrics.closedTrades(ctx.userId, account.id, {
        ...(range.from ? { from: range.from } : {}),
        ...(range.to ? { to: range.to } : {}),
        ...(symbol ? { symbol } : {}),
        tz: zone,
        direction: undefined,
        currency: undefined,
      });
      const scale = 10 ** minorUnitDigits(currency);
      const rows = [...trades]
        .sort((a, b) => b.closedAtMs - a.closedAtMs)
        .slice(0, args.limit ?? 20)
        .map((t) => ({
          id: t.id,
          symbol: t.symbol,
          side: t.side,
          volume: t.volume,
          openPrice: t.openPrice,
          closePrice: t.closePrice,
          openedAt: new Date(t.openedAtMs).toISOString(),
          closedAt: new Date(t.closedAtMs).toISOString(),
          net: (t.profitMinor + t.commissionMinor + t.swapMinor) / scale,
          strategy: t.strategy,
        }));
      const scope = `${account.name}, ${range.label}${symbol ? `, ${symbol}` : ''}`;
      return {
        summary:
          rows.length === 0
            ? `No closed trades on ${scope}.`
            : [
                `${trades.length} closed trades on ${scope}; the latest ${rows.length}:`,
                ...rows.map(
                  (t) =>
                    `${t.closedAt.slice(0, 16).replace('T', ' ')} ${t.side} ${t.volume} ${t.symbol} ${t.openPrice} -> ${t.closePrice}: ${money(t.net, currency)} (id ${t.id})`,
                ),
              ].join('\n'),
        data: { account: { id: account.id, name: account.name, currency }, total: trades.length, trades: rows },
        ...(symbol ? { symbol } : {}),
        open: { path: '/positions', label: 'Open positions and history' },
        sources: [
          { kind: 'trades', title: `Trades: ${scope}`, excerpt: `${trades.length} closed trades`, url: '/positions' },
        ],
      };
    },
  });

  const getPositions = defineTool({
    name: 'get_positions',
    kind: 'read',
    description: 'Open positions of an account with their floating P/L, and the account’s balance, equity and margin.',
    parameters: z.object({ account_id: accountArg }),
    async run(ctx, args) {
      const account = await accountFor(deps, ctx.userId, args.account_id);
      if (!account) return NO_ACCOUNT;
      const snap = await deps.trades.snapshotOf(await deps.accounts.owned(ctx.userId, account.id));
      const cur = snap.account.currency;
      const positions = snap.positions.map((p) => ({
        id: p.id,
        symbol: p.symbol,
        side: p.side,
        volume: p.volume,
        openPrice: p.openPrice,
        currentPrice: p.currentPrice,
        stopLoss: p.stopLoss,
        takeProfit: p.takeProfit,
        floatingProfit: p.upl,
        openedAt: p.entryTimestamp,
      }));
      const head = `${account.name}: balance ${money(snap.account.balance, cur)}, equity ${money(snap.account.equity, cur)}, floating ${money(snap.account.floatingProfit, cur)}, free margin ${money(snap.account.freeMargin, cur)}.`;
      return {
        summary:
          positions.length === 0
            ? `${head}\nNo open positions.`
            : [
                head,
                ...positions.map(
                  (p) =>
                    `${p.side} ${p.volume} ${p.symbol} at ${p.openPrice}, now ${p.currentPrice ?? 'n/a'}: ${money(p.floatingProfit, cur)}${p.stopLoss ? `, SL ${p.stopLoss}` : ''}${p.takeProfit ? `, TP ${p.takeProfit}` : ''}`,
                ),
              ].join('\n'),
        data: { account: snap.account, positions, pendingOrders: snap.orders.length },
        open: { path: '/positions', label: 'Open positions' },
        sources: [{ kind: 'trades', title: `Open positions: ${account.name}`, excerpt: head, url: '/positions' }],
      };
    },
  });

  const getPropStatus = defineTool({
    name: 'get_prop_status',
    kind: 'read',
    description:
      'A prop challenge account’s rules with their current values: room left today before the daily loss limit (money), loss left before the maximum loss, profit target progress, trading days done vs required, breaches.',
    parameters: z.object({ account_id: accountArg }),
    async run(ctx, args) {
      const account = args.account_id
        ? await accountFor(deps, ctx.userId, args.account_id)
        : await propAccountOf(deps, ctx.userId);
      if (!account) return NO_ACCOUNT;
      const goals = await deps.props.goals(ctx.userId, account.id);
      const p = goals.prop;
      if (!p) {
        return {
          summary: `${account.name} is not in a prop-firm challenge, so it has no daily loss or maximum loss rules.${goals.objectives.length ? ` It has ${goals.objectives.length} objectives of your own.` : ''}`,
          data: { account: { id: account.id, name: account.name }, prop: null, objectives: goals.objectives },
        };
      }
      const cur = p.currency;
      // profitTarget is the equity to reach; the profit it asks for is that minus the phase's starting equity
      const targetProfit =
        p.profitTarget !== null ? Math.round((p.profitTarget - (p.equity - p.profit)) * 100) / 100 : null;
      const lines = [
        `${account.name} (${p.firmId}, ${p.phaseLabel}, ${p.state}): balance ${money(p.balance, cur)}, equity ${money(p.equity, cur)}.`,
        p.todayPermittedLoss !== null
          ? `Room left today before the daily loss limit: ${money(p.todayPermittedLoss, cur)} (limit ${money(p.dailyLossLimit, cur)}, equity floor ${money(p.dailyFloor, cur)}).`
          : 'No daily loss rule.',
        p.maxPermittedLoss !== null
          ? `Loss left before the maximum loss: ${money(p.maxPermittedLoss, cur)} (floor ${money(p.maxLossFloor, cur)}).`
          : 'No maximum loss rule.',
        p.profitTarget !== null && targetProfit !== null
          ? `Profit ${money(p.profit, cur)} of the ${money(targetProfit, cur)} target (equity ${money(p.profitTarget, cur)}), ${percent(targetProfit > 0 ? (p.profit / targetProfit) * 100 : 100)} done.`
          : `Profit in this phase: ${money(p.profit, cur)}.`,
        `Trading days: ${p.tradingDays.done}${p.tradingDays.required !== null ? ` of ${p.tradingDays.required} required` : ''}.`,
        ...p.rules.filter((r) => r.state === 'warning' || r.state === 'breached').map((r) => `${r.label}: ${r.state}.`),
        ...(p.failed ? [`The challenge failed: ${p.failed.reason}`] : []),
        ...(p.pausedUntil ? [`Trading is paused until ${p.pausedUntil}.`] : []),
      ];
      const path = `/positions?account=${account.id}`;
      return {
        summary: lines.join('\n'),
        data: {
          account: { id: account.id, name: account.name, currency: cur },
          prop: {
            firmId: p.firmId,
            challengeId: p.challengeId,
            phase: p.phase,
            state: p.state,
            balance: p.balance,
            equity: p.equity,
            roomLeftToday: p.todayPermittedLoss,
            dailyLossLimit: p.dailyLossLimit,
            dailyFloor: p.dailyFloor,
            maxLossLeft: p.maxPermittedLoss,
            maxLossFloor: p.maxLossFloor,
            profit: p.profit,
            /** The profit the target asks for in this phase (money). */
            profitTarget: targetProfit,
            /** The equity at which the target is reached. */
            profitTargetEquity: p.profitTarget,
            tradingDays: p.tradingDays,
            rules: p.rules,
            failed: p.failed,
            pausedUntil: p.pausedUntil,
            nextReset: p.nextReset,
          },
          objectives: goals.objectives,
        },
        open: { path, label: 'Open the account' },
        sources: [{ kind: 'trades', title: `Prop rules: ${account.name}`, excerpt: lines[1] ?? lines[0]!, url: path }],
        followUps: ['How much EURUSD can I trade with a 20 pip stop?', 'How did I do this week?'],
      };
    },
  });

  return [getAccounts, getPerformance, getTrades, getPositions, getPropStatus] as AiTool[];
}

/** Without an account id, prop questions are about the active account if it is a challenge, else the first one. */
export async function propAccountOf(deps: Pick<AiToolsDeps, 'accounts'>, userId: string) {
  const all = (await deps.accounts.list(userId, 'all')).filter((a) => a.status !== 'archived');
  const props = all.filter((a) => a.propFirm);
  return props.find((a) => a.active) ?? props[0] ?? all.find((a) => a.active) ?? all[0] ?? null;
}
