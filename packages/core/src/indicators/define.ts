import { type Kernel, type SourceFn, sourceFn } from './kernel.js';
import {
  type FloatInput,
  type IndicatorDefinition,
  type IndicatorFill,
  type IndicatorGroup,
  type IndicatorInput,
  type IndicatorLevel,
  type IndicatorOutput,
  type IndicatorSettings,
  type IntInput,
  type LessThanConstraint,
  type LineStyle,
  type PlotStyle,
  PRICE_SOURCES,
  type PriceSource,
  type SelectInput,
  type SourceInput,
} from './types.js';

/** A catalogue entry of a per-bar indicator: the JSON definition plus its kernel factory and display offsets. */
export interface SeriesEntry {
  readonly kind: 'series';
  readonly definition: IndicatorDefinition;
  /** Builds a fresh kernel for validated settings. */
  readonly create: (settings: IndicatorSettings) => Kernel;
  /** Bars by which each output is shifted when drawn (+ to the future, - to the past); absent means 0. */
  readonly offsets?: (settings: IndicatorSettings) => Readonly<Record<string, number>>;
  /** For zigzag outputs: the output holding the point values and the one holding how many bars back each lies. */
  readonly zigzag?: { readonly value: string; readonly barsAgo: string };
}

/** A catalogue entry computed over a range of candles as a whole (the visible-range volume profile). */
export interface ProfileEntry {
  readonly kind: 'profile';
  readonly definition: IndicatorDefinition;
}

export type IndicatorEntry = SeriesEntry | ProfileEntry;

interface EntrySpec {
  readonly id: string;
  readonly name: string;
  readonly shortName: string;
  readonly group: IndicatorGroup;
  readonly description: string;
  readonly overlay: boolean;
  readonly inputs: readonly IndicatorInput[];
  readonly constraints?: readonly LessThanConstraint[];
  readonly outputs: readonly IndicatorOutput[];
  readonly levels?: readonly IndicatorLevel[];
  readonly fills?: readonly IndicatorFill[];
}

interface SeriesSpec extends EntrySpec {
  readonly create: (settings: IndicatorSettings) => Kernel;
  readonly offsets?: (settings: IndicatorSettings) => Readonly<Record<string, number>>;
  readonly zigzag?: { readonly value: string; readonly barsAgo: string };
}

function definitionOf(spec: EntrySpec, kind: 'series' | 'profile'): IndicatorDefinition {
  return {
    id: spec.id,
    name: spec.name,
    shortName: spec.shortName,
    group: spec.group,
    description: spec.description,
    overlay: spec.overlay,
    kind,
    inputs: spec.inputs,
    constraints: spec.constraints ?? [],
    outputs: spec.outputs,
    levels: spec.levels ?? [],
    fills: spec.fills ?? [],
  };
}

export function define(spec: SeriesSpec): SeriesEntry {
  return {
    kind: 'series',
    definition: definitionOf(spec, 'series'),
    create: spec.create,
    ...(spec.offsets ? { offsets: spec.offsets } : {}),
    ...(spec.zigzag ? { zigzag: spec.zigzag } : {}),
  };
}

export function defineProfile(spec: EntrySpec): ProfileEntry {
  return { kind: 'profile', definition: definitionOf(spec, 'profile') };
}

// ---- inputs ----

export function intInput(id: string, title: string, def: number, min = 1, max = 500): IntInput {
  return { id, title, type: 'int', default: def, min, max, step: 1 };
}

/** The usual look-back length input. */
export function periodInput(def: number, min = 1, max = 500, id = 'period', title = 'Length'): IntInput {
  return intInput(id, title, def, min, max);
}

export function floatInput(id: string, title: string, def: number, min: number, max: number, step: number): FloatInput {
  return { id, title, type: 'float', default: def, min, max, step };
}

export function sourceInput(def: PriceSource = 'close', id = 'source', title = 'Source'): SourceInput {
  return { id, title, type: 'source', default: def, options: PRICE_SOURCES };
}

export function selectInput(id: string, title: string, def: string, options: readonly string[]): SelectInput {
  return { id, title, type: 'select', default: def, options };
}

export function lessThan(lower: string, upper: string): LessThanConstraint {
  return { type: 'lessThan', lower, upper };
}

// ---- settings ----

export function num(s: IndicatorSettings, id: string): number {
  const v = s[id];
  if (typeof v !== 'number') throw new TypeError(`Indicator setting ${id} is not a number.`);
  return v;
}

export function text(s: IndicatorSettings, id: string): string {
  const v = s[id];
  if (typeof v !== 'string') throw new TypeError(`Indicator setting ${id} is not a string.`);
  return v;
}

export function src(s: IndicatorSettings, id = 'source'): SourceFn {
  return sourceFn(text(s, id) as PriceSource);
}

// ---- styles ----

export const COLORS = {
  blue: '#2962FF',
  orange: '#FF6D00',
  purple: '#7E57C2',
  teal: '#00897B',
  green: '#00DF80',
  red: '#F23645',
  yellow: '#FFB300',
  grey: '#787B86',
  pink: '#E91E63',
  cyan: '#00BCD4',
  brown: '#8D6E63',
  lime: '#9CCC65',
} as const;

function style(type: PlotStyle['type'], color: string, lineWidth: number, extra: Partial<PlotStyle> = {}): PlotStyle {
  return { type, color, lineWidth, lineStyle: 'solid', visible: true, ...extra };
}

export function line(
  id: string,
  title: string,
  color: string,
  lineWidth = 2,
  lineStyle: LineStyle = 'solid',
  visible = true,
) {
  return { id, title, style: style('line', color, lineWidth, { lineStyle, visible }) } satisfies IndicatorOutput;
}

export function stepLine(id: string, title: string, color: string, lineWidth = 1) {
  return { id, title, style: style('stepLine', color, lineWidth) } satisfies IndicatorOutput;
}

export function histogram(id: string, title: string, color: string, negativeColor: string = color) {
  return { id, title, style: style('histogram', color, 1, { negativeColor }) } satisfies IndicatorOutput;
}

export function area(id: string, title: string, color: string) {
  return { id, title, style: style('area', color, 2) } satisfies IndicatorOutput;
}

export function markers(
  id: string,
  title: string,
  color: string,
  shape: NonNullable<PlotStyle['shape']>,
  position: NonNullable<PlotStyle['position']>,
) {
  return { id, title, style: style('markers', color, 1, { shape, position }) } satisfies IndicatorOutput;
}

export function candlePart(id: string, title: string) {
  return {
    id,
    title,
    style: style('candles', COLORS.green, 1, { negativeColor: COLORS.red }),
  } satisfies IndicatorOutput;
}

export function level(value: number, title = String(value), color: string = COLORS.grey): IndicatorLevel {
  const id = `level${String(value).replace('-', 'Minus').replace('.', '_')}`;
  return { id, title, value, color, lineStyle: 'dashed', visible: true };
}

export function fill(id: string, title: string, from: string, to: string, color: string): IndicatorFill {
  return { id, title, from, to, color, visible: true };
}

/** Division that yields 0 when the denominator is exactly zero (TA-Lib's choice for flat windows). */
export function ratioOrZero(a: number, b: number): number {
  return b !== 0 ? a / b : 0;
}
