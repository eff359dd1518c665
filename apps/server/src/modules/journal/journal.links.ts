/** What a trade's annotation links to in the user's playbook (the strategies module). */
export type StrategyLink = {
  strategyId: string | null;
  approachId: string | null;
  checklistItemIds: readonly string[];
};

/**
 * Checks a link against the strategies module: throws a 404 naming the field (strategy_id, approach_id,
 * checklist_item_ids) when an id is not the user's, or not of that strategy.
 */
export type StrategyLinks = {
  check(userId: string, link: StrategyLink): Promise<void>;
};
