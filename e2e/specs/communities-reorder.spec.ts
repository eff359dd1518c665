import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

/** Presses the mouse on `from`, moves it in steps onto `to` (past its middle) and lets go: a person's drag. */
async function dragWithMouse(page: Page, from: Locator, to: Locator, shotName?: string): Promise<void> {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('a row to drag is not on screen');
  await page.mouse.move(a.x + 40, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 44, a.y + a.height / 2 + 4, { steps: 2 });
  await page.mouse.move(b.x + 40, b.y + b.height / 2, { steps: 8 });
  if (shotName) await page.screenshot({ path: join(SCREENSHOTS, `communities-${shotName}.png`) });
  await page.mouse.up();
}

/** The titles of a settings list (Rules or Links) in the order the table shows them (the second column). */
function titlesOf(grid: Locator): Promise<string[]> {
  return grid.locator('[role="row"][data-testid] [role="gridcell"][aria-colindex="2"]').allInnerTexts();
}

test('rules and links are reordered by dragging a row with the mouse, and the order is saved', async ({
  page,
  user,
}) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user);
  const handle = `drag-${user.username.slice(-6)}`;
  const made = await page.request.post('/api/community', {
    data: {
      type: 'trading_group',
      community_size: 'just_starting',
      platforms: [],
      visibility: 'public',
      name: `Drag ${handle}`,
      handle,
      description: '',
      categories: ['forex'],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  for (const title of ['Stops on every idea', 'No signals for sale', 'Be kind']) {
    const res = await page.request.post(`/api/community/${id}/rules`, { data: { title, description: '' } });
    expect(res.status(), await res.text()).toBe(201);
  }
  for (const [title, url] of [
    ['Discord', 'https://discord.gg/example'],
    ['Blog', 'https://example.com/blog'],
  ]) {
    const res = await page.request.post(`/api/community/${id}/links`, { data: { title, url } });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto(`/communities/${handle}/settings?tab=rules`);
  const rules = page.getByRole('grid', { name: 'Rules' });
  await expect(rules).toContainText('Be kind');
  expect(await titlesOf(rules)).toEqual(['Stops on every idea', 'No signals for sale', 'Be kind']);

  // The last rule dragged onto the first: it takes the first place.
  await dragWithMouse(page, page.getByTestId('rule-row-3'), page.getByTestId('rule-row-1'), 'rules-dragging');
  await expect.poll(() => titlesOf(rules)).toEqual(['Be kind', 'Stops on every idea', 'No signals for sale']);
  await page.screenshot({ path: join(SCREENSHOTS, 'communities-rules-dragged.png') });
  const saved = (await (await page.request.get(`/api/community/${id}/rules`)).json()) as
    | { title: string; position: number }[]
    | { items: { title: string; position: number }[] };
  const list = Array.isArray(saved) ? saved : saved.items;
  expect([...list].sort((x, y) => x.position - y.position).map((r) => r.title)).toEqual([
    'Be kind',
    'Stops on every idea',
    'No signals for sale',
  ]);

  // Down the list too: the first link dragged onto the second.
  const links = page.getByRole('grid', { name: 'Links' });
  await dragWithMouse(page, page.getByTestId('link-row-1'), page.getByTestId('link-row-2'), 'links-dragging');
  await expect.poll(() => titlesOf(links)).toEqual(['Blog', 'Discord']);

  // The new order holds on the next visit.
  await page.reload();
  await expect
    .poll(() => titlesOf(page.getByRole('grid', { name: 'Rules' })))
    .toEqual(['Be kind', 'Stops on every idea', 'No signals for sale']);
  await expect.poll(() => titlesOf(page.getByRole('grid', { name: 'Links' }))).toEqual(['Blog', 'Discord']);
});
