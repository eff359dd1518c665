/**
 * Trading rules of the virtual broker, pure: no I/O and no clock (callers pass `nowMs` and quotes). Booked money
 * is integer minor units of the account currency (`money.ts`), written to the database as exact decimal strings;
 * live marks (floating profit, equity, margin) are doubles. Volumes are lots, prices are in the instrument's
 * quote, distances in points (10^-digits) or pips (the instrument's pip size).
 *
 * - money: account currencies, minor units, `bookMinor` / `bookAmount` (half away from zero), exact sums.
 * - rates: `rateOf` through live quotes (direct, inverse, via USD), `convertProfit` as MetaTrader converts profit.
 * - contract: pip value, margin, profit, swap per lot and rollovers (triple day), commission, stops level.
 * - orders: request and checked order types, `validateOrder`, SL/TP by price or pips with the lock, expiry,
 *   volume rules, `lotsForRisk`.
 * - fills: fill prices, trigger sides, slippage, trailing stop rule.
 * - account: equity and margin figures, margin check, partial close, close-by, netting, stop-out plan.
 * - trigger-book: `TriggerBook`, the per-symbol index evaluated on every quote.
 */
export {
  type AccountBasics,
  type AccountFigures,
  type AccountMode,
  accountFigures,
  accountFiguresOfMarks,
  applyNettingDeal,
  type BookedDeal,
  balanceAfter,
  type CloseBy,
  checkFreeMargin,
  closeBy,
  closePosition,
  closeProfitMinor,
  type DealKind,
  dealProfit,
  type InstrumentLookup,
  MARGIN_CALL_LEVEL,
  type MarginCheck,
  marginStatus,
  markPosition,
  type NettingResult,
  type OpenPosition,
  type PartialClose,
  type PositionMark,
  STOP_OUT_LEVEL,
  type StopOutStep,
  stopOutPlan,
} from './account.js';
export {
  commissionCost,
  direction,
  type MarginFigure,
  marginRequired,
  oppositeSide,
  pipValue,
  pointValuePerLot,
  positionProfit,
  type Rollover,
  rawProfit,
  rolloverSwapMinor,
  type Side,
  STOPS_LEVEL_SPREADS,
  stopsLevelPoints,
  swapPerLot,
  swapRollovers,
  tripleSwapWeekday,
} from './contract.js';
export {
  closingPrice,
  dealPrice,
  fillMarketOrder,
  type MarketFill,
  pendingTriggered,
  slippagePoints,
  stopLossTriggered,
  takeProfitTriggered,
  trailingStopUpdate,
} from './fills.js';
export {
  ACCOUNT_CURRENCIES,
  type AccountCurrency,
  bookAmount,
  bookMinor,
  decimalToMinor,
  isAccountCurrency,
  MAX_BOOKED_MINOR,
  MINOR_UNIT_DIGITS,
  minorToDecimal,
  minorToNumber,
  minorUnitDigits,
  sumBooked,
} from './money.js';
export {
  type CheckedOrder,
  DEFAULT_ORDER_SIZE,
  DEFAULT_RISK_PERCENT,
  type Expiry,
  endOfTradingDay,
  expiryAt,
  floorVolume,
  formatPrice,
  lotsForRisk,
  marketStatus,
  moveStopsWithEntry,
  type OrderCheck,
  type OrderIssue,
  type OrderPreview,
  type OrderRequest,
  type OrderType,
  orderPreview,
  priceIssue,
  type ResolvedStop,
  type RiskSizing,
  resolveStop,
  roundVolume,
  type StopLock,
  stopIssue,
  stopPipsFromPrice,
  stopPriceFromPips,
  validateOrder,
  volumeIssue,
} from './orders.js';
export { type BidAsk, conversionSymbols, convertProfit, type QuoteBook, type RateSide, rateOf } from './rates.js';
export {
  type TriggerAction,
  TriggerBook,
  type WatchedOrder,
  type WatchedPosition,
} from './trigger-book.js';
