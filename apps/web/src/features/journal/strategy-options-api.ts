import type { Approach, ApproachList, Strategy, StrategyList } from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

/**
 * What the trade annotation's pickers offer (spec section 7 "Strategies"): the user's strategies (one page of the
 * largest size the list allows) and a strategy's approaches with their criteria, conditions and checklists.
 * Read only; the strategies screen edits them. Named apart from that screen's endpoints so both can load.
 */
export const strategyOptionsApi = api.enhanceEndpoints({ addTagTypes: ['Strategies'] }).injectEndpoints({
  endpoints: (build) => ({
    journalStrategyOptions: build.query<Strategy[], void>({
      query: () => ({ url: '/strategies', params: { page: 1, limit: 100 } }),
      transformResponse: (response: StrategyList) => response.items,
      providesTags: ['Strategies'],
    }),
    journalApproachOptions: build.query<Approach[], string>({
      query: (strategyId) => ({ url: `/strategies/${encodeURIComponent(strategyId)}/approach` }),
      transformResponse: (response: ApproachList) => response.approaches,
      providesTags: ['Strategies'],
    }),
  }),
});

// The pickers say themselves that the strategies could not be loaded (spec section 8: failed strategy fetches
// are logged and the lists come back empty).
markQuietEndpoints('journalStrategyOptions', 'journalApproachOptions');

export const { useJournalStrategyOptionsQuery, useJournalApproachOptionsQuery } = strategyOptionsApi;

/** Every checklist item of an approach, with the condition it belongs to, in the approach's order. */
export function checklistOf(approach: Approach | undefined): Array<{ id: string; text: string; condition: string }> {
  if (!approach) return [];
  return approach.criteria.flatMap((c) =>
    c.conditions.flatMap((cond) =>
      [...cond.checklist]
        .sort((a, b) => a.order - b.order)
        .map((item) => ({ id: item.id, text: item.text, condition: cond.text })),
    ),
  );
}
