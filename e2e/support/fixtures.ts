import { basename } from 'node:path';
import { test as base, type ConsoleMessage, expect } from '@playwright/test';
import { createActivatedUser } from './api';
import { type TestUser, uniqueUser } from './users';

/**
 * Chromium's own console line for a 404 of a user-data store document (GET /api/user-data/v1/store/...): the
 * spec's answer while nothing is saved, after which the app uses its default (quietly: no toast, no log of its
 * own). The browser writes that line for any 4xx and no page can keep it out, so it is not the product's error.
 */
function isUnsavedUserDataDocument(message: ConsoleMessage): boolean {
  return /status of 404/.test(message.text()) && /\/api\/user-data\/v1\/store\//.test(message.location().url ?? '');
}

export const test = base.extend<{ user: TestUser; browserErrors: string[]; cspViolations: string[] }>({
  /** A fresh, activated account of this test alone (made through the API, not signed in). */
  user: async ({ request }, use, testInfo) => {
    const user = uniqueUser(basename(testInfo.file).replace(/\.spec\.ts$/, ''));
    await createActivatedUser(request, user);
    await use(user);
  },
  /** The page's uncaught errors and console errors, attached to a failed test: the product's side of it. */
  browserErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error' || isUnsavedUserDataDocument(message)) return;
        errors.push(`console.error: ${message.text()}`);
      });
      await use(errors);
      if (testInfo.status !== testInfo.expectedStatus && errors.length > 0) {
        await testInfo.attach('browser-errors.txt', { body: errors.join('\n\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
  /**
   * Every Content-Security-Policy violation on any page of the test (the browser's securitypolicyviolation
   * events and its console reports): the app must run under its policy, so a test that met one fails.
   */
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeBinding('__reportCspViolation', (_source, text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
          report(
            `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
          );
        });
      });
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
