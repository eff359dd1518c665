import { Secret, TOTP } from 'otpauth';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, signIn, signOut, submitCredentials } from '../support/ui';

const PERIOD_MS = 30_000;

function totp(secret: string): TOTP {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD_MS / 1000, secret: Secret.fromBase32(secret) });
}

test('enrol two-factor, sign out, and sign in again with a code', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings/security');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Turn on two-factor authentication' }).click();

  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByRole('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const authenticator = totp(secret);

  // A wrong code is refused and the enrolment stays open.
  const confirm = dialog.getByRole('form', { name: 'Confirm two-factor authentication' });
  const current = authenticator.generate();
  await confirm.getByLabel('Authentication code').fill(current === '000000' ? '111111' : '000000');
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  await expect(confirm.getByLabel('Authentication code')).toHaveAttribute('aria-invalid', 'true');

  await confirm.getByLabel('Authentication code').fill(authenticator.generate());
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await codesDialog.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  await signOut(page);

  // Password alone is no longer enough.
  await submitCredentials(page, user);
  await expect(page.getByRole('heading', { name: 'Two-factor verification' })).toBeVisible();
  await expect(page.getByRole('button', { name: /account menu/ })).toHaveCount(0);

  // Each time step's code is accepted once, and enrolment spent the current one: the authenticator's
  // next code is used, which the server takes within its one-step drift window.
  const step = page.getByRole('form', { name: 'Two-factor verification' });
  await step.getByLabel('Authentication code').fill(authenticator.generate({ timestamp: Date.now() + PERIOD_MS }));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);
});
