import { signUpViaApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, submitCredentials } from '../support/ui';
import { uniqueUser } from '../support/users';

test('sign up, activate through the dev mailbox, then sign in', async ({ page }) => {
  const user = uniqueUser('signup');

  await page.goto('/sign-up');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill(user.firstName);
  await form.getByLabel('Last name').fill(user.lastName);
  await form.getByLabel('Username').fill(user.username);
  await expect(form.getByText('This username is available.')).toBeVisible();
  await form.getByLabel('Email').fill(user.email);
  const password = form.locator('input').and(form.getByLabel(/^Password/));
  await password.fill('password1');
  // The strength meter loads the password rule (and its dictionary) on demand and applies it as the server does.
  await expect(form.getByText(/Password strength: Too easy to guess/)).toBeVisible();
  await password.fill(user.password);
  await expect(form.getByText('Password strength: Strong')).toBeVisible();
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();

  // A pending account cannot sign in yet, and the page says why.
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await submitCredentials(page, user);
  await expect(page.getByText('Confirm your email address with the link we sent before signing in.')).toBeVisible();
  await expect(page.getByRole('button', { name: /account menu/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Open the dev mailbox' }).click();
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
  const mail = page.getByRole('listitem').filter({ hasText: `To ${user.email}` });
  await expect(mail).toHaveCount(1);
  const activationLink = mail.getByRole('link', { name: /\/activate\?token=/ });
  await expect(activationLink).toHaveAttribute('href', /^\/activate\?token=/);
  await activationLink.click();

  await expect(page).toHaveURL(/\/activate\?token=/);
  await expect(page.getByText('Your account is active.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await submitCredentials(page, user);
  await expectSignedIn(page);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: /account menu/ }).click();
  await expect(page.getByRole('menu', { name: 'Account' }).getByText(user.email)).toBeVisible();
});

test('an activation link used again says the account is already active and offers sign-in', async ({
  page,
  request,
}) => {
  const user = uniqueUser('relink');
  await signUpViaApi(request, user);

  await page.goto('/dev/mailbox');
  const link = page
    .getByRole('listitem')
    .filter({ hasText: `To ${user.email}` })
    .getByRole('link', { name: /\/activate\?token=/ });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/activate\?token=/);
  await link.click();
  await expect(page.getByText('Your account is active.')).toBeVisible();

  await page.goto(href ?? '');
  await expect(page.getByRole('heading', { name: 'Account already active' })).toBeVisible();
  await expect(page.getByText('This account is already active. Sign in with your email and password.')).toBeVisible();
  // Not a new link: the account needs none.
  await expect(page.getByRole('link', { name: 'Send a new activation link' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a pending account trying to sign in is offered a new activation link', async ({ page, request }) => {
  const user = uniqueUser('pending');
  await signUpViaApi(request, user);

  await page.goto('/sign-in');
  await submitCredentials(page, user);
  await expect(page.getByText('Confirm your email address with the link we sent before signing in.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Resend the activation email' })).toBeVisible({ timeout: 3000 });
});
