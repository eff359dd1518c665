import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIResponse, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
// Crypto trades every day of the week, so the flow runs whenever the suite does. A pip of BTCUSD is 1.00.
const SYMBOL = 'BTCUSD';

type Goals = { prop: { state: string; failed: { reason: string; equity: number } | null; equity: number } | null };

async function goals(page: Page, accountId: string): Promise<Goals> {
  const res = await page.request.get(`/api/trading/objectives/${accountId}`);
  expect(res.status()).toBe(200);
  return res.json();
}

async function placeMarket(page: Page, token: string, size: number, n: number): Promise<APIResponse> {
  return page.request.put(`/api/middleware/${token}/orders`, {
    headers: { 'Idempotency-Key': `prop-e2e-${Date.now()}-${n}` },
    data: { symbol: SYMBOL, side: 'buy', type: 'market', size },
  });
}

test('start a two-step challenge, see its rules and reset, get warned by the ticket, trade into a daily-loss breach and see it fail live', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 960 });
  await signIn(page, user);

  // A 10,000 USD two-step challenge from the switcher's dialog: firm, challenge (its rules in words), phase, size.
  await page.getByRole('button', { name: 'Trading accounts' }).click();
  await page.getByRole('menuitem', { name: 'Manage trading accounts' }).click();
  await page.getByRole('dialog', { name: 'Trading accounts' }).getByRole('button', { name: 'Add account' }).click();
  await page
    .getByRole('dialog', { name: 'Add an account' })
    .getByRole('button', { name: 'Start a prop-firm challenge' })
    .click();
  const form = page.getByRole('form', { name: 'Start a prop-firm challenge' });
  await expect(form.getByRole('combobox', { name: 'Firm' })).toHaveText('Two-Step Evaluation');
  await form.getByRole('combobox', { name: 'Size' }).click();
  await page.getByRole('option', { name: '$10,000.00' }).click();
  await expect(form.getByRole('combobox', { name: 'Phase' })).toHaveText('Phase 1');
  const rules = form.getByRole('region', { name: 'Rules of the phase' });
  await expect(rules).toContainText(/Profit target: 10 % \(\D*1,000\.00\)\./);
  await expect(rules).toContainText(/5 % of the starting balance \(\D*500\.00\)/);
  await expect(rules).toContainText(/equity may never fall below \D*9,000\.00/);
  await expect(rules).toContainText('At least 4 trading days');
  await page.screenshot({ path: join(SCREENSHOTS, 'prop-start-challenge.png') });
  await form.getByRole('button', { name: 'Start challenge' }).click();
  const list = page.getByRole('dialog', { name: 'Trading accounts' });
  const row = list.getByRole('listitem', { name: 'Two-Step Evaluation 10,000' });
  await expect(row).toContainText('Two-Step Evaluation · Two-Step Evaluation · Phase 1 · In progress');
  await expect(row).toContainText('Active');
  await list.getByRole('button', { name: 'Close' }).click();
  const accounts = (await (await page.request.get('/api/accounts')).json()) as {
    accounts: { id: string; token: string; name: string }[];
  };
  const account = accounts.accounts.find((a) => a.name === 'Two-Step Evaluation 10,000')!;

  // The dashboard's objectives tab: each rule's progress, today's permitted loss, the floors, the reset countdown.
  await page.goto('/');
  await page.getByRole('tab', { name: 'Objectives' }).click();
  const status = page.getByRole('region', { name: 'Challenge rules' });
  const figures = status.getByRole('definition');
  await expect(status.getByLabel('Challenge figures')).toContainText(/Today's permitted loss\D*500\.00/);
  await expect(status.getByLabel('Challenge figures')).toContainText(/Maximum permitted loss\D*1,000\.00/);
  await expect(status.getByLabel('Challenge figures')).toContainText(/Fails at equity\D*9,500\.00/);
  await expect(status.getByLabel('Challenge figures')).toContainText('Trading days0 of 4');
  expect(await figures.count()).toBeGreaterThan(4);
  await expect(status.getByRole('row', { name: 'Daily loss' })).toBeVisible();
  const timer = status.getByRole('timer', { name: 'Daily reset' });
  await expect(timer).toContainText(/Daily reset in \d+ h \d\d min \d\d s|Daily reset in \d+ min \d\d s/);
  await expect(timer).toContainText('firm time');
  await expect(timer).toContainText('Europe/Prague');
  const before = await timer.textContent();
  await expect.poll(async () => timer.textContent()).not.toBe(before);
  await page.screenshot({ path: join(SCREENSHOTS, 'prop-objectives-tab.png'), fullPage: true });
  // the tab survives a reload
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Objectives', selected: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Challenge rules' })).toBeVisible();

  // The rule tab of the settings: the firm's rules in words, and an objective of the user's own (two trades a day).
  await page.goto('/settings/objectives');
  await expect(
    page.getByRole('heading', { name: 'Two-Step Evaluation · Two-Step Evaluation · Phase 1' }),
  ).toBeVisible();
  const add = page.getByRole('form', { name: 'Add an objective' });
  await add.getByRole('combobox', { name: 'Objective' }).click();
  await page.getByRole('option', { name: 'Maximum trades per day' }).click();
  const value = add.getByRole('textbox', { name: 'Value' });
  await value.fill('0');
  await add.getByRole('button', { name: 'Add objective' }).click();
  await expect(add).toContainText(/Maximum trades per day must be between \d+ and \d+\./);
  await value.fill('2');
  await add.getByRole('button', { name: 'Add objective' }).click();
  await expect(page.getByRole('form', { name: 'Maximum trades per day' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'prop-rule-tab.png'), fullPage: true });

  // The ticket, before sending: 1 lot with a 3,000-pip stop would lose about 3,000 USD, breaching the daily loss.
  await page.goto(`/chart?symbol=${SYMBOL}&tf=1h`);
  const ticket = page.getByRole('form', { name: `Order ticket, ${SYMBOL}` });
  await expect(ticket).toBeVisible({ timeout: 30_000 });
  await ticket.getByRole('tab', { name: 'Market' }).click();
  await ticket.getByRole('spinbutton', { name: 'Size (lots)' }).fill('1');
  await ticket.getByRole('textbox', { name: 'Stop loss (pips)' }).fill('3000');
  const check = ticket.getByRole('region', { name: 'Rule check' });
  await expect(check.getByRole('alert')).toContainText('This order could breach the daily loss limit');
  await expect(check.getByRole('alert')).toContainText('the account would fail');
  await expect(check).toContainText(/Account fails at equity\D*9,500\.00/);
  const use = check.getByRole('button', { name: /^Use [\d.]+ lots$/ });
  await expect(use).toBeVisible();
  await check.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'prop-ticket-warning.png') });
  const largest = Number((await use.textContent())!.match(/[\d.]+/)![0]);
  expect(largest).toBeGreaterThan(0);
  expect(largest).toBeLessThan(0.2);
  await use.click();
  await expect(ticket.getByRole('spinbutton', { name: 'Size (lots)' })).toHaveValue(String(largest));
  await expect(check.getByRole('alert')).toHaveCount(0);

  // Into a breach of the daily loss: round trips at market cost the spread and commission each time (the
  // simulated market is deterministic, so the losses add up) until equity crosses the day's floor of 9,500 USD.
  let size = 0.2;
  let failed = false;
  for (let n = 0; n < 120 && !failed; n += 1) {
    const placed = await placeMarket(page, account.token, size, n);
    if (placed.status() === 422 || placed.status() === 403 || placed.status() === 409) {
      const body = (await placed.json()) as { code: string };
      if (body.code === 'PROP_ACCOUNT_FAILED') break;
      if (/MARGIN/.test(body.code) && size > 0.02) {
        size = Math.round((size / 2) * 100) / 100;
        continue;
      }
    }
    const snapshot = (await (await page.request.get(`/api/middleware/${account.token}/accounts/1`)).json()) as {
      positions: { id: string }[];
    };
    for (const p of snapshot.positions) {
      await page.request.put(`/api/middleware/${account.token}/orders/positions/close`, {
        data: { position_id: p.id },
      });
    }
    failed = (await goals(page, account.id)).prop?.state === 'failed';
  }
  await expect.poll(async () => (await goals(page, account.id)).prop?.state, { timeout: 10_000 }).toBe('failed');

  // Told at once, on the page the user is on: the toast with the reason, and the ticket stops with it.
  const toast = page.getByRole('alert', { name: /challenge failed/ });
  await expect(toast).toBeVisible({ timeout: 10_000 });
  await expect(toast).toContainText(/daily loss/i);
  await expect(ticket.getByRole('alert').filter({ hasText: 'Trading stopped on this account' })).toBeVisible();
  await expect(ticket.getByRole('button', { name: /at market/ })).toBeDisabled();
  await ticket.getByRole('alert').filter({ hasText: 'Trading stopped on this account' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'prop-failed-live.png') });

  // The dashboard says why, when and at which equity; the switcher marks the account failed.
  await page.goto('/?tab=objectives');
  const failure = page.getByRole('region', { name: 'Challenge rules' }).getByRole('alert');
  await expect(failure).toContainText('Challenge failed');
  await expect(failure).toContainText('at an equity of');
  await expect(page.getByRole('button', { name: /Trading account Two-Step Evaluation 10,000/ })).toContainText(
    'Failed',
  );
  // the user's own objective, broken by the round trips, with its warning
  const own = page
    .getByRole('list', { name: 'Your objectives' })
    .getByRole('listitem', { name: 'Maximum trades per day' });
  await expect(own).toContainText('Broken');
  await expect(own).toContainText('Warning:');
  await page.screenshot({ path: join(SCREENSHOTS, 'prop-objectives-failed.png'), fullPage: true });

  // The metrics follow the engine's trades: every round trip counted, the day's loss on the calendar.
  await page.goto('/metrics');
  const tile = (label: string) =>
    page
      .getByLabel('Headline figures')
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .first();
  await expect(tile('Trades').locator('dd').first()).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
  await expect(tile('Net P/L').locator('dd').first()).toHaveText(/^[-−]/);
  await page.getByRole('tablist', { name: 'Metrics sections' }).getByRole('tab', { name: 'Daily performance' }).click();
  const calendar = page.getByRole('table', { name: /^Daily P\/L, / });
  const today = calendar.getByRole('button', { name: /^(?!Week of).*, \d+ trades?$/ });
  await expect(today).toHaveCount(1);
  expect(Number(/, (\d+) trades?$/.exec((await today.getAttribute('aria-label')) ?? '')?.[1])).toBeGreaterThan(0);
  await page.screenshot({ path: join(SCREENSHOTS, 'prop-metrics-calendar.png') });
});
