import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { createActivatedUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePng } from '../support/png';
import { signIn } from '../support/ui';
import { type TestUser, uniqueUser } from '../support/users';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

/** Serious and critical findings of axe on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${page.url()}: ${v.id}: ${n.target.join(' ')}`));
}

/** A screenshot of the whole page from its top (a scrolled page would draw the fixed shell mid-page). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `communities-${name}.png`), fullPage: true });
}

/** A second person in a browser context of their own (their own session cookie). */
async function personPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

test.use({ actionTimeout: 15_000 });

test('a community: created through the wizard, a role, an invite accepted, channel and feed posts, then a ban felt live', async ({
  page,
  user,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = uniqueUser('communitymember');
  await createActivatedUser(request, member);
  const memberName = `${member.firstName} ${member.lastName}`;
  const id = member.username.slice(-6);
  const name = `Breakout Traders ${id}`;
  const handle = `breakout-${id}`;
  await signIn(page, user);

  // ---- The wizard, step by step from the community type.
  await page.goto('/communities');
  await page.getByRole('link', { name: 'Create a community' }).first().click();
  await expect(page.getByRole('heading', { name: 'What are you creating?' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByRole('radio', { name: /^Trading group/ }).check();
  await next.click();
  await page.getByRole('textbox', { name: /Address of your existing community/ }).fill('https://discord.gg/breakout');
  await page.getByRole('radio', { name: '1 to 50 members' }).check();
  await next.click();
  await page.getByRole('checkbox', { name: 'Discord' }).check();
  await page.getByRole('checkbox', { name: 'Telegram' }).check();
  await next.click();
  await page.getByRole('radio', { name: /^Public/ }).check();
  await next.click();
  await expect(page.getByRole('heading', { name: 'Give it a name and a face' })).toBeVisible();
  await page.getByLabel('Image file').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: makePng(128, [136, 97, 228], [20, 20, 30]),
  });
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  // The handle follows the name, then is typed over; each is checked against the server as typed.
  const handleBox = page.getByRole('textbox', { name: 'Handle' });
  await expect(handleBox).toHaveValue(`breakout-traders-${id}`);
  await expect(page.getByText(`@breakout-traders-${id} is available.`)).toBeVisible();
  await handleBox.fill('settings');
  await expect(page.getByText(/reserved/i)).toBeVisible();
  await handleBox.fill(handle);
  await expect(page.getByText(`@${handle} is available.`)).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Description (optional)' })
    .fill('Breakout setups on crypto and indices, with the trades behind them.');
  await page.getByRole('checkbox', { name: 'Crypto' }).check();
  await page.getByRole('checkbox', { name: 'Day trading' }).check();
  await shot(page, 'wizard-identity');
  await next.click();
  // A visited step can be revisited; nothing is created until the last one.
  await page.getByRole('tab', { name: 'Visibility' }).click();
  await expect(page.getByRole('radio', { name: /^Public/ })).toBeChecked();
  await page.getByRole('tab', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review and create' })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Create the community' }).click();
  await expect(page).toHaveURL(new RegExp(`/communities/${handle}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const community = (await (await page.request.get(`/api/community/by-handle/${handle}`)).json()) as {
    id: string;
    imageUrl: string | null;
  };
  expect(community.imageUrl, 'the image uploaded after the creation').toBeTruthy();

  // ---- A role with a colour and two permissions, in the settings role editor.
  await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'Create role' }).click();
  const editor = page.getByRole('dialog', { name: 'Create a role' });
  await editor.getByRole('textbox', { name: 'Name' }).fill('Analyst');
  await editor.getByRole('textbox', { name: 'Description' }).fill('Writes the weekly breakdowns.');
  // A colour typed as account colours are (any case, with or without #), saved normalised.
  await editor.getByRole('textbox', { name: 'Role colour', exact: true }).fill('2a9d8f');
  await expect(editor.getByText('Saved as #2A9D8F')).toBeVisible();
  await editor.getByRole('checkbox', { name: 'Pin posts', exact: true }).check();
  await editor.getByRole('checkbox', { name: /^Moderate posts/ }).check();
  await editor.getByRole('switch', { name: /^Show its members as a group/ }).check();
  await page.screenshot({ path: join(SCREENSHOTS, 'communities-settings-role-editor.png') });
  await editor.getByRole('button', { name: 'Create role' }).click();
  await expect(editor).toBeHidden();
  const roles = page.getByRole('list', { name: 'Roles' });
  await expect(roles.getByRole('listitem', { name: 'Analyst' })).toBeVisible();
  const axeFindings = await seriousViolations(page);

  // ---- A rule and a link, in the settings.
  await page.getByRole('tab', { name: 'Rules & links' }).click();
  const addRule = page.getByRole('form', { name: 'Add a rule' });
  await addRule.getByRole('textbox', { name: 'Title' }).fill('No signals without a stop');
  await addRule.getByRole('textbox', { name: 'Description' }).fill('Every idea says where it is wrong.');
  await addRule.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByRole('grid', { name: 'Rules' }).or(page.getByRole('table', { name: 'Rules' }))).toContainText(
    'No signals without a stop',
  );

  // ---- The member is invited and accepts through the link of their notification.
  await page.getByRole('tab', { name: 'Active invites' }).click();
  await page.getByRole('combobox', { name: 'Person to invite' }).fill(member.username);
  await page.getByRole('option', { name: new RegExp(member.username) }).click();
  await page.getByRole('form', { name: 'Invite a person' }).getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`${memberName} was invited.`, { exact: false })).toBeVisible();

  const memberPage = await personPage(browser, member);
  await memberPage.getByRole('button', { name: /^Notifications/ }).click();
  await memberPage
    .getByRole('menu', { name: 'Notifications' })
    .getByRole('menuitem', { name: /Community invite/ })
    .click();
  await expect(memberPage).toHaveURL(/\/communities\/invite\/.+/);
  await expect(memberPage.getByText(name).first()).toBeVisible();
  await memberPage.getByRole('button', { name: 'Accept the invite' }).click();
  await expect(memberPage).toHaveURL(new RegExp(`/communities/${handle}`));
  await expect(memberPage.getByRole('heading', { name, level: 1 })).toBeVisible();

  // ---- The owner gives the member the role, in the settings' Active members.
  await page.getByRole('tab', { name: 'Active members' }).click();
  await page.getByRole('button', { name: `Roles of ${memberName}` }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Analyst' }).click();
  await expect(page.getByText(`${memberName} now has the Analyst role.`)).toBeVisible();

  // ---- A message in #general: the member reads it live.
  await memberPage.getByRole('tab', { name: 'Channels' }).click();
  await expect(memberPage.getByRole('region', { name: 'Channel #general' })).toBeVisible();
  await page.goto(`/communities/${handle}?tab=channels`);
  const pane = page.getByRole('region', { name: 'Channel #general' });
  await pane.getByRole('combobox', { name: 'Message #general' }).fill('Welcome! Post your breakout levels here.');
  await pane.getByRole('button', { name: 'Send' }).click();
  await expect(pane.getByRole('list', { name: 'Messages in #general' })).toContainText('Post your breakout levels');
  await expect(
    memberPage
      .getByRole('list', { name: 'Messages in #general' })
      .getByText('Welcome! Post your breakout levels here.'),
  ).toBeVisible({ timeout: 15_000 });
  await shot(memberPage, 'channels');

  // ---- The member's first post in the feed: the rules first, then the composer.
  await memberPage.getByRole('tab', { name: 'Feed' }).click();
  await memberPage
    .getByRole('tabpanel', { name: 'Feed' })
    .getByRole('button', { name: 'Write a post' })
    .first()
    .click();
  const rules = memberPage.getByRole('dialog', { name: `Rules of ${name}` });
  await expect(rules).toContainText('No signals without a stop');
  await rules.getByRole('button', { name: 'Accept the rules' }).click();
  const composer = memberPage.getByRole('dialog', { name: 'New post' });
  await composer
    .getByRole('textbox', { name: 'What is your idea?' })
    .fill('BTC holding the range top. Stop under 76k, as the rules ask.');
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(composer).toBeHidden();
  await page.goto(`/communities/${handle}`);
  const post = page.getByRole('article', { name: `Post by ${memberName}` }).first();
  await expect(post).toContainText('Stop under 76k');
  await page.getByRole('button', { name: `Pin the post by ${memberName} to the community` }).click();
  await expect(post.getByText('Pinned')).toBeVisible();
  await shot(page, 'feed');
  axeFindings.push(...(await seriousViolations(page)));

  // ---- The members tab shows the member with the role.
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Members' })).toContainText('Analyst');
  await shot(page, 'members');

  // ---- The owner bans the member, whose open page sends them away with the reason.
  await memberPage.getByRole('tab', { name: 'Channels' }).click();
  await expect(memberPage.getByRole('region', { name: 'Channel #general' })).toBeVisible();
  await page.goto(`/communities/${handle}/settings?tab=members`);
  await page.getByRole('button', { name: `Ban ${memberName}` }).click();
  const ban = page.getByRole('dialog', { name: `Ban ${memberName}?` });
  await ban.getByRole('textbox', { name: 'Reason' }).fill('Signals without stops, twice.');
  await ban.getByRole('button', { name: 'Ban' }).click();
  await expect(ban).toBeHidden();
  await expect(memberPage).toHaveURL(/\/communities$/, { timeout: 15_000 });
  await expect(memberPage.getByText('Signals without stops, twice.')).toBeVisible();
  await memberPage.screenshot({ path: join(SCREENSHOTS, 'communities-banned-member.png') });
  // The ban holds on the next visit too.
  const banned = await memberPage.request.post(`/api/community/${community.id}/join`, { data: {} });
  expect(banned.status()).toBe(403);

  // ---- The directory finds the community by name and category.
  await page.goto('/communities?tab=discover');
  const found = page.getByRole('list', { name: 'Communities found' });
  await page.getByRole('button', { name: /^Crypto, \d+ communit/ }).click();
  await expect(found.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search communities' }).fill(id);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${id}`));
  await expect(found.getByRole('listitem')).toHaveCount(1);
  await expect(found).toContainText(name);
  await shot(page, 'directory');

  await page.goto(`/communities/${handle}/settings?tab=roles`);
  await page.getByRole('button', { name: 'Edit Analyst' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit role Analyst' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'communities-settings-roles.png') });
  expect(axeFindings).toEqual([]);
  await memberPage.context().close();
});
