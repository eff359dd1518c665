import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
/** The demo sign-in of the README: a virtual account with weeks of the engine's trades, and two strategies. */
const DEMO = { email: 'demo@tradedesk.local', password: 'DemoTrader2026' };

const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: join(SCREENSHOTS, `journal-${name}.png`), fullPage });
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** Days of the month shown with trades, as their buttons: "Tue, 3 Nov 2026: +$12.50, 2 trades…". */
const tradedDays = (page: Page) =>
  page.getByRole('table', { name: /^Journal, / }).getByRole('button', { name: /: [+-]?.*\d+ trades?(,|$)/ });
/** Days with trades and nothing journaled yet (no notes, no mood): the demo journals only its latest days. */
const freshDays = (page: Page) =>
  page.getByRole('table', { name: /^Journal, / }).getByRole('button', { name: /: [+-]?.*\d+ trades?$/ });

async function pickOption(page: Page, combobox: Locator, option: RegExp | string): Promise<string> {
  await combobox.click();
  const item =
    typeof option === 'string'
      ? page.getByRole('option', { name: option, exact: true })
      : page.getByRole('option', { name: option }).first();
  const name = (await item.textContent()) ?? '';
  await item.click();
  return name;
}

test('the demo trader journals a day: its P/L on the calendar, a plan, a trade linked to a strategy with a checklist item, kept on reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, DEMO);

  await page.getByRole('link', { name: 'Journal' }).first().click();
  await expect(page).toHaveURL(/\/journal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: /^Journal, / })).toBeVisible({ timeout: 30_000 });

  // The engine's trades are weeks old at most: this month or the one before has days with P/L not journaled yet.
  await expect(tradedDays(page).first().or(page.getByText('No trades this month'))).toBeVisible({ timeout: 20_000 });
  if ((await freshDays(page).count()) === 0) {
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page).toHaveURL(/month=/);
  }
  await expect(tradedDays(page).first()).toBeVisible({ timeout: 20_000 });
  const days = await tradedDays(page).count();
  expect(days, 'the demo account has days with closed trades').toBeGreaterThan(0);
  const label = (await tradedDays(page).first().getAttribute('aria-label')) ?? '';
  expect(label).toMatch(/: [+-]?(US)?\$[\d,]+\.\d\d, \d+ trades?/);
  await shot(page, 'overview');
  expect(await seriousViolations(page)).toEqual([]);

  // A day with trades and no journal yet, by keyboard: focus it and press Enter.
  await expect(freshDays(page).first()).toBeVisible({ timeout: 20_000 });
  const day = freshDays(page).last();
  const dayLabel = (await day.getAttribute('aria-label')) ?? '';
  const trades = Number(/(\d+) trades?/.exec(dayLabel)?.[1]);
  const date = (await day.getAttribute('data-day')) ?? '';
  await day.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`day=${date}`));
  const panel = page.getByRole('article');
  await expect(panel.getByRole('heading', { level: 2 })).toBeVisible();
  const grid = panel.getByRole('grid', { name: 'Trades of the day' });
  await expect(grid.getByRole('row')).toHaveCount(trades + 1, { timeout: 20_000 });

  // The plan, in the rich text editor: a bold word and a sentence.
  const plan = panel.getByRole('textbox', { name: 'Pre-session plan' });
  await expect(plan).toBeVisible({ timeout: 20_000 });
  await plan.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await panel
    .getByRole('toolbar', { name: 'Pre-session plan formatting' })
    .getByRole('button', { name: 'Bold' })
    .click();
  await page.keyboard.type('Plan:');
  await panel
    .getByRole('toolbar', { name: 'Pre-session plan formatting' })
    .getByRole('button', { name: 'Bold' })
    .click();
  await page.keyboard.type(' only the London open, one trade at most.');
  await expect(plan.locator('strong')).toHaveText('Plan:');
  await panel.getByRole('button', { name: 'good' }).click();

  // The first trade: the strategy and approach it followed, one checklist item met.
  const tradeButton = grid.getByRole('button', { name: /^Journal / }).first();
  const tradeName = (await tradeButton.getAttribute('aria-label')) ?? '';
  await tradeButton.click();
  const editor = panel.getByRole('region', { name: /^Journal of .* trade$/ });
  await expect(editor).toBeVisible();
  const strategy = await pickOption(page, editor.getByRole('combobox', { name: 'Strategy' }), /^(?!No strategy).+/);
  expect(strategy).not.toBe('');
  const approach = await pickOption(page, editor.getByRole('combobox', { name: 'Approach' }), /^(?!No approach).+/);
  const checklist = editor.getByRole('region', { name: 'Checklist' });
  const item = checklist.getByRole('checkbox').first();
  await expect(item).toBeVisible();
  const itemText = (await checklist.locator('label').first().textContent()) ?? '';
  if (await item.isChecked()) await item.uncheck();
  await item.check();
  await expect(panel.getByText('Unsaved changes')).toBeVisible();
  await shot(page, 'day-editing', false);

  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Saved', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(grid.getByRole('gridcell', { name: strategy })).toBeVisible();

  // Reload: the day opens again from the address, with what was saved.
  await page.reload();
  const reloaded = page.getByRole('article');
  const plan2 = reloaded.getByRole('textbox', { name: 'Pre-session plan' });
  await expect(plan2).toContainText('Plan: only the London open, one trade at most.', { timeout: 30_000 });
  await expect(plan2.locator('strong')).toHaveText('Plan:');
  await expect(reloaded.getByRole('button', { name: 'good' })).toHaveAttribute('aria-pressed', 'true');
  const grid2 = reloaded.getByRole('grid', { name: 'Trades of the day' });
  await grid2.getByRole('button', { name: tradeName, exact: true }).click();
  const editor2 = reloaded.getByRole('region', { name: /^Journal of .* trade$/ });
  await expect(editor2.getByRole('combobox', { name: 'Strategy' })).toHaveText(strategy);
  await expect(editor2.getByRole('combobox', { name: 'Approach' })).toHaveText(approach);
  const checklist2 = editor2.getByRole('region', { name: 'Checklist' });
  await expect(checklist2.locator('label').first()).toHaveText(itemText);
  await expect(checklist2.getByRole('checkbox').first()).toBeChecked();
  await shot(page, 'day-reloaded', false);
  expect(await seriousViolations(page)).toEqual([]);

  // Closed again, the day shows its notes on the calendar.
  await reloaded.getByRole('button', { name: 'Close the day' }).click();
  await expect(page).not.toHaveURL(/day=/);
  await expect(page.locator(`[data-day="${date}"]`)).toHaveAttribute('aria-label', /notes, mood good/);

  // Setups: a new one, tracked on the simulated quotes.
  await page.getByRole('tab', { name: 'Setups' }).click();
  await expect(page).toHaveURL(/tab=setup_view/);
  await page
    .getByRole('button', { name: /^(New setup|Create a setup)$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'New setup' });
  await dialog.getByRole('textbox', { name: 'Symbol' }).fill('EURUSD');
  await dialog.getByRole('button', { name: 'Long' }).click();
  await dialog.getByRole('textbox', { name: 'Entry from' }).fill('0.5');
  await dialog.getByRole('textbox', { name: 'Stop' }).fill('0.4');
  await dialog.getByRole('textbox', { name: 'Target' }).fill('5');
  await dialog.getByRole('button', { name: 'Save setup' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name: 'EURUSD long setup' })).toBeVisible();
  await shot(page, 'setups');

  // Details: rule compliance, with the strategy the trade was linked to among the rules.
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(/tab=details/);
  const rules = page.getByRole('grid', { name: 'Rule compliance' });
  await expect(rules).toBeVisible({ timeout: 30_000 });
  await expect(rules.getByRole('row', { name: new RegExp(strategy) }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Discipline score' })).toContainText(/\d+|—/);
  await expect(page.getByRole('img', { name: /^Discipline score per week/ }).locator('svg')).toBeVisible();
  await shot(page, 'details');
  expect(await seriousViolations(page)).toEqual([]);
});
