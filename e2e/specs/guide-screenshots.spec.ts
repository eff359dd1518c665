import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

/**
 * The user guide's screenshots (docs/guide/images, referenced by the articles): the demo trader's screens at
 * 1280x800, JPEG quality 70. Run after `npm run build` and commit the images:
 * `E2E_PORT=18193 npx playwright test -c e2e/playwright.config.ts guide-screenshots`.
 */
const IMAGES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'guide', 'images');
const DEMO = { email: 'demo@tradedesk.local', password: 'DemoTrader2026' };

/** Each screen the guide shows, and what says its data is on screen. */
const screens: Array<{ file: string; path: string; ready: (p: Page) => ReturnType<Page['getByRole']> }> = [
  { file: 'dashboard', path: '/', ready: (p) => p.getByRole('main') },
  { file: 'chart', path: '/chart?symbol=EURUSD&tf=1h', ready: (p) => p.getByText(/Simulated/).first() },
  { file: 'positions', path: '/positions', ready: (p) => p.getByRole('heading', { level: 1 }).first() },
  { file: 'metrics', path: '/metrics', ready: (p) => p.getByLabel('Headline figures') },
  { file: 'journal', path: '/journal', ready: (p) => p.getByRole('heading', { level: 1 }).first() },
  { file: 'strategies', path: '/strategies', ready: (p) => p.getByText('London breakout').first() },
  { file: 'ai', path: '/ai', ready: (p) => p.getByRole('main') },
  { file: 'community', path: '/community', ready: (p) => p.getByRole('main') },
  { file: 'billing', path: '/settings/plan_billing', ready: (p) => p.getByRole('heading', { level: 1 }).first() },
  { file: 'help-center', path: '/help', ready: (p) => p.getByRole('link', { name: /Getting started/ }).first() },
];

test('the guide’s screenshots of the demo trader’s screens', async ({ page }) => {
  test.setTimeout(90_000);
  mkdirSync(IMAGES, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO);
  // the demo's virtual account made the active one, so the trading screens show it (an earlier spec of the run
  // may have made it active already: the switcher then names it, and its menu lists only the other accounts)
  const switcher = page.getByRole('banner').getByRole('button', { name: /^Trading account/ });
  // read once the accounts have loaded (the switcher is disabled until then and names no account, so the test
  // would open a menu that lacks the account that turns out to be the active one)
  await expect(switcher).toBeEnabled();
  if (!(await switcher.textContent())?.includes('Demo virtual account')) {
    await switcher.click();
    const account = page.getByRole('menuitem', { name: /^Demo virtual account/ });
    await account.click();
    await expect(account).toBeHidden();
  }
  await expect(switcher).toContainText('Demo virtual account');
  for (const screen of screens) {
    await test.step(screen.file, async () => {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
      // charts and lists fill in after their first answer: let the page's requests settle (WebSockets aside)
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: join(IMAGES, `${screen.file}.jpg`), type: 'jpeg', quality: 70 });
    });
  }
});
