import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { BASE_URL, MAIL_DIR } from '../playwright.config.ts';

/**
 * Every test fails on a console error or an uncaught page error (a broken page must not pass
 * quietly), except the ones a test says it expects.
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[] }>({
  /**
   * `page.goto` on a shop page returns once the app has taken the prerendered page over
   * (`<html data-app="ready">`, set after the app's first render; docs/decisions/016), as a
   * person would wait for the page to respond: an element found before that may be the
   * prerendered copy the app is about to replace.
   */
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (page.url().startsWith(BASE_URL) && !new URL(page.url()).pathname.startsWith('/api/')) {
        await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
      }
      return response;
    };
    await use(page);
  },
  /** Patterns of console errors a test expects (such as a 403 the page shows); push to it. */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it
  expectedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      // Only the shop's own pages count (not a sign-in provider's pages during a redirect).
      const ours = () => page.url().startsWith(BASE_URL);
      page.on('console', (msg) => {
        if (msg.type() === 'error' && ours()) errors.push(msg.text());
      });
      page.on('pageerror', (error) => {
        if (ours()) errors.push(error.message);
      });
      await use(errors);
      // Chromium logs every 4xx answer as a console error. 401 (wrong password, signed out), 402
      // (a declined card), 404 (the 404 page), 409 and 429 are answers the pages expect and
      // show; anything else (400, 403, 5xx, script errors) fails the test unless it says so.
      const expected = [/status of (401|402|404|409|429)\b/, ...expectedConsoleErrors];
      const unexpected = errors.filter((e) => !expected.some((pattern) => pattern.test(e)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** axe-core with the WCAG 2.x A and AA rules: the page must have no violations. */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  expect(summary, 'axe-core violations').toEqual([]);
}

/** The mails the shop sent, as the loopback SMTP server received them, oldest first. */
export function outbox(): string[] {
  const dir = MAIL_DIR;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;
