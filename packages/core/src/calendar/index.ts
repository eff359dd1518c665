export {
  earningsEventById,
  earningsEvents,
  earningsMarketCap,
  earningsSurprise,
  type IpoClose,
  ipoEventAsOf,
  ipoEventById,
  ipoEvents,
  ipoPriceHistory,
  pastEarnings,
} from './corporate.js';
export {
  ECONOMIC_INDICATORS,
  economicEventAsOf,
  economicEventById,
  economicEvents,
  pastReleases,
} from './economic.js';
export { formatValue, newsFromEarnings, newsFromEconomicEvent } from './news.js';
export type {
  CalendarImpact,
  EconomicIndicator,
  SimEarningsEvent,
  SimEconomicEvent,
  SimIpoEvent,
  WrittenNews,
} from './types.js';
