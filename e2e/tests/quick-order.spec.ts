import { expect, expectNoA11yViolations, isMobile, test } from './fixtures.ts';

// Issue 49 at 1280 and at 375 px: a visitor finds Quick Order from the cart, pastes part numbers
// of the demo catalogue (server/src/db/seed/demo-catalogue.ts) with one no part has, sees two
// parts added and the unknown line listed with its reason, and finds both parts in the cart.
// Each test has a browser context of its own: a visitor with no cart yet.

const MEMORY = { sku: 'FRG-D4-3600-16K', name: 'Forge DDR4-3600 16 GB Kit (2 x 8 GB)' };
const SSD = { sku: 'TRN-G4-2TB-M2', name: 'Torrent NVMe Gen4 2 TB SSD (M.2 2280)' };

test('a visitor orders two parts by part number; the unknown one is listed, the cart holds both', async ({
  page,
}) => {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Quick order by part number' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeVisible();
  await expect(page).toHaveTitle('Quick Order | Partsmith');
  await expectNoA11yViolations(page);

  // Pasted from a spreadsheet: a part number in lower case, a tab between the columns.
  const list = page.getByLabel('Part numbers and quantities, one per line');
  await list.fill(`${MEMORY.sku.toLowerCase()}, 4\n${SSD.sku}\t2\nNOPE-49, 1`);
  await page.getByRole('button', { name: 'Add to cart' }).click();

  const result = page.getByRole('heading', {
    level: 2,
    name: '2 parts added to your cart; 1 line not added.',
  });
  await expect(result).toBeVisible();
  await expect(result).toBeFocused();
  const added = page.getByRole('listitem').filter({ hasText: MEMORY.sku });
  await expect(added).toContainText(MEMORY.name);
  await expect(added).toContainText('4 units');
  await expect(page.getByRole('listitem').filter({ hasText: SSD.sku })).toContainText('2 units');
  const problems = page.getByRole('table', { name: 'Not added' });
  await expect(problems.getByRole('row')).toHaveCount(2);
  await expect(problems.getByRole('row').nth(1)).toContainText('3');
  await expect(problems.getByRole('row').nth(1)).toContainText('NOPE-49');
  await expect(problems.getByRole('row').nth(1)).toContainText('We have no part with this number.');
  // The top bar counts the new units (on a phone the cart link is in the menu).
  if (!isMobile(page)) {
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart, 6 items' }),
    ).toBeVisible();
  }
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Go to the cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Your cart', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: MEMORY.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: SSD.name })).toBeVisible();
  await expect(page.getByLabel(`Quantity of ${MEMORY.name}`)).toHaveValue('4');
  await expect(page.getByLabel(`Quantity of ${SSD.name}`)).toHaveValue('2');
});
