import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp } from '../../../../test/helpers.js';
import { makeTestDir } from '../../../../test/temp.js';
import { helpSearchRoutes } from '../helpcenter.routes.js';
import type { HelpCenterDeps } from '../helpcenter.types.js';
import { createHelpDocs } from './docs.plugin.js';

/** A small guide in a folder of its own: two categories, three articles (links, an image, a script), two FAQs. */
export function writeFixtureGuide(): string {
  const dir = makeTestDir('guide');
  mkdirSync(join(dir, 'images'));
  writeFileSync(join(dir, 'images', 'chart.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
  writeFileSync(join(dir, 'images', 'notes.txt'), 'not an image');
  writeFileSync(join(dir, 'secret.txt'), 'outside the images folder');
  writeFileSync(
    join(dir, 'faqs.md'),
    [
      '---',
      'title: FAQ',
      'categories:',
      '  - { id: basics, title: Basics, summary: The first steps. }',
      '  - { id: trading, title: Trading, summary: Orders and risk. }',
      '---',
      '## Are the prices real?',
      'No: the market is **simulated** unless candles were imported.',
      '## Can I reset an account?',
      'Yes, from *Account settings*.',
    ].join('\n'),
  );
  const article = (slug: string, front: string[], body: string) =>
    writeFileSync(join(dir, `${slug}.md`), ['---', ...front, '---', body].join('\n'));
  article(
    'getting-started',
    ['title: Getting started', 'category: basics', 'order: 1', 'summary: Sign in and look around.'],
    [
      'Welcome. See [orders](orders.md#sizing) and [the FAQ](faqs.md).',
      '![The chart](images/chart.jpg)',
      '![Not taken yet](images/missing.jpg)',
      '## First steps',
      'Open the chart. <script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      '### First steps',
      'Again.',
    ].join('\n\n'),
  );
  article(
    'orders',
    ['title: Orders and risk', 'category: trading', 'order: 2', 'summary: Sizing by risk and stop losses.'],
    '## Sizing\n\nSize a position **from a risk %** and a stop loss; the margin is shown before sending.',
  );
  article(
    'charts',
    ['title: Charts', 'category: trading', 'order: 1', 'summary: Timeframes and drawings.'],
    'Drawings and indicators on candles.',
  );
  return dir;
}

/** A test app with the docs slice (on `guideDir`) and the help-center search over it, under /api. */
export async function docsTestApp(guideDir: string) {
  const { app } = await createTestApp({
    build: {
      withoutHelpCenter: true,
      withoutAi: true,
      withoutSocial: true,
      withoutCommunities: true,
      withoutBilling: true,
    },
  });
  // the docs slice uses none of the help center's shared services
  const docs = createHelpDocs(app.ctx, {} as HelpCenterDeps, { guideDir });
  await app.register(docs.routes, { prefix: '/api' });
  await app.register(helpSearchRoutes({ sources: docs.search ? [docs.search] : [] }), { prefix: '/api' });
  return app;
}
