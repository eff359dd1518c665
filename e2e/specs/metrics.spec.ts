import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
/** The demo sign-in of the README: on a fresh start it has a virtual account with weeks of the engine's trades. */
const DEMO = { email: 'demo@tradedesk.local', password: 'DemoTrader2026' };

const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: join(SCREENSHOTS, `metrics-${name}.png`), fullPage });
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
const tile = (page: Page, label: string) =>
  page
    .getByLabel('Headline figures')
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();

test('the demo trader reads their metrics: every tab, a calendar day’s trades, % and R, state kept on reload', async ({
  page,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, DEMO);

  await page.getByRole('link', { name: 'Metrics' }).first().click();
  await expect(page).toHaveURL(/\/metrics$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Metrics · / })).toBeVisible();
  const trades = tile(page, 'Trades');
  await expect(trades).toBeVisible({ timeout: 30_000 });
  const count = Number((await trades.locator('dd').first().textContent())?.trim());
  expect(count, 'the demo account has the engine’s closed trades').toBeGreaterThan(20);
  await expect(tile(page, 'Net P/L').locator('dd').first()).toHaveText(/^[+-]?(US)?\$[\d,]+\.\d\d$/);
  await expect(page.getByRole('img', { name: /Equity and balance curves/ }).locator('svg')).toBeVisible();
  await shot(page, 'overview');
  expect(await seriousViolations(page)).toEqual([]);

  const tabs = page.getByRole('tablist', { name: 'Metrics sections' });
  const visit = async (name: string, param: string, ready: () => Promise<void>) => {
    await tabs.getByRole('tab', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`tab=${param}`));
    await ready();
    await shot(page, param);
  };

  await visit('Time analysis', 'time_analysis', async () => {
    await expect(page.getByRole('img', { name: /^By hour of day/ }).locator('svg')).toBeVisible();
    await expect(page.getByRole('img', { name: /^By session/ }).locator('svg')).toBeVisible();
    // The demo strategy opens at 10:00 UTC: that hour has trades, with their count on its button.
    await expect(
      page.getByRole('list', { name: 'By hour of day, buckets' }).getByRole('button').first(),
    ).toHaveAccessibleName(/\d+ trades?$/);
  });
  await visit('General', 'general', async () => {
    await expect(page.getByLabel('General figures')).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Excursions per trade' })).toBeVisible();
  });
  await visit('Day of week', 'day_of_week', async () => {
    await expect(page.getByRole('img', { name: /^By day of week/ }).locator('svg')).toBeVisible();
  });
  await visit('Holding time', 'hodl', async () => {
    await expect(page.getByRole('img', { name: /^Trades by holding time/ }).locator('svg')).toBeVisible();
  });
  await visit('Symbols', 'symbols', async () => {
    await expect(page.getByRole('grid', { name: 'Symbols' }).getByRole('row')).not.toHaveCount(1);
  });
  await visit('Symbol', 'symbol', async () => {
    await expect(page.getByLabel(/^\w+ figures$/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('img', { name: /by hour of day/ }).locator('svg')).toBeVisible();
  });

  // The calendar: a day's button opens the trades behind it, as many as the day says.
  await visit('Daily performance', 'daily_perf', async () => {
    await expect(page.getByRole('table', { name: /^Daily P\/L, / })).toBeVisible();
  });
  const calendar = page.getByRole('table', { name: /^Daily P\/L, / });
  expect(await seriousViolations(page)).toEqual([]);
  const day = calendar.getByRole('button', { name: /^(?!Week of).*, \d+ trades?$/ }).first();
  const label = (await day.getAttribute('aria-label')) ?? '';
  const dayTrades = Number(/, (\d+) trades?$/.exec(label)?.[1]);
  expect(dayTrades).toBeGreaterThan(0);
  await day.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('grid').getByRole('row')).toHaveCount(dayTrades + 1);
  await shot(page, 'day-trades');
  // A trade of the list opens in the positions history with its deals; Back returns to the metrics.
  await dialog
    .getByRole('link', { name: /^Open the .* trade in the history$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/positions\?tab=history&account=[^&]+&trade=[^&]+$/);
  await expect(page.getByRole('dialog').getByRole('table', { name: 'Deals' })).toBeVisible();
  await shot(page, 'trade-from-metrics');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/positions\?tab=history$/);
  await page.goBack();
  await expect(calendar).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  // % and R: the overview's total follows the switch, and the address keeps it. (The dialog's exit can swallow
  // the first click on a loaded machine: clicked again until the tab is the selected one.)
  const overviewTab = tabs.getByRole('tab', { name: 'Overview' });
  await expect(async () => {
    await overviewTab.click();
    await expect(overviewTab).toHaveAttribute('aria-selected', 'true', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Percent of the starting balance' }).click();
  await expect(tile(page, 'Net P/L').locator('dd').first()).toHaveText(/%$/);
  await expect(page).toHaveURL(/unit=percent/);
  await shot(page, 'overview-percent');
  await page.getByRole('button', { name: 'R, multiples of the initial risk' }).click();
  const netR = tile(page, 'Net P/L').locator('dd').first();
  // R is measured from a trade's initial stop: a total in R, or "—" saying no trade had a stop.
  await expect(netR).toHaveText(/R$|^— \(.*stop loss.*\)$/);
  await shot(page, 'overview-r');

  // Tabs, switches and fullscreen survive a reload.
  await tabs.getByRole('tab', { name: 'Holding time' }).click();
  await page.getByRole('button', { name: 'Fullscreen' }).click();
  await expect(page.getByRole('button', { name: 'Fullscreen' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Holding time' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'R, multiples of the initial risk' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Fullscreen' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: /^Trades by holding time/ }).locator('svg')).toBeVisible();
  // Fullscreen covers the shell: where the navigation and the top bar were, the metrics are.
  const covered = (point: { x: number; y: number }) =>
    page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('[data-fullscreen]')), point);
  expect(await covered({ x: 60, y: 90 })).toBe(true);
  expect(await covered({ x: 1300, y: 25 })).toBe(true);
  await shot(page, 'fullscreen', false);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Fullscreen' })).toHaveAttribute('aria-pressed', 'false');

  // The light theme: the plots and the calendar take their colours from it. (Back to dark afterwards: the
  // theme is saved on the demo account.)
  await tabs.getByRole('tab', { name: 'Daily performance' }).click();
  await page.getByRole('button', { name: 'Currency (USD)' }).click();
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  // The toggle's tooltip would cover the switches: away with the pointer. Colours are measured once the theme's
  // transitions have ended, as a person sees them.
  await page.mouse.move(5, 400);
  await expect(page.getByRole('tooltip')).toBeHidden();
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))).then(() => undefined),
  );
  await shot(page, 'daily_perf-light');
  expect(await seriousViolations(page)).toEqual([]);
  await tabs.getByRole('tab', { name: 'Time analysis' }).click();
  await expect(page.getByRole('img', { name: /^By hour of day/ }).locator('svg')).toBeVisible();
  await shot(page, 'time_analysis-light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});
