import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

// Run alone: E2E_PORT=18352 npx playwright test -c e2e/playwright.config.ts e2e/specs/ai-agents.spec.ts

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `ai-agents-${name}.png`), fullPage: true });

/** A document with a rule no other source states: the answer can only have it from here. */
const GUIDE = [
  '# Desk rules for the Atlas challenge',
  '',
  '## Risk per trade',
  '',
  'Never risk more than 0.35% of the balance on a single trade on the Atlas challenge account.',
  'Move the stop to break-even once the trade is 1R in profit.',
  '',
  '## News',
  '',
  'No new positions in the 15 minutes before a high-impact release.',
].join('\n');

test('an agent with an uploaded document answers from it and cites it', async ({ page, user }) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, user);

  await page.goto('/ai/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'AI agents' })).toBeVisible();
  await expect(page.getByText('You have no agents yet.')).toBeVisible();
  await shot(page, 'empty');

  // Create it.
  await page.getByRole('link', { name: 'New agent' }).click();
  await expect(page).toHaveURL(/\/ai\/agents\/new$/);
  await page.getByRole('textbox', { name: 'Name' }).fill('Atlas rules coach');
  await page.getByRole('textbox', { name: 'Description' }).fill('Answers from the desk rules of the Atlas challenge.');
  await page
    .getByRole('textbox', { name: 'Instructions' })
    .fill('Answer from the desk rules document and cite the passage you used.');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page).toHaveURL(/\/ai\/agents\/[0-9a-f-]{36}$/);
  const agentId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('form', { name: 'Edit Atlas rules coach' })).toBeVisible();

  // Upload the document into its knowledge.
  await page.getByLabel("Choose documents for the agent's knowledge").setInputFiles({
    name: 'atlas-desk-rules.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(GUIDE),
  });
  const knowledge = page.getByRole('list', { name: 'Knowledge items' });
  await expect(knowledge.getByText('atlas-desk-rules.md')).toBeVisible({ timeout: 60_000 });
  await shot(page, 'editor');

  // It is in the list, and "Chat with agent" opens the assistant bound to it.
  await page.getByRole('link', { name: 'All agents' }).click();
  const card = page.getByRole('article', { name: 'Atlas rules coach' });
  await expect(card.getByText('1 knowledge items')).toBeVisible();
  await card.getByRole('button', { name: 'Chat with agent' }).click();
  await expect(page).toHaveURL(new RegExp(`/ai\\?agent=${agentId}`));

  // The AI screen's composer (web-ai's): ask about the document.
  const composer = page.getByRole('textbox', { name: 'Ask about your trading' });
  await expect(composer).toBeVisible({ timeout: 30_000 });
  await composer.fill('How much may I risk per trade on the Atlas challenge, according to the desk rules?');
  await composer.press('Enter');

  // The answer carries the document's figure and a citation; the link panel names the document.
  const answer = page.getByRole('article').filter({ hasText: '0.35%' }).last();
  await expect(answer).toBeVisible({ timeout: 60_000 });
  await expect(answer.getByText(/\[1\]/).first()).toBeVisible();
  await expect(page.getByText('atlas-desk-rules.md').first()).toBeVisible();
  await shot(page, 'answer');
});
