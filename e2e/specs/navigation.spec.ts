import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

for (const width of [360, 767]) {
  test(`the navigation drawer at ${width} px shows every area above the top bar and goes there`, async ({
    page,
    user,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    await signIn(page, user);
    await page.goto('/settings/my_account');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // Each item must be the element a pointer reaches there (a click checks it: nothing may lie over it).
    await nav.getByRole('link', { name: 'Home' }).click({ timeout: 5000 });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.getByRole('link', { name: 'Settings' }).click({ timeout: 5000 });
    await expect(page).toHaveURL(/\/settings\/my_account$/);
  });
}
