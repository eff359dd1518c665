/**
 * The approaches of the open strategy, grouped by status (spec section 4): adding puts one in its group,
 * updating replaces it (moving it to its new group when its status changed), deleting removes it and clears the
 * selection if it was selected. The screen keeps this state with `useReducer`; a fetch of the list reloads it.
 */
export const APPROACH_STATUSES = ['entry', 'management', 'exit'] as const;
export type ApproachStatusKey = (typeof APPROACH_STATUSES)[number];

/** What the grouping needs of an approach: its id and its status. */
export type Groupable = { id: string; status: ApproachStatusKey };

export type ApproachesState<A extends Groupable> = {
  groups: Record<ApproachStatusKey, A[]>;
  selectedId: string | null;
};

export type ApproachesAction<A extends Groupable> =
  | { type: 'loaded'; approaches: readonly A[] }
  | { type: 'added'; approach: A }
  | { type: 'updated'; approach: A }
  | { type: 'removed'; id: string }
  | { type: 'selected'; id: string | null };

export function emptyApproaches<A extends Groupable>(): ApproachesState<A> {
  return { groups: { entry: [], management: [], exit: [] }, selectedId: null };
}

/** The approaches grouped by status, each group in the order given. */
export function groupByStatus<A extends Groupable>(approaches: readonly A[]): Record<ApproachStatusKey, A[]> {
  const groups: Record<ApproachStatusKey, A[]> = { entry: [], management: [], exit: [] };
  for (const a of approaches) groups[a.status].push(a);
  return groups;
}

function without<A extends Groupable>(groups: Record<ApproachStatusKey, A[]>, id: string) {
  return {
    entry: groups.entry.filter((a) => a.id !== id),
    management: groups.management.filter((a) => a.id !== id),
    exit: groups.exit.filter((a) => a.id !== id),
  };
}

export function approachesReducer<A extends Groupable>(
  state: ApproachesState<A>,
  action: ApproachesAction<A>,
): ApproachesState<A> {
  switch (action.type) {
    case 'loaded': {
      const groups = groupByStatus(action.approaches);
      // A reload keeps the selection while the approach is still there.
      const kept = action.approaches.some((a) => a.id === state.selectedId) ? state.selectedId : null;
      return { groups, selectedId: kept };
    }
    case 'added': {
      const a = action.approach;
      const groups = without(state.groups, a.id);
      return { ...state, groups: { ...groups, [a.status]: [...groups[a.status], a] } };
    }
    case 'updated': {
      const a = action.approach;
      const index = state.groups[a.status].findIndex((x) => x.id === a.id);
      if (index >= 0) {
        // Same status: replaced where it is.
        const group = state.groups[a.status].slice();
        group[index] = a;
        return { ...state, groups: { ...state.groups, [a.status]: group } };
      }
      // A new status (or one not listed yet): taken out of its old group, put at the end of its new one.
      const groups = without(state.groups, a.id);
      return { ...state, groups: { ...groups, [a.status]: [...groups[a.status], a] } };
    }
    case 'removed':
      return {
        groups: without(state.groups, action.id),
        selectedId: state.selectedId === action.id ? null : state.selectedId,
      };
    case 'selected':
      return { ...state, selectedId: action.id };
  }
}

/** The selected approach, or null when none is selected (or it is gone). */
export function selectedApproach<A extends Groupable>(state: ApproachesState<A>): A | null {
  if (!state.selectedId) return null;
  for (const s of APPROACH_STATUSES) {
    const found = state.groups[s].find((a) => a.id === state.selectedId);
    if (found) return found;
  }
  return null;
}

export function approachCount<A extends Groupable>(state: ApproachesState<A>): number {
  return state.groups.entry.length + state.groups.management.length + state.groups.exit.length;
}
