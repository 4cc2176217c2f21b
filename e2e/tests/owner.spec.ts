import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, shopUrl, test } from './fixtures.ts';
import { apiCustomer, apiPaidOrder, signInOrSignUp, signUpThroughPage } from './account-helpers.ts';
import { openDashboardPage } from './shop-helpers.ts';

// Issue 48, the owner's day at 1280 and at 375 px: fix a part's name and category, find an order
// by its number, raise three prices by 10% at once, and import an edited export after its preview.
test.describe.configure({ mode: 'serial' });

/** An ADMIN_EMAILS address per project (e2e/playwright.config.ts). */
const OWNER = { desktop: 'owner-admin@example.com', mobile: 'owner-phone-admin@example.com' };

/** A part of this run's own, added through the API by the signed-in admin. */
async function addPart(page: Page, name: string, price: number) {
  const added = await page.request.post('/api/addParts', {
    headers: { origin: shopUrl() },
    data: {
      name,
      description: 'Anti-static wrist strap with a one megohm resistor',
      availableQuantity: 40,
      minOrderQuantity: 1,
      price,
      image: '/images/parts/tool-thermal-paste.svg',
      category: 'workshop-tools',
      attributes: { kind: 'Cleaning', esdSafe: false },
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  return (await added.json()).insertedId as string;
}

/** The row of Manage Products that holds `text`, after searching for `query`. */
async function findPartRow(page: Page, query: string, text = query) {
  await page.getByRole('searchbox', { name: 'Search the parts' }).fill(query);
  await expect(page).toHaveURL(
    new RegExp(`q=${encodeURIComponent(query).replaceAll('%20', '\\+')}(&|$)`),
  );
  await settled(page);
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row.first()).toBeVisible();
  return row;
}

/** The table holds its new page (the last one stays shown, dimmed, while the next loads). */
const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

test('the owner fixes a part, finds an order by number, raises three prices, and imports an edited export', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const owner = OWNER[info.project.name as keyof typeof OWNER];
  if (info.retry === 0) await signUpThroughPage(page, owner, 'Olive Owner');
  else await signInOrSignUp(page, owner, 'Olive Owner').then(() => page.goto('/'));
  await expect(page).toHaveURL(/\/$/);

  // Three parts of this run, one with a typo in its name and filed in the wrong category.
  const tag = `Strap${Date.now().toString(36)}`;
  await addPart(page, `${tag} Wirst Strap A`, 10);
  await addPart(page, `${tag} Wrist Strap B`, 20);
  await addPart(page, `${tag} Wrist Strap C`, 30);

  // 1. The name and the category are corrected from the editor.
  await openDashboardPage(page, 'Manage Products');
  await expect(page.getByRole('heading', { name: /Manage All Parts : \d+/ })).toBeVisible();
  const typo = await findPartRow(page, `${tag} Wirst`);
  await typo.getByRole('button', { name: /Edit part/ }).click();
  const editor = page.getByRole('form', { name: `Edit ${tag} Wirst Strap A` });
  await editor.getByLabel('Product name').fill(`${tag} Wrist Strap A`);
  await editor.getByLabel('Category').selectOption('workshop-tools');
  await editor.getByLabel('Kind').selectOption('ESD protection');
  await expectNoA11yViolations(page);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await findPartRow(page, `${tag} Wrist Strap A`);
  const fixed = await (await page.request.get(`/api/parts/search?q=${tag}%20A`)).json();
  expect(JSON.stringify(fixed)).toContain('ESD protection');

  // 2. Three prices up by 10% at once.
  await findPartRow(page, tag, `${tag} Wrist Strap C`);
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(3);
  const bulk = page.getByRole('region', { name: 'Change the selected parts' });
  await bulk.getByLabel(/Select all/).check();
  await expect(bulk.getByText('3 selected')).toBeVisible();
  await bulk.getByLabel('Action', { exact: true }).selectOption('price-percent');
  await bulk.getByLabel(/Change \(%\)/).fill('10');
  await bulk.getByRole('button', { name: 'Apply to 3 parts' }).click();
  await page.getByRole('button', { name: 'Yes, change 3 parts' }).click();
  await expect(page.getByText('Changed the price of 3 parts by +10%.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `${tag} Wrist Strap B` })).toContainText(
    '$22.00',
  );
  await expect(page.getByRole('row').filter({ hasText: `${tag} Wrist Strap C` })).toContainText(
    '$33.00',
  );

  // 3. The export, edited (one price), imported after its preview: one part changed.
  const csv = await (
    await page.request.get('/api/parts/export.csv', { headers: { origin: shopUrl() } })
  ).text();
  const lines = csv.split(/\r?\n/);
  const price = lines[0]!.split(',').indexOf('price');
  const at = lines.findIndex((line) => line.includes(`${tag} Wrist Strap B`));
  const cells = lines[at]!.split(',');
  expect(cells[price]).toBe('22.00');
  cells[price] = '24.50';
  lines[at] = cells.join(',');
  await page.getByLabel('CSV file to import').setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\r\n')),
  });
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const preview = page.getByRole('region', { name: 'Preview: catalogue.csv' });
  await expect(preview.getByText(/^0 new, 1 changed, \d+ unchanged$/)).toBeVisible();
  await settled(page);
  await expectNoA11yViolations(page);
  await preview.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/Imported catalogue\.csv: 0 new, 1 changed/)).toBeVisible();
  await expect(
    (await findPartRow(page, `${tag} Wrist Strap B`)).getByText('$24.50').first(),
  ).toBeVisible();

  // 4. A customer's paid order, found in Manage Orders by its number.
  const buyer = await apiCustomer('numbered');
  const { orderId } = await apiPaidOrder(buyer, 5);
  const order = await (await buyer.api.get(`/api/purchase/${orderId}`)).json();
  expect(order.number).toMatch(/^PS-O-\d+$/);
  await openDashboardPage(page, 'Manage Orders');
  await expect(page.getByRole('heading', { name: /All Orders: \d+/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search all orders' }).fill(order.number);
  await expect(page).toHaveURL(new RegExp(`q=${order.number}`));
  const rows = page.getByRole('row').filter({ hasText: buyer.email });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(order.number);
  await expectNoA11yViolations(page);
  await buyer.api.dispose();
});
