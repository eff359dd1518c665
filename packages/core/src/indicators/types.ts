/** The spec's indicator groups (the filter tabs of the indicators sub navigation). */
export const INDICATOR_GROUPS = [
  'trend',
  'oscillators',
  'volume',
  'volatility',
  'priceAction',
  'meanReversion',
] as const;
export type IndicatorGroup = (typeof INDICATOR_GROUPS)[number];

/** Price fields an indicator can read as its "source". */
export const PRICE_SOURCES = ['close', 'open', 'high', 'low', 'hl2', 'hlc3', 'ohlc4'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

interface InputBase {
  /** Key in indicator_settings (camelCase, stable). */
  readonly id: string;
  readonly title: string;
}

export interface IntInput extends InputBase {
  readonly type: 'int';
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

export interface FloatInput extends InputBase {
  readonly type: 'float';
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

export interface SourceInput extends InputBase {
  readonly type: 'source';
  readonly default: PriceSource;
  readonly options: readonly PriceSource[];
}

export interface SelectInput extends InputBase {
  readonly type: 'select';
  readonly default: string;
  readonly options: readonly string[];
}

export interface BoolInput extends InputBase {
  readonly type: 'bool';
  readonly default: boolean;
}

export type IndicatorInput = IntInput | FloatInput | SourceInput | SelectInput | BoolInput;

/** A cross-field rule: the value of `lower` must be strictly less than the value of `upper`. */
export interface LessThanConstraint {
  readonly type: 'lessThan';
  readonly lower: string;
  readonly upper: string;
}

export type PlotType = 'line' | 'stepLine' | 'histogram' | 'area' | 'markers' | 'candles' | 'zigzag';
export type LineStyle = 'solid' | 'dashed' | 'dotted';
export type MarkerShape = 'arrowUp' | 'arrowDown' | 'circle' | 'square';
export type MarkerPosition = 'aboveBar' | 'belowBar' | 'atValue';

/**
 * How one output is drawn. `negativeColor` colours histogram columns below zero; markers use `shape` and
 * `position`; `candles` outputs are the four parts (open, high, low, close) of one candle series coloured by
 * `color` (rising) and `negativeColor` (falling); a `zigzag` output is drawn as a line joining the points
 * (bar index - barsAgo, value) where barsAgo is the output named by the definition's `zigzag.barsAgo`.
 */
export interface PlotStyle {
  readonly type: PlotType;
  readonly color: string;
  readonly lineWidth: number;
  readonly lineStyle: LineStyle;
  readonly visible: boolean;
  readonly negativeColor?: string;
  readonly shape?: MarkerShape;
  readonly position?: MarkerPosition;
}

export interface IndicatorOutput {
  readonly id: string;
  readonly title: string;
  readonly style: PlotStyle;
}

/** A horizontal reference line in the indicator's pane (RSI 70/30, CCI +-100). */
export interface IndicatorLevel {
  readonly id: string;
  readonly title: string;
  readonly value: number;
  readonly color: string;
  readonly lineStyle: LineStyle;
  readonly visible: boolean;
}

/** A filled band between two outputs (Bollinger, Ichimoku cloud). */
export interface IndicatorFill {
  readonly id: string;
  readonly title: string;
  readonly from: string;
  readonly to: string;
  readonly color: string;
  readonly visible: boolean;
}

/** The JSON description of an indicator, as served by `GET /indicators/list`. */
export interface IndicatorDefinition {
  readonly id: string;
  readonly name: string;
  readonly shortName: string;
  readonly group: IndicatorGroup;
  readonly description: string;
  /** True when drawn over the price series, false when it takes its own pane. */
  readonly overlay: boolean;
  /** `series`: one value per candle for each output. `profile`: a histogram over a price range (volume profile). */
  readonly kind: 'series' | 'profile';
  readonly inputs: readonly IndicatorInput[];
  readonly constraints: readonly LessThanConstraint[];
  readonly outputs: readonly IndicatorOutput[];
  readonly levels: readonly IndicatorLevel[];
  readonly fills: readonly IndicatorFill[];
}

/** Settings after validation: every input of the definition present with a value of its type. */
export type IndicatorSettings = Readonly<Record<string, number | string | boolean>>;

/**
 * CandleArrays as parallel typed arrays; `time` in unix seconds. Every array has the same length and finite values.
 */
export interface CandleArrays {
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

/** One candle as plain numbers (the forming bar of a live feed). */
export interface OhlcvBar {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}
