import { expect, test } from '../support/fixtures';
import { expectSignedIn, submitCredentials } from '../support/ui';

test('forgot password, reset through the dev mailbox, sign in with the new password', async ({ page, user }) => {
  const newPassword = `${user.password}-new`;

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const request = page.getByRole('form', { name: 'Reset your password' });
  await request.getByLabel('Email').fill(user.email);
  // Enter sends the form, as everywhere.
  await request.getByLabel('Email').press('Enter');
  await expect(page.getByRole('status')).toContainText(/link/i);

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByRole('link', { name: 'Open the dev mailbox' }).click();
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
  const resetLink = page
    .getByRole('listitem')
    .filter({ hasText: `To ${user.email}` })
    .getByRole('link', { name: /\/reset-password\?token=/ });
  await expect(resetLink).toHaveCount(1);
  const href = await resetLink.getAttribute('href');
  expect(href).toMatch(/^\/reset-password\?token=/);
  await resetLink.click();

  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByRole('textbox', { name: /^New password/ }).fill(newPassword);
  await form.getByRole('textbox', { name: /^Confirm new password/ }).fill(`${newPassword}x`);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The two passwords do not match.')).toBeVisible();
  await form.getByRole('textbox', { name: /^Confirm new password/ }).fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();

  // The link is spent: opening it again says so in words (no wire field names) and offers a new one.
  await page.goto(href ?? '');
  await form.getByRole('textbox', { name: /^New password/ }).fill(`${newPassword}2`);
  await form.getByRole('textbox', { name: /^Confirm new password/ }).fill(`${newPassword}2`);
  await form.getByRole('button', { name: 'Change password' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('This reset link was already used. Ask for a new one.');
  await expect(form).toHaveCount(0);
  await expect(alert.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute('href', '/forgot-password');

  // The old password no longer works; the new one does.
  await page.goto('/sign-in');
  await submitCredentials(page, user);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: /account menu/ })).toHaveCount(0);
  await submitCredentials(page, { email: user.email, password: newPassword });
  await expectSignedIn(page);
});
