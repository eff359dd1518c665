import type { ComplianceGroupWire, ComplianceQuery, ComplianceResponse } from '@tradedesk/contracts';
import { type ComplianceGroup, computeCompliance, MISTAKE_PENALTY, minorUnitDigits } from '@tradedesk/core';
import type { MetricsService } from '../metrics/metrics.service.js';
import type { ComplianceRepository } from './compliance.repository.js';

/**
 * GET /journal/compliance: the caller's closed trades, gathered exactly as the metrics gather them (the metrics
 * service's closedTrades: same accounts, currency rule, range and R), with the journal's annotations and the
 * playbook, through the core's compliance analytics (see packages/core/src/compliance for every definition).
 */
export function createComplianceService(deps: {
  metrics: Pick<MetricsService, 'closedTrades'>;
  repo: ComplianceRepository;
}) {
  const { metrics, repo } = deps;
  return {
    async compliance(userId: string, query: ComplianceQuery): Promise<ComplianceResponse> {
      const gathered = await metrics.closedTrades(userId, query.account_id, {
        from: query.from,
        to: query.to,
        tz: query.tz,
        currency: query.currency,
      });
      const [annotations, strategies, mistakes] = await Promise.all([
        repo.annotationsOf(
          userId,
          gathered.trades.map((t) => t.id),
        ),
        repo.playbookOf(userId),
        repo.mistakesOf(userId),
      ]);
      const c = computeCompliance({
        trades: gathered.trades,
        annotations,
        strategies,
        mistakes,
        timeZone: gathered.timeZone,
      });
      // integer minor units to the currency's major unit: one division of an exact sum
      const scale = 10 ** minorUnitDigits(gathered.currency);
      const group = (g: ComplianceGroup): ComplianceGroupWire => ({ ...g, net: g.net / scale });
      const pair = (p: { followed: ComplianceGroup; broke: ComplianceGroup }) => ({
        followed: group(p.followed),
        broke: group(p.broke),
      });
      return {
        accountIds: gathered.accountIds,
        currency: gathered.currency,
        timeZone: gathered.timeZone,
        from: gathered.from?.toISOString() ?? null,
        to: gathered.to?.toISOString() ?? null,
        mistakePenalty: MISTAKE_PENALTY,
        overall: {
          ...pair(c.overall),
          noPlaybook: group(c.overall.noPlaybook),
          unreviewed: group(c.overall.unreviewed),
        },
        strategies: c.strategies.map((s) => ({
          strategyId: s.strategyId,
          name: s.name,
          ...pair(s),
          approaches: s.approaches.map((a) => ({
            approachId: a.approachId,
            name: a.name,
            ...pair(a),
            checklistItems: a.checklistItems.map((i) => ({ itemId: i.itemId, label: i.label, ...pair(i) })),
          })),
        })),
        mistakes: c.mistakes.map((m) => ({ mistakeId: m.mistakeId, label: m.label, trades: group(m.trades) })),
        discipline: c.discipline,
      };
    },
  };
}
export type ComplianceService = ReturnType<typeof createComplianceService>;
