import type { IndicatorFieldError } from './settings.js';
import type {
  IndicatorDefinition,
  IndicatorFill,
  IndicatorLevel,
  IndicatorOutput,
  LineStyle,
  PlotStyle,
  PlotType,
} from './types.js';

/** Plot styles after applying the request's overrides to the catalogue defaults. */
export interface ResolvedIndicatorStyles {
  readonly outputs: readonly IndicatorOutput[];
  readonly levels: readonly IndicatorLevel[];
  readonly fills: readonly IndicatorFill[];
}

export type StylesValidation =
  | { readonly ok: true; readonly styles: ResolvedIndicatorStyles }
  | { readonly ok: false; readonly errors: readonly IndicatorFieldError[] };

const LINE_STYLES: readonly LineStyle[] = ['solid', 'dashed', 'dotted'];
/** Types a line-like output may be switched between; markers, candles and zigzag keep their type. */
const LINE_TYPES: readonly PlotType[] = ['line', 'stepLine', 'area', 'histogram'];
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i;
const MAX_LINE_WIDTH = 10;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True for colours the chart accepts: #RGB, #RRGGBB, #RRGGBBAA, rgb(...) and rgba(...). */
export function isColor(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 40 && (HEX.test(v) || RGB.test(v));
}

type Check = (field: string, v: unknown) => string | null;

const color: Check = (field, v) =>
  isColor(v) ? null : `${field} must be a colour such as #2962FF or rgba(41, 98, 255, 0.5).`;
const visible: Check = (field, v) => (typeof v === 'boolean' ? null : `${field} must be true or false.`);
const lineStyle: Check = (field, v) =>
  typeof v === 'string' && (LINE_STYLES as readonly string[]).includes(v)
    ? null
    : `${field} must be one of ${LINE_STYLES.join(', ')}.`;
const lineWidth: Check = (field, v) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_LINE_WIDTH
    ? null
    : `${field} must be an integer from 1 to ${MAX_LINE_WIDTH}.`;
const finite: Check = (field, v) =>
  typeof v === 'number' && Number.isFinite(v) ? null : `${field} must be a finite number.`;

function plotType(original: PlotType): Check {
  return (field, v) => {
    if (!LINE_TYPES.includes(original)) {
      return v === original ? null : `${field} of this output is always ${original}.`;
    }
    return typeof v === 'string' && (LINE_TYPES as readonly string[]).includes(v)
      ? null
      : `${field} must be one of ${LINE_TYPES.join(', ')}.`;
  };
}

function applyOverrides<T extends object>(
  id: string,
  base: T,
  override: unknown,
  checks: Readonly<Record<string, Check>>,
  errors: IndicatorFieldError[],
): T {
  if (!isRecord(override)) {
    errors.push({ field: id, message: `${id} must be an object of style properties.` });
    return base;
  }
  const next: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override)) {
    const field = `${id}.${key}`;
    const check = checks[key];
    if (!check) {
      errors.push({
        field,
        message: `${key} is not a style property of ${id}; use ${Object.keys(checks).join(', ')}.`,
      });
      continue;
    }
    const problem = check(field, value);
    if (problem) errors.push({ field, message: problem });
    else next[key] = value;
  }
  return next as T;
}

/**
 * Applies indicator_styles, an object keyed by output, level or fill id ({ "rsi": { "color": "#FF0000" },
 * "level70": { "value": 80 } }), to the definition's default styles. Unknown ids and properties are errors.
 */
export function resolveIndicatorStyles(def: IndicatorDefinition, styles: unknown): StylesValidation {
  if (styles === undefined || styles === null) {
    return { ok: true, styles: { outputs: def.outputs, levels: def.levels, fills: def.fills } };
  }
  if (!isRecord(styles)) {
    return {
      ok: false,
      errors: [{ field: 'indicator_styles', message: 'indicator_styles must be an object keyed by plot id.' }],
    };
  }
  const errors: IndicatorFieldError[] = [];
  const known = [...def.outputs, ...def.levels, ...def.fills].map((x) => x.id);
  for (const key of Object.keys(styles)) {
    if (!known.includes(key)) {
      errors.push({ field: key, message: `${key} is not a plot of ${def.name}; its plots are ${known.join(', ')}.` });
    }
  }
  const outputs = def.outputs.map((o) => {
    if (!Object.hasOwn(styles, o.id)) return o;
    const checks: Record<string, Check> = { color, lineWidth, lineStyle, visible, type: plotType(o.style.type) };
    if (o.style.negativeColor !== undefined) checks.negativeColor = color;
    const style: PlotStyle = applyOverrides(o.id, o.style, styles[o.id], checks, errors);
    return { ...o, style };
  });
  const levels = def.levels.map((l) =>
    Object.hasOwn(styles, l.id)
      ? applyOverrides(l.id, l, styles[l.id], { value: finite, color, lineStyle, visible }, errors)
      : l,
  );
  const fills = def.fills.map((f) =>
    Object.hasOwn(styles, f.id) ? applyOverrides(f.id, f, styles[f.id], { color, visible }, errors) : f,
  );
  return errors.length > 0 ? { ok: false, errors } : { ok: true, styles: { outputs, levels, fills } };
}
