import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const VARIANTS = ['success', 'error', 'warning', 'info', 'infov2', 'successv2'] as const;
const THEMES = ['dark', 'light'] as const;

/** The theme a first visit uses (the app reads the stored choice before it renders). */
async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const theme of THEMES) {
  test(`every toast variant in the ${theme} theme (screenshots in e2e/artifacts/screenshots)`, async ({ page }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await useTheme(page, theme);
    await page.setViewportSize({ width: 900, height: 600 });
    await page.goto('/dev/toasts');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));

    for (const variant of VARIANTS) {
      await page.getByRole('button', { name: `Show ${variant}`, exact: true }).click();
      const toast = page.locator(`[data-variant="${variant}"]`);
      await expect(toast).toBeVisible();
      // Its icon, readable text and a way to close it, whatever the variant.
      await expect(toast.locator('svg').first()).toBeVisible();
      await expect(
        toast.getByRole('button', { name: variant === 'successv2' ? 'Close' : 'Dismiss notification' }),
      ).toBeVisible();
      const shot = await box(toast);
      await page.screenshot({
        path: join(SCREENSHOTS, `toast-${variant}-${theme}.png`),
        clip: { x: shot.x - 16, y: shot.y - 16, width: shot.width + 32, height: shot.height + 32 },
      });
    }
    // The parts the samples use: the action, Learn more, the countdown and the undo close icon.
    await expect(page.locator('[data-variant="successv2"]').getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(page.locator('[data-variant="successv2"]').getByTestId('toast-countdown')).toHaveText(
      'Undo is possible for 10 s',
    );
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('[data-variant]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show infov2', exact: true }).click();
    await expect(page.locator('[data-variant="infov2"]').getByRole('link', { name: 'Learn more' })).toBeVisible();
  });
}

test('on a phone the toast does not cover the form it reports on; a failed save replaces "Saved"', async ({
  page,
  user,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, user);
  await page.goto('/settings/my_account');
  const form = page.getByRole('form', { name: 'Personal details' });
  const phone = form.getByLabel('Phone');
  await phone.fill('+44 20 7946 0001');
  const save = form.getByRole('button', { name: 'Save changes' });
  await save.click();
  const saved = page.getByRole('status').filter({ hasText: 'Your account settings were saved.' });
  await expect(saved).toBeVisible();
  await save.scrollIntoViewIfNeeded();
  expect(overlaps(await box(saved), await box(save)), 'the toast covers Save').toBe(false);
  expect(overlaps(await box(saved), await box(form.getByRole('button', { name: 'Discard changes' })))).toBe(false);
  await page.screenshot({ path: join(SCREENSHOTS, 'toast-phone-settings.png') });

  // The server refuses the next save: the "Saved" of the last one must not stay up beside it.
  await page.route('**/api/customer/settings/general', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, code: 'UNAVAILABLE', message: 'The service is busy. Try again.' }),
    }),
  );
  await phone.fill('+44 20 7946 0002');
  await save.click();
  await expect(page.getByRole('alert', { name: 'Your changes were not saved' })).toBeVisible();
  await expect(saved).toHaveCount(0);
});
