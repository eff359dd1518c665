import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

/** Presses and drags on the chart's pane, in pixels from its top-left corner. */
async function drag(page: Page, from: [number, number], to: [number, number]) {
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + (from[0] + to[0]) / 2, box.y + (from[1] + to[1]) / 2, { steps: 4 });
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 4 });
  await page.mouse.up();
}

test('the chart: change timeframe, draw a trend line and a rectangle, undo, reload', async ({ page, user }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 860 });
  await signIn(page, user);

  await page.goto('/chart');
  const chart = page.getByRole('region', { name: 'EURUSD chart, 15 minutes' });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('button', { name: '15 minutes' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('legend-C')).toHaveText(/^\d\.\d{5}$/);
  await expect(page.getByRole('link', { name: /TradingView Lightweight Charts/ })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-15m.png') });

  // The switcher, then typing "1h" and Enter on the chart.
  await page.getByRole('button', { name: '4 hours' }).click();
  await expect(page.getByRole('region', { name: 'EURUSD chart, 4 hours' })).toBeVisible();
  await page.getByTestId('chart-canvas').click({ position: { x: 300, y: 200 } });
  await page.keyboard.type('1h');
  await expect(page.getByLabel('Change timeframe')).toHaveValue('1h');
  await page.keyboard.press('Enter');
  const hourly = page.getByRole('region', { name: 'EURUSD chart, 1 hour' });
  await expect(hourly).toBeVisible();
  await expect(hourly).toHaveAttribute('aria-busy', 'false');
  await expect(page).toHaveURL(/tf=1h/);

  // Another chart type, kept in the address; then back to candles.
  await page.getByRole('combobox', { name: 'Chart type' }).click();
  await page.getByRole('option', { name: 'Heikin-Ashi' }).click();
  await expect(page).toHaveURL(/type=heikin_ashi/);
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-heikin-ashi.png') });
  await page.getByRole('combobox', { name: 'Chart type' }).click();
  await page.getByRole('option', { name: 'Candles' }).click();
  await expect(page).toHaveURL(/type=candles/);

  // A trend line, then a rectangle, each by press, drag and release.
  await page.getByRole('button', { name: 'Trend line' }).click();
  await drag(page, [250, 420], [650, 200]);
  await expect(page.getByRole('toolbar', { name: 'Drawing settings' })).toContainText('Trend line');
  await page.getByRole('button', { name: 'Rectangle' }).click();
  await drag(page, [430, 80], [580, 170]);
  await expect(page.getByRole('toolbar', { name: 'Drawing settings' })).toContainText('Rectangle');
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-drawings.png') });

  // Undo takes the rectangle away; the trend line stays.
  await page.keyboard.press('Escape');
  const deleted = page.waitForResponse((r) => r.url().includes('/api/drawings/') && r.request().method() === 'DELETE');
  await page.keyboard.press('Control+z');
  await deleted;
  await expect(page.getByRole('toolbar', { name: 'Drawing settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove all drawings (1)' })).toBeEnabled();
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-undo.png') });
  await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled();

  // After a reload the trend line is back from /drawings (and only it): clicking on it selects it.
  await page.reload();
  await expect(page.getByRole('region', { name: 'EURUSD chart, 1 hour' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('button', { name: 'Remove all drawings (1)' })).toBeEnabled();
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  await page.mouse.click(box.x + 450, box.y + 310);
  await expect(page.getByRole('toolbar', { name: 'Drawing settings' })).toContainText('Trend line');
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-reloaded.png') });

  // A narrow screen: the bars wrap, nothing is wider than the page.
  await page.setViewportSize({ width: 767, height: 900 });
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-767.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow of /chart at 767 px').toBeLessThanOrEqual(0);

  // A phone: the legend stays clear of the price scale at the right.
  await page.setViewportSize({ width: 360, height: 740 });
  const legendBox = await page.getByRole('group', { name: 'Legend' }).boundingBox();
  const chartBox = await page.getByRole('region', { name: /^EURUSD chart/ }).boundingBox();
  expect(legendBox && chartBox && legendBox.x + legendBox.width).toBeLessThanOrEqual(
    chartBox!.x + chartBox!.width - 64,
  );
  await expect(page.getByTestId('legend-C')).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-360.png') });
});

test('leaving the chart for another page raises no error in the page', async ({ page, user }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, user);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (let round = 0; round < 2; round++) {
    await nav.getByRole('link', { name: 'Chart' }).click();
    await expect(page.getByRole('region', { name: /^EURUSD chart/ })).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('legend-C')).toHaveText(/^\d\.\d{5}$/);
    await nav.getByRole('link', { name: 'Positions' }).click();
    await expect(page).toHaveURL(/\/positions/);
    // a frame or two for what the chart had queued as it went (the library threw "Object is disposed" there)
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  }
  expect(errors).toEqual([]);
});

test('every drawing tool draws (screenshot kept in e2e/artifacts/screenshots)', async ({ page, user }) => {
  // Nineteen tools by mouse: slower than the suite's default minute on a busy machine.
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, user);
  await page.goto('/chart?tf=1h');
  await expect(page.getByRole('region', { name: 'EURUSD chart, 1 hour' })).toHaveAttribute('aria-busy', 'false');

  // Each tool in its own cell of a 5 x 4 grid over the pane.
  const tools = [
    'Trend line',
    'Ray',
    'Extended line',
    'Horizontal line',
    'Horizontal ray',
    'Vertical line',
    'Parallel channel',
    'Fibonacci retracement',
    'Fibonacci extension',
    'Rectangle',
    'Ellipse',
    'Brush',
    'Arrow',
    'Text',
    'Callout',
    'Long position',
    'Short position',
    'Price range',
    'Date range',
  ];
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  const cellW = (box.width - 80) / 5;
  const cellH = (box.height - 60) / 4;
  for (const [i, name] of tools.entries()) {
    const x0 = 20 + (i % 5) * cellW;
    const y0 = 40 + Math.floor(i / 5) * cellH;
    await page.getByRole('button', { name, exact: true }).click();
    const points = name === 'Parallel channel' || name === 'Fibonacci extension' ? 3 : 2;
    if (points === 3) {
      for (const [px, py] of [
        [x0 + 10, y0 + cellH * 0.7],
        [x0 + cellW * 0.8, y0 + cellH * 0.3],
        [x0 + cellW * 0.8, y0 + cellH * 0.6],
      ] as const) {
        await page.mouse.click(box.x + px, box.y + py);
      }
    } else {
      await drag(page, [x0 + 10, y0 + cellH * 0.7], [x0 + cellW * 0.8, y0 + cellH * 0.25]);
    }
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: 'Cursor' }).click();
  await page.mouse.move(box.x + box.width - 10, box.y + 10);
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-all-tools.png') });
});

test('indicators: RSI in its own pane and Bollinger Bands on the price, kept over a reload', async ({ page, user }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 860 });
  await signIn(page, user);
  await page.goto('/chart');
  const chart = page.getByRole('region', { name: 'EURUSD chart, 15 minutes' });
  await expect(chart).toHaveAttribute('aria-busy', 'false');

  await page.getByRole('button', { name: 'Indicators' }).click();
  let dialog = page.getByRole('dialog', { name: 'Indicators' });
  await dialog.getByRole('button', { name: /^Oscillators/ }).click();
  await dialog.getByText('Relative Strength Index (RSI)').click();
  await expect(dialog).toBeHidden();
  const legend = page.getByRole('list', { name: 'Indicators' });
  await expect(legend.getByRole('listitem', { name: /^RSI 14/ })).toBeVisible();

  await page.keyboard.press('Alt+i');
  dialog = page.getByRole('dialog', { name: 'Indicators' });
  await dialog.getByRole('button', { name: 'All', exact: true }).click();
  await dialog.getByLabel('Search indicators').fill('bollinger');
  await dialog.getByText('Bollinger Bands (BB)').click();
  await expect(legend.getByRole('listitem', { name: /^BB 20/ })).toBeVisible();
  await expect(page).toHaveURL(/ind=/);
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-indicators.png') });

  // The visible range's volume profile, drawn at the right of the price pane.
  await page.keyboard.press('Alt+i');
  dialog = page.getByRole('dialog', { name: 'Indicators' });
  await dialog.getByRole('button', { name: 'All', exact: true }).click();
  await dialog.getByLabel('Search indicators').fill('volume profile');
  await dialog.getByText('Volume Profile (Visible Range) (VPVR)').click();
  await expect(legend.getByRole('listitem', { name: /^VPVR/ })).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-volume-profile.png') });

  await page.reload();
  await expect(page.getByRole('region', { name: 'EURUSD chart, 15 minutes' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('list', { name: 'Indicators' }).getByRole('listitem')).toHaveCount(3);
});
