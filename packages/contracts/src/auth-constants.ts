// Plain values without zod live in their own module: with "sideEffects": false a bundle that needs only them
// (the web app's first load reads the cookie names) does not pull in zod and every schema of this file.

/** Token lifetimes in seconds (spec section 9): the main pair and the trading pair. */
export const tokenTtl = {
  access: 14 * 60,
  refresh: 4 * 24 * 60 * 60,
  tradingAccess: 4 * 60,
  tradingRefresh: 7 * 24 * 60 * 60,
} as const;

/** Names of the cookies the server sets; `signed_in` is readable by the SPA, the others are HttpOnly. */
export const authCookieNames = {
  access: 'access_token',
  refresh: 'refresh_token',
  tradingAccess: 'trading_access_token',
  tradingRefresh: 'trading_refresh_token',
  signedIn: 'signed_in',
} as const;
