import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
/** The demo sign-in of the README. */
const DEMO = { email: 'demo@tradedesk.local', password: 'DemoTrader2026' };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `calendar-${name}.png`), fullPage: false });

test('the demo trader reads the economic calendar: filters by impact, opens an event and its history, state kept on reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, DEMO);

  await page.getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page).toHaveURL(/\/market-intelligence\/calendar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Economic calendar' });
  const rows = grid.getByTestId(/^calendar-row-/);
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  // The simulated calendar, labelled as such; the week runs Monday to Friday.
  await expect(rows.first().getByText('Simulated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Mon \d+ \w+ – Fri \d+ \w+ \d{4}$/ })).toBeVisible();
  const impacts = async () =>
    grid.getByRole('img', { name: /impact$/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(new Set(await impacts()).size, 'the week has events of more than one impact').toBeGreaterThan(1);
  await shot(page, 'week');

  await page.getByRole('group', { name: 'Impact' }).getByRole('button', { name: 'High' }).click();
  await expect(page).toHaveURL(/impact=high/);
  await expect.poll(impacts).not.toContain('Low impact');
  await expect.poll(impacts).not.toContain('Medium impact');
  expect((await impacts()).length).toBeGreaterThan(0);
  await shot(page, 'high-impact');

  // Keyboard: into the grid, Enter opens the first high-impact event's drawer.
  const first = rows.first();
  const title = (await first.getByRole('gridcell').nth(3).textContent())?.trim() ?? '';
  await first.getByRole('gridcell').first().click();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: /^Economic event: / });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/event=/);
  await expect(drawer.getByRole('tablist', { name: 'Event details' })).toHaveAttribute('aria-orientation', 'vertical');
  const heading = (await drawer.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(heading.length).toBeGreaterThan(0);
  expect(title.startsWith(heading), `the drawer shows the event of the row (${title})`).toBe(true);
  await expect(drawer.getByLabel('Values')).toBeVisible();
  await shot(page, 'drawer-overview');

  await drawer.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/detail=history/);
  await expect(
    drawer.getByRole('img', { name: /actual and forecast of the last \d+ releases/ }).locator('svg'),
  ).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Past releases' }).getByRole('row').nth(1)).toBeVisible();
  await shot(page, 'drawer-history');

  await drawer.getByRole('tab', { name: 'Instruments' }).click();
  await expect(drawer.getByRole('table', { name: 'Instruments it moves' }).getByRole('link').first()).toBeVisible();
  await shot(page, 'drawer-instruments');

  // A reload reopens the same event on the same tab, with the filter kept.
  await page.reload();
  await expect(page.getByRole('dialog', { name: /^Economic event: / })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'Instruments', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/event=/);
  await expect(page.getByRole('group', { name: 'Impact' }).getByRole('button', { name: 'High' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
