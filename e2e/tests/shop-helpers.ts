import { expect, type Page } from '@playwright/test';

export const THERMAL_PASTE = 'Thermal Compound 4 g, 12.5 W/mK';

/** The server's 403 to an unconfirmed address (placing an order, paying, reviewing, uploading). */
export const CONFIRM_FIRST =
  'Please confirm your e-mail address first: open the link we mailed you, or send a new one.';

/** Opens a part's purchase page from its card on the home page; its path. */
export async function openPurchasePage(page: Page, name: string) {
  await page.goto('/');
  await page
    .locator('#parts article', { hasText: name })
    .getByRole('link', { name: /Add To Cart/ })
    .click();
  await expect(page).toHaveURL(/\/purchase\//);
  return new URL(page.url()).pathname;
}

/** Fills the purchase form (a valid address and phone) with `quantity` and submits it. */
export async function fillPurchase(page: Page, quantity: number) {
  const form = page.getByRole('form', { name: 'Purchase' });
  await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByLabel('Shipping address').fill('1200 Industrial Pkwy, Austin, TX 78758');
  await form.getByLabel('Phone number').fill('+1 512 555 0147');
  await form.getByRole('button', { name: 'Purchase' }).click();
}
