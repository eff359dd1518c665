import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import { makePng } from '../support/png';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

test('build a strategy with an approach and a checklist (criterion → condition → items), reload, and find it kept', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, user);

  // From the main navigation; a new user has none yet.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Strategies' }).click();
  await expect(page).toHaveURL(/\/strategies$/);
  await expect(page.getByText('No strategies yet.')).toBeVisible();

  // The strategy dialog's isDirty guard: Escape with text typed asks first; Keep editing keeps it.
  await page.getByRole('button', { name: 'New strategy' }).click();
  const dialog = page.getByRole('dialog', { name: 'New strategy' });
  await dialog.getByLabel('Name').fill('London breakout');
  await dialog.getByLabel('Description').fill('The Asian range, broken at the London open, traded with the trend.');
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: 'Discard your changes?' })
    .getByRole('button', { name: 'Keep editing' })
    .click();
  await expect(dialog.getByLabel('Name')).toHaveValue('London breakout');
  await dialog.getByLabel('Name').press('Enter');
  await expect(page).toHaveURL(/\/strategies\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'London breakout', level: 2 })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Case studies', 'AI assistant']);
  await expect(page.getByRole('link', { name: 'Open node editor' })).toHaveAttribute(
    'href',
    `/strategies/${id}/editor`,
  );

  // A tag and a timeframe.
  const labels = page.getByRole('region', { name: 'Tags, symbols, timeframes and indicators' });
  await labels.getByRole('group', { name: 'Tags' }).getByLabel('Add to tags').fill('breakout');
  await labels.getByRole('group', { name: 'Tags' }).getByLabel('Add to tags').press('Enter');
  await expect(labels.getByRole('group', { name: 'Tags' }).getByRole('button', { name: /breakout/ })).toBeVisible();
  await labels.getByRole('group', { name: 'Timeframes' }).getByLabel('Add to timeframes').click();
  await page.getByRole('option', { name: '15m', exact: true }).click();
  await expect(labels.getByRole('group', { name: 'Timeframes' }).getByRole('button', { name: /15m/ })).toBeVisible();

  // An entry approach, selected, with a criterion → condition → two checklist items (Enter adds each).
  const approaches = page.getByRole('region', { name: /^Approaches/ });
  await approaches.getByLabel('Approach name').fill('Range break');
  await approaches.getByLabel('Approach name').press('Enter');
  const entry = approaches.getByRole('group', { name: /^Entry \(/ });
  await expect(entry.getByRole('button', { name: /Range break/ })).toHaveAttribute('aria-pressed', 'true');
  const detail = approaches.getByRole('article', { name: 'Approach' });
  await detail.getByLabel('Criterion', { exact: true }).fill('Trend');
  await detail.getByLabel('Criterion', { exact: true }).press('Enter');
  const criterion = detail.getByRole('group', { name: 'Criterion Trend' });
  await criterion.getByLabel('Condition', { exact: true }).fill('Price above the 200 EMA on H4');
  await criterion.getByLabel('Condition', { exact: true }).press('Enter');
  const condition = criterion.getByRole('group', { name: 'Condition Price above the 200 EMA on H4' });
  for (const item of ['H4 candle closed above the EMA', 'No red-folder news in the next hour']) {
    await condition.getByLabel('Checklist item', { exact: true }).fill(item);
    await condition.getByLabel('Checklist item', { exact: true }).press('Enter');
    await expect(condition.getByRole('list', { name: 'Checklist' }).getByText(item)).toBeVisible();
  }
  await condition.getByLabel('Comment', { exact: true }).fill('Best in the first two hours of London.');
  await condition.getByLabel('Comment', { exact: true }).press('Enter');
  await expect(condition.getByRole('list', { name: 'Comments' })).toContainText('Best in the first two hours');

  // A chart snapshot image.
  await page
    .getByRole('region', { name: 'Snapshots' })
    .getByLabel('Upload a snapshot')
    .setInputFiles({ name: 'setup.png', mimeType: 'image/png', buffer: makePng(64, [38, 166, 154], [239, 83, 80]) });
  await expect(page.getByRole('region', { name: 'Snapshots' }).getByRole('img')).toHaveCount(1);
  await approaches.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'strategies-built.png') });

  // Reload: all of it was saved.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'London breakout', level: 2 })).toBeVisible();
  await expect(page.getByText('The Asian range, broken at the London open')).toBeVisible();
  await expect(labels.getByRole('group', { name: 'Tags' }).getByRole('button', { name: /breakout/ })).toBeVisible();
  await expect(labels.getByRole('group', { name: 'Timeframes' }).getByRole('button', { name: /15m/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your strategies' })).toContainText('1 approach · breakout');
  await entry.getByRole('button', { name: /Range break/ }).click();
  await expect(entry.getByRole('button', { name: /Range break/ })).toContainText('1 criterion');
  await expect(condition.getByRole('list', { name: 'Checklist' }).getByRole('listitem')).toHaveText([
    /H4 candle closed above the EMA/,
    /No red-folder news in the next hour/,
  ]);
  await expect(page.getByRole('region', { name: 'Snapshots' }).getByRole('img')).toHaveCount(1);
  await condition.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'strategies-reloaded.png') });
  // Nothing serious for axe on the full overview (an approach open with its checklist).
  await page.waitForTimeout(300);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} - ${n.failureSummary ?? ''}`)),
  ).toEqual([]);

  // Moving the approach to management takes it out of the entry group.
  await detail.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Management' }).click();
  await expect(approaches.getByRole('group', { name: /^Management \(1\)/ })).toContainText('Range break');
  await expect(entry).toContainText('No entry approaches yet.');

  // Case studies: nothing linked yet, said so; fullscreen and Escape back.
  await page.getByRole('tab', { name: 'Case studies' }).click();
  await expect(page.getByText('No trades linked to this strategy yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Fullscreen' }).click();
  await expect(page.locator('[data-fullscreen]')).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'strategies-fullscreen.png') });
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-fullscreen]')).toHaveCount(0);

  // The light theme: the overview with its approach open, nothing serious for axe either.
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await approaches
    .getByRole('group', { name: /^Management \(1\)/ })
    .getByRole('button', { name: /Range break/ })
    .click();
  await expect(condition.getByRole('list', { name: 'Checklist' }).getByRole('listitem')).toHaveCount(2);
  await page.waitForTimeout(300);
  const light = await new AxeBuilder({ page }).analyze();
  expect(
    light.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} - ${n.failureSummary ?? ''}`)),
  ).toEqual([]);
  await approaches.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'strategies-light.png') });
});

/** The demo sign-in of the README: its journal links trades to the demo strategy "RSI mean reversion". */
const DEMO = { email: 'demo@tradedesk.local', password: 'DemoTrader2026' };

test('the demo trader opens a strategy’s case studies: the journal’s linked trades, each with its chart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, DEMO);
  await page.goto('/strategies');
  await page
    .getByRole('list', { name: 'Your strategies' })
    .getByRole('button', { name: /RSI mean reversion/ })
    .click();
  await expect(page.getByRole('heading', { name: 'RSI mean reversion', level: 2 })).toBeVisible();
  // Its entry approach is there with its criteria.
  await expect(
    page
      .getByRole('group', { name: /^Entry \(/ })
      .getByRole('button')
      .first(),
  ).toContainText(/criteri/);
  await page.getByRole('tab', { name: 'Case studies' }).click();
  await expect(page).toHaveURL(/tab=case_studies/);
  const studies = page.getByRole('list', { name: 'Case studies' });
  await expect(studies.getByRole('listitem').first()).toBeVisible();
  const first = studies.getByRole('listitem').first();
  await expect(first).toContainText(/Buy/);
  await expect(first.getByRole('img', { name: /entry and exit marked/ })).toBeVisible();
  await expect(first.locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'strategies-case-studies.png') });
});
