import type { PlaywrightTestConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * The chart's performance figures (`npm run perf:chart`), not part of `npm test`: the e2e server and Chromium
 * of the main config, with the product's own settings (the market feed at its default interval: the memory test
 * writes its accelerated live updates itself), and this folder's specs.
 */
const config: PlaywrightTestConfig = {
  ...base,
  testDir: '.',
  outputDir: '../artifacts/perf-results',
  reporter: [['list']],
  timeout: 15 * 60_000,
  use: { ...base.use, trace: 'off' },
};
export default config;
