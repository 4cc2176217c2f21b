import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { SHOPS, type ShopName } from '../playwright.config.ts';

/** The shop the running test's project drives: its own server, database and mail folder. */
export const shop = () => SHOPS[base.info().project.name as ShopName];
/** The running test's shop's origin (http://127.0.0.1:port). */
export const shopUrl = () => shop().url;

/**
 * Every test fails on a console error or an uncaught page error (a broken page must not pass
 * quietly), except the ones that test says it expects: there is no allow-list shared by all
 * tests, so a missing script or picture (a 404) fails any flow.
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[] }>({
  /**
   * `page.goto` on a shop page returns once the app has hydrated the page the server sent
   * (`<html data-app="ready">`, set after hydration; docs/decisions/058), as a person would
   * wait for the page to respond: before that, its controls do nothing yet.
   */
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (page.url().startsWith(shopUrl()) && !new URL(page.url()).pathname.startsWith('/api/')) {
        await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
      }
      return response;
    };
    await use(page);
  },
  /**
   * Patterns of console errors this test expects (a 401 for a wrong password, a 402 for a
   * declined card, the 404 page's 404); push to it, naming the status and the path. An error
   * reads `${text} ${url}`: Chromium's "Failed to load resource: the server responded with a
   * status of 404 (Not Found)" names no URL, so the URL it came from is added.
   */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it
  expectedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      // Only the shop's own pages count (not a sign-in provider's pages during a redirect).
      const ours = () => page.url().startsWith(shopUrl());
      page.on('console', (msg) => {
        if (msg.type() === 'error' && ours()) errors.push(`${msg.text()} ${msg.location().url}`);
      });
      page.on('pageerror', (error) => {
        if (ours()) errors.push(error.message);
      });
      await use(errors);
      // Chromium logs every 4xx answer as a console error: only the test that causes one on
      // purpose says so; any other (a missing script or picture, a 403, a 5xx, a script error)
      // fails it.
      const unexpected = errors.filter(
        (e) => !expectedConsoleErrors.some((pattern) => pattern.test(e)),
      );
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The console error Chromium logs when the shop answers a request to `path` with `status`: a
 * string is that exact path (any query after it), a RegExp a path it matches whole. For
 * `expectedConsoleErrors`.
 */
export function answered(status: number, path: string | RegExp): RegExp {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pathPattern = typeof path === 'string' ? literal(path) : path.source;
  return new RegExp(
    `status of ${status} \\([^)]*\\) ${literal(shopUrl())}(?:${pathPattern})(?:\\?\\S*)?$`,
  );
}

/**
 * axe-core with the WCAG 2.x A and AA rules: the page must have no violations. WCAG 2.5.3 (label
 * in name: a control's accessible name contains its visible text) is one of axe's experimental
 * rules, off unless asked for: it is turned on by name in the same run (a rule's own `enabled`
 * outranks the tags in axe's choice of rules), so axe is injected and run once a page.
 */
export async function expectNoA11yViolations(page: Page) {
  // The parts of a page below its first screen (`below-fold`: content-visibility: auto) are not
  // laid out until they near the viewport, and axe reads the colours of one that is not as if
  // it stood on the page's white (a footer's light links on white: a contrast "violation" that
  // came and went with the scroll position). They are audited as a visitor sees them: rendered.
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('*').forEach((element) => {
      if (getComputedStyle(element).contentVisibility !== 'auto') return;
      element.dataset.auditRendered = '';
      element.style.contentVisibility = 'visible';
    });
  });
  const results = await new AxeBuilder({ page })
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // Only violations get every node and its selector made; a rule that passed, or did not
      // apply, is still listed, with one node (axe's `resultTypes`). Making them for every node of
      // every passed rule was a third of the audit: the accessibility spec's 34 pages at 1280 px,
      // 1.0 s a page instead of 1.7 s (23 s less for the spec).
      resultTypes: ['violations'],
    })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('[data-audit-rendered]').forEach((element) => {
      element.style.contentVisibility = '';
      delete element.dataset.auditRendered;
    });
  });
  const ran = [
    ...results.passes,
    ...results.violations,
    ...results.incomplete,
    ...results.inapplicable,
  ].map((r) => r.id);
  expect(ran, 'the rules axe ran').toEqual(
    expect.arrayContaining(['label-content-name-mismatch', 'color-contrast', 'target-size']),
  );
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
  const dir = shop().mailDir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;
