import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const here = dirname(fileURLToPath(import.meta.url));
const SCREENSHOTS = join(here, '..', 'artifacts', 'screenshots');
/** The sample MetaTrader 5 report of the parser tests (UTF-16LE): 4 trades, 2 balance rows, 1 bad line. */
const MT5_REPORT = join(here, '..', '..', 'apps', 'server', 'src', 'modules', 'imports', 'fixtures', 'mt5-report.htm');

const tile = (page: Page, label: string) =>
  page
    .getByLabel('Headline figures')
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();

test('add an imported account, import an MT5 report, see its trades in the history and the metrics', async ({
  page,
  user,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, user);

  await page.getByRole('button', { name: 'Trading accounts' }).click();
  await page.getByRole('menuitem', { name: 'Manage trading accounts' }).click();
  await page.getByRole('dialog', { name: 'Trading accounts' }).getByRole('button', { name: 'Add account' }).click();
  await page
    .getByRole('dialog', { name: 'Add an account' })
    .getByRole('button', { name: 'Add an imported account' })
    .click();
  const form = page.getByRole('dialog', { name: 'Add an imported account' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Broker history');
  await form.getByRole('textbox', { name: 'Broker (optional)' }).fill('Sample Ltd');
  await form.getByRole('button', { name: 'Add imported account' }).click();

  // The import dialog opens for the new account.
  const importer = page.getByRole('dialog', { name: 'Import trades into Broker history' });
  await expect(importer).toBeVisible();
  await importer.getByTestId('import-file').setInputFiles(MT5_REPORT);
  await expect(importer.getByText('mt5-report.htm')).toBeVisible();
  await importer.getByRole('button', { name: 'Import' }).click();
  await expect(importer.getByText('mt5-report.htm imported')).toBeVisible({ timeout: 30_000 });
  const result = importer.getByLabel('Import result');
  await expect(result).toContainText('Trades imported4');
  await expect(result).toContainText('Balance rows2');
  await expect(result).toContainText('Errors1');
  await expect(importer.getByRole('grid', { name: 'Lines with errors or warnings' })).toContainText(
    'volume "abc" is not a positive number.',
  );
  await page.screenshot({ path: join(SCREENSHOTS, 'trade-import-result.png') });

  // The same file again: nothing is booked twice.
  await importer.getByRole('button', { name: 'Import another file' }).click();
  await importer.getByTestId('import-file').setInputFiles(MT5_REPORT);
  await importer.getByRole('button', { name: 'Import' }).click();
  await expect(importer.getByText('mt5-report.htm imported')).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText('Trades imported0');
  await expect(result).toContainText('Duplicates6');
  await importer.getByRole('button', { name: 'Done' }).click();

  const list = page.getByRole('dialog', { name: 'Trading accounts' });
  const row = list.getByRole('listitem', { name: 'Broker history' });
  await expect(row).toContainText('Imported · MT5');
  await expect(row).toContainText('$9,531.94');
  await row.getByRole('button', { name: 'Switch to Broker history' }).click();
  await expect(row.getByText('Active')).toBeVisible();
  await list.getByRole('button', { name: 'Close' }).click();

  await page.goto('/positions');
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('grid', { name: 'Trade history' });
  await expect(history).toContainText('XAUUSD');
  await expect(history).toContainText('GBPUSD');
  await expect(history).toContainText('FOOBAR.X');
  await page.screenshot({ path: join(SCREENSHOTS, 'trade-import-history.png') });

  await page.goto('/metrics');
  await expect(tile(page, 'Trades').locator('dd').first()).toHaveText('4', { timeout: 30_000 });
  await expect(tile(page, 'Net P/L').locator('dd').first()).toHaveText(/^\+?(US)?\$31\.94$/);
  await page.screenshot({ path: join(SCREENSHOTS, 'trade-import-metrics.png') });
});
