import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

// Every test of the suite fails on a Content-Security-Policy violation (the cspViolations fixture); this one
// walks the screens that render the most kinds of styles (forms, menus, dialogs, both themes) on purpose.

const SETTINGS = [
  'my_account',
  'public_profile',
  'account_details',
  'security',
  'notifications',
  'privacy',
  'delete_account',
];

test('the app loads and navigates under its Content-Security-Policy', async ({ page, user }) => {
  const response = await page.goto('/sign-in');
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/]+'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options']).toBe('nosniff');
  // MUI's styles carry the response's nonce, so they apply: the sign-in card is laid out, not bare HTML.
  const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
  expect(await page.evaluate(() => document.querySelector<HTMLStyleElement>('style[data-emotion]')?.nonce)).toBe(nonce);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(
    await page.getByRole('button', { name: 'Sign in', exact: true }).evaluate((b) => getComputedStyle(b).textTransform),
  ).toBe('none');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('form', { name: 'Sign up' })).toBeVisible();
  await page.getByRole('form', { name: 'Sign up' }).getByLabel('Password').fill('a weak one');

  await signIn(page, user);
  for (const id of SETTINGS) {
    await page.goto(`/settings/${id}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // Menus and themes insert styles after the first paint.
  await page.getByRole('button', { name: /account menu/ }).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toBeVisible();
  await expect(menu.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
  await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
});

test('the API reference works under its own policy', async ({ page }) => {
  const response = await page.goto('/api/docs/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: /TradeDesk API/ })).toBeVisible();
  await page
    .getByRole('button', { name: /\/api\/health/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Try it out' })).toBeVisible();
});
