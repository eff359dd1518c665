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

test('an earnings report shows its past quarters and an IPO its price since the listing', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, DEMO);
  // the week of 27 October 2025, in the simulated Q3 earnings season: its reports and IPOs are out
  await page.goto('/market-intelligence/calendar?tab=earnings&week=2025-10-27');
  const earnings = page.getByRole('grid', { name: 'Earnings calendar' });
  await expect(earnings.getByTestId(/^calendar-row-/).first()).toBeVisible({ timeout: 20_000 });
  await earnings
    .getByTestId(/^calendar-row-/)
    .first()
    .dblclick();
  const report = page.getByRole('dialog', { name: /^Earnings: / });
  await expect(report.getByRole('tablist', { name: 'Event details' })).toHaveAttribute('aria-orientation', 'vertical');
  await report.getByRole('tab', { name: 'Past quarters' }).click();
  await expect(
    report.getByRole('img', { name: /reported and estimated EPS of the last 8 quarters/ }).locator('svg'),
  ).toBeVisible();
  await expect(report.getByRole('table', { name: 'Past quarters' }).getByRole('row')).toHaveCount(9);
  await shot(page, 'earnings-past-quarters');
  await report.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('tab', { name: 'IPOs' }).click();
  const ipos = page.getByRole('grid', { name: 'IPO calendar' });
  await expect(ipos.getByTestId(/^calendar-row-/).first()).toBeVisible({ timeout: 20_000 });
  await ipos
    .getByTestId(/^calendar-row-/)
    .first()
    .dblclick();
  const ipo = page.getByRole('dialog', { name: /^IPO: / });
  await ipo.getByRole('tab', { name: 'Price since listing' }).click();
  await expect(ipo.getByRole('img', { name: /closes since the listing/ }).locator('svg')).toBeVisible();
  await expect(ipo.getByRole('table', { name: 'Closes since listing' }).getByRole('row')).toHaveCount(11);
  await shot(page, 'ipo-price-since-listing');
});
