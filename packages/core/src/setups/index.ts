export {
  advanceSetup,
  SETUP_FINAL_STATUSES,
  type SetupLevels,
  type SetupQuote,
  type SetupStatus,
  type SetupStep,
  setupLevelsProblem,
  setupPrices,
} from './setup-tracker.js';
