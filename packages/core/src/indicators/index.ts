export {
  calculateIndicator,
  type IndicatorProfileResult,
  type IndicatorRequest,
  type IndicatorResult,
} from './calculate.js';
export { PIVOT_TYPES, type PivotType, pivotLevels } from './catalogue/price-action.js';
export {
  findIndicator,
  INDICATOR_LIST_DEFAULTS,
  INDICATORS,
  type IndicatorListPage,
  type IndicatorListQuery,
  indicatorGroupCounts,
  listIndicators,
} from './catalogue.js';
export type { IndicatorEntry, ProfileEntry, SeriesEntry } from './define.js';
export {
  type ChartReadings,
  chartReadings,
  type IndicatorReading,
  type ReadingSpec,
  STANDARD_CHART_READINGS,
} from './readings.js';
export {
  calculateSeries,
  computeIndicator,
  type IndicatorSeries,
  type IndicatorSeriesResult,
  LiveIndicator,
  toNullable,
  zigzagPoints,
} from './run.js';
export {
  defaultIndicatorSettings,
  type IndicatorFieldError,
  type SettingsValidation,
  validateDefinitionSettings,
  validateIndicatorSettings,
} from './settings.js';
export { isColor, type ResolvedIndicatorStyles, resolveIndicatorStyles, type StylesValidation } from './styles.js';
export * from './types.js';
export { LiveVolumeProfile, type VolumeProfile, volumeProfile } from './volume-profile.js';
