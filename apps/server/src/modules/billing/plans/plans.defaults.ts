import { type EntitlementGrants, FREE_PLAN_ID, UNLIMITED } from '@tradedesk/contracts';

/** A catalogue entry as written to the tables and as the CLI exports it: prices in the major unit ("19.00"). */
export type CatalogueFilePrice = { currency: string; monthly: string; yearly: string };
export type CatalogueFilePlan = {
  id: string;
  name: string;
  description: string;
  position: number;
  trialDays: number;
  recommended: boolean;
  active: boolean;
  entitlements: EntitlementGrants;
  prices: CatalogueFilePrice[];
};
export type CatalogueFileAddon = {
  id: string;
  name: string;
  description: string;
  position: number;
  maxQuantity: number;
  active: boolean;
  entitlements: EntitlementGrants;
  prices: CatalogueFilePrice[];
};
export type CatalogueFile = { plans: CatalogueFilePlan[]; addons: CatalogueFileAddon[] };

const price = (currency: string, monthly: string, yearly: string): CatalogueFilePrice => ({
  currency,
  monthly,
  yearly,
});

/**
 * The free plan: enough to chart, journal and trade a couple of accounts every day (and to try every feature
 * once); the paid plans lift the counts. Its limits sit above what the existing tests and e2e flows of each
 * module create for one fresh user, so gating changes nothing a free user already did there.
 */
export const FREE_GRANTS = {
  charts_per_layout: 4,
  indicators_per_chart: 5,
  saved_layouts: 5,
  alerts_price: 10,
  alerts_indicator: 5,
  alerts_drawing: 5,
  alerts_watchlist: 3,
  alerts_calendar: 3,
  alerts_account: 3,
  watchlists: 5,
  trading_accounts: 5,
  prop_challenges: 2,
  strategies: 10,
  backtests_per_day: 10,
  ai_messages_per_day: 30,
  ai_tokens_per_day: 60_000,
  knowledge_storage_mb: 20,
  communities_owned: 1,
  ai_agents: true,
  strategy_backtesting: true,
  trade_import: true,
} as const satisfies Required<EntitlementGrants>;

/** The catalogue written at start when missing (an operator's later edit of a row is never overwritten). */
export const DEFAULT_CATALOGUE: CatalogueFile = {
  plans: [
    {
      id: FREE_PLAN_ID,
      name: 'Free',
      description: 'Charts, journal and a few accounts, free for ever.',
      position: 0,
      trialDays: 0,
      recommended: false,
      active: true,
      entitlements: FREE_GRANTS,
      prices: [price('USD', '0.00', '0.00'), price('EUR', '0.00', '0.00'), price('GBP', '0.00', '0.00')],
    },
    {
      id: 'pro',
      name: 'Pro',
      description: 'More charts, alerts and accounts for the active trader.',
      position: 1,
      // Pro is paid from the first day; Premium starts with a 7-day trial
      trialDays: 0,
      recommended: true,
      active: true,
      entitlements: {
        charts_per_layout: 8,
        indicators_per_chart: 15,
        saved_layouts: 25,
        alerts_price: 100,
        alerts_indicator: 50,
        alerts_drawing: 50,
        alerts_watchlist: 20,
        alerts_calendar: 20,
        alerts_account: 20,
        watchlists: 25,
        trading_accounts: 15,
        prop_challenges: 10,
        strategies: 50,
        backtests_per_day: 100,
        ai_messages_per_day: 200,
        ai_tokens_per_day: 400_000,
        knowledge_storage_mb: 250,
        communities_owned: 5,
        ai_agents: true,
        strategy_backtesting: true,
        trade_import: true,
      },
      prices: [price('USD', '19.00', '190.00'), price('EUR', '18.00', '180.00'), price('GBP', '16.00', '160.00')],
    },
    {
      id: 'premium',
      name: 'Premium',
      description: 'No counting: everything unlimited, with the largest AI allowance.',
      position: 2,
      trialDays: 7,
      recommended: false,
      active: true,
      entitlements: {
        charts_per_layout: 16,
        indicators_per_chart: 30,
        saved_layouts: UNLIMITED,
        alerts_price: UNLIMITED,
        alerts_indicator: UNLIMITED,
        alerts_drawing: UNLIMITED,
        alerts_watchlist: UNLIMITED,
        alerts_calendar: UNLIMITED,
        alerts_account: UNLIMITED,
        watchlists: UNLIMITED,
        trading_accounts: UNLIMITED,
        prop_challenges: UNLIMITED,
        strategies: UNLIMITED,
        backtests_per_day: UNLIMITED,
        ai_messages_per_day: 1000,
        ai_tokens_per_day: 2_000_000,
        knowledge_storage_mb: 2000,
        communities_owned: 25,
        ai_agents: true,
        strategy_backtesting: true,
        trade_import: true,
      },
      prices: [price('USD', '49.00', '490.00'), price('EUR', '45.00', '450.00'), price('GBP', '39.00', '390.00')],
    },
  ],
  addons: [
    {
      id: 'extra_ai_messages',
      name: 'Extra AI messages',
      description: '200 more AI assistant messages and 400,000 more tokens every day.',
      position: 0,
      maxQuantity: 10,
      active: true,
      entitlements: { ai_messages_per_day: 200, ai_tokens_per_day: 400_000 },
      prices: [price('USD', '5.00', '50.00'), price('EUR', '5.00', '50.00'), price('GBP', '4.00', '40.00')],
    },
    {
      id: 'extra_trading_accounts',
      name: 'Extra trading accounts',
      description: '5 more trading accounts.',
      position: 1,
      maxQuantity: 20,
      active: true,
      entitlements: { trading_accounts: 5 },
      prices: [price('USD', '4.00', '40.00'), price('EUR', '4.00', '40.00'), price('GBP', '3.00', '30.00')],
    },
    {
      id: 'extra_alerts',
      name: 'Extra alerts',
      description: '50 more price alerts and 20 more of every other kind of alert.',
      position: 2,
      maxQuantity: 20,
      active: true,
      entitlements: {
        alerts_price: 50,
        alerts_indicator: 20,
        alerts_drawing: 20,
        alerts_watchlist: 20,
        alerts_calendar: 20,
        alerts_account: 20,
      },
      prices: [price('USD', '3.00', '30.00'), price('EUR', '3.00', '30.00'), price('GBP', '2.50', '25.00')],
    },
  ],
};
