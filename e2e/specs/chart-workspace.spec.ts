import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

type Bar = { time: number; open: number; high: number; low: number; close: number };

/**
 * The demo user's saved chart (apps/server/src/modules/demo/demo.charting.ts), made through the API for this
 * test's user (the e2e server starts without the demo account): EURUSD 15m with RSI and Bollinger Bands, a
 * trend line, a rectangle and a long position on the latest bars.
 */
async function saveDemoChart(request: APIRequestContext): Promise<string> {
  const made = await request.post('/api/charts', {
    data: {
      name: 'EURUSD 15m',
      symbol: 'EURUSD',
      source: 'FOREX',
      timeframe: '15m',
      indicators: [
        { id: 'rsi-demo', name: 'rsi', settings: { period: 14 }, visible: true },
        { id: 'bb-demo', name: 'bollinger', visible: true },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const chart = (await made.json()) as { id: string };
  const feed = await request.get('/api/middleware/feed/historical', {
    params: { symbol: 'EURUSD', source: 'FOREX', timeframe: '15m', limit: 100 },
  });
  const bars = ((await feed.json()) as { candles: Bar[] }).candles;
  const at = (n: number) => bars[bars.length + n]!;
  const box = bars.slice(-60, -40);
  const base = { chart_id: chart.id, symbol: 'EURUSD', locked: false, hidden: false };
  const drawings = [
    {
      ...base,
      tool: 'trend_line',
      points: [
        { time: at(-80).time, price: at(-80).low },
        { time: at(-20).time, price: at(-20).low },
      ],
      style: { color: '#2962FF', line_width: 2 },
    },
    {
      ...base,
      tool: 'rectangle',
      points: [
        { time: box[0]!.time, price: Math.max(...box.map((b) => b.high)) },
        { time: box[box.length - 1]!.time, price: Math.min(...box.map((b) => b.low)) },
      ],
      style: { color: '#8861E4', fill_color: '#8861E433' },
    },
    {
      ...base,
      tool: 'long_position',
      points: [
        { time: at(-1).time, price: at(-1).close },
        { time: at(-1).time + 20 * 900, price: Math.round((at(-1).close - 0.002) * 1e5) / 1e5 },
        { time: at(-1).time + 20 * 900, price: Math.round((at(-1).close + 0.004) * 1e5) / 1e5 },
      ],
      style: { show_labels: true },
    },
  ];
  for (const d of drawings) {
    const response = await request.post('/api/drawings', { data: d });
    expect(response.status(), await response.text()).toBe(201);
  }
  return chart.id;
}

test('the chart workspace: open a saved chart, rename it, two charts in a layout kept over a reload', async ({
  page,
  user,
}) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 860 });
  await signIn(page, user);
  const chartId = await saveDemoChart(page.request);

  // Open it from the charts menu: its indicators and drawings are there.
  await page.goto('/chart');
  await expect(page.getByRole('region', { name: 'EURUSD chart, 15 minutes' })).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'Charts menu: Unsaved chart' }).click();
  await page.getByRole('menuitem', { name: 'Open saved chart…' }).click();
  await page
    .getByRole('dialog', { name: 'Open a saved chart' })
    .getByRole('button', { name: /^EURUSD 15m/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`chart=${chartId}`));
  const legend = page.getByRole('list', { name: 'Indicators' });
  await expect(legend.getByRole('listitem', { name: /^RSI 14/ })).toBeVisible();
  await expect(legend.getByRole('listitem', { name: /^BB 20/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Drawings list (3)' })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'EURUSD chart, 15 minutes' })).toHaveAttribute('aria-busy', 'false');
  await page.mouse.move(5, 400);
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-saved.png') });

  // Rename it; a timeframe change is saved to it too.
  await page.getByRole('button', { name: 'Charts menu: EURUSD 15m' }).click();
  await page.getByRole('menuitem', { name: 'Rename…' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename chart' });
  await rename.getByLabel('Chart name').fill('EURUSD swing');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('button', { name: 'Charts menu: EURUSD swing' })).toBeVisible();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/charts/${chartId}`) && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: '1 hour' }).click();
  expect((await saved).status()).toBe(200);

  // Two charts: the workspace becomes a saved layout; the second chart gets gold.
  const created = page.waitForResponse((r) => r.url().endsWith('/api/layouts') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Layout: 1 chart' }).click();
  await page.getByRole('menuitemradio', { name: '2 charts', exact: true }).click();
  expect((await created).status()).toBe(201);
  await expect(page).toHaveURL(/layout=/);
  await expect(page.getByRole('region', { name: 'EURUSD chart, 1 hour' })).toHaveCount(2);
  await page.getByRole('button', { name: /^Chart 2: EURUSD 1h/ }).click();
  await expect(page.getByRole('button', { name: /^Chart 2/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Symbol EURUSD: search symbols' }).click();
  const search = page.getByRole('dialog', { name: 'Search symbols' });
  await search.getByRole('combobox', { name: 'Symbol, name or currency' }).fill('xauusd');
  await expect(search.getByRole('option', { name: /XAUUSD/ }).first()).toBeVisible();
  const layoutSaved = page.waitForResponse((r) => r.url().includes('/api/layouts/') && r.request().method() === 'PUT');
  await page.keyboard.press('Enter');
  const gold = page.getByRole('region', { name: 'XAUUSD chart, 1 hour' });
  await expect(gold).toHaveAttribute('aria-busy', 'false');
  expect((await layoutSaved).status()).toBe(200);

  // The gold chart is not a saved chart: its RSI and line go into the layout's slot.
  const slotSaved = page.waitForResponse((r) => {
    if (!r.url().includes('/api/layouts/') || r.request().method() !== 'PUT') return false;
    const body = r.request().postDataJSON() as { charts?: { type?: string; indicators?: { name: string }[] }[] };
    const slot = body.charts?.[1];
    return slot?.type === 'line' && slot.indicators?.length === 1 && slot.indicators[0]?.name === 'rsi';
  });
  await page.getByRole('button', { name: 'Indicators' }).click();
  const indicators = page.getByRole('dialog', { name: 'Indicators' });
  await indicators.getByRole('button', { name: /^Oscillators/ }).click();
  await indicators.getByText('Relative Strength Index (RSI)').click();
  await expect(indicators).toBeHidden();
  await expect(gold.getByRole('list', { name: 'Indicators' }).getByRole('listitem', { name: /^RSI 14/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Chart type' }).click();
  await page.getByRole('option', { name: 'Line' }).click();
  expect((await slotSaved).status()).toBe(200);
  await page.mouse.move(5, 400);
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-layout-2.png') });

  // After a reload the layout is back: the saved chart (renamed, hourly, with its indicators) and gold, still a
  // line with its RSI.
  await page.reload();
  const eurusd = page.getByRole('region', { name: 'EURUSD chart, 1 hour' });
  await expect(eurusd).toHaveAttribute('aria-busy', 'false');
  await expect(gold).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('button', { name: 'Charts menu: EURUSD swing' })).toBeVisible();
  await expect(eurusd.getByRole('list', { name: 'Indicators' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Chart 1: EURUSD 1h \(EURUSD swing\)/ })).toBeVisible();
  await expect(gold.getByRole('list', { name: 'Indicators' }).getByRole('listitem')).toHaveCount(1);
  await expect(gold.getByRole('list', { name: 'Indicators' }).getByRole('listitem', { name: /^RSI 14/ })).toBeVisible();
  await page.getByRole('button', { name: /^Chart 2: XAUUSD 1h/ }).click();
  await expect(page.getByRole('combobox', { name: 'Chart type' })).toHaveText('Line');
  await page.mouse.move(5, 400);
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-layout-2-reloaded.png') });
  // Two charts, the charts bar and the toolbars: nothing serious for axe.
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);

  // Full screen with Shift+F; Escape (or the button) leaves.
  await page.keyboard.press('Shift+F');
  await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-layout-fullscreen.png') });
  await page.getByRole('button', { name: 'Exit full screen' }).click();
  await expect(page.getByRole('button', { name: 'Full screen', exact: true })).toBeVisible();
});
