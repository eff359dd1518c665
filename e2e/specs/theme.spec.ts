import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

// The page background of each theme (apps/web/src/app/theme.ts tokens), as the browser computes it.
const DARK_BACKGROUND = 'rgb(14, 17, 22)';
const LIGHT_BACKGROUND = 'rgb(246, 247, 249)';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const favicon = (page: Page) => page.locator('link#favicon');

test('switch the theme from dark to light; the choice survives a reload', async ({ page, user }) => {
  await signIn(page, user);

  // Dark is the default even though the browser's system preference is light.
  const toLight = page.getByRole('button', { name: 'Switch to light theme' });
  await expect(toLight).toBeVisible();
  await expect.poll(() => bodyBackground(page)).toBe(DARK_BACKGROUND);
  await expect(favicon(page)).toHaveAttribute('href', '/favicon-dark.svg');

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/customer/theme') && r.request().method() === 'PUT');
  await toLight.click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await expect.poll(() => bodyBackground(page)).toBe(LIGHT_BACKGROUND);
  await expect(favicon(page)).toHaveAttribute('href', '/favicon-light.svg');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await expect.poll(() => bodyBackground(page)).toBe(LIGHT_BACKGROUND);
  await expect(favicon(page)).toHaveAttribute('href', '/favicon-light.svg');
});

test('the theme saved on the account follows the user to another browser', async ({ page, browser, user }) => {
  await signIn(page, user);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/customer/theme') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  expect((await saved).ok()).toBe(true);

  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, user);
    await expect(otherPage.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible({ timeout: 3000 });
    await expect.poll(() => bodyBackground(otherPage)).toBe(LIGHT_BACKGROUND);
  } finally {
    await other.close();
  }
});
