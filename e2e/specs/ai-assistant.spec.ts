import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
/** The demo sign-in of the README. */
const DEMO = { email: 'demo@tradedesk.local', password: 'DemoTrader2026' };
const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `ai-assistant-${name}.png`) });
// Crypto trades every day of the week, so the drafted order is valid whenever the suite runs. A pip of BTCUSD is 1.00.
const SYMBOL = 'BTCUSD';

async function lastClose(page: Page): Promise<number> {
  const res = await page.request.get(`/api/middleware/feed/historical?symbol=${SYMBOL}&timeframe=1m&limit=1`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { candles: { close: number }[] };
  const close = body.candles.at(-1)?.close;
  expect(close).toBeGreaterThan(0);
  return close as number;
}

test('the demo trader asks the built-in analyst about the week, then drafts an order on the prop account into the ticket', async ({
  page,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 960 });
  await signIn(page, DEMO);

  await page.getByRole('link', { name: 'AI assistant' }).first().click();
  await expect(page).toHaveURL(/\/ai$/);
  await expect(page.getByRole('tab', { name: 'AI agent', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Insight', selected: true })).toBeVisible();

  // 1. Performance over a week: figures from the metrics engine, and the chart drawn from the answer's data. The demo
  // trades are replayed on the weekdays before the seed, so "this week" is empty on a Monday: last week always has
  // trades (the analyst answers "this week" the same way, see docs/ai-analyst.md).
  const composer = page.getByRole('textbox', { name: 'Ask about your trading' });
  await composer.fill('How did I do last week?');
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = page.getByRole('article', { name: 'Assistant answer' }).last();
  await expect(answer).toBeVisible({ timeout: 60_000 });
  await expect(answer.getByText('Built-in analyst')).toBeVisible();
  // a money figure with its currency and a trade count, whatever this week's trades were
  await expect(answer).toContainText(/\d[\d,]*\.\d{2}/);
  await expect(answer).toContainText(/Trades: \d+|\d+ trades?/);
  await expect(answer.getByRole('img', { name: /Equity curve|Profit and loss/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Thought panel' })).toContainText('get_performance');
  await expect(page).toHaveURL(/\/ai\?chat=[0-9a-f-]{36}$/);
  await shot(page, 'week');

  // 2. A trade on the prop account: the order is drafted within the rules and waits for confirmation.
  const stop = Math.floor((await lastClose(page)) - 500);
  await composer.fill(`Buy ${SYMBOL} with stop ${stop} on my prop account`);
  await page.getByRole('button', { name: 'Send' }).click();
  const action = page.getByRole('region', { name: 'Proposed action: Draft an order' });
  await expect(action).toBeVisible({ timeout: 60_000 });
  await expect(action).toContainText('Waiting for your confirmation: nothing has happened yet.');
  await expect(action).toContainText(SYMBOL);
  await shot(page, 'drafted-order');

  // every order the browser sends goes through PUT /middleware/{token}/orders: none may be sent from here on
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && /\/api\/middleware\/[^/]+\/orders$/.test(r.url())) sent.push(r.url());
  });
  await action.getByRole('button', { name: 'Open in order ticket' }).click();

  // 3. The order ticket opens prefilled on the prop account; nothing was sent.
  await expect(page).toHaveURL(new RegExp(`/chart\\?symbol=${SYMBOL}`));
  const ticket = page.getByRole('form', { name: `Order ticket, ${SYMBOL}` });
  await expect(ticket).toBeVisible({ timeout: 30_000 });
  await expect(ticket.getByRole('textbox', { name: 'Stop loss (price)' })).toHaveValue(String(stop));
  await expect(ticket.getByRole('spinbutton', { name: 'Size (lots)' })).not.toHaveValue('');
  await expect(page.getByRole('button', { name: /^Trading account Demo two-step challenge/ })).toBeVisible();
  expect(sent, 'no order was sent').toEqual([]);
  await shot(page, 'ticket-prefilled');

  // Opening the draft made the prop account the active one; the demo trader switches back (later specs read the
  // demo virtual account's metrics).
  await page.getByRole('button', { name: /^Trading account Demo two-step challenge/ }).click();
  await page.getByRole('menuitem', { name: /^Demo virtual account/ }).click();
  await expect(page.getByRole('button', { name: /^Trading account Demo virtual account/ })).toBeVisible();
});
