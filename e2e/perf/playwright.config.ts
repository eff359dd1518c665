import base from '../playwright.config';

/**
 * The chart's performance figures (`npm run perf:chart`), not part of `npm test`: the e2e server and Chromium
 * of the main config, this folder's specs, and the market feed ticking every 20 ms (five times the default) so
 * a few minutes of live updates stand for much longer at the usual rate.
 */
export default {
  ...base,
  testDir: '.',
  outputDir: '../artifacts/perf-results',
  reporter: [['list']],
  timeout: 15 * 60_000,
  use: { ...base.use, trace: 'off' },
  webServer: {
    ...(base.webServer as object),
    env: { ...((base.webServer as { env: Record<string, string> }).env ?? {}), MARKET_FEED_INTERVAL_MS: '20' },
  },
};
