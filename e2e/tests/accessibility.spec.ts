import type { Page } from '@playwright/test';
import {
  PAGES,
  pagePaths,
  type Page as ShopPage,
  type PageAccess,
  type PageId,
} from '../../contract/src/pages.ts';
import { answered, expect, expectNoA11yViolations, test } from './fixtures.ts';
import { signInOrSignUp, signUpThroughPage, unique } from './account-helpers.ts';

// axe-core (WCAG 2.0-2.2, A and AA) on every page of the page table (contract/src/pages.ts), at
// 1280 px (the desktop project) and 375 px (the mobile project), each as the person who uses it:
// a visitor, a confirmed customer, an admin. A page added to the table is audited here without
// a change, unless its path has a param this file cannot fill: then the coverage check fails.
// Each test audits a dozen pages, each with its lazy parts loaded: more than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** The admins of this file, one per project (ADMIN_EMAILS in e2e/playwright.config.ts). */
const ADMIN = { desktop: 'a11y-admin@example.com', mobile: 'a11y-phone-admin@example.com' };

const audited = new Set<string>();

const idsFor = (access: PageAccess) =>
  (Object.entries(PAGES) as [PageId, ShopPage][]).filter(([, page]) => page.access === access);

/** Opens `path`, waits for its content (lazy parts included) and audits it. */
async function audit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  // Back at the top to audit: scrolled down, the sticky top bar covers whichever control is
  // under it, and axe's target-size rule would judge the page by where the scroll stopped.
  await page.evaluate(() => window.scrollTo(0, 0));
  // Two frames, so that the sections drawn only near the viewport (`content-visibility: auto`)
  // are laid out as they stay at the top, not caught halfway by axe's colour checks.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await expectNoA11yViolations(page);
  audited.add(path);
}

/** The concrete paths of a page, its params filled with what `values` offers. */
function concrete(id: PageId, values: Record<string, string>): string[] {
  const page: ShopPage = PAGES[id];
  return pagePaths(page).map((path) =>
    path.replace(/:(\w+)/g, (_, name: string) => {
      const value = values[name];
      if (!value) throw new Error(`accessibility.spec: no value for :${name} of ${id}`);
      return encodeURIComponent(value);
    }),
  );
}

/** The first part of the catalogue and an unpaid order of the signed-in customer. */
async function customerValues(page: Page): Promise<Record<string, string>> {
  const parts = await page.request.get('/api/allParts?limit=1');
  const [part] = (await parts.json()) as { _id: string; minOrderQuantity: number }[];
  const order = await page.request.post('/api/purchase', {
    data: {
      partId: part!._id,
      quantity: part!.minOrderQuantity,
      address: '1200 Industrial Pkwy, Austin, TX 78758',
      phone: '+1 512 555 0147',
    },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(order.status(), await order.text()).toBe(200);
  const { insertedId } = (await order.json()) as { insertedId: string };
  // A company of the customer's own (its owner sees the whole company page) with an invitation
  // sent, whose page the customer opens as someone the invitation is not for.
  const company = await page.request.post('/api/auth/organization/create', {
    data: {
      name: `A11y Works ${crypto.randomUUID().slice(0, 6)}`,
      slug: `a11y-${crypto.randomUUID()}`,
    },
  });
  expect(company.status(), await company.text()).toBe(200);
  const invitation = await page.request.post('/api/auth/organization/invite-member', {
    data: {
      email: `a11y-invitee-${crypto.randomUUID().slice(0, 8)}@example.com`,
      role: 'buyer',
      organizationId: ((await company.json()) as { id: string }).id,
    },
  });
  expect(invitation.status(), await invitation.text()).toBe(200);
  const { id: invitationId } = (await invitation.json()) as { id: string };
  return { partsId: part!._id, id: insertedId, invitationId };
}

test('every public page, and the 404 page', async ({ page, expectedConsoleErrors }) => {
  // A part's page: the catalogue's first part.
  const [part] = (await (await page.request.get('/api/allParts?limit=1')).json()) as {
    _id: string;
  }[];
  for (const [id] of idsFor('public')) {
    for (const path of concrete(id, { partsId: part!._id })) await audit(page, path);
  }
  expectedConsoleErrors.push(answered(404, '/no/such/page'));
  await audit(page, '/no/such/page');
});

/**
 * The customer's name differs by width, and from the admin's: the avatar's accessible name holds
 * its initials, and axe's label-in-name rule once failed initials that are no word of the name
 * (AB for Axe Buyer, at 1280 px) while other names passed.
 */
const CUSTOMER_NAMES = { desktop: 'Axe Buyer', mobile: 'Ally Auditor' };

test("every customer's page", async ({ page, expectedConsoleErrors }, info) => {
  const name = CUSTOMER_NAMES[info.project.name as keyof typeof CUSTOMER_NAMES] ?? 'Axe Buyer';
  await signUpThroughPage(page, unique('a11y'), name);
  const values = await customerValues(page);
  // The invitation's page, opened by someone it is not for, says so (Better Auth's 403).
  expectedConsoleErrors.push(answered(403, '/api/auth/organization/get-invitation'));
  for (const [id] of idsFor('user')) {
    for (const path of concrete(id, values)) await audit(page, path);
  }
});

test("every admin's page", async ({ page }, info) => {
  await signInOrSignUp(page, ADMIN[info.project.name as keyof typeof ADMIN], 'Ada Auditor');
  // A company: the customer's test made one.
  const companies = (await (await page.request.get('/api/admin/companies')).json()) as {
    _id: string;
  }[];
  expect(companies.length, 'a company to audit its page').toBeGreaterThan(0);
  for (const [id] of idsFor('admin')) {
    for (const path of concrete(id, { companyId: companies[0]!._id })) await audit(page, path);
  }
  // The dashboard's home as an admin sees it: what waits for the staff, above the menu's cards.
  await audit(page, '/dashboard');
  await expect(page.getByRole('region', { name: 'Waiting for you' }).getByRole('link')).toHaveCount(
    5,
  );
});

test('covers every page of the table', async ({ page }, info) => {
  const expected = (Object.keys(PAGES) as PageId[]).flatMap((id) =>
    concrete(id, { partsId: 'x', id: 'x', invitationId: 'x', companyId: 'x' }),
  );
  // Each page's path pattern has been audited once (params filled with real values).
  const patterns = expected.map((path) => path.replace(/\/x$/, '/'));
  const missing = patterns.filter(
    (p) => ![...audited].some((path) => (p.endsWith('/') ? path.startsWith(p) : path === p)),
  );
  expect(missing, 'pages axe did not audit').toEqual([]);
  const width = page.viewportSize()?.width;
  console.log(
    `axe-core: ${audited.size} pages (${Object.keys(PAGES).length} in the table, the 404 page) at ${width} px (${info.project.name}): 0 violations`,
  );
});
