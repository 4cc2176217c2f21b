import { expect, isMobile, test } from './fixtures.ts';
import { signUpThroughPage, unique } from './account-helpers.ts';
import { fillPurchase } from './shop-helpers.ts';

const PSU = 'Bastion 850 W 80 PLUS Gold Modular Power Supply';

test('search with a typo, filter by specification, share the URL, open a part page and buy', async ({
  page,
  browser,
}) => {
  await signUpThroughPage(page, unique('catalogue'), 'Cat Alogue');

  // A misspelt brand still finds its parts, and the page says what it searched for.
  await page.goto('/parts');
  await page.getByRole('searchbox', { name: 'Search by name or specification' }).fill('bastoin');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(/Showing results for bastion/)).toBeVisible();
  await expect(page.getByRole('heading', { name: '2 parts' })).toBeVisible();

  // The category, then one of its attributes: the counts beside each choice, the URL keeps all.
  const filters = page.getByRole('complementary', { name: 'Filters' });
  // On a phone the filters are folded above the results.
  if (isMobile(page)) await filters.getByText('Filters', { exact: true }).click();
  await filters.getByRole('link', { name: /Power supplies/ }).click();
  await expect(page).toHaveURL(/category=power-supplies/);
  const modular = filters.getByRole('group', { name: 'Modular' });
  // A click, not check(): the box is ticked from the URL, once the router has changed it.
  await modular.getByRole('checkbox', { name: /Yes/ }).click();
  await expect(page).toHaveURL(/f\.modular=true/);
  await expect(modular.getByRole('checkbox', { name: /Yes/ })).toBeChecked();
  await expect(page.getByRole('heading', { name: '1 part' })).toBeVisible();
  await expect(page.getByRole('link', { name: PSU })).toBeVisible();

  // Shared: the same URL in another browser (nobody signed in) shows the same list.
  const shared = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await shared.goto(page.url());
  await expect(shared.getByRole('heading', { name: '1 part' })).toBeVisible();
  await expect(shared.getByRole('link', { name: PSU })).toBeVisible();
  await shared.close();

  // Back undoes the last choice.
  await page.goBack();
  await expect(page).not.toHaveURL(/f\.modular/);
  await expect(page.getByRole('heading', { name: '2 parts' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: '1 part' })).toBeVisible();

  // The part's page: rendered by the server with its Product data, its specification, Buy now.
  await page.getByRole('link', { name: PSU }).click();
  await expect(page).toHaveURL(/\/parts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: PSU })).toBeVisible();
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain(`<h1`);
  expect(html).toContain('"@type":"Product"');
  const spec = page.getByRole('region', { name: 'Specification' });
  await expect(spec.getByRole('row', { name: /Wattage\s+850 W/ })).toBeVisible();
  await expect(spec.getByRole('row', { name: /Modular\s+Yes/ })).toBeVisible();
  await page.getByRole('link', { name: 'Buy now', exact: true }).click();
  await expect(page).toHaveURL(/\/purchase\//);
  await fillPurchase(page, 1);
  await expect(page.getByText('Your Purchase Is Complete !')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);
  await expect(page.getByText(PSU).first()).toBeVisible();
});
