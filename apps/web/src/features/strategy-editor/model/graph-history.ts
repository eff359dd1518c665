import type { StrategyGraph } from '@tradedesk/contracts';

/** Undo and redo of graph edits: the graphs before (past) and after (future) the present one. */
export type GraphHistory = {
  past: readonly StrategyGraph[];
  present: StrategyGraph;
  future: readonly StrategyGraph[];
  /** Consecutive edits with the same key (typing in one field) make one undo step. */
  lastKey: string | null;
};

/** How far back undo goes. */
export const HISTORY_LIMIT = 100;

export const historyOf = (graph: StrategyGraph): GraphHistory => ({
  past: [],
  present: graph,
  future: [],
  lastKey: null,
});

export type HistoryAction =
  | { type: 'commit'; graph: StrategyGraph; key?: string }
  /** A step in progress (a drag): shown, but not an undo step of its own; `begin` marks its start. */
  | { type: 'transient'; graph: StrategyGraph; begin: boolean }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; graph: StrategyGraph };

const pushed = (past: readonly StrategyGraph[], graph: StrategyGraph) => [...past, graph].slice(-HISTORY_LIMIT);

export function historyReducer(state: GraphHistory, action: HistoryAction): GraphHistory {
  switch (action.type) {
    case 'commit': {
      if (action.graph === state.present) return state;
      const merge = action.key !== undefined && action.key === state.lastKey;
      return {
        past: merge ? state.past : pushed(state.past, state.present),
        present: action.graph,
        future: [],
        lastKey: action.key ?? null,
      };
    }
    case 'transient':
      return {
        past: action.begin ? pushed(state.past, state.present) : state.past,
        present: action.graph,
        future: action.begin ? [] : state.future,
        lastKey: null,
      };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        lastKey: null,
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: pushed(state.past, state.present), present: next, future: rest, lastKey: null };
    }
    case 'reset':
      return historyOf(action.graph);
  }
}
