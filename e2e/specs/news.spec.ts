import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
/** The demo sign-in of the README. */
const DEMO = { email: 'demo@tradedesk.local', password: 'DemoTrader2026' };
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `news-${name}.png`) });

test('the demo trader reads a simulated news item, saves it for later and filters by sentiment', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, DEMO);

  await page.getByRole('link', { name: 'News' }).first().click();
  await expect(page).toHaveURL(/\/market-intelligence\/news$/);
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  const list = page.getByRole('list', { name: 'All news' });
  // Offline, the news is written from the simulated calendar, and says so.
  const unread = list.getByRole('button', { name: /^Unread: / }).first();
  await expect(unread).toBeVisible({ timeout: 30_000 });
  await expect(list.getByText('Simulated', { exact: true }).first()).toBeVisible();
  await shot(page, 'list');
  expect(await seriousViolations(page)).toEqual([]);

  // Open an unread item: it is read, its id is in the address, and it is first in Recently watched.
  const name = (await unread.getAttribute('aria-label')) ?? '';
  const title = name.replace(/^Unread: /, '').split(', ')[0] ?? '';
  expect(title.length).toBeGreaterThan(0);
  await unread.click();
  await expect(page).toHaveURL(/[?&]item=[0-9a-f-]{36}/);
  const reader = page.getByRole('article', { name: title });
  await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  await expect(reader.getByText('Simulated', { exact: true })).toBeVisible();
  await shot(page, 'reader');
  expect(await seriousViolations(page)).toEqual([]);

  // Save it to read later from the reader.
  await reader.getByRole('button', { name: 'Save to Read later' }).click();
  await expect(reader.getByRole('button', { name: 'Remove from Read later' })).toBeVisible();
  await reader.getByRole('button', { name: 'Close the item' }).click();
  await expect(list.getByRole('button', { name: new RegExp(`^${escapeRegExp(title)}, `) }).first()).toBeVisible();

  const tabs = page.getByRole('tablist', { name: 'News lists' });
  await tabs.getByRole('tab', { name: 'Recently watched' }).click();
  await expect(page).toHaveURL(/tab=recent/);
  const recent = page.getByRole('list', { name: 'Recently watched' });
  await expect(
    recent
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: new RegExp(`^${escapeRegExp(title)}, `) }),
  ).toBeVisible();
  await shot(page, 'recent');

  await tabs.getByRole('tab', { name: 'Read later' }).click();
  await expect(page).toHaveURL(/tab=read_later/);
  const later = page.getByRole('list', { name: 'Read later' });
  await expect(later.getByRole('button', { name: new RegExp(`^${escapeRegExp(title)}, `) })).toBeVisible();
  await shot(page, 'read-later');

  // Filter All by sentiment: the address keeps it, every row shown has that sentiment.
  await tabs.getByRole('tab', { name: 'All' }).click();
  await page.getByRole('group', { name: 'Sentiments' }).getByRole('button', { name: 'Negative' }).click();
  await expect(page).toHaveURL(/sentiments=negative/);
  const rows = page
    .getByRole('list', { name: 'All news' })
    .getByRole('button', { name: /, (Positive|Negative|Neutral)$/ });
  // The list follows the filter once its answer arrives: then every row is Negative.
  await expect
    .poll(async () => {
      const labels = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      return labels.length > 0 && labels.every((label) => label.endsWith(', Negative'));
    })
    .toBe(true);
  await shot(page, 'negative');

  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Sentiments' }).getByRole('button', { name: 'Negative' }),
  ).toHaveAttribute('aria-pressed', 'true');
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('folders group providers, and the chart lists the news of its instrument', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, DEMO);
  await page.goto('/market-intelligence/news');
  const folders = page.getByRole('navigation', { name: 'News folders' });
  await expect(folders.getByRole('link', { name: /^Simulated/ })).toBeVisible({ timeout: 30_000 });

  // Create a folder holding the simulated provider, in a colour of its own.
  await folders.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Name').fill('Macro desk');
  await dialog.getByRole('radio', { name: 'Colour Blue' }).click();
  await dialog.getByRole('checkbox', { name: 'Simulated' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const group = folders.getByRole('group', { name: 'Folder Macro desk' });
  // The chevron opens and closes it; the name selects it.
  await expect(group.getByRole('button', { name: 'Close folder Macro desk' })).toHaveAttribute('aria-expanded', 'true');
  await expect(
    folders.getByRole('group', { name: 'Macro desk providers' }).getByRole('link', { name: /^Simulated/ }),
  ).toBeVisible();
  await shot(page, 'folder');

  // Closed stays closed after a reload (isOpen is saved).
  await group.getByRole('button', { name: 'Close folder Macro desk' }).click();
  await expect(group.getByRole('button', { name: 'Open folder Macro desk' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/\/market-intelligence\/news$/);
  await page.reload();
  await expect(group.getByRole('button', { name: 'Open folder Macro desk' })).toHaveAttribute('aria-expanded', 'false');

  // Selecting the folder shows its providers' news, kept in the address, with its unread count on its header.
  const header = group.getByRole('link', { name: /^Macro desk/ });
  await expect(header.getByLabel(/^\d+ unread$/)).toBeVisible();
  await header.click();
  await expect(page).toHaveURL(/\/market-intelligence\/news\?folder=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'News · Macro desk' })).toBeVisible();
  await expect(header).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('list', { name: 'Macro desk news' }).getByRole('listitem').first()).toBeVisible();
  await shot(page, 'folder-selected');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'News · Macro desk' })).toBeVisible();

  // A provider's page lists that provider's items.
  await folders
    .getByRole('link', { name: /^Simulated/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/market-intelligence\/news\/folder-2\/simulated$/);
  await expect(page.getByRole('heading', { level: 1, name: 'News · Simulated' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Simulated news' }).getByRole('listitem').first()).toBeVisible();

  // Delete, after a confirmation.
  await folders.getByRole('button', { name: 'Folder actions: Macro desk' }).click();
  await page.getByRole('menuitem', { name: 'Delete folder' }).click();
  const confirm = page.getByRole('dialog', { name: /Delete the folder/ });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(group).toHaveCount(0);

  // An unknown provider's page says so, with the way back.
  await page.goto('/market-intelligence/news/folder-2/nonexistent');
  await expect(page.getByText('The provider “nonexistent” does not exist.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No news yet.')).toHaveCount(0);
  await shot(page, 'unknown-provider');
  await page.getByRole('link', { name: 'Back to all news' }).click();
  await expect(page).toHaveURL(/\/market-intelligence\/news$/);

  // The chart's News tab: items that mention the chart's instrument, opened in place.
  await page.goto('/chart?symbol=EURUSD');
  await page.getByRole('toolbar', { name: 'Charts bar' }).getByRole('button', { name: 'News' }).click();
  const drawer = page.getByRole('dialog', { name: 'News for EURUSD' });
  const first = drawer.getByRole('list', { name: 'News for EURUSD' }).getByRole('listitem').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  // A release's sentiment is its currency's: the chip says whose.
  await expect(drawer.getByText(/^(Positive|Negative|Neutral) for [A-Z]{3}$/).first()).toBeVisible();
  await shot(page, 'chart-tab');
  await first.getByRole('button').first().click();
  const article = drawer.getByRole('article');
  await expect(article.getByRole('link', { name: 'Open the chart of EURUSD' })).toBeVisible();
  await shot(page, 'chart-item');
  // The drawer closes by its button, and by Escape.
  await drawer.getByRole('button', { name: 'Close the news' }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('toolbar', { name: 'Charts bar' }).getByRole('button', { name: 'News' }).click();
  await expect(drawer.getByRole('button', { name: 'Close the news' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});
