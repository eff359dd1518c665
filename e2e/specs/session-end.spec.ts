import { expect, test } from '../support/fixtures';
import { expectOnSignIn, signIn, submitCredentials } from '../support/ui';

const ELSEWHERE = 'This session was ended from another device.';

test('signing out of all sessions ends this tab without blaming another device; the others are told', async ({
  page,
  browser,
  user,
}) => {
  await signIn(page, user);
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, user);

    await page.goto('/settings/security');
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Sign out of all sessions' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out of all sessions?' });
    await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();

    await expectOnSignIn(page);
    await expectOnSignIn(otherPage);
    await expect(otherPage.getByRole('status').filter({ hasText: ELSEWHERE })).toBeVisible();
    // The server pushes the revocation to this tab as well, usually before it answers the call.
    await page.waitForTimeout(1000);
    await expect(page.getByText(ELSEWHERE)).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test('deleting the account says so and returns to sign-in, where the account is gone', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings/delete_account');
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('textbox', { name: /^Password/ }).fill(`${user.password}-wrong`);
  await dialog.getByRole('textbox', { name: /^Password/ }).press('Enter');
  await expect(dialog.getByText(/password/i).last()).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('textbox', { name: /^Password/ }).fill(user.password);
  await dialog.getByRole('textbox', { name: /^Password/ }).press('Enter');
  await expectOnSignIn(page);
  await expect(page.getByRole('status').filter({ hasText: 'Your account was deleted' })).toBeVisible();
  await expect(page.getByText(ELSEWHERE)).toHaveCount(0);

  await submitCredentials(page, user);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: /account menu/ })).toHaveCount(0);
});
