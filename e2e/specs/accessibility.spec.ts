import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ensureStaffAccount } from '../support/api';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';
import type { TestUser } from '../support/users';

const THEMES = ['dark', 'light'] as const;
const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
/** A file name for a page's screenshot: /settings/my_account -> settings-my_account. */
const slug = (path: string) => path.replace(/\?.*$/, '').replace(/^\//, '').replace(/\//g, '-') || 'home';
type Theme = (typeof THEMES)[number];

/** What shows that a page has its content on screen (not a spinner), by address. */
const signedOutPages: { path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { path: '/sign-in', ready: (p) => p.getByRole('heading', { name: 'Sign in' }) },
  { path: '/sign-up', ready: (p) => p.getByRole('heading', { name: 'Create your account' }) },
  { path: '/activate', ready: (p) => p.getByRole('alert') },
  { path: '/resend-activation', ready: (p) => p.getByRole('heading', { name: 'Resend activation email' }) },
  { path: '/forgot-password', ready: (p) => p.getByRole('heading', { name: /password/i }) },
  { path: '/reset-password?token=x', ready: (p) => p.getByRole('heading', { name: 'Choose a new password' }) },
  { path: '/dev/mailbox', ready: (p) => p.getByRole('heading', { name: 'Dev mailbox' }) },
  {
    path: '/community/articles/shared/no-such-link',
    ready: (p) => p.getByRole('heading', { name: 'Shared article', level: 1 }),
  },
];

const settingsPages = [
  'my_account',
  'public_profile',
  'account_details',
  'security',
  'notifications',
  'privacy',
  'delete_account',
  'plan_billing',
  'partner_program',
];

const signedInPages: { path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { path: '/', ready: (p) => p.getByRole('heading', { name: /^Welcome/ }) },
  { path: '/positions', ready: (p) => p.getByRole('heading', { name: /^Positions/ }) },
  ...settingsPages.map((id) => ({
    path: `/settings/${id}`,
    ready: (p: Page) => p.getByRole('navigation', { name: 'Settings pages' }).or(p.getByLabel('Settings page')),
  })),
  { path: '/dev/mailbox', ready: (p) => p.getByRole('heading', { name: 'Dev mailbox' }) },
  { path: '/community', ready: (p) => p.getByRole('heading', { name: 'Community', level: 1 }) },
  { path: '/community/bookmarks', ready: (p) => p.getByRole('heading', { name: 'Bookmarks', level: 1 }) },
  { path: '/community/profile', ready: (p) => p.getByRole('tab', { name: /^Post/ }) },
  { path: '/community/articles', ready: (p) => p.getByRole('heading', { name: 'Articles', level: 1 }) },
  // starts a draft (of this test's user) and opens it in the editor
  { path: '/community/articles/new', ready: (p) => p.getByRole('textbox', { name: 'Article content' }) },
  { path: '/messages', ready: (p) => p.getByRole('heading', { name: 'Messages', level: 1 }) },
  // `{community}`: the handle of the community the test's user creates first (the owner sees every settings tab)
  { path: '/communities/{community}', ready: (p) => p.getByRole('tabpanel', { name: 'Feed' }) },
  {
    path: '/communities/{community}/settings?tab=roles',
    ready: (p) => p.getByRole('list', { name: 'Roles' }),
  },
  { path: '/help', ready: (p) => p.getByRole('heading', { name: 'Getting started', level: 2 }) },
  { path: '/help/bugs_report', ready: (p) => p.getByRole('button', { name: 'Report a bug' }) },
  { path: '/help/all_requests', ready: (p) => p.getByRole('button', { name: 'New request' }) },
  { path: '/help/whats_new', ready: (p) => p.getByRole('heading', { name: 'Updates', level: 2 }) },
  { path: '/help/tickets', ready: (p) => p.getByRole('heading', { name: 'Your support tickets' }) },
  { path: '/no-such-page', ready: (p) => p.getByRole('heading', { name: /not found/i }) },
];

/** The staff account of the console's sweep: its address is in the server's STAFF_EMAILS (playwright.config.ts). */
const STAFF: TestUser = {
  firstName: 'Alex',
  lastName: 'Access',
  username: 'e2e_a11y_staff',
  email: 'e2e-a11y-staff@example.com',
  password: 'Staff-a11y-2026',
};

/** The staff console's sections a staff member (not an admin) opens; /staff opens the first, the ticket inbox. */
const staffPages: { path: string; section: string }[] = [
  { path: '/staff', section: 'Tickets' },
  { path: '/staff/bugs', section: 'Bugs' },
  { path: '/staff/feature_requests', section: 'Feature requests' },
  { path: '/staff/publishing', section: 'Publishing' },
  { path: '/staff/feedback', section: 'Feedback' },
  { path: '/staff/users', section: 'Users' },
  { path: '/staff/moderation', section: 'Moderation' },
  { path: '/staff/partners', section: 'Partners' },
  { path: '/staff/audit', section: 'Audit log' },
];

/** The widths a theme's sweep analyses: the phone width once, in the dark theme (the product default). */
const widthsOf = (theme: Theme) => (theme === 'dark' ? [1200, 360] : [1200]);

/** Serious and critical findings of axe on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} - ${n.failureSummary ?? ''}`));
}

async function settle(page: Page, ready: (page: Page) => ReturnType<Page['getByRole']>): Promise<void> {
  await expect(ready(page).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Let transitions (focused labels, fades) end so colours are measured as a person sees them.
  await page.waitForTimeout(300);
}

/** Sets the theme as a signed-in person does: the toggle, which the account keeps. */
async function chooseTheme(page: Page, theme: Theme): Promise<void> {
  const other = theme === 'dark' ? 'light' : 'dark';
  const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` });
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.getByRole('button', { name: `Switch to ${other} theme` })).toBeVisible();
}

for (const theme of THEMES) {
  test(`axe finds nothing serious on the signed-out pages, ${theme} theme`, async ({ page }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    const found: string[] = [];
    for (const { path, ready } of signedOutPages) {
      await test.step(path, async () => {
        await page.goto(path);
        await settle(page, ready);
        found.push(...(await seriousViolations(page)).map((line) => `${path}: ${line}`));
        await page.screenshot({ path: join(SCREENSHOTS, `a11y-${theme}-${slug(path)}.png`) });
      });
    }
    expect(found).toEqual([]);
    // The check is not vacuous: on the sign-in page axe measured the text contrast, and it passed.
    await page.goto('/sign-in');
    await settle(page, signedOutPages[0]?.ready ?? ((p) => p.getByRole('main')));
    const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
    expect(results.passes.map((rule) => rule.id)).toContain('color-contrast');
  });

  test(`axe finds nothing serious on the signed-in pages, ${theme} theme`, async ({ page, user }) => {
    // Twenty-six pages, each analysed in full: at 1200 px in both themes, and at the phone width in the dark
    // theme only (the narrow layout is the same in both; the colours are checked at the full width).
    test.setTimeout(300_000);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await signIn(page, user);
    await chooseTheme(page, theme);
    const community = `a11y-${theme}-${user.username.slice(-6)}`;
    const made = await page.request.post('/api/community', {
      data: {
        type: 'trading_group',
        community_size: 'just_starting',
        visibility: 'public',
        name: `Accessible traders ${theme}`,
        handle: community,
        description: 'A community for the accessibility sweep.',
        categories: ['forex'],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const found: string[] = [];
    for (const width of widthsOf(theme)) {
      await page.setViewportSize({ width, height: 800 });
      for (const { path: template, ready } of signedInPages) {
        const path = template.replace('{community}', community);
        await test.step(`${path} at ${width} px`, async () => {
          await page.goto(path);
          await settle(page, ready);
          found.push(...(await seriousViolations(page)).map((line) => `${path} at ${width} px: ${line}`));
          if (width === 1200)
            await page.screenshot({
              path: join(SCREENSHOTS, `a11y-${theme}-${slug(template.replace('{community}', 'community'))}.png`),
            });
        });
      }
    }
    expect(found).toEqual([]);
  });
}

for (const theme of THEMES) {
  test(`axe finds nothing serious in the staff console, ${theme} theme`, async ({ page, request }) => {
    test.setTimeout(180_000);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await ensureStaffAccount(request, STAFF);
    await signIn(page, STAFF);
    await chooseTheme(page, theme);
    const found: string[] = [];
    for (const width of widthsOf(theme)) {
      await page.setViewportSize({ width, height: 800 });
      for (const { path, section } of staffPages) {
        await test.step(`${path} at ${width} px`, async () => {
          await page.goto(path);
          await settle(page, (p) => p.getByRole('region', { name: section }));
          found.push(...(await seriousViolations(page)).map((line) => `${path} at ${width} px: ${line}`));
          if (width === 1200) await page.screenshot({ path: join(SCREENSHOTS, `a11y-${theme}-${slug(path)}.png`) });
        });
      }
    }
    expect(found).toEqual([]);
  });
}

test('a skip link is the first Tab stop and moves focus to the content; the logo links home', async ({
  page,
  user,
}) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // The email field has focus on load; before it in the page comes the skip link, then the logo.
  const firstStops = await page.evaluate(() =>
    [...document.querySelectorAll('a[href], button, input')].slice(0, 2).map((el) => el.textContent),
  );
  expect(firstStops).toEqual(['Skip to main content', 'TradeDesk']);
  const skip = page.getByRole('link', { name: 'Skip to main content' });

  await signIn(page, user);
  await page.goto('/settings/security');
  await expect(page.getByRole('list', { name: 'Sessions' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const logo = page.getByRole('link', { name: 'TradeDesk home' });
  await logo.click();
  await expect(page).toHaveURL(/\/$/);
});

for (const theme of THEMES) {
  test(`keyboard focus shows the branded ring on links, buttons and navigation items, ${theme} theme`, async ({
    page,
    user,
  }) => {
    await signIn(page, user);
    await chooseTheme(page, theme);
    await page.goto('/settings/my_account');
    await expect(page.getByRole('form', { name: 'Personal details' })).toBeVisible();
    const ring = theme === 'dark' ? 'rgb(0, 223, 128)' : 'rgb(0, 122, 71)';
    const targets = [
      page.getByRole('link', { name: 'TradeDesk home' }),
      page.getByRole('button', { name: /account menu/ }),
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }),
      page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: 'Security' }),
    ];
    // Reached by Tab from the one before, so the browser treats the focus as keyboard focus.
    for (const target of targets) {
      await target.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(target).toBeFocused();
      const outline = await target.evaluate((el) => {
        const style = getComputedStyle(el);
        return { color: style.outlineColor, width: style.outlineWidth, style: style.outlineStyle };
      });
      expect(outline).toEqual({ color: ring, width: '2px', style: 'solid' });
    }
  });
}
