export { earningsEventById, earningsEvents, ipoEventById, ipoEvents } from './corporate.js';
export { ECONOMIC_INDICATORS, economicEventById, economicEvents, pastReleases } from './economic.js';
export { newsFromEarnings, newsFromEconomicEvent } from './news.js';
export type {
  CalendarImpact,
  EconomicIndicator,
  SimEarningsEvent,
  SimEconomicEvent,
  SimIpoEvent,
  WrittenNews,
} from './types.js';
