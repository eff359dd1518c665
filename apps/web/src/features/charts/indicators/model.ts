import type { IndicatorCalculation } from '@tradedesk/contracts';

type Scalar = number | string | boolean;

/** An indicator on the chart: the catalogue's id, the inputs and plot colours the user changed, shown or hidden. */
export type ChartIndicatorState = {
  /** The chart's own key for it (two RSIs on one chart have two keys). */
  key: string;
  name: string;
  settings: Record<string, Scalar>;
  /** Style overrides by plot id: { rsi: { color: '#ff0000' } }. */
  styles: Record<string, Record<string, Scalar>>;
  hidden: boolean;
};

/** At most this many indicators on a chart (the charts API's limit). */
export const MAX_CHART_INDICATORS = 25;

const isScalar = (v: unknown): v is Scalar => ['number', 'string', 'boolean'].includes(typeof v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function scalars(v: unknown): Record<string, Scalar> {
  if (!isRecord(v)) return {};
  return Object.fromEntries(Object.entries(v).filter(([, x]) => isScalar(x))) as Record<string, Scalar>;
}

/** The `ind` URL parameter: the chart's indicators as JSON, so they survive a reload and travel with the link. */
export function encodeIndicators(list: readonly ChartIndicatorState[]): string {
  return JSON.stringify(
    list.map((i) => ({
      k: i.key,
      n: i.name,
      ...(Object.keys(i.settings).length ? { s: i.settings } : {}),
      ...(Object.keys(i.styles).length ? { st: i.styles } : {}),
      ...(i.hidden ? { h: 1 } : {}),
    })),
  );
}

/** Reads the `ind` parameter; anything malformed is dropped rather than breaking the chart. */
export function decodeIndicators(text: string | null): ChartIndicatorState[] {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const out: ChartIndicatorState[] = [];
  for (const item of raw.slice(0, MAX_CHART_INDICATORS)) {
    if (!isRecord(item) || typeof item.n !== 'string' || typeof item.k !== 'string') continue;
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(item.n) || out.some((o) => o.key === item.k)) continue;
    const styles: Record<string, Record<string, Scalar>> = {};
    if (isRecord(item.st)) for (const [id, s] of Object.entries(item.st)) styles[id] = scalars(s);
    out.push({ key: item.k, name: item.n, settings: scalars(item.s), styles, hidden: item.h === 1 });
  }
  return out;
}

/** A key not used yet on the chart. */
export function nextIndicatorKey(name: string, list: readonly ChartIndicatorState[]): string {
  for (let n = 1; ; n++) {
    const key = `${name}-${n}`;
    if (!list.some((i) => i.key === key)) return key;
  }
}

/** What the engine draws for one indicator: its calculation (when there) and whether it is shown. */
export type EngineIndicator = { key: string; hidden: boolean; calc: IndicatorCalculation };
