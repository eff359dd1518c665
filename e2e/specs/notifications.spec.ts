import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
/** The demo sign-in of the README. */
const DEMO = { email: 'demo@tradedesk.local', password: 'DemoTrader2026' };

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `notifications-${name}.png`) });
// While the menu is open the rest of the page is inert (a modal menu), the bell included.
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/, includeHidden: true });

test('a note posted through the API rings the bell live with a toast; reading it from the menu clears the count', async ({
  page,
}, testInfo) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO);

  // Start from nothing unread, whatever an earlier test left the demo user.
  const cleared = await page.request.put('/api/notifications/read-all');
  expect(cleared.status(), await cleared.text()).toBe(200);
  // The note must be posted once the page listens on its `user` channel (the server confirms with `subscribed`).
  const listening = page.waitForEvent('websocket').then((ws) =>
    ws.waitForEvent('framereceived', {
      predicate: (frame) => /"type":"subscribed","channel":"user"/.test(String(frame.payload)),
    }),
  );
  // ...and once the bell (a chunk of its own) has read its list: its listener is on by then, so the toast shows.
  const bellListed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/notifications' && r.request().method() === 'GET',
  );
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await Promise.all([listening, bellListed]);

  // A note to self, as a script of the user's would post it: the open page hears it on the `user` channel.
  // one title per attempt: a retry (or a repeat) must not find an earlier attempt's note under the same name
  const attempt = testInfo.retry + testInfo.repeatEachIndex * 10;
  // (no parentheses: the title goes into regular expressions below)
  const title = `Check the payrolls release${attempt ? `, attempt ${attempt + 1}` : ''}`;
  const posted = await page.request.post('/api/notifications', {
    data: { title, body: 'US non-farm payrolls at 08:30 New York time.', link: '/journal', sound: true },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notifications-count')).toContainText('1');

  const toast = page.getByRole('status', { name: title });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('US non-farm payrolls at 08:30 New York time.');
  // Spec section 5: the toast is 346 px wide.
  expect((await toast.boundingBox())?.width).toBe(346);
  await shot(page, 'toast');

  // The menu: newest first, the new one marked unread.
  await bell(page).click();
  const menu = page.getByRole('menu', { name: 'Notifications' });
  await expect(menu).toBeVisible();
  const item = menu.getByRole('menuitem', { name: new RegExp(`^Unread: ${title}`) });
  await expect(item).toBeVisible();
  await expect(menu.getByRole('menuitem').nth(1)).toHaveAccessibleName(new RegExp(`^Unread: ${title}`));
  await shot(page, 'menu');
  const axe = await new AxeBuilder({ page }).include('#notifications-menu').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Choosing it marks it read and follows its link.
  await item.click();
  await expect(page).toHaveURL(/\/journal$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  const stored = (await (await page.request.get('/api/notifications?limit=1')).json()) as {
    notifications: Array<{ title: string; read: boolean }>;
    unreadCount: number;
  };
  expect(stored.notifications[0]).toMatchObject({ title, read: true });
  expect(stored.unreadCount).toBe(0);

  // Read now, "Mark all read" has nothing to do; "Manage alerts" opens the alerts panel on this page.
  await bell(page).click();
  await expect(menu.getByRole('menuitem', { name: title })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Mark all read' })).toBeDisabled();
  await shot(page, 'menu-read');
  await menu.getByRole('menuitem', { name: 'Manage alerts' }).click();
  await expect(page).toHaveURL(/\/journal\?alerts=open$/);
});
