import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, signIn, submitCredentials } from '../support/ui';

/**
 * What a browser downloads for the first page of a visit, checked against the build's own account of it
 * (the Vite manifest and the first-pages table, from which `npm run size` checks the budgets and the server
 * writes its preloads). If these agree, the budgets measured on the build are what a visitor gets.
 */
type Page_ = { name: string; paths: string[]; access: 'public' | 'signedIn'; modules: string[] };
type Chunk = { file: string; imports?: string[] };

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = process.env.E2E_DATA_DIR;
const dist = [dataDir && join(dataDir, 'web-dist'), join(here, '..', '..', 'apps', 'web', 'dist')].find(
  (dir): dir is string => Boolean(dir) && existsSync(join(dir as string, '.vite', 'pages.json')),
);
if (!dist) throw new Error('no web build with .vite/pages.json: run npm run build first');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
const { signInPage, pages } = JSON.parse(readFileSync(join(dist, '.vite', 'pages.json'), 'utf8')) as {
  signInPage: string;
  pages: Page_[];
};

function filesOf(keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

function expectedScripts(pageName: string): string[] {
  const page = pages.find((p) => p.name === pageName);
  if (!page) throw new Error(`no page ${pageName} in pages.json`);
  return [...new Set([...filesOf(['index.html']), ...filesOf(page.modules)])].sort();
}

/** Records the scripts the page downloads and the calls to POST /api/customer/verify. */
function watch(page: Page) {
  const scripts = new Set<string>();
  let wireBytes = 0;
  let verifyCalls = 0;
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) {
      scripts.add(url.pathname);
      wireBytes += (await request.sizes()).responseBodySize;
    }
    if (url.pathname === '/api/customer/verify' && request.method() === 'POST') verifyCalls += 1;
  });
  return {
    scripts: () => [...scripts].sort(),
    wireKB: () => wireBytes / 1024,
    verifyCalls: () => verifyCalls,
  };
}

async function openFirst(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const publicPages = pages.filter((p) => p.access === 'public');
const signedInPages = pages.filter((p) => p.access === 'signedIn');
const addressOf = (page: Page_) =>
  (page.paths.find((p) => p !== '*') ?? '/no/such/page').replace(/:[a-z]+/g, 'security');

test.describe('signed out, the first page downloads exactly its own scripts', () => {
  for (const first of publicPages) {
    test(`${first.name} (${addressOf(first)})`, async ({ page }) => {
      const seen = watch(page);
      await openFirst(page, addressOf(first));
      expect(seen.scripts()).toEqual(expectedScripts(first.name));
    });
  }

  for (const first of signedInPages) {
    test(`${addressOf(first)} shows the ${signInPage} page without fetching the signed-in area`, async ({ page }) => {
      const seen = watch(page);
      await openFirst(page, addressOf(first));
      await expect(page).toHaveURL(/\/sign-in(\?|$)/);
      expect(seen.scripts()).toEqual(expectedScripts(signInPage));
      // the budget of the sign-in page holds on the wire too (brotli, as the server sends the build)
      expect(seen.wireKB()).toBeLessThan(170);
      expect(seen.verifyCalls()).toBe(0);
    });
  }
});

test.describe('signed in', () => {
  test('each first page downloads its scripts and verifies the session once', async ({ page, user }) => {
    await signIn(page, user);
    for (const first of signedInPages) {
      const seen = watch(page);
      await page.goto(addressOf(first));
      await expectSignedIn(page);
      await page.waitForLoadState('networkidle');
      expect(seen.scripts(), first.name).toEqual(expectedScripts(first.name));
      expect(seen.verifyCalls(), first.name).toBe(1);
      page.removeAllListeners('requestfinished');
    }
  });

  test('signing in shows the home page at once: its scripts came while the person typed', async ({ page, user }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // Remember whether the loading spinner is ever shown between the click and the home page.
    await page.evaluate(() => {
      const seen = { spinner: false };
      (window as unknown as { __spinner: typeof seen }).__spinner = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"][aria-label="Loading"]')) seen.spinner = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill(user.password);
    // Fetched while typing: the shell and the home page are in the browser before the form is sent.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)))
      .toEqual(expect.arrayContaining(expectedScripts('home')));

    const late: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.js')) late.push(new URL(request.url()).pathname);
    });
    await submitCredentials(page, user);
    await expectSignedIn(page);
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
    // (The first submit fetches the sign-in form's schemas, as it always did; nothing of the signed-in page.)
    expect(late.filter((file) => expectedScripts('home').includes(file))).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { __spinner: { spinner: boolean } }).__spinner.spinner),
    ).toBe(false);
  });
});

test('the Inter file the first paint uses is preloaded, and used', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await openFirst(page, '/sign-in');
  const preloaded = await page.locator('link[rel="preload"][as="font"]').getAttribute('href');
  expect(preloaded).toMatch(/\/assets\/inter-latin-400-normal-[\w-]+\.woff2$/);
  expect(fonts[0]).toBe(preloaded);
  expect(await page.evaluate(() => document.fonts.check('16px Inter'))).toBe(true);
});
