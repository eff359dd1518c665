import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
/** The demo sign-in of the README. */
const DEMO = { email: 'demo@tradedesk.local', password: 'DemoTrader2026' };

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `alerts-${name}.png`) });
// While a menu is open the rest of the page is inert, the bell included.
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/, includeHidden: true });

test('a price alert set from the chart fires at once: a live toast, the bell, and its log in the alerts panel', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 860 });
  await signIn(page, DEMO);

  // Start with nothing unread, whatever an earlier test left the demo user.
  const cleared = await page.request.put('/api/notifications/read-all');
  expect(cleared.status(), await cleared.text()).toBe(200);

  // BTCUSD: the simulated market trades it around the clock, so the alert can fire on any day.
  await page.goto('/chart?symbol=BTCUSD');
  const chart = page.getByRole('region', { name: /^BTCUSD chart/ });
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  const close = Number((await page.getByTestId('legend-C').textContent())?.replace(/[^\d.]/g, ''));
  expect(close).toBeGreaterThan(0);

  // Right-click in the middle of the price pane, where the fitted candles are: the menu offers an alert there.
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.45, { button: 'right' });
  const menu = page.getByRole('menu', { name: 'Chart actions' });
  const addAt = menu.getByRole('menuitem', { name: /^Add alert at / });
  await expect(addAt).toBeVisible();
  await shot(page, 'chart-menu');
  const menuPrice = ((await addAt.textContent()) ?? '').replace(/^Add alert at /, '').replace(/,/g, '');
  await addAt.click();

  // The dialog starts at that price, crossing, only once (the spec's default).
  const dialog = page.getByRole('dialog', { name: 'Create alert' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Symbol' })).toHaveValue('BTCUSD');
  await expect(dialog.getByRole('textbox', { name: 'Price' })).toHaveValue(menuPrice);
  await expect(dialog.getByRole('combobox', { name: 'Trigger' })).toHaveText('Only once');

  // Greater than a price well below the current one: met on the next tick.
  await dialog.getByRole('combobox', { name: 'Condition' }).click();
  await page.getByRole('option', { name: 'Greater than' }).click();
  const below = (close * 0.9).toFixed(2);
  const price = dialog.getByRole('textbox', { name: 'Price' });
  await price.fill(below);
  const name = `BTCUSD above ${below} (e2e ${Date.now()})`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('{{ticker}} is at {{close}}');
  await expect(dialog.getByRole('note', { name: 'Message preview' })).toContainText('BTCUSD is at');
  await shot(page, 'dialog');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/alerts') && r.request().method() === 'POST');
  await price.press('Enter');
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();

  // The server's evaluator fires it: a live toast with the alert's name, and the bell counts it.
  const toast = page.getByRole('status', { name });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText('BTCUSD is at');
  await shot(page, 'fired-toast');
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);
  await bell(page).click();
  const notifications = page.getByRole('menu', { name: 'Notifications' });
  await expect(
    notifications.getByRole('menuitem', { name: new RegExp(`^Unread: ${name.replace(/[()]/g, '\\$&')}`) }),
  ).toBeVisible();
  await shot(page, 'bell');

  // "Manage alerts" opens the panel on this page: the alert is triggered, and its log has the fire.
  await notifications.getByRole('menuitem', { name: 'Manage alerts' }).click();
  await expect(page).toHaveURL(/alerts=open/);
  const panel = page.getByRole('dialog', { name: 'Alerts' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Triggered' }).click();
  const row = panel.getByRole('row', { name: new RegExp(name.replace(/[()]/g, '\\$&')) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Triggered');
  await expect(row).toContainText('Only once');
  await shot(page, 'panel');
  await row.getByRole('button', { name: `Log of ${name}` }).click();
  const log = page.getByRole('dialog', { name: `Log of “${name}”` });
  await expect(log.getByRole('list', { name: 'Alert log' })).toContainText(/Fired BTCUSD at/);
  await expect(log.getByRole('list', { name: 'Alert log' })).toContainText('In the app, attempt 1: delivered');
  await shot(page, 'log');
  await log.getByRole('button', { name: 'Close' }).click();

  // The settings tab is in the address too.
  await panel.getByRole('tab', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/alertsTab=settings/);
  await expect(panel.getByRole('combobox', { name: 'Default trigger' })).toHaveText('Only once');
  await shot(page, 'settings');

  // Clean up: delete the alert with its confirmation.
  await panel.getByRole('tab', { name: 'Alerts' }).click();
  await panel.getByRole('button', { name: 'Triggered' }).click();
  await panel.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete “${name}”?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(panel.getByRole('row', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toHaveCount(0);
});

test('an alert on a horizontal line not saved yet: the line is saved first, then the alert is made on it', async ({
  page,
  user,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 860 });
  await signIn(page, user);
  await page.goto('/chart?symbol=BTCUSD');
  await expect(page.getByRole('region', { name: /^BTCUSD chart/ })).toHaveAttribute('aria-busy', 'false');

  // The drawing's save is held until the menu has been used, so the line is not saved when its alert is asked for.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/drawings', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  const savedDrawing = page.waitForResponse(
    (r) => r.url().endsWith('/api/drawings') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Horizontal line' }).click();
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  const at = { x: box.x + box.width * 0.5, y: box.y + box.height * 0.4 };
  await page.mouse.click(at.x, at.y);
  await page.mouse.click(at.x, at.y, { button: 'right' });
  await page
    .getByRole('menu', { name: 'Chart actions' })
    .getByRole('menuitem', { name: /Add alert on this drawing/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create alert' });
  // no form before the line has its id on the server
  await expect(dialog).toBeHidden();
  release();
  const drawingId = ((await (await savedDrawing).json()) as { id: string }).id;
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Horizontal line on BTCUSD')).toBeVisible();
  await shot(page, 'drawing-unsaved-dialog');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/alerts') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(201);
  expect(answer.request().postDataJSON()).toMatchObject({ type: 'drawing', condition: { drawing_id: drawingId } });
  await expect(dialog).toBeHidden();

  // A fresh user's documents of the user-data store are all unsaved (404, the app's defaults): nothing of the
  // product's own reached the console.
  expect(browserErrors).toEqual([]);
});
