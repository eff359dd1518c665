import { expect, test } from '../support/fixtures';
import { makePng } from '../support/png';
import { signIn } from '../support/ui';

test('edit the public profile with an avatar upload; everything is still there after a reload', async ({
  page,
  user,
}) => {
  const avatar = makePng(64, [0, 223, 128], [136, 97, 228]);
  const profile = {
    biography: `Swing trader since 2019.\nEURUSD and gold, mostly on the 15m chart. (${user.username})`,
    location: 'Lisbon, Portugal',
    website: 'https://example.com/ada',
  };

  await signIn(page, user);
  await page.goto('/settings/public_profile');
  await expect(page.getByRole('heading', { name: 'Public profile', level: 2 })).toBeVisible();

  const form = page.getByRole('form', { name: 'Profile' });
  await expect(form.getByLabel('Username')).toHaveValue(user.username);
  await form.getByLabel('Biography').fill(profile.biography);
  await form.getByLabel('Location').fill(profile.location);
  await form.getByLabel('Website').fill(profile.website);
  await form.getByRole('radio', { name: 'Followers you accept' }).check();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile was saved.' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  // The avatar is shown before it is sent, and sent only on request.
  const images = page.getByRole('region', { name: 'Images' });
  await expect(images.getByText('No avatar yet.')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await images.getByRole('button', { name: 'Choose avatar' }).click();
  await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: avatar });
  await expect(images.getByRole('img', { name: 'Avatar preview' })).toBeVisible();
  await expect(images.getByText('Preview of avatar.png: not uploaded yet.')).toBeVisible();
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/customer/profile/image'));
  await images.getByRole('button', { name: 'Upload avatar' }).click();
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Your avatar was updated.' })).toBeVisible();
  await expect(images.getByRole('img', { name: 'Current avatar' })).toBeVisible();

  await page.reload();
  await expect(form.getByLabel('Biography')).toHaveValue(profile.biography);
  await expect(form.getByLabel('Location')).toHaveValue(profile.location);
  await expect(form.getByLabel('Website')).toHaveValue(profile.website);
  await expect(form.getByRole('radio', { name: 'Followers you accept' })).toBeChecked();

  // The avatar on screen is the uploaded picture itself, served by the app and drawn by the browser.
  const current = images.getByRole('img', { name: 'Current avatar' });
  await expect(current).toBeVisible();
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  const src = await current.getAttribute('src');
  expect(src).toBeTruthy();
  const served = await page.request.get(src ?? '');
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/png');
  expect(Buffer.compare(await served.body(), avatar)).toBe(0);
  await expect(images.getByRole('button', { name: 'Choose another avatar' })).toBeVisible();
});
