import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

test('chart templates: a changed up colour saved as the default template is back after a reload', async ({
  page,
  user,
}) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 860 });
  await signIn(page, user);
  await page.goto('/chart');
  await expect(page.getByRole('region', { name: 'EURUSD chart, 15 minutes' })).toHaveAttribute('aria-busy', 'false');

  await page.getByRole('button', { name: 'Chart templates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chart templates' });
  await expect(dialog.getByText(/No chart templates yet/)).toBeVisible();
  await dialog.getByLabel('Up candle').fill('#2962ff');
  await dialog.getByLabel('Background').fill('#0b1020');
  await dialog.getByLabel('Template name').fill('Blue candles');
  await dialog.getByRole('button', { name: 'Save as template' }).click();
  const list = dialog.getByRole('list', { name: 'Chart templates' });
  await expect(list.getByText('Blue candles')).toBeVisible();
  // The first template is the default; a second one is made the default here explicitly.
  await dialog.getByLabel('Up candle').fill('#ff9800');
  await dialog.getByLabel('Template name').fill('Orange candles');
  await dialog.getByRole('button', { name: 'Save as template' }).click();
  await dialog.getByRole('button', { name: 'Make Orange candles the default' }).click();
  await expect(dialog.getByRole('button', { name: 'Make Orange candles the default' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-templates-dialog.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A new chart (no template of its own in the address) shows the default: orange up candles.
  await page.goto('/chart?tf=1h');
  await expect(page.getByRole('region', { name: 'EURUSD chart, 1 hour' })).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'Chart templates' }).click();
  await expect(page.getByRole('dialog', { name: 'Chart templates' }).getByLabel('Up candle')).toHaveValue('#ff9800');
  await page.getByRole('dialog', { name: 'Chart templates' }).getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(page.getByRole('region', { name: 'EURUSD chart, 1 hour' })).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'Chart templates' }).click();
  await expect(page.getByRole('dialog', { name: 'Chart templates' }).getByLabel('Up candle')).toHaveValue('#ff9800');
  await page.getByRole('dialog', { name: 'Chart templates' }).getByRole('button', { name: 'Close' }).click();
  await page.mouse.move(10, 10);
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-default-template.png') });
});

test('snapshot: Alt+S, then Download gives a PNG of the chart', async ({ page, user }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 860 });
  await signIn(page, user);
  await page.goto('/chart?tf=1h');
  await expect(page.getByRole('region', { name: 'EURUSD chart, 1 hour' })).toHaveAttribute('aria-busy', 'false');
  await page.getByTestId('chart-canvas').click({ position: { x: 300, y: 200 } });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+s');
  const dialog = page.getByRole('dialog', { name: 'Snapshot' });
  await expect(dialog.getByRole('img', { name: 'Snapshot of the EURUSD, 1 hour chart' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-snapshot-dialog.png') });

  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^EURUSD-1h-\d{4}-\d{2}-\d{2}-\d{4}\.png$/);
  const path = join(SCREENSHOTS, 'chart-snapshot.png');
  await file.saveAs(path);
  const bytes = readFileSync(path);
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  // A real picture of the chart, not an empty canvas: width and height from the PNG header.
  expect(bytes.readUInt32BE(16)).toBeGreaterThan(400);
  expect(bytes.readUInt32BE(20)).toBeGreaterThan(200);
});

test('share: a saved chart’s link opens read-only in a signed-out browser', async ({ page, user, browser }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 860 });
  await signIn(page, user);
  // A saved chart with RSI (saving from the screen is the workspace's; the API is what it calls).
  const chartId = await page.evaluate(async () => {
    const r = await fetch('/api/charts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'EURUSD swing', symbol: 'EURUSD', timeframe: '1h', indicators: [{ name: 'rsi' }] }),
    });
    return ((await r.json()) as { id: string }).id;
  });
  // The saved chart opens with its own timeframe and indicators.
  await page.goto(`/chart?chart=${chartId}`);
  await expect(page.getByRole('region', { name: 'EURUSD chart, 1 hour' })).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'Horizontal line' }).click();
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  const saved = page.waitForResponse((r) => r.url().includes('/api/drawings') && r.request().method() === 'POST');
  await page.mouse.click(box.x + 500, box.y + 250);
  await saved;

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share EURUSD swing' });
  await expect(dialog.getByText(/A link will show EURUSD at 1 hour, with RSI/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByLabel('Public link').inputValue();
  expect(link).toMatch(/\/shared\/charts\/[A-Za-z0-9_-]+$/);
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-share-dialog.png') });

  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const signedOut = await visitor.newPage();
  // Signed out, the chart is live (a guest WebSocket brings the forming bar) and the RSI has its values
  const subscribed: string[] = [];
  signedOut.on('websocket', (ws) => {
    if (ws.url().includes('guest=1')) ws.on('framesent', (f) => subscribed.push(String(f.payload)));
  });
  const rsiValues = signedOut.waitForResponse((r) => /\/api\/charts\/share\/[^/]+\/indicators\//.test(r.url()));
  await signedOut.goto(link);
  await expect(signedOut.getByRole('heading', { name: /EURUSD swing/ })).toBeVisible();
  const region = signedOut.getByRole('region', { name: 'EURUSD chart, 1 hour' });
  await expect(region).toHaveAttribute('aria-busy', 'false');
  await expect(region.getByRole('listitem')).toContainText('RSI');
  expect((await rsiValues).status()).toBe(200);
  // (it subscribes whatever day it is; on a weekend EURUSD's feed is closed and sends nothing)
  await expect.poll(() => subscribed.some((frame) => frame.includes('candles:EURUSD:1h'))).toBe(true);
  await signedOut.mouse.move(5, 5);
  await signedOut.screenshot({ path: join(SCREENSHOTS, 'chart-shared-signed-out.png') });

  // Revoked, the link stops working.
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog.getByText('The link no longer works.')).toBeVisible();
  await signedOut.reload();
  await expect(signedOut.getByText('This link does not work.')).toBeVisible();
  await visitor.close();
});

/** Serious and critical findings of axe on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} - ${n.failureSummary ?? ''}`));
}

for (const theme of ['dark', 'light'] as const) {
  test(`axe finds nothing serious in the chart tools' dialogs and the shared chart, ${theme} theme`, async ({
    page,
    user,
    browser,
  }) => {
    // Six full axe analyses and two browsers: minutes on a busy machine.
    test.setTimeout(240_000);
    await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    await page.setViewportSize({ width: 1280, height: 860 });
    await signIn(page, user);
    const other = theme === 'dark' ? 'light' : 'dark';
    const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` });
    if (await toggle.isVisible()) await toggle.click();
    await expect(page.getByRole('button', { name: `Switch to ${other} theme` })).toBeVisible();
    const chartId = await page.evaluate(async () => {
      const r = await fetch('/api/charts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Axe chart', timeframe: '1h' }),
      });
      return ((await r.json()) as { id: string }).id;
    });
    await page.goto(`/chart?chart=${chartId}`);
    await expect(page.getByRole('region', { name: 'EURUSD chart, 1 hour' })).toHaveAttribute('aria-busy', 'false');
    const found: string[] = [];
    const check = async (what: string, open: () => Promise<void>, dialogName: string) => {
      await open();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      await page.waitForTimeout(300);
      found.push(...(await seriousViolations(page)).map((line) => `${what}: ${line}`));
      await page.screenshot({ path: join(SCREENSHOTS, `chart-tools-${theme}-${what}.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    };
    await check('templates', () => page.getByRole('button', { name: 'Chart templates' }).click(), 'Chart templates');
    await check('settings', () => page.getByRole('button', { name: 'Chart settings' }).click(), 'Chart settings');
    await check('snapshot', () => page.getByRole('button', { name: 'Snapshot' }).click(), 'Snapshot');
    await check('share', () => page.getByRole('button', { name: 'Share' }).click(), 'Share Axe chart');
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share Axe chart' });
    await share.getByRole('button', { name: 'Create link' }).click();
    const link = await share.getByLabel('Public link').inputValue();
    found.push(...(await seriousViolations(page)).map((line) => `share with link: ${line}`));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Indicators' }).click();
    await check(
      'indicator-templates',
      () => page.getByRole('dialog', { name: 'Indicators' }).getByRole('button', { name: 'Templates' }).click(),
      'Indicator templates',
    );

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const signedOut = await visitor.newPage();
    await signedOut.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    await signedOut.goto(link);
    await expect(signedOut.getByRole('region', { name: 'EURUSD chart, 1 hour' })).toHaveAttribute('aria-busy', 'false');
    found.push(...(await seriousViolations(signedOut)).map((line) => `shared chart: ${line}`));
    await signedOut.screenshot({ path: join(SCREENSHOTS, `chart-tools-${theme}-shared.png`) });
    await visitor.close();
    expect(found).toEqual([]);
  });
}
