import type { AiInsight, AiInsightQuery, AiInsightTab } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import type { ToolRegistry } from '../ai.types.js';

const GROUP_BY: Record<AiInsightTab, 'none' | 'hour' | 'symbol' | 'day_of_week'> = {
  performance: 'none',
  time: 'hour',
  symbol_allocation: 'symbol',
  time_analysis: 'day_of_week',
};

/**
 * The insight tabs read directly (no chat, no message counted): the get_performance tool run as the caller, its
 * chart and figures returned in the answer's shape. The tool scopes everything to the caller: another user's
 * account id is not found.
 */
export function createInsightsService(deps: { registry: Pick<ToolRegistry, 'get'>; clock: Clock }) {
  return {
    async insight(userId: string, query: AiInsightQuery, signal: AbortSignal): Promise<AiInsight> {
      const tool = deps.registry.get('get_performance');
      if (!tool) throw new AppError('AI_TOOL_UNAVAILABLE', 'unavailable', 'Performance insights are not available.');
      const result = await tool.run(
        {
          userId,
          nowMs: deps.clock.now().getTime(),
          signal,
          chatId: '',
          responseId: '',
          readUntrusted: false,
          knowledge: { folderId: null, agentId: null, mediaIds: [] },
        },
        {
          group_by: GROUP_BY[query.tab],
          period: query.period,
          ...(query.account_id ? { account_id: query.account_id } : {}),
        },
      );
      const refused = (result.data as { error?: { code: string; message: string } } | null)?.error;
      if (refused) {
        throw new AppError(
          refused.code,
          refused.code.endsWith('NOT_FOUND') ? 'not_found' : 'validation',
          refused.message,
        );
      }
      return {
        tab: query.tab,
        chart_type: result.chart?.type ?? null,
        json_answer: result.chart ? { rows: result.chart.rows } : null,
        Currency_symbol: result.chart?.currency ?? null,
        Date_interval: result.dateInterval ?? null,
        summary: result.summary,
      };
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
