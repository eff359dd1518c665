import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ensureStaffAccount } from '../support/api';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';
import type { TestUser } from '../support/users';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

/** The staff account: its address is in the server's STAFF_EMAILS (e2e/playwright.config.ts). */
const STAFF: TestUser = {
  firstName: 'Stan',
  lastName: 'Staff',
  username: 'e2e_billing_staff',
  email: 'e2e-billing-staff@example.com',
  password: 'Staff-billing-2026',
};

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `billing-${name}.png`), fullPage: true });
}

test.use({ actionTimeout: 15_000 });

test('billing: a free limit, See plans, a test card, Pro with WELCOME20, its invoice and PDF, then the partner program', async ({
  page,
  user,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user);

  // ---- The free plan allows 5 watchlists: make them through the API, then the UI's sixth meets the gate.
  for (let i = 1; i <= 5; i++) {
    const made = await page.request.post('/api/watchlist', { data: { name: `List ${i}` } });
    expect(made.status(), await made.text()).toBe(201);
  }
  await page.goto('/watchlists');
  await page.getByRole('button', { name: 'New list' }).click();
  const create = page.getByRole('dialog', { name: 'New watchlist' });
  await create.getByRole('textbox', { name: 'Name' }).fill('One too many');
  await create.getByRole('button', { name: 'Create' }).click();
  const gate = page.getByRole('dialog', { name: 'Feature limit reached' });
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('button', { name: 'See plans' })).toBeVisible();
  await shot(page, 'feature-limit');

  // ---- See plans: the plan and billing settings with the plan comparison open.
  await gate.getByRole('button', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/settings\/plan_billing\?plans=open$/);
  const choice = page.getByRole('dialog', { name: 'Choose a plan' });
  await expect(choice.getByRole('table', { name: 'Plan comparison' })).toBeVisible();
  await expect(choice.getByRole('button', { name: 'Free: your plan' })).toBeDisabled();
  await shot(page, 'plan-dialog');
  await choice.getByRole('button', { name: 'Close' }).click();
  await expect(choice).toBeHidden();

  // ---- A test card through the test-mode session page.
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await expect(page).toHaveURL(/\/billing\/test-mode\/session\//);
  await expect(page.getByText('Test mode').first()).toBeVisible();
  const card = page.getByRole('form', { name: 'Test card' });
  await card.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await card.getByRole('textbox', { name: 'Expiry month' }).fill('12');
  await card.getByRole('textbox', { name: 'Expiry year' }).fill(String(new Date().getUTCFullYear() + 3));
  await card.getByRole('textbox', { name: 'CVC' }).fill('123');
  await shot(page, 'test-card');
  await card.getByRole('button', { name: 'Add test card' }).click();
  await expect(page).toHaveURL(/\/settings\/plan_billing/);
  await expect(page.getByRole('list', { name: 'Payment methods' }).getByText(/4242/).first()).toBeVisible();

  // ---- Pro with WELCOME20, in test mode: the discounted price before paying.
  await page.getByRole('region', { name: 'Current plan' }).getByRole('button', { name: 'See plans' }).click();
  await page.getByRole('dialog', { name: 'Choose a plan' }).getByRole('button', { name: 'Choose Pro' }).click();
  const checkout = page.getByRole('dialog', { name: /Subscribe/ });
  await expect(checkout.getByText('Test mode')).toBeVisible();
  const price = checkout.getByLabel('Price');
  await expect(price.getByText('Subtotal')).toBeVisible();
  // Pro is paid from the first day: the button names the amount, which the coupon lowers.
  const pay = checkout.getByRole('button', { name: /^Pay \d+\.\d\d USD$/ });
  await expect(pay).toBeVisible();
  const fullPrice = await pay.textContent();
  await checkout.getByRole('textbox', { name: 'Coupon' }).fill('WELCOME20');
  await checkout.getByRole('button', { name: 'Apply' }).click();
  await expect(checkout.getByText(/^WELCOME20: /)).toBeVisible();
  await expect(price.getByText(/^−[1-9]\d*\.\d\d USD$/)).toBeVisible();
  await expect(pay).not.toHaveText(fullPrice ?? '');
  const paid = ((await pay.textContent()) ?? '').replace(/^Pay /, '');
  await shot(page, 'checkout-coupon');
  await pay.click();
  await expect(page.getByText('You are now on the Pro plan.')).toBeVisible();

  const current = page.getByRole('region', { name: 'Current plan' });
  await expect(current.getByText('Pro plan')).toBeVisible();
  await expect(current.getByText('Active', { exact: true })).toBeVisible();
  await expect(current.getByText(/coupon WELCOME20/)).toBeVisible();

  // ---- The invoice of that payment, and its PDF.
  const invoiceLink = page.getByRole('link', { name: /^Download invoice TD-\d{4}-\d{6} \(PDF\)$/ });
  await expect(invoiceLink).toHaveCount(1);
  // the row's total is what the button said was paid (the table formats money its own way)
  const amount = paid.replace(/[^\d.]/g, '');
  await expect(page.getByRole('row').filter({ has: invoiceLink })).toContainText(amount);
  const [download] = await Promise.all([page.waitForEvent('download'), invoiceLink.click()]);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // the gate lifted at once: the sixth watchlist is made now
  const sixth = await page.request.post('/api/watchlist', { data: { name: 'List 6' } });
  expect(sixth.status(), await sixth.text()).toBe(201);
  await shot(page, 'subscribed');

  // ---- The partner program: apply, staff approves through the API, the panel's overview.
  await page.goto('/settings/partner_program');
  const apply = page.getByRole('form', { name: 'Apply to the partner program' });
  await apply.getByRole('textbox', { name: 'How will you promote TradeDesk?' }).fill('A weekly newsletter on FX.');
  await apply.getByRole('textbox', { name: 'Who is your audience, and how large is it?' }).fill('2,000 retail traders');
  await apply.getByRole('button', { name: /apply|send|submit/i }).click();
  await expect(page.getByText(/pending|review/i).first()).toBeVisible();
  await shot(page, 'partner-pending');

  await ensureStaffAccount(request, STAFF);
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, STAFF);
  const pending = await staffPage.request.get('/api/staff/affiliates', { params: { status: 'pending' } });
  expect(pending.status(), await pending.text()).toBe(200);
  const mine = ((await pending.json()) as { affiliates: { id: string; email: string }[] }).affiliates.find(
    (a) => a.email === user.email,
  );
  expect(mine, 'the application among the pending ones').toBeTruthy();
  const approved = await staffPage.request.post(`/api/staff/affiliates/${mine?.id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  await staffContext.close();

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expect(page.getByText('Clicks')).toBeVisible();
  await expect(page.getByText('Paying customers')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Earnings' })).toBeVisible();
  await shot(page, 'partner-overview');
});
