import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
// Crypto trades every day of the week, so the flow runs whenever the suite does.
const SYMBOL = 'BTCUSD';

type Position = { id: string; volume: number; stopLoss: number | null; takeProfit: number | null; openPrice: number };

async function snapshot(page: Page, token: string): Promise<{ positions: Position[] }> {
  const res = await page.request.get(`/api/middleware/${token}/accounts/1`);
  expect(res.status()).toBe(200);
  return res.json();
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/**
 * Sweeps the mouse up the chart and notes where the cursor turns ns-resize (over a draggable trading line), as a
 * trader finds a line; answers the middle of the lowest such band (a buy's stop loss).
 */
async function lowestDraggableLine(page: Page): Promise<{ x: number; y: number }> {
  const canvas = page.getByTestId('chart-canvas');
  const box = (await canvas.boundingBox())!;
  const x = box.x + box.width / 3;
  await canvas.evaluate((el) => {
    const chart = el.querySelector<HTMLElement>('.tv-lightweight-charts')!;
    const hits: number[] = [];
    (window as unknown as { lineHits: number[] }).lineHits = hits;
    // Registered after the chart's own handlers: it sees the cursor they set for this move.
    chart.addEventListener('pointermove', (ev) => {
      if (chart.style.cursor === 'ns-resize') hits.push(ev.clientY);
    });
  });
  for (let y = box.y + box.height - 40; y > box.y + 10; y -= 2) await page.mouse.move(x, y);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const hits = await page.evaluate(() => (window as unknown as { lineHits: number[] }).lineHits);
  expect(hits.length, 'no draggable trading line on the chart').toBeGreaterThan(0);
  const lowest = Math.max(...hits);
  const band = hits.filter((y) => y >= lowest - 12);
  return { x, y: band.reduce((a, b) => a + b, 0) / band.length };
}

test('open a virtual account, trade from the ticket, drag the SL on the chart, close in parts, see the history', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, user);

  // A virtual account from the switcher's dialog, made active as it opens.
  await page.getByRole('button', { name: 'Trading accounts' }).click();
  await page.getByRole('menuitem', { name: 'Manage trading accounts' }).click();
  await page.getByRole('dialog', { name: 'Trading accounts' }).getByRole('button', { name: 'Add account' }).click();
  await page.getByRole('dialog', { name: 'Add an account' }).getByRole('button', { name: 'Open an account' }).click();
  const open = page.getByRole('dialog', { name: 'Open an account' });
  await open.getByRole('textbox', { name: 'Name' }).fill('E2E practice');
  await expect(open.getByRole('switch', { name: 'Make it my active account' })).toBeChecked();
  await open.getByRole('button', { name: 'Open virtual account' }).click();
  const list = page.getByRole('dialog', { name: 'Trading accounts' });
  await expect(list.getByRole('listitem', { name: 'E2E practice' })).toContainText('Active');
  await list.getByRole('button', { name: 'Close' }).click();
  const accounts = (await (await page.request.get('/api/accounts')).json()) as {
    accounts: { id: string; token: string; name: string; active: boolean }[];
  };
  const account = accounts.accounts.find((a) => a.name === 'E2E practice')!;
  expect(account.active).toBe(true);

  // A market buy with SL and TP from the ticket: 300 and 600 pips (BTCUSD: a pip is 1.00).
  await page.goto(`/chart?symbol=${SYMBOL}&tf=1h`);
  const ticket = page.getByRole('form', { name: `Order ticket, ${SYMBOL}` });
  await expect(ticket).toBeVisible({ timeout: 30_000 });
  await ticket.getByRole('tab', { name: 'Market' }).click();
  await ticket.getByRole('spinbutton', { name: 'Size (lots)' }).fill('0.1');
  await ticket.getByRole('textbox', { name: 'Stop loss (pips)' }).fill('300');
  await ticket.getByRole('textbox', { name: 'Take profit (pips)' }).fill('600');
  await ticket.getByRole('button', { name: /^Buy 0\.10? BTCUSD at market$/ }).click();
  await expect(page.getByText(/^Bought 0\.10? BTCUSD at [\d,]+\.\d{2}\.$/)).toBeVisible();
  const [opened] = (await snapshot(page, account.token)).positions;
  expect(opened!.volume).toBe(0.1);
  expect(opened!.openPrice - opened!.stopLoss!).toBeCloseTo(300, 0);
  expect(opened!.takeProfit! - opened!.openPrice).toBeCloseTo(600, 0);

  // On the chart: entry, SL and TP lines; the SL (the lowest draggable one of a buy) dragged up with the mouse.
  await expect(page.getByRole('region', { name: /BTCUSD chart/ })).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  const sl = await lowestDraggableLine(page);
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-chart-lines.png') });
  await page.mouse.move(sl.x, sl.y);
  await page.mouse.down();
  await page.mouse.move(sl.x, sl.y - 15, { steps: 5 });
  await page.mouse.move(sl.x, sl.y - 30, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByText(/^Stop loss of BTCUSD moved to /)).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-chart-sl-dragged.png') });
  await expect
    .poll(async () => (await snapshot(page, account.token)).positions[0]!.stopLoss)
    .toBeGreaterThan(opened!.stopLoss!);
  // Undo in the toast puts it back.
  await page.getByRole('status', { name: 'Notification' }).getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(/^Stop loss put back to /)).toBeVisible();
  await expect.poll(async () => (await snapshot(page, account.token)).positions[0]!.stopLoss).toBe(opened!.stopLoss);

  // The positions screen, from the navigation.
  await page.getByRole('link', { name: 'Positions' }).click();
  const grid = page.getByRole('grid', { name: 'Open positions' });
  await expect(grid).toContainText(SYMBOL);
  await expect(grid).toContainText('0.10');
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-positions-dark.png') });

  // Details: the modification log has the drag and its undo; the stop-loss panel its distance and risk.
  await grid.getByRole('button', { name: `Details of ${SYMBOL} position` }).click();
  const details = page.getByRole('dialog');
  const log = details.getByRole('table', { name: 'Modification log' });
  await expect(log.getByRole('row')).toHaveCount(3);
  await expect(log).toContainText('Stop loss');
  await details.getByRole('tab', { name: 'Stop loss' }).click();
  await expect(details.getByText('Money at risk')).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-stop-loss-panel.png') });
  await details.getByRole('button', { name: 'Done' }).click();

  // Partial close: a volume off the step is refused in the form; 0.04 closes, and the event modal says so.
  await grid.getByRole('button', { name: `Close part of ${SYMBOL} position` }).click();
  const partial = page.getByRole('dialog', { name: 'Close part of the position' });
  const volume = partial.getByRole('textbox', { name: 'Volume to close (lots)' });
  await volume.fill('0.005');
  await partial.getByRole('button', { name: 'Close volume' }).click();
  await expect(partial.getByText('Volume must be at least 0.01 lots.')).toBeVisible();
  await volume.fill('0.04');
  await partial.getByRole('button', { name: 'Close volume' }).click();
  const event = page.getByRole('dialog', { name: 'Position partly closed' });
  await expect(event).toContainText('0.04 lots of the buy BTCUSD position closed; 0.06 lots stay open.');
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-partial-close-event.png') });
  await event.getByRole('button', { name: 'OK' }).click();
  await expect(grid).toContainText('0.06');

  // Close the rest.
  await grid.getByRole('button', { name: `Close ${SYMBOL} position` }).click();
  const close = page.getByRole('dialog', { name: 'Close position' });
  await close.getByRole('button', { name: 'Close position' }).click();
  await expect(page.getByText('No open positions')).toBeVisible();

  // History: the trade with its deals; shared as a public card with its chart.
  await page.getByRole('tab', { name: 'History' }).click();
  const trades = page.getByRole('grid', { name: 'Trade history' });
  await expect(trades).toContainText(SYMBOL);
  await expect(trades).toContainText('0.10');
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-history-dark.png') });
  await trades.getByRole('gridcell', { name: SYMBOL }).first().dblclick();
  const trade = page.getByRole('dialog', { name: /Buy 0\.10 BTCUSD/ });
  await expect(trade.getByRole('table', { name: 'Deals' }).getByRole('row')).not.toHaveCount(1);
  await trade.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share this trade' });
  await share.getByRole('button', { name: 'Create link' }).click();
  const link = await share.getByRole('textbox', { name: 'Public link' }).inputValue();
  expect(link).toMatch(/\/shared\/trades\/[A-Za-z0-9_-]+$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Buy BTCUSD' })).toBeVisible();
  await expect(page.getByRole('img', { name: /BTCUSD chart/ })).toBeVisible();
  await expect(page.getByText('R multiple')).toBeVisible();
  await expect(page.getByText(/\$/)).toHaveCount(0);
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-shared-trade-dark.png') });

  // Light theme: the same screens readable.
  await page.goto('/positions');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('grid', { name: 'Trade history' })).toContainText(SYMBOL);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-history-light.png') });
  await page.goto(link);
  await expect(page.getByRole('img', { name: /BTCUSD chart/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'trading-shared-trade-light.png') });
});
