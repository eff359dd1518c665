import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ApiError } from '../../../shared/api/api-error';
import {
  type SavedDrawing,
  useCreateDrawingMutation,
  useDeleteDrawingMutation,
  useDrawingsQuery,
  useUpdateDrawingMutation,
} from '../chart-api';
import {
  canRedo,
  canUndo,
  commit,
  createHistory,
  type DrawingsHistory,
  diffDrawings,
  isEmptyDiff,
  redo,
  undo,
} from '../drawings/history';
import type { ChartDrawing, DrawingShape } from '../drawings/model';
import type { FetchState } from './use-chart-history';

type Action =
  | { type: 'load'; drawings: ChartDrawing[] }
  | { type: 'commit'; drawings: readonly ChartDrawing[] }
  | { type: 'undo' }
  | { type: 'redo' };

function reducer(state: DrawingsHistory, action: Action): DrawingsHistory {
  switch (action.type) {
    case 'load':
      return createHistory(action.drawings);
    case 'commit':
      return commit(state, action.drawings);
    case 'undo':
      return undo(state);
    case 'redo':
      return redo(state);
  }
}

function toChartDrawing(saved: SavedDrawing): ChartDrawing {
  return {
    id: saved.id,
    tool: saved.tool,
    points: saved.points,
    style: saved.style ?? {},
    ...(saved.text !== undefined ? { text: saved.text } : {}),
    locked: saved.locked ?? false,
    hidden: saved.hidden ?? false,
  };
}

function shapeOf(d: ChartDrawing): DrawingShape {
  const { id: _id, ...shape } = d;
  return shape;
}

/**
 * The drawings of a chart and symbol: loaded from /drawings, edited with an undo history, and every change
 * (undo and redo included) saved back as the creations, updates and deletions it amounts to, one at a time.
 */
export function useChartDrawings(args: { symbol: string; chartId: string | null }) {
  const { symbol, chartId } = args;
  const query = useDrawingsQuery({ symbol, chartId });
  const [createDrawing] = useCreateDrawingMutation();
  const [updateDrawing] = useUpdateDrawingMutation();
  const [deleteDrawing] = useDeleteDrawingMutation();
  const [history, dispatch] = useReducer(reducer, undefined, () => createHistory());
  const [saveError, setSaveError] = useState<ApiError | null>(null);

  // What the server holds, by the chart's ids, and the server's id for each.
  const synced = useRef<readonly ChartDrawing[]>([]);
  const serverIds = useRef(new Map<string, string>());
  const present = useRef(history.present);
  present.current = history.present;
  /** The save under way, if any: callers that need a drawing saved wait for it. */
  const running = useRef<Promise<void> | null>(null);
  const loadedFor = useRef<string | null>(null);
  const key = `${chartId ?? ''}:${symbol}`;
  const keyRef = useRef(key);
  keyRef.current = key;

  useEffect(() => {
    // Another symbol or chart: its own drawings, from scratch.
    void key;
    loadedFor.current = null;
    synced.current = [];
    serverIds.current = new Map();
    dispatch({ type: 'load', drawings: [] });
  }, [key]);

  useEffect(() => {
    if (!query.currentData || loadedFor.current === key) return;
    loadedFor.current = key;
    const drawings = query.currentData.map(toChartDrawing);
    synced.current = drawings;
    serverIds.current = new Map(drawings.map((d) => [d.id, d.id]));
    setSaveError(null);
    dispatch({ type: 'load', drawings });
  }, [query.currentData, key]);

  useEffect(() => {
    if (loadedFor.current !== key && query.isError) {
      // Without saved drawings the chart still draws; what it draws is not kept (the error says so).
      loadedFor.current = key;
      synced.current = [];
      serverIds.current = new Map();
      dispatch({ type: 'load', drawings: [] });
    }
  }, [query.isError, key]);

  const sync = useCallback((): Promise<void> => {
    if (running.current) return running.current;
    const startedFor = keyRef.current;
    const save = async () => {
      for (let round = 0; round < 50; round++) {
        if (keyRef.current !== startedFor) return;
        const diff = diffDrawings(synced.current, present.current);
        if (isEmptyDiff(diff)) return;
        // The server's state is followed call by call, so a failure part way leaves nothing to do twice.
        for (const d of diff.created) {
          const saved = await createDrawing({ symbol, chartId, shape: shapeOf(d) }).unwrap();
          serverIds.current.set(d.id, saved.id);
          synced.current = [...synced.current, d];
        }
        for (const d of diff.updated) {
          const id = serverIds.current.get(d.id);
          if (id) await updateDrawing({ id, symbol, chartId, shape: shapeOf(d) }).unwrap();
          synced.current = synced.current.map((x) => (x.id === d.id ? d : x));
        }
        for (const id of diff.deleted) {
          const serverId = serverIds.current.get(id);
          if (serverId) await deleteDrawing({ id: serverId }).unwrap();
          serverIds.current.delete(id);
          synced.current = synced.current.filter((x) => x.id !== id);
        }
        setSaveError(null);
      }
    };
    const saving = save()
      .catch((error: unknown) => setSaveError(error as ApiError))
      .finally(() => {
        running.current = null;
      });
    running.current = saving;
    return saving;
  }, [createDrawing, updateDrawing, deleteDrawing, symbol, chartId]);

  const loaded = loadedFor.current === key;
  const saving = query.isSuccess && loadedFor.current === key;
  const savingRef = useRef(saving);
  savingRef.current = saving;
  useEffect(() => {
    if (saving && history.present !== synced.current) void sync();
  }, [history.present, saving, sync]);

  const status: FetchState = query.isUninitialized
    ? 'idle'
    : query.isError
      ? 'failed'
      : query.isSuccess && loaded
        ? 'succeeded'
        : 'loading';

  return {
    drawings: history.present,
    status,
    loadError: (query.error as ApiError | undefined) ?? null,
    saveError,
    retrySave: sync,
    retryLoad: query.refetch,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    commit: useCallback((drawings: readonly ChartDrawing[]) => dispatch({ type: 'commit', drawings }), []),
    undo: useCallback(() => dispatch({ type: 'undo' }), []),
    /**
     * The server's id of a drawing (what an alert on it refers to), saving it first when it is not saved yet: waits
     * for a save under way, then saves what is left. Null when it cannot be saved (the pane says why).
     */
    saveDrawing: useCallback(
      async (id: string): Promise<string | null> => {
        if (!serverIds.current.has(id) && savingRef.current) {
          await running.current;
          if (!serverIds.current.has(id)) await sync();
        }
        return serverIds.current.get(id) ?? null;
      },
      [sync],
    ),
    redo: useCallback(() => dispatch({ type: 'redo' }), []),
  };
}
