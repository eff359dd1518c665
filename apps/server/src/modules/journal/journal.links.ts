/** What a trade's annotation links to in the user's playbook (the strategies module). */
export type StrategyLink = {
  strategyId: string | null;
  approachId: string | null;
  checklistItemIds: readonly string[];
};

export type StrategyLinks = {
  /**
   * Throws a 404 naming the field (strategy_id, approach_id, checklist_item_ids) when an id is not the user's, or
   * not of that strategy.
   */
  check(userId: string, link: StrategyLink): Promise<void>;
  /** Which of the checklist item ids still exist (items deleted since a trade was annotated drop out when read). */
  existingChecklistItems(ids: readonly string[]): Promise<Set<string>>;
};
