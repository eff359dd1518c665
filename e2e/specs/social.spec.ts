import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createActivatedUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';
import { type TestUser, uniqueUser } from '../support/users';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
// Crypto trades every day of the week, so the idea's trade opens whenever the suite runs.
const SYMBOL = 'BTCUSD';

/** Serious and critical findings of axe on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${page.url()}: ${v.id}: ${n.target.join(' ')}`));
}

/** A second person in a browser context of their own (their own session cookie). */
async function personPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** The author's practice account with an open BTCUSD buy and a saved chart, through the API. */
async function accountWithTradeAndChart(request: APIRequestContext): Promise<void> {
  const made = await request.post('/api/accounts', { data: { kind: 'virtual', name: 'Ideas' } });
  expect(made.status(), await made.text()).toBe(201);
  const account = (await made.json()) as { id: string; token: string };
  const order = await request.put(`/api/middleware/${account.token}/orders`, {
    headers: { 'Idempotency-Key': `social-e2e-${Date.now()}` },
    data: { symbol: SYMBOL, side: 'buy', type: 'market', size: 0.01 },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const chart = await request.post('/api/charts', {
    data: { name: 'Bitcoin breakout', symbol: SYMBOL, source: 'CRYPTO', timeframe: '1h' },
  });
  expect(chart.status(), await chart.text()).toBe(201);
}

test('two traders: a private follow accepted, a verified idea with a chart live in the feed, poll, comment, bookmark, message, article, report and block', async ({
  page,
  user,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  // The author (user) and a reader whose profile is private.
  const reader = uniqueUser('socialreader');
  await createActivatedUser(request, reader);
  await signIn(page, user);
  await accountWithTradeAndChart(page.request);
  const readerPage = await personPage(browser, reader);
  const made = await readerPage.request.put('/api/profile', { data: { is_public: false } });
  expect(made.ok(), await made.text()).toBe(true);

  // The author asks to follow the private reader, who sees only the name and a follow button.
  await page.goto(`/community/profile/${reader.username}`);
  await page.getByRole('button', { name: 'Ask to follow' }).click();
  await expect(page.getByRole('button', { name: 'Requested: withdraw the follow request' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'social-private-profile-requested.png') });

  // The reader accepts on their own profile's requests tab, then follows the author back.
  await readerPage.goto('/community/profile?tab=requests');
  await readerPage.getByRole('button', { name: 'Accept' }).first().click();
  await readerPage.screenshot({ path: join(SCREENSHOTS, 'social-requests-accepted.png') });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Following: unfollow' })).toBeVisible();
  await readerPage.goto(`/community/profile/${user.username}`);
  await readerPage.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(readerPage.getByRole('button', { name: 'Following: unfollow' })).toBeVisible();

  // The reader watches the feed of people they follow, where the author's morning note already is.
  const note = await page.request.post('/api/posts', { data: { content: 'Morning. Watching bitcoin today.' } });
  expect(note.status(), await note.text()).toBe(201);
  await readerPage.goto('/community?filter=people_you_follow');
  await expect(readerPage.getByText('Morning. Watching bitcoin today.')).toBeVisible();

  // The author posts an idea with a poll, a live chart and the open trade.
  await page.goto('/community');
  await page.getByRole('button', { name: 'New post' }).first().click();
  const composer = page.getByRole('dialog', { name: 'New post' });
  await composer
    .getByRole('textbox', { name: 'What is your idea?' })
    .fill(`Long $${SYMBOL} on the breakout. Where next?`);
  await composer.getByRole('tab', { name: 'Poll' }).click();
  await composer.getByRole('textbox', { name: 'Poll question' }).fill('Where is bitcoin next week?');
  await composer.getByRole('textbox', { name: 'Option 1' }).fill('Higher');
  await composer.getByRole('textbox', { name: 'Option 2' }).fill('Lower');
  await composer.getByRole('tab', { name: 'Chart' }).click();
  await composer.getByRole('radio', { name: /Bitcoin breakout/ }).check();
  await composer.getByRole('tab', { name: 'Trade' }).click();
  await composer.getByRole('combobox', { name: 'Trade to attach' }).click();
  await page.getByRole('option', { name: /Open: buy .*BTCUSD/ }).click();
  await page.screenshot({ path: join(SCREENSHOTS, 'social-composer.png') });
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(composer).toBeHidden();

  // The reader's feed tells of the new post live; showing it brings the verified idea.
  const banner = readerPage.getByRole('button', { name: 'Show 1 new post' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await readerPage.screenshot({ path: join(SCREENSHOTS, 'social-new-post-banner.png') });
  await banner.click();
  const post = readerPage.getByRole('article', { name: `Post by ${user.firstName} ${user.lastName}` }).first();
  await expect(post).toContainText('Where next?');
  await expect(post.getByRole('link', { name: 'Open the live chart' })).toHaveAttribute(
    'href',
    /^\/shared\/charts\/.+/,
  );
  // The live chart is embedded: the shared chart's own view, compact and read-only, loaded once in view.
  const preview = post.getByRole('region', { name: new RegExp(`^${SYMBOL} chart, `) });
  await expect(preview).toBeVisible({ timeout: 15_000 });
  await expect(preview).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  await readerPage.screenshot({ path: join(SCREENSHOTS, 'social-feed-idea.png'), fullPage: true });
  const axeFindings = await seriousViolations(readerPage);

  // The reader votes, then comments in the post's own page.
  await post.getByRole('button', { name: 'Vote for Higher' }).click();
  await expect(post.getByRole('group', { name: 'Higher: 100%, your vote' })).toBeVisible();
  await post.getByRole('button', { name: 'Bookmark' }).click();
  const bookmark = readerPage.getByRole('dialog', { name: 'Bookmark post' });
  await bookmark.getByRole('textbox', { name: 'New folder' }).fill('Crypto');
  await bookmark.getByRole('button', { name: 'Create' }).click();
  await expect(bookmark.getByRole('radio', { name: 'Crypto (0)' })).toBeChecked();
  await bookmark.getByRole('button', { name: 'Save' }).click();
  await expect(bookmark).toBeHidden();
  await post.getByRole('link', { name: /Comments/ }).click();
  await readerPage.getByRole('textbox', { name: 'Write a comment' }).fill('Nice level. Stop under the range?');
  await readerPage.getByRole('button', { name: 'Comment' }).click();
  await expect(
    readerPage.getByRole('listitem', { name: `Comment by ${reader.firstName} ${reader.lastName}` }),
  ).toBeVisible();
  await readerPage.screenshot({ path: join(SCREENSHOTS, 'social-post-page.png'), fullPage: true });
  axeFindings.push(...(await seriousViolations(readerPage)));

  await readerPage.goto('/community/bookmarks');
  await readerPage
    .getByRole('button', { name: /Crypto/ })
    .first()
    .click();
  await expect(readerPage.getByRole('article', { name: /^Post by / })).toContainText('Where next?');
  await readerPage.screenshot({ path: join(SCREENSHOTS, 'social-bookmarks.png'), fullPage: true });

  // The reader messages the author, who reads it live in the messenger.
  await page.goto('/messages');
  await readerPage.goto(`/community/profile/${user.username}`);
  await readerPage.getByRole('link', { name: 'Message', exact: true }).click();
  const conversation = readerPage.getByRole('region', { name: `Conversation with ${user.firstName} ${user.lastName}` });
  await conversation.getByRole('textbox', { name: 'Message' }).fill('Hi! Where is your stop on the bitcoin idea?');
  await conversation.getByRole('button', { name: 'Send' }).click();
  await expect(conversation.getByRole('list', { name: 'Messages' })).toContainText('Where is your stop');
  const inbox = page.getByRole('list', { name: 'Conversations' });
  await inbox.getByRole('button', { name: new RegExp(`^${reader.firstName} ${reader.lastName}`) }).click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Where is your stop');
  await page.getByRole('textbox', { name: 'Message' }).fill('Under 77k. Thanks for asking!');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(conversation.getByRole('list', { name: 'Messages' })).toContainText('Under 77k');
  await page.screenshot({ path: join(SCREENSHOTS, 'social-messenger.png') });
  axeFindings.push(...(await seriousViolations(page)));

  // The author writes an article and publishes it.
  await page.goto('/community/articles');
  await page.getByRole('link', { name: 'Write an article' }).click();
  const title = `Trading the bitcoin breakout, by ${user.username}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  const editor = page.getByRole('textbox', { name: 'Article content' });
  await editor.click();
  await editor.pressSequentially('Wait for the close above the range, then size the stop under it.');
  await page.screenshot({ path: join(SCREENSHOTS, 'social-article-editor.png') });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await readerPage.goto('/community/articles');
  await readerPage.getByRole('link', { name: new RegExp(title) }).click();
  await expect(readerPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(readerPage.getByText('size the stop under it')).toBeVisible();
  // The reader comments on the article; its author answers in a reply and reports the comment on its own.
  await readerPage.getByRole('textbox', { name: 'Write a comment' }).fill('Which close: daily or 4h?');
  await readerPage.getByRole('button', { name: 'Comment', exact: true }).click();
  const readerName = `${reader.firstName} ${reader.lastName}`;
  await expect(readerPage.getByRole('listitem', { name: `Comment by ${readerName}` })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: `Reply to ${readerName}` }).click();
  await page.getByRole('textbox', { name: `Reply to ${readerName}` }).fill('The daily close.');
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  const replies = page.getByRole('list', { name: 'Replies' });
  await expect(replies.getByRole('listitem', { name: `Comment by ${user.firstName} ${user.lastName}` })).toContainText(
    'The daily close.',
  );
  await page.getByRole('button', { name: `Report comment by ${readerName}` }).click();
  const reportComment = page.getByRole('dialog', { name: 'Report this comment' });
  await reportComment.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Spam' }).click();
  await reportComment.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText('Thanks: the comment was reported')).toBeVisible();
  await readerPage.reload();
  await expect(readerPage.getByRole('list', { name: 'Replies' })).toContainText('The daily close.');
  await readerPage.screenshot({ path: join(SCREENSHOTS, 'social-article.png'), fullPage: true });
  axeFindings.push(...(await seriousViolations(readerPage)));

  // The author reports the reader's comment... and the reader reports the post, then blocks the author.
  await readerPage.goto('/community?filter=people_you_follow');
  const idea = readerPage.getByRole('article', { name: `Post by ${user.firstName} ${user.lastName}` }).first();
  await idea.getByRole('button', { name: 'Post actions' }).click();
  await readerPage.getByRole('menuitem', { name: 'Report' }).click();
  const report = readerPage.getByRole('dialog', { name: 'Report this post' });
  await report.getByRole('combobox', { name: 'Reason' }).click();
  await readerPage.getByRole('option', { name: 'Misinformation' }).click();
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(readerPage.getByText('Thanks: the post was reported')).toBeVisible();
  await readerPage.goto(`/community/profile/${user.username}`);
  await readerPage.getByRole('button', { name: 'More profile actions' }).click();
  await readerPage.getByRole('menuitem', { name: 'Block' }).click();
  await readerPage
    .getByRole('dialog', { name: /^Block / })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(readerPage.getByRole('button', { name: 'Unblock' }).first()).toBeVisible();
  await readerPage.screenshot({ path: join(SCREENSHOTS, 'social-blocked.png') });
  // Blocked: the author no longer finds the reader's profile, and follows between them ended.
  await page.goto(`/community/profile/${reader.username}`);
  await expect(page.getByText('This profile was not found.')).toBeVisible();
  expect(axeFindings).toEqual([]);
  await readerPage.context().close();
});
