import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

// The MUI breakpoints of the product (docs/architecture.md, section 6), with the narrowest phone for xs.
const WIDTHS = [360, 767, 900, 1200, 1536] as const;
const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

/** What shows that each page has its data on screen, so the picture is not of a loading skeleton. */
const pages = [
  { id: 'my_account', file: 'settings', ready: (p: Page) => p.getByRole('form', { name: 'Personal details' }) },
  {
    id: 'public_profile',
    file: 'settings-public_profile',
    ready: (p: Page) => p.getByRole('form', { name: 'Profile' }),
  },
  { id: 'security', file: 'settings-security', ready: (p: Page) => p.getByRole('list', { name: 'Sessions' }) },
  { id: 'privacy', file: 'settings-privacy', ready: (p: Page) => p.getByRole('form', { name: 'Support access' }) },
] as const;

test('the settings pages fit every width (screenshots kept in e2e/artifacts/screenshots)', async ({ page, user }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await signIn(page, user);

  for (const width of WIDTHS) {
    for (const settings of pages) {
      await test.step(`${settings.id} at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/settings/${settings.id}`);
        await expect(settings.ready(page)).toBeVisible();
        await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));

        // A screen as tall as the page rather than a full-page capture: that one stitches the fixed sidebar
        // and top bar at their first-screen size, which looks like a layout fault that is not there.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({ width, height: Math.max(900, height) });
        await page.screenshot({ path: join(SCREENSHOTS, `${settings.file}-${width}.png`) });

        // A horizontal scrollbar on the page means something is wider than the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow of /settings/${settings.id} at ${width} px`).toBeLessThanOrEqual(0);
      });
    }
  }
});
