import { useSyncExternalStore } from 'react';

/**
 * What an entry point knows when it opens the alert dialog: the chart's price under the pointer, the chart's
 * drawing under the pointer, or the order ticket's price. The dialog starts from the user's defaults and these.
 */
export type AlertPrefill =
  | {
      kind: 'price';
      symbol: string;
      price: number;
      digits?: number;
      /** The chart pane's timeframe (the alert's interval); the order ticket has none. */
      timeframe?: string;
    }
  /** Only the symbol (and timeframe) of the chart on screen: "Create alert" of the alerts panel on a chart. */
  | { kind: 'symbol'; symbol: string; timeframe?: string }
  | {
      kind: 'drawing';
      symbol: string;
      drawingId: string;
      /** The drawing's tool, in words ("Trend line"), for the dialog's text. */
      drawingLabel: string;
      timeframe?: string;
    };

/** The dialog is open to create an alert (maybe prefilled) or to edit the alert of `alertId`. */
export type AlertDialogState =
  | { open: false }
  | { open: true; mode: 'create'; prefill: AlertPrefill | null }
  | { open: true; mode: 'edit'; alertId: string };

let state: AlertDialogState = { open: false };
/** The chart page's active pane, while a chart page is mounted (set by the chart workspace). */
let activeChart: { symbol: string; timeframe: string } | null = null;

/** The chart workspace says which chart is active (null when it goes away). */
export function setActiveChart(chart: { symbol: string; timeframe: string } | null): void {
  activeChart = chart;
}

/** What a new alert starts from when nothing else is known: the active chart's symbol and timeframe, if any. */
export function activeChartPrefill(): AlertPrefill | null {
  return activeChart ? { kind: 'symbol', symbol: activeChart.symbol, timeframe: activeChart.timeframe } : null;
}
const listeners = new Set<() => void>();

function set(next: AlertDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the one alert dialog (mounted by the shell's alerts host) from anywhere: the chart, the order ticket. */
export function openAlertDialog(prefill: AlertPrefill | null = null): void {
  set({ open: true, mode: 'create', prefill });
}

export function openEditAlertDialog(alertId: string): void {
  set({ open: true, mode: 'edit', alertId });
}

export function closeAlertDialog(): void {
  set({ open: false });
}

export function useAlertDialogState(): AlertDialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
