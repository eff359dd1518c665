import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(SCREENSHOTS, `strategy-editor-${name}.png`), fullPage });

const handle = (page: Page, nodeId: string, port: string) =>
  page.locator(`.react-flow__handle[data-nodeid="${nodeId}"][data-handleid="${port}"]`);

/** Drags a wire from an output handle to an input handle with the mouse, as a person does. */
async function connect(page: Page, from: [string, string], to: [string, string]) {
  const a = await handle(page, ...from).boundingBox();
  const b = await handle(page, ...to).boundingBox();
  if (!a || !b) throw new Error(`handle not on screen: ${from.join('.')} or ${to.join('.')}`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

test('draw "RSI(14) crosses above 30 → buy", save it, backtest it on EURUSD 1h and see its trades on the chart and in the list', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, user);
  const created = await page.request.post('/api/strategies', { data: { name: 'RSI dip buyer' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/strategies/${id}/editor`);
  await expect(page.getByRole('heading', { name: 'RSI dip buyer · node editor' })).toBeVisible();
  await expect(page.getByTestId('dirty-indicator')).toHaveText('Saved');
  // The spec's defaults: zoom 95 %, a new node's type buy_action.
  await expect(page.locator('.react-flow__viewport')).toHaveAttribute('style', /scale\(0\.95\)/);
  await expect(page.getByRole('combobox', { name: 'New node type' })).toHaveText('Buy');

  const palette = page.getByRole('navigation', { name: 'Node palette' });
  const settings = page.getByRole('complementary', { name: 'Node settings and problems' });
  // RSI(14) from the indicator catalogue.
  await palette.getByRole('button', { name: 'Add Indicator node' }).click();
  await expect(page.getByTestId('node-indicator-1')).toHaveAttribute('data-invalid', 'true');
  await settings.getByRole('combobox', { name: 'Indicator' }).click();
  await page.getByRole('option', { name: /^RSI — Relative Strength Index/ }).click();
  await expect(settings.getByRole('textbox', { name: 'Length' })).toHaveValue('14');
  await expect(page.getByTestId('node-indicator-1')).toContainText('RSI(14) · rsi');
  // The constant 30.
  await palette.getByRole('button', { name: 'Add Constant node' }).click();
  await settings.getByRole('textbox', { name: 'Value' }).fill('30');
  await expect(page.getByTestId('node-constant-2')).toContainText('30');
  // Crosses (above by default) and the buy action.
  await palette.getByRole('button', { name: 'Add Crosses node' }).click();
  await expect(settings.getByRole('combobox', { name: 'Direction' })).toHaveText('a crosses above b');
  await palette.getByRole('button', { name: 'Add Buy node' }).click();
  // 1 lot with a 30-pip stop and a 60-pip target, so positions close and the signal can buy again.
  await settings.getByRole('combobox', { name: 'Stop loss' }).click();
  await page.getByRole('option', { name: 'Pips' }).click();
  await settings.getByRole('textbox', { name: 'Stop loss distance (pips)' }).fill('30');
  await settings.getByRole('combobox', { name: 'Take profit' }).click();
  await page.getByRole('option', { name: 'Pips' }).click();
  await settings.getByRole('textbox', { name: 'Take profit distance (pips)' }).fill('60');
  await expect(page.getByTestId('node-buy_action-4')).toContainText('1 lot · SL 30 pips · TP 60 pips');
  await expect(page.getByTestId('node-cross-3')).toHaveAttribute('data-invalid', 'true');

  // A series output cannot feed the buy node's signal input: the wire is refused.
  await connect(page, ['constant-2', 'value'], ['buy_action-4', 'signal']);
  await expect(page.locator('.react-flow__edge')).toHaveCount(0);

  await connect(page, ['indicator-1', 'value'], ['cross-3', 'a']);
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);
  // One input missing: the cross node stays marked and says why.
  await expect(page.getByTestId('node-cross-3')).toHaveAttribute('data-invalid', 'true');
  await expect(settings.getByRole('list', { name: 'Problems', exact: true })).toContainText(/input b/i);
  await expect(page.getByRole('button', { name: /run backtest/i })).toBeDisabled();
  await shot(page, 'missing-input');

  await connect(page, ['constant-2', 'value'], ['cross-3', 'b']);
  await connect(page, ['cross-3', 'result'], ['buy_action-4', 'signal']);
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);
  await expect(page.locator('[data-invalid="true"]')).toHaveCount(0);
  await expect(settings).toContainText('No problems: the graph can be backtested.');
  await expect(page.getByTestId('dirty-indicator')).toHaveText('Unsaved changes');

  await page.getByRole('button', { name: 'Save (Ctrl+S)' }).click();
  await expect(page.getByTestId('dirty-indicator')).toHaveText('Saved');
  const saved = await (await page.request.get(`/api/strategies/${id}`)).json();
  expect(saved.graph.nodes.map((n: { type: string }) => n.type)).toEqual([
    'indicator',
    'constant',
    'cross',
    'buy_action',
  ]);
  expect(saved.graph.edges).toHaveLength(3);
  await shot(page, 'graph');

  // Backtest on EURUSD 1h over the last three months (the panel's defaults), simulated market.
  const form = page.getByRole('form', { name: 'Backtest settings' });
  await expect(form.getByRole('textbox', { name: 'Symbol' })).toHaveValue('EURUSD');
  await expect(form.getByRole('combobox', { name: 'Timeframe' })).toHaveText('1h');
  await form.getByRole('button', { name: 'Run backtest' }).click();
  const result = page.getByRole('region', { name: 'Backtest result' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result).toContainText('EURUSD · 1h');
  await expect(result.getByText('Simulated', { exact: false }).first()).toBeVisible();
  const chart = result.getByTestId('backtest-chart');
  await expect(chart).toBeVisible();
  expect(Number(await chart.getAttribute('data-markers'))).toBeGreaterThan(0);
  const trades = result.getByRole('grid', { name: 'Backtest trades' });
  await expect(trades.getByRole('row').nth(1)).toContainText(/Long/);
  // Several trades, closed by their stop or target: entries and exits are marked on the candles.
  await expect(trades.getByText(/Stop loss|Take profit/).first()).toBeVisible();
  expect(Number(await chart.getAttribute('data-markers'))).toBeGreaterThan(2);
  await expect(page.getByRole('grid', { name: 'Past backtests' }).getByRole('row')).toHaveCount(2);
  await result.scrollIntoViewIfNeeded();
  await chart.scrollIntoViewIfNeeded();
  await shot(page, 'backtest-chart');
  await trades.scrollIntoViewIfNeeded();
  await shot(page, 'backtest-trades');
  // The range shows the days as entered ("to" included), and every metrics tab of the result renders under the
  // page's Content-Security-Policy (the fixture fails the test on any violation, an inline style among them).
  const to = await form.getByLabel('To').inputValue();
  await expect(result.getByRole('heading', { level: 3 })).toContainText(`– ${to}`);
  const tabs = result.getByRole('tablist', { name: 'Backtest metrics' });
  for (const name of ['Time analysis', 'General', 'Daily performance', 'Day of week', 'Holding time', 'Symbols']) {
    const tab = tabs.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }
  await tabs.getByRole('tab', { name: 'Overview', exact: true }).click();
  // Hovering the trade chart draws its crosshair and labels, and hovering the equity curve its tooltip: neither
  // may use an inline style the Content-Security-Policy refuses (the fixture fails the test on a violation).
  await chart.hover();
  await result.locator('svg').last().hover();
  await tabs.scrollIntoViewIfNeeded();
  await shot(page, 'backtest-metrics');
  await shot(page, 'backtest-full', true);

  // Nothing serious for axe on the editor with its graph and a result.
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)),
  ).toEqual([]);

  // A past backtest can be deleted: the list empties and its open result closes.
  const past = page.getByRole('grid', { name: 'Past backtests' });
  await past.getByRole('button', { name: /^Delete the backtest of/ }).click();
  await expect(past.getByRole('row')).toHaveCount(1);
  await expect(result).toHaveCount(0);
  expect((await (await page.request.get(`/api/strategies/${id}/backtests`)).json()).backtests).toEqual([]);
});
