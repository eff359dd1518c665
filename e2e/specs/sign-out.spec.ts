import { expect, test } from '../support/fixtures';
import { expectOnSignIn, signIn, signOut } from '../support/ui';

const AUTH_COOKIES = ['access_token', 'refresh_token', 'trading_access_token', 'trading_refresh_token', 'signed_in'];

test('sign out returns to sign-in and ends the session', async ({ page, context, request, user }) => {
  await signIn(page, user);
  const refreshToken = (await context.cookies()).find((c) => c.name === 'refresh_token')?.value;
  expect(refreshToken, 'the refresh cookie of the signed-in session').toBeTruthy();

  await signOut(page);
  // a sign-out the person chose leaves no page to come back to
  await expect(page).toHaveURL(/\/sign-in$/);

  // Nothing of the session is left in the browser, and the app stays signed out across a reload.
  const cookieNames = (await context.cookies()).map((c) => c.name);
  expect(cookieNames.filter((name) => AUTH_COOKIES.includes(name))).toEqual([]);
  await page.goto('/settings/my_account');
  await expectOnSignIn(page);
  await expect(page).toHaveURL(/\?next=%2Fsettings%2Fmy_account$/);
  await page.reload();
  await expectOnSignIn(page);

  // The server ended the session too: its refresh token no longer buys new tokens.
  const refresh = await request.post('/api/customer/refresh', {
    headers: { 'x-refresh-token': refreshToken ?? '' },
    data: {},
  });
  expect(refresh.status()).toBe(401);
});
