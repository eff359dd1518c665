import {
  AI_PERIODS,
  type Approach,
  complianceQuerySchema,
  JOURNAL_CALENDAR_MAX_DAYS,
  type Strategy,
  strategyListQuerySchema,
} from '@tradedesk/contracts';
import { dateToEpochDay, epochDayToDate } from '@tradedesk/core';
import { z } from 'zod';
import type { AiTool } from '../ai.types.js';
import { localToday, resolvePeriod } from './periods.js';
import {
  accountFor,
  accountIdArg,
  dateArg,
  defineTool,
  money,
  NO_ACCOUNT,
  percent,
  refusal,
  zoneOf,
} from './tool-kit.js';
import type { AiToolsDeps } from './tools.deps.js';

const periodArgs = {
  period: z.enum(AI_PERIODS, { error: `period must be one of ${AI_PERIODS.join(', ')}.` }).optional(),
  from: dateArg('from').optional(),
  to: dateArg('to').optional(),
};
const strategyIdArg = z.uuid({ error: 'strategy_id must be a strategy id (a UUID).' });

/** Plain text of the journal's rich text (it is sanitised HTML): tags dropped, entities of the sanitiser undone. */
export function plainText(html: string): string {
  return html
    .replace(/<\/(p|li|h\d|blockquote)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function approachLines(a: Approach): string[] {
  const rules = a.criteria.flatMap((c) =>
    c.conditions.map(
      (k) =>
        `  - ${c.name}: ${k.text}${k.checklist.length ? ` (checklist: ${k.checklist.map((i) => i.text).join('; ')})` : ''}`,
    ),
  );
  return [`- ${a.name} (${a.status})${a.description ? `: ${a.description}` : ''}`, ...rules];
}

export function playbookTools(deps: AiToolsDeps): AiTool[] {
  const getStrategies = defineTool({
    name: 'get_strategies',
    kind: 'read',
    description:
      'The user’s playbook: strategies with their symbols, timeframes and approaches (entry, management, exit) with their criteria, conditions and checklists. One strategy with strategy_id.',
    parameters: z.object({ strategy_id: strategyIdArg.optional() }),
    async run(ctx, args) {
      let strategies: Strategy[];
      if (args.strategy_id) strategies = [await deps.strategies.get(ctx.userId, args.strategy_id)];
      else strategies = (await deps.strategies.list(ctx.userId, strategyListQuerySchema.parse({ limit: 20 }))).items;
      if (strategies.length === 0) {
        return {
          summary: 'Your playbook has no strategy yet: add one on the Strategies screen.',
          data: { strategies: [] },
        };
      }
      // approaches of a few strategies in detail; a long playbook is listed by name
      const detailed = strategies.slice(0, 5);
      const approaches = await Promise.all(detailed.map((s) => deps.strategies.approaches(ctx.userId, s.id)));
      const lines = strategies.flatMap((s, i) => [
        `${s.name}${s.symbols.length ? ` [${s.symbols.join(', ')}]` : ''}${s.timeframes.length ? ` ${s.timeframes.join('/')}` : ''}${s.description ? `: ${s.description}` : ''}`,
        ...(approaches[i] ?? []).flatMap(approachLines),
      ]);
      const path = args.strategy_id ? `/strategies/${args.strategy_id}` : '/strategies';
      return {
        summary: lines.join('\n'),
        data: {
          strategies: strategies.map((s, i) => ({
            id: s.id,
            name: s.name,
            description: s.description,
            symbols: s.symbols,
            timeframes: s.timeframes,
            indicators: s.indicators,
            tags: s.tags,
            approaches: approaches[i]?.map((a) => ({
              id: a.id,
              name: a.name,
              status: a.status,
              description: a.description,
              criteria: a.criteria.map((c) => ({
                name: c.name,
                conditions: c.conditions.map((k) => ({ text: k.text, checklist: k.checklist.map((x) => x.text) })),
              })),
            })),
          })),
        },
        open: { path, label: 'Open the playbook' },
        sources: strategies.slice(0, 5).map((s) => ({
          kind: 'strategy' as const,
          title: s.name,
          excerpt: s.description || `${s.approaches} approaches`,
          url: `/strategies/${s.id}`,
        })),
      };
    },
  });

  const getCompliance = defineTool({
    name: 'get_playbook_compliance',
    kind: 'read',
    description:
      'Playbook compliance from the journal reviews: trades that followed their strategy’s rules vs broke them (count, win rate, net P/L each), per strategy and approach, mistakes, and the discipline score.',
    parameters: z.object({
      account_id: accountIdArg.optional(),
      strategy_id: strategyIdArg.optional(),
      ...periodArgs,
    }),
    async run(ctx, args) {
      const account = await accountFor(deps, ctx.userId, args.account_id);
      if (!account) return NO_ACCOUNT;
      if (args.strategy_id) await deps.strategies.get(ctx.userId, args.strategy_id); // not the caller's: not found
      const zone = await zoneOf(deps, ctx.userId);
      const range = resolvePeriod(args, zone, ctx.nowMs, 'all');
      const c = await deps.compliance.compliance(
        ctx.userId,
        complianceQuerySchema.parse({
          account_id: account.id,
          ...(range.from ? { from: range.from } : {}),
          ...(range.to ? { to: range.to } : {}),
          tz: zone,
        }),
      );
      const cur = c.currency;
      const group = (label: string, g: { count: number; winRate: number | null; net: number }) =>
        `${label}: ${g.count} trades, win rate ${percent(g.winRate)}, net ${money(g.net, cur)}`;
      const strategies = args.strategy_id
        ? c.strategies.filter((s) => s.strategyId === args.strategy_id)
        : c.strategies;
      const lines = [
        `Playbook compliance on ${account.name}, ${range.label}:`,
        group('Followed the rules', c.overall.followed),
        group('Broke the rules', c.overall.broke),
        group('Not linked to a strategy', c.overall.noPlaybook),
        `Not reviewed yet: ${c.overall.unreviewed.count} trades. Discipline score: ${c.discipline.score === null ? 'n/a' : `${c.discipline.score.toFixed(0)}/100`}.`,
        ...strategies
          .filter((s) => s.followed.count + s.broke.count > 0)
          .map((s) => `${s.name}: ${group('followed', s.followed)}; ${group('broke', s.broke)}`),
        ...c.mistakes
          .filter((m) => m.trades.count > 0)
          .sort((a, b) => b.trades.count - a.trades.count)
          .slice(0, 5)
          .map((m) => `Mistake "${m.label ?? 'removed'}": ${m.trades.count} trades, net ${money(m.trades.net, cur)}`),
      ];
      const path = `/metrics?account=${account.id}&discipline=followed`;
      return {
        summary: lines.join('\n'),
        data: {
          account: { id: account.id, name: account.name, currency: cur },
          period: range,
          overall: c.overall,
          strategies,
          mistakes: c.mistakes.filter((m) => m.trades.count > 0),
          disciplineScore: c.discipline.score,
        },
        chart: {
          type: 'bars',
          rows: [
            { label: 'Followed', value: c.overall.followed.net, count: c.overall.followed.count },
            { label: 'Broke', value: c.overall.broke.net, count: c.overall.broke.count },
            { label: 'No playbook', value: c.overall.noPlaybook.net, count: c.overall.noPlaybook.count },
          ],
          currency: cur,
        },
        open: { path, label: 'Open in Metrics' },
        sources: [{ kind: 'journal', title: `Compliance: ${account.name}`, excerpt: lines[1]!, url: path }],
      };
    },
  });

  const getJournal = defineTool({
    name: 'get_journal',
    kind: 'read',
    description:
      'The trading journal over a period (default this week): per day the trades’ net P/L and counts, mood, discipline, tags, and the day’s plan and review notes.',
    parameters: z.object({ account_id: accountIdArg.optional(), ...periodArgs }),
    async run(ctx, args) {
      if (args.account_id) await deps.accounts.owned(ctx.userId, args.account_id);
      const zone = await zoneOf(deps, ctx.userId);
      const today = localToday(zone, ctx.nowMs);
      const range = resolvePeriod(args, zone, ctx.nowMs, 'this_week');
      const to = range.to ?? today;
      const earliest = epochDayToDate(dateToEpochDay(to) - (JOURNAL_CALENDAR_MAX_DAYS - 1));
      const from = range.from && range.from > earliest ? range.from : earliest;
      if (to < from) return refusal('AI_INVALID_RANGE', 'to must not be before from.');
      const cal = await deps.journal.calendar(ctx.userId, {
        from,
        to,
        ...(args.account_id ? { account_ids: [args.account_id] } : {}),
      });
      const withEntries = cal.days.filter((d) => d.hasEntry).slice(-10);
      const entries = await Promise.all(
        withEntries.map(async (d) => {
          const view = await deps.journal.day(ctx.userId, d.date, args.account_id ? [args.account_id] : undefined);
          return {
            date: d.date,
            plan: plainText(view.entry?.plan ?? '').slice(0, 600),
            review: plainText(view.entry?.review ?? '').slice(0, 600),
          };
        }),
      );
      const noteOf = new Map(entries.map((e) => [e.date, e]));
      const lines = [
        `Journal ${range.label} (${from} to ${to}): ${cal.totals.map((t) => `${money(Number(t.net), t.currency)} over ${t.tradeCount} trades`).join('; ') || 'no closed trades'}.`,
        ...cal.days.map((d) => {
          const n = noteOf.get(d.date);
          const net = d.totals.map((t) => money(Number(t.net), t.currency)).join(', ');
          return `${d.date}: ${d.tradeCount} trades${net ? ` (${net})` : ''}${d.mood ? `, mood ${d.mood}/5` : ''}${d.discipline ? `, discipline ${d.discipline}/5` : ''}${d.tags.length ? `, tags ${d.tags.join(', ')}` : ''}${n?.plan ? `\n  Plan: ${n.plan}` : ''}${n?.review ? `\n  Review: ${n.review}` : ''}`;
        }),
      ];
      const path = '/journal';
      return {
        summary: lines.join('\n'),
        data: { from, to, timeZone: cal.timeZone, totals: cal.totals, days: cal.days, entries },
        dateInterval: { start_date: from, end_date: to },
        open: { path: '/journal', label: 'Open the journal' },
        sources: [{ kind: 'journal', title: `Journal ${from} to ${to}`, excerpt: lines[0]!, url: path }],
      };
    },
  });

  return [getStrategies, getCompliance, getJournal] as AiTool[];
}
