import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/toast/toast';
import { getWsClient } from '../../../shared/ws/ws-client';
import { useLazyChartFetchQuery, useUpdateChartMutation } from './saved-charts-api';
import { type PaneState, paneFieldsOf, savedProjection, toContractIndicators } from './workspace-model';

/** Quiet time after the last change before a saved chart is written. */
export const AUTOSAVE_MS = 800;

type Saved = { chartId: string | null; projection: string | null; version: number };

/**
 * A pane's saved chart: read from GET /charts/{id}/fetch when the pane is bound to one, and every change of
 * symbol, timeframe, chart type or indicators written back (PUT /charts/{id}, debounced) with the version read.
 * A 409 means another tab saved first: autosave stops and a toast offers to reload; what is on screen stays.
 */
export function useSavedChart(
  pane: PaneState,
  bind: (fields: Partial<PaneState>) => void,
  options: { autosave: boolean } = { autosave: true },
) {
  // With autosave off (the chart settings), nothing is written until `save` (the charts menu's Save).
  const autosave = useRef(options.autosave);
  autosave.current = options.autosave;
  const [fetchChart] = useLazyChartFetchQuery();
  const [updateChart] = useUpdateChartMutation();
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const latest = useRef(pane);
  latest.current = pane;
  const bindRef = useRef(bind);
  bindRef.current = bind;
  const saved = useRef<Saved>({ chartId: null, projection: null, version: 0 });
  // The pane as last shown while bound to the saved chart of `saved`: a change not yet written when the pane
  // moves to another chart (open, new, save as) is written to the chart it was made on.
  const bound = useRef<PaneState | null>(null);
  if (pane.chartId && pane.loaded && pane.chartId === saved.current.chartId) bound.current = pane;
  const inflight = useRef(false);
  const conflict = useRef(false);

  const load = useCallback(
    async (id: string) => {
      setLoadError(null);
      try {
        const answer = await fetchChart(id).unwrap();
        if (latest.current.chartId !== id) return;
        const fields = paneFieldsOf(answer.chart);
        saved.current = {
          chartId: id,
          projection: savedProjection({ ...latest.current, ...fields }),
          version: answer.chart.version,
        };
        conflict.current = false;
        bindRef.current(fields);
      } catch (error) {
        if (latest.current.chartId === id) setLoadError(error as ApiError);
      }
    },
    [fetchChart],
  );

  useEffect(() => {
    if (pane.chartId && !pane.loaded) void load(pane.chartId);
  }, [pane.chartId, pane.loaded, load]);

  useEffect(() => {
    const s = saved.current;
    const prev = bound.current;
    if (!prev?.chartId || prev.chartId !== s.chartId || pane.chartId === s.chartId) return;
    bound.current = null;
    const projection = savedProjection(prev);
    if (!autosave.current || conflict.current || inflight.current || projection === s.projection) return;
    updateChart({
      id: prev.chartId,
      version: s.version,
      symbol: prev.symbol,
      timeframe: prev.timeframe,
      chartType: prev.type,
      indicators: toContractIndicators(prev.indicators),
    })
      .unwrap()
      .catch((error: ApiError) =>
        toast.show({
          variant: 'error',
          title: `“${prev.chartName ?? 'The chart'}” could not be saved`,
          message: error.message,
        }),
      );
  }, [pane.chartId, updateChart]);

  // Bound elsewhere (a chart just saved from this one, or renamed): what is on screen is what is saved.
  useEffect(() => {
    const s = saved.current;
    if (!pane.chartId || !pane.loaded) return;
    if (s.chartId !== pane.chartId) {
      saved.current = { chartId: pane.chartId, projection: savedProjection(pane), version: pane.chartVersion };
      conflict.current = false;
    } else if (pane.chartVersion > s.version) {
      s.version = pane.chartVersion;
    }
  }, [pane]);

  /** Writes the pane's changes; true when they are saved (or there were none). */
  const flush = useCallback(async (): Promise<boolean> => {
    const p = latest.current;
    const s = saved.current;
    if (!p.chartId || !p.loaded || inflight.current || conflict.current || s.chartId !== p.chartId) return false;
    const projection = savedProjection(p);
    if (projection === s.projection) return true;
    inflight.current = true;
    try {
      const chart = await updateChart({
        id: p.chartId,
        version: s.version,
        symbol: p.symbol,
        timeframe: p.timeframe,
        chartType: p.type,
        indicators: toContractIndicators(p.indicators),
      }).unwrap();
      if (saved.current.chartId === chart.id) saved.current = { chartId: chart.id, projection, version: chart.version };
      if (latest.current.chartId === chart.id) bindRef.current({ chartVersion: chart.version, chartName: chart.name });
    } catch (e) {
      const error = e as ApiError;
      const id = p.chartId;
      if (error.status === 409) {
        conflict.current = true;
        toast.show({
          variant: 'warning',
          title: `“${p.chartName ?? 'This chart'}” was changed in another tab`,
          message: 'Your change here is still on screen but not saved. Reload to see the saved chart.',
          action: { label: 'Reload', onClick: () => void load(id) },
          durationMs: null,
        });
      } else {
        toast.show({
          variant: 'error',
          title: 'The chart could not be saved',
          message: error.message,
          action: { label: 'Try again', onClick: () => void flush() },
        });
      }
      return false;
    } finally {
      inflight.current = false;
    }
    // Changes made while the save was on its way go next.
    if (autosave.current && savedProjection(latest.current) !== saved.current.projection) return flush();
    return true;
  }, [updateChart, load]);

  const projection = pane.chartId && pane.loaded ? savedProjection(pane) : null;
  useEffect(() => {
    if (!options.autosave || projection === null || projection === saved.current.projection) return;
    const timer = setTimeout(() => void flush(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [projection, flush, options.autosave]);

  // Another tab saved this chart (the user channel's `charting.saved`): with nothing unsaved here, the pane
  // follows it at once; with a change of its own waiting, its save is refused (409) and the toast offers a reload.
  const chartId = pane.chartId;
  useEffect(() => {
    if (!chartId) return;
    return getWsClient().subscribe('user', (event) => {
      if (event.event !== 'charting.saved') return;
      const data = event.data as { resource?: string; id?: string; version?: number | null } | undefined;
      const s = saved.current;
      if (data?.resource !== 'chart' || data.id !== chartId || typeof data.version !== 'number') return;
      if (s.chartId !== chartId || data.version <= s.version || inflight.current || conflict.current) return;
      if (savedProjection(latest.current) === s.projection) void load(chartId);
    });
  }, [chartId, load]);

  // Leaving the screen right after a change still saves it (with autosave on).
  useEffect(
    () => () => {
      if (autosave.current) void flush();
    },
    [flush],
  );

  const save = useCallback(async () => {
    if (await flush()) toast.show({ variant: 'success', title: `“${latest.current.chartName ?? 'The chart'}” saved` });
  }, [flush]);
  // Changes on screen the saved chart does not have yet (shown while autosave is off).
  const unsaved = !options.autosave && projection !== null && projection !== saved.current.projection;

  return { loadError, retry: () => pane.chartId && void load(pane.chartId), save, unsaved };
}
