import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { MODERATOR, signInOrSignUp } from './account-helpers.ts';
import { fillPurchase, openDashboardPage, payWithTestCard } from './shop-helpers.ts';

// At 1280 and at 375 px (the mobile project): the admin's form and the purchase page's price
// table both have to work on a phone. MODERATOR is an ADMIN_EMAILS address both projects sign
// in with (e2e/playwright.config.ts), so this file needs no admin of its own.
test.describe.configure({ mode: 'serial' });

async function productImage(page: Page) {
  const buffer = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#0e7490' },
  })
    .png()
    .toBuffer();
  await page.getByLabel('Product image').setInputFiles({
    name: 'cables.png',
    mimeType: 'image/png',
    buffer,
  });
  await expect(page.getByText('Image uploaded.').first()).toBeAttached();
}

test('an admin adds a part with a volume price; buying at the break shows and charges the lower unit price', async ({
  page,
}) => {
  // The admin adds the part from Add Product: $12.00 each, $10.50 each from 10 units.
  await signInOrSignUp(page, MODERATOR, 'Mo Derator');
  await page.goto('/');
  const name = `Torrent SATA Cable Pack ${Date.now()}`;
  await openDashboardPage(page, 'Add Product');
  await productImage(page);
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Description').fill('Four locking SATA III cables, 50 cm.');
  await page.getByLabel('Available quantity').fill('200');
  await page.getByLabel('Minimum quantity').fill('1');
  await page.getByLabel('Price', { exact: true }).fill('12');
  await page.getByLabel('Category').selectOption('workshop-tools');
  await page.getByLabel('Kind').selectOption('Cable management');
  await page.getByLabel('ESD safe').selectOption({ label: 'No' });
  const volume = page.getByRole('group', { name: 'Volume prices' });
  await volume.getByRole('button', { name: 'Add a volume price' }).click();
  await expect(volume.getByLabel('From quantity (break 1)')).toBeFocused();
  await volume.getByLabel('From quantity (break 1)').fill('10');
  await volume.getByLabel('Unit price ($) (break 1)').fill('10.50');
  await page.getByRole('button', { name: 'Add Tools' }).click();
  await expect(page.getByText('New Tools Added Successfully')).toBeVisible();

  const [part] = await (
    await page.request.get(`/api/allParts?q=${encodeURIComponent(name)}`)
  ).json();
  expect(part.priceBreaks).toEqual([{ minQuantity: 10, price: 10.5 }]);

  // The purchase page is the same for every buyer: the admin buys it (a new customer per run
  // would spend the sign-ups the rest of the suite needs from this one address).
  await page.goto(`/purchase/${part._id}`);
  const form = page.getByRole('form', { name: 'Purchase' });
  const table = form.getByRole('table', { name: 'Volume prices' });
  await expect(table.getByRole('row')).toHaveText(['QuantityUnit price', '1-9$12.00', '10+$10.50']);
  // The summary's rows under the form (the table's header says "Unit price" too).
  const summary = (label: string) =>
    form.locator('span', { hasText: new RegExp(`^${label}$`) }).locator('xpath=..');
  const unitPrice = summary('Unit price');
  const total = summary('Order total');

  await form.getByLabel('Quantity').fill('9');
  await expect(unitPrice).toContainText('$12.00');
  await expect(total).toContainText('$108.00');

  // At the break: the lower unit price, in the table and the total.
  await form.getByLabel('Quantity').fill('10');
  await expect(unitPrice).toContainText('$10.50');
  await expect(total).toContainText('$105.00');
  await expect(table.locator('tr[aria-current="true"]')).toHaveText('10+$10.50');

  await fillPurchase(page, 10);
  await expect(page.getByText('Your Purchase Is Complete !')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);

  // The payment asks for the server's total at the break price, and goes through.
  await page.getByRole('link', { name: /^Pay/ }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await expect(page.getByText(/Please pay: \$105\.00/)).toBeVisible();
  await payWithTestCard(page);
});
