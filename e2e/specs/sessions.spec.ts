import { expect, test } from '../support/fixtures';
import { expectOnSignIn, signIn } from '../support/ui';

test('revoking another session signs that browser out live', async ({ page, browser, user }) => {
  await signIn(page, user);

  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, user);
    await otherPage.goto('/settings/my_account');
    await expect(otherPage.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    // Marks this document: if the sign-out happened through a reload, the mark would be gone.
    await otherPage.evaluate(() => {
      (window as unknown as { e2eMark: string }).e2eMark = 'still the same page';
    });

    await page.goto('/settings/security');
    const list = page.getByRole('list', { name: 'Sessions' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const mine = list.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(mine).toHaveCount(1);
    const theirs = list.getByRole('listitem').filter({ hasNotText: 'This device' });
    await expect(theirs).toHaveCount(1);

    await theirs.getByRole('button', { name: /^Sign out / }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out this session?' });
    await confirm.getByRole('button', { name: 'Sign out session' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'The session was signed out.' })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText('This device');

    // The other browser is signed out by the server's push, without reloading or acting.
    await expectOnSignIn(otherPage);
    expect(await otherPage.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark)).toBe(
      'still the same page',
    );
    await expect(
      otherPage.getByRole('status').filter({ hasText: 'This session was ended from another device.' }),
    ).toBeVisible();

    // This browser keeps its session.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
  } finally {
    await other.close();
  }
});
