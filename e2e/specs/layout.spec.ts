import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

test('the two-factor dialog fits a 360 x 740 phone with its title and buttons on screen', async ({ page, user }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, user);
  await page.goto('/settings/security');
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));

  await expect(dialog.getByRole('heading', { name: 'Turn on two-factor authentication' })).toBeInViewport({
    ratio: 1,
  });
  await expect(dialog.getByRole('button', { name: 'Turn on', exact: true })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360 && box.y >= 0 && box.y + box.height <= 740).toBe(true);
  await page.screenshot({ path: join(SCREENSHOTS, 'two-factor-dialog-360.png') });
});

test('the settings page list stays in view while a long settings page scrolls', async ({ page, user }) => {
  // twelve pages since billing: the whole list needs about 700 px of height
  await page.setViewportSize({ width: 1200, height: 800 });
  await signIn(page, user);
  await page.goto('/settings/security');
  await expect(page.getByRole('list', { name: 'Sessions' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Settings pages' });
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(nav.getByRole('link', { name: 'My account' })).toBeInViewport();
  await expect(nav.getByRole('link', { name: 'Delete account' })).toBeInViewport();
});

test('each settings page names itself once: its h2 is not repeated by its first section', async ({ page, user }) => {
  await signIn(page, user);
  for (const id of ['my_account', 'public_profile', 'account_details', 'security', 'notifications', 'privacy']) {
    await page.goto(`/settings/${id}`);
    const title = (await page.getByRole('heading', { level: 2 }).first().textContent())?.trim() ?? '';
    await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toHaveCount(0);
  }
  await page.goto('/settings/delete_account');
  await expect(page.getByRole('heading', { level: 3, name: 'Delete account', exact: true })).toHaveCount(0);
});
