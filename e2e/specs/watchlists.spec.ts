import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn, signOut } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

/** Serious and critical axe findings on the page as it is now. */
async function serious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('search a symbol with the shortcut, add it to a watchlist, open the share link signed out', async ({
  page,
  user,
}) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, user);

  // The shortcut opens the search from anywhere in the shell; picking a symbol opens its chart.
  await page.keyboard.press('Control+k');
  const search = page.getByRole('dialog', { name: 'Search symbols' });
  await expect(search).toBeVisible();
  await search.getByRole('combobox', { name: 'Symbol, name or currency' }).fill('eurusd');
  await expect(search.getByRole('option', { name: /EURUSD/ }).first()).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'symbol-search.png') });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chart\?symbol=EURUSD$/);

  // A new user has no watchlist: make one, then add the symbol through the same search.
  await page.getByRole('link', { name: 'Watchlists' }).click();
  await page.getByRole('button', { name: 'Create a watchlist' }).click();
  const create = page.getByRole('dialog', { name: 'New watchlist' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Majors');
  await create.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: 'Add symbol' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add to Majors' });
  // The pick just made is the first recent instrument.
  await add
    .getByRole('option', { name: /EURUSD/ })
    .first()
    .click();
  const table = page.getByRole('grid', { name: 'Majors symbols' });
  const row = table.getByTestId('watch-row-EURUSD');
  await expect(row).toBeVisible();
  // Live prices arrive over the WebSocket.
  await expect(row.getByRole('gridcell').nth(2)).toHaveText(/^\d+\.\d{5}$/);

  // Adding it again shows the server's message.
  await page.getByRole('button', { name: 'Add symbol' }).first().click();
  await add
    .getByRole('option', { name: /EURUSD/ })
    .first()
    .click();
  await expect(page.getByText('EURUSD is already in this watchlist.')).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'watchlists.png') });

  // A second symbol, typed and picked with Enter; then dragged above the first, which the server keeps.
  await page.getByRole('button', { name: 'Add symbol' }).first().click();
  await add.getByRole('combobox', { name: 'Symbol, name or currency' }).fill('gbpusd');
  await expect(add.getByRole('option', { name: /GBPUSD/ })).toHaveCount(1);
  await page.keyboard.press('Enter');
  const order = () =>
    table.getByTestId(/watch-row-/).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
  await expect.poll(order).toEqual(['watch-row-EURUSD', 'watch-row-GBPUSD']);
  await table.getByTestId('watch-row-GBPUSD').dragTo(table.getByTestId('watch-row-EURUSD'));
  await expect.poll(order).toEqual(['watch-row-GBPUSD', 'watch-row-EURUSD']);
  await page.reload();
  await expect.poll(order).toEqual(['watch-row-GBPUSD', 'watch-row-EURUSD']);
  await page.setViewportSize({ width: 360, height: 800 });
  // On a phone the prices fit: no sideways scrolling in the table, the bid and change % in view.
  await expect(table.getByRole('columnheader', { name: 'Chg %' })).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole('gridcell').nth(1)).toHaveText(/^\d+\.\d{5}$/);
  await expect(row.getByRole('gridcell').nth(1)).toBeInViewport({ ratio: 1 });
  expect(await page.locator('.dt-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  // ...and none of them is cut short.
  const cut = await table
    .getByRole('gridcell')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
  expect(cut).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'watchlists-360.png') });
  expect(await serious(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'List actions' }).click();
  await page.getByRole('menuitem', { name: 'Share link' }).click();
  const share = page.getByRole('dialog', { name: /Share/ });
  await share.getByRole('button', { name: 'Create link' }).click();
  const link = await share.getByTestId('share-link').inputValue();
  expect(link).toMatch(/\/shared\/watchlists\/[^/]+$/);
  await share.getByRole('button', { name: 'Done' }).click();

  await signOut(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Majors' })).toBeVisible();
  const shared = page.getByRole('grid', { name: 'Majors symbols' });
  await expect(shared.getByText('EURUSD')).toBeVisible();
  await expect(shared.getByText('GBPUSD')).toBeVisible();
  // Live prices signed out, over a guest WebSocket (public market channels only).
  const sharedBid = shared.getByTestId('watch-row-EURUSD').getByRole('gridcell').nth(2);
  await expect(sharedBid).toHaveText(/^\d+\.\d{5}$/);
  expect(await serious(page)).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'shared-watchlist-signed-out.png') });
});
