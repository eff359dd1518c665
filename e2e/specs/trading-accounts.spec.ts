import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

/** Serious and critical axe findings, on the page or only within `include` (a CSS selector). */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} - ${n.failureSummary ?? ''}`));
}

// BTCUSD trades every day of the week, so the market order fills whatever day the suite runs.
test('open a virtual account from the dialog, switch to it, buy at market with SL and TP from the ticket', async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, user);

  // No account yet: the switcher opens the dialog.
  await page.getByRole('button', { name: 'Trading accounts' }).click();
  await page.getByRole('menuitem', { name: 'Manage trading accounts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Trading accounts' });
  await expect(dialog.getByText('No trading accounts yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await page.getByRole('dialog', { name: 'Add an account' }).getByRole('button', { name: 'Open an account' }).click();
  const open = page.getByRole('dialog', { name: 'Open an account' });
  await open.getByRole('textbox', { name: 'Name' }).fill('E2E practice');
  await open.getByRole('switch', { name: 'Make it my active account' }).uncheck();
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-open-account.png') });
  await open.getByRole('button', { name: 'Open virtual account' }).click();
  await expect(page.getByText('E2E practice opened.')).toBeVisible();

  // Back on the list: switch to it.
  const list = page.getByRole('dialog', { name: 'Trading accounts' });
  const row = list.getByRole('listitem', { name: 'E2E practice' });
  await expect(row).toContainText('Virtual · Demo');
  await expect(row).toContainText('$10,000.00');
  await row.getByRole('button', { name: 'Switch to E2E practice' }).click();
  await expect(row.getByText('Active')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-accounts-dialog.png') });
  await list.getByRole('button', { name: 'Close' }).click();

  const switcher = page.getByRole('button', { name: /^Trading account E2E practice, balance (?:US)?\$10,000\.00/ });
  await expect(switcher).toBeVisible();

  // The order panel on the chart: a market buy with SL and TP in pips.
  await page.goto('/chart?symbol=BTCUSD');
  const ticket = page.getByRole('form', { name: 'Order ticket, BTCUSD' });
  // the trading column is its own chunk, loaded after the chart
  await expect(ticket).toBeVisible({ timeout: 30_000 });
  await expect(ticket.getByRole('tab', { name: 'Limit', exact: true })).toHaveAttribute('aria-selected', 'true');
  await ticket.getByRole('tab', { name: 'Market' }).click();
  await ticket.getByRole('spinbutton', { name: 'Size (lots)' }).fill('0.05');
  await ticket.getByRole('textbox', { name: 'Stop loss (pips)' }).fill('300');
  await ticket.getByRole('textbox', { name: 'Take profit (pips)' }).fill('600');
  // 0.05 lots x 300 pips x $1 a pip a lot = $15 at risk; 600 pips = $30 reward.
  const figures = ticket.getByRole('definition');
  await expect(ticket.getByLabel('Order figures')).toContainText(/Money at risk(?:US)?\$15\.00/);
  await expect(ticket.getByLabel('Order figures')).toContainText(/Reward(?:US)?\$30\.00/);
  await expect(ticket.getByLabel('Order figures')).toContainText('Risk:reward1:2.00');
  await expect(figures.nth(6)).toHaveText(/^(?:US)?\$[\d,]+\.\d{2}$/);
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-ticket-dark.png') });

  await ticket.getByRole('button', { name: 'Buy 0.05 BTCUSD at market' }).click();
  await expect(page.getByText(/^Bought 0\.05 BTCUSD at [\d,]+\.\d{2}\.$/)).toBeVisible();

  // The switcher and the risk panel follow the account live.
  const risk = page.getByLabel('Account risk');
  await expect(risk).toContainText('Open positions1');
  await expect(
    page.getByRole('button', {
      name: /^Trading account E2E practice, balance (?:US)?\$[\d,]+\.\d{2}, equity (?:US)?\$[\d,]+\.\d{2}$/,
    }),
  ).toBeVisible();
  await expect(page.getByTestId('switcher-figures')).toHaveText(
    /^Bal (?:US)?\$[\d,]+\.\d{2} · Eq (?:US)?\$[\d,]+\.\d{2}$/,
  );

  // The position tab manages it.
  await page.getByRole('tablist', { name: 'Order panel' }).getByRole('tab', { name: 'Position' }).click();
  await expect(page.getByLabel('buy 0.05 BTCUSD')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-chart-dark.png') });

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  // let the colour transitions end so contrast is measured as a person sees it
  await page.waitForTimeout(400);
  await page.getByRole('tablist', { name: 'Order panel' }).getByRole('tab', { name: 'Order' }).click();
  await expect(ticket).toBeVisible();
  // The trading column and the top bar; the chart's own toolbar is checked by the chart's specs.
  expect(await seriousViolations(page, 'aside[aria-label="Trading"]')).toEqual([]);
  expect(await seriousViolations(page, 'header')).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-chart-light.png') });

  // Settings: the trading accounts tab lists it.
  await page.goto('/settings/trading_accounts');
  await expect(page.getByRole('grid', { name: 'Trading accounts' }).getByText('E2E practice (active)')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-accounts-settings-light.png') });

  // A narrow screen: the order panel opens from the chart's Trade button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chart?symbol=BTCUSD');
  await page.getByRole('button', { name: 'Trade', exact: true }).click({ timeout: 30_000 });
  await expect(page.getByRole('form', { name: 'Order ticket, BTCUSD' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-ticket-390-light.png') });
});
