export { PriceAlertBook, type PriceAlertFire, type PriceAlertOperator, type WatchedPriceAlert } from './price-book.js';
export { LevelIndex } from './price-index.js';
export {
  type AlertMessageValues,
  type AlertTriggerMode,
  type ComparisonOperator,
  decideFire,
  formatAlertMessage,
  formatAlertTime,
  isLevelOperator,
  type LinePoint,
  linePriceAt,
  moveHolds,
  ONCE_PER_MINUTE_MS,
  stepChannel,
  stepComparison,
  type TriggerMemory,
} from './triggers.js';
