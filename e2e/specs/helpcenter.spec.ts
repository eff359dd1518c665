import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ensureStaffAccount } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePng } from '../support/png';
import { signIn } from '../support/ui';
import type { TestUser } from '../support/users';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

/** The staff account: its address is in the server's STAFF_EMAILS (e2e/playwright.config.ts). */
const STAFF: TestUser = {
  firstName: 'Hana',
  lastName: 'Helpdesk',
  username: 'e2e_help_staff',
  email: 'e2e-help-staff@example.com',
  password: 'Staff-help-2026',
};

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `help-${name}.png`), fullPage: true });
}

test.use({ actionTimeout: 15_000 });

test('help center: search the docs, report a bug with a screenshot, vote a request, and a ticket answered from the staff console', async ({
  page,
  user,
  browser,
  request,
}) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user);
  const tag = user.username.slice(-6);

  // ---- The docs: the help center from the navigation, its search box, an article from the hits.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Help center' }).click();
  await expect(page.getByRole('heading', { name: 'Help center', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Docs', selected: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the help center' }).fill('backtest');
  const hits = page.getByRole('list', { name: 'Search results' });
  const hit = hits.getByRole('link', { name: /Guide.*Strategies and backtests/ }).first();
  await expect(hit).toBeVisible();
  await shot(page, 'search');
  await hit.click();
  await expect(page).toHaveURL(/\/help\/docs\/strategies-and-backtests/);
  await expect(page.getByRole('heading', { name: 'Strategies and backtests', level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
  await shot(page, 'article');

  // ---- A bug from the account menu, with a screenshot; the report is then in the Bugs tab.
  const bugTitle = `Chart freezes on zoom ${tag}`;
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Report a bug' }).click();
  const report = page.getByRole('dialog', { name: 'Report a bug' });
  await report.getByRole('textbox', { name: 'Title' }).fill(bugTitle);
  await report
    .getByRole('textbox', { name: 'What happened' })
    .fill('I zoomed the 1h chart with the wheel and it stopped redrawing.');
  await report.getByLabel(/^Screenshot/).setInputFiles({
    name: 'frozen-chart.png',
    mimeType: 'image/png',
    buffer: makePng(64, [0, 160, 90], [30, 30, 40]),
  });
  await expect(report.getByText('frozen-chart.png')).toBeVisible();
  // a picture of the page behind the dialog replaces the picked file (drawn in the browser by html-to-image)
  await report.getByRole('button', { name: 'Capture this page' }).click();
  await expect(report.getByText('page-help-docs-strategies-and-backtests.png')).toBeVisible();
  await expect(report.getByRole('img', { name: 'Screenshot to be sent' })).toBeVisible();
  await expect(report.getByLabel('Sent with your report')).toContainText('/help/docs/strategies-and-backtests');
  await expect(report.getByLabel('Sent with your report')).toContainText(
    /App version\s*\d{4}-\d{2}-\d{2} [0-9a-f]{7,}/,
  );
  await shot(page, 'report-bug');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you: your bug report was sent.')).toBeVisible();
  await expect(report).toBeHidden();

  await page.getByRole('tab', { name: 'Bugs' }).click();
  await expect(page).toHaveURL(/\/help\/bugs_report$/);
  const bugs = page.getByRole('list', { name: 'Bug reports' });
  await bugs.getByRole('link', { name: bugTitle }).click();
  await expect(page.getByRole('heading', { name: bugTitle })).toBeVisible();
  const details = page.getByLabel('Details for you and our staff');
  await expect(details).toContainText('Page: /help/docs/strategies-and-backtests');
  const attached = details.getByRole('img', { name: `Screenshot attached to “${bugTitle}”` });
  await expect(attached).toBeVisible();
  // the browser decoded the uploaded picture of the page, as wide as the window (a broken image has no width)
  await expect.poll(() => attached.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
  await shot(page, 'bug');

  // ---- A feature request, then a vote up: the count changes and the button shows the vote.
  const featureTitle = `Export the journal to CSV ${tag}`;
  await page.getByRole('tab', { name: 'Feature requests' }).click();
  await page.getByRole('button', { name: 'New request' }).click();
  const request_ = page.getByRole('dialog', { name: 'New feature request' });
  await request_.getByRole('textbox', { name: 'Title' }).fill(featureTitle);
  await request_.getByRole('textbox', { name: 'Description' }).fill('One row per trade, with its notes and tags.');
  await request_.getByRole('button', { name: 'Post request' }).click();
  await expect(page).toHaveURL(/\/help\/all_requests\/[^/]+$/);
  const votes = page.getByRole('group', { name: `Votes on “${featureTitle}”` });
  const up = votes.getByRole('button', { name: /^Vote up \(\d+\)$/ });
  const before = Number((await up.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  await up.click();
  await expect(votes.getByRole('button', { name: `Vote up (${before + 1})` })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'All requests' }).click();
  const listed = page.getByRole('group', { name: `Votes on “${featureTitle}”` });
  await expect(listed.getByRole('button', { name: `Vote up (${before + 1})` })).toBeVisible();
  await shot(page, 'features');

  // ---- A support ticket from the Tickets tab.
  const subject = `Cannot find my invoice ${tag}`;
  await page.getByRole('tab', { name: 'Tickets' }).click();
  await expect(page.getByRole('heading', { name: 'Your support tickets' })).toBeVisible();
  await page.getByRole('button', { name: 'New ticket' }).click();
  const ticketForm = page.getByRole('form', { name: 'New ticket' });
  await ticketForm.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await ticketForm.getByRole('textbox', { name: 'Message' }).fill('Where do I download last month’s invoice?');
  await ticketForm.getByRole('button', { name: 'Send ticket' }).click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText('Awaiting support')).toBeVisible();
  const ticketUrl = page.url();

  // ---- Staff answer it from the console, in a browser of their own.
  await ensureStaffAccount(request, STAFF);
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const staff = await staffContext.newPage();
    await signIn(staff, STAFF);
    await staff
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Staff console' })
      .click();
    await expect(staff.getByRole('heading', { name: 'Staff console', level: 1 })).toBeVisible();
    await expect(staff).toHaveURL(/\/staff\/tickets$/);
    const inbox = staff.getByRole('grid', { name: 'Support tickets' });
    const row = inbox.getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText(user.email);
    await shot(staff, 'staff-inbox');
    await row.dblclick();
    await expect(staff.getByRole('heading', { name: subject })).toBeVisible();
    await staff
      .getByRole('textbox', { name: 'Reply to the user' })
      .fill('Settings, then Plan and billing: each invoice has a PDF link.');
    await staff.getByRole('button', { name: 'Send reply' }).click();
    const sent = staff.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(sent).toHaveCount(2);
    await expect(sent.nth(1)).toContainText('(support)');
    await expect(staff.getByRole('combobox', { name: 'Status' })).toHaveText(/Waiting/);
    await shot(staff, 'staff-reply');
  } finally {
    await staffContext.close();
  }

  // ---- Back as the user: the staff reply is in the ticket, which now waits for them.
  await page.goto(ticketUrl);
  const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(1)).toContainText('each invoice has a PDF link');
  // users see the team's name, not the staff member's (and no "(support)" after it: the name says it)
  await expect(messages.nth(1)).toContainText('TradeDesk support ·');
  await expect(messages.nth(1)).not.toContainText(STAFF.lastName);
  await expect(page.getByText('Awaiting your reply')).toBeVisible();
  await shot(page, 'ticket-answered');
});
