import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.ts';

/**
 * Every test fails on a console error or an uncaught page error (a broken page must not pass
 * quietly), except the ones a test says it expects.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      // A 404 page answered with status 404 logs a resource error by design.
      const unexpected = errors.filter((e) => !/status of 404/.test(e));
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

/** The mails the shop wrote to its outbox (no SMTP_URL in the e2e run), newest last. */
export function outbox(): string[] {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;
