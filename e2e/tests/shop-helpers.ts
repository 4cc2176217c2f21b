import { expect, type Locator, type Page } from '@playwright/test';
import { isMobile } from './fixtures.ts';

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

/**
 * Opens the dashboard as a customer would, from the top bar (desktop) or the menu drawer ('Open
 * menu', on a phone), then `label`'s page from the dashboard's side menu (its own 'Dashboard
 * menu' drawer on a phone); its path.
 */
export async function openDashboardPage(page: Page, label: string) {
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
  }
  await expect(page).toHaveURL(/\/dashboard$/);
  let menu = page.getByRole('navigation', { name: 'Dashboard' });
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    menu = page.getByRole('dialog', { name: 'Dashboard menu' });
  }
  await menu.getByRole('link', { name: label, exact: true }).click();
  await expect(page).not.toHaveURL(/\/dashboard$/);
  if (isMobile(page)) await expect(menu).toBeHidden();
  return new URL(page.url()).pathname;
}

/** Pays on the payment page with the test card 4242 and waits for the success message. */
export async function payWithTestCard(page: Page) {
  const card = page.getByRole('form', { name: 'Card payment' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Your Payment is Received Successfully')).toBeVisible();
}

/** An address of the book as the checkout's picker adds it (the form's own fields). */
export interface BookAddress {
  name: string;
  line1: string;
  city: string;
  /** The state's code (the select's value). */
  state: string;
  zip: string;
  phone: string;
}

export const AUSTIN: BookAddress = {
  name: 'Cara Cart',
  line1: '1200 Industrial Pkwy',
  city: 'Austin',
  state: 'TX',
  zip: '78758',
  phone: '+1 512 555 0147',
};

/**
 * Chooses `address` (by its city) in the address picker inside `form` (the checkout, a quote's
 * acceptance), adding it to the book first when it is not there: an empty book shows the form at
 * once, a book with others has "Add a new address".
 */
export async function shipTo(form: Locator, address: BookAddress = AUSTIN) {
  const picker = form.getByRole('group', { name: 'Ship to' });
  const fullName = form.getByLabel('Full name');
  await expect(picker.getByRole('radio').first().or(fullName)).toBeVisible();
  const known = picker.getByRole('radio', {
    name: new RegExp(`${address.line1}.*${address.city}`),
  });
  if ((await known.count()) > 0) {
    await known.first().check();
    return;
  }
  if (!(await fullName.isVisible()))
    await form.getByRole('button', { name: 'Add a new address' }).click();
  await fullName.fill(address.name);
  await form.getByLabel('Street address').fill(address.line1);
  await form.getByLabel('City', { exact: true }).fill(address.city);
  await form.getByLabel('State', { exact: true }).selectOption(address.state);
  await form.getByLabel('ZIP code').fill(address.zip);
  await form.getByLabel('Phone number').fill(address.phone);
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(known.first()).toBeChecked();
}
