import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoA11yViolations, isMobile, test } from './fixtures.ts';
import {
  apiCustomer,
  apiPaidOrder,
  apiReview,
  MODERATOR,
  signInOrSignUp,
  signUpThroughPage,
  unique,
} from './account-helpers.ts';
import { openDashboardPage } from './shop-helpers.ts';

// The customer's and the admin's flows run at 1280 and at 375 px (the mobile project): the menus
// are the drawers there. The review moderation runs at 1280 (at 375 px in
// accounts-mobile.spec.ts).
test.describe.configure({ mode: 'serial' });

/**
 * The admin of the catalogue, users and orders flow: an ADMIN_EMAILS address per project, as
 * each signs up once in a run on the same database (e2e/playwright.config.ts).
 */
const ADMIN = { desktop: 'admin@example.com', mobile: 'phone-admin@example.com' } as const;

const png = (color: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .png()
    .toBuffer();

async function upload(page: Page, label: string, color: string) {
  await page
    .getByLabel(label)
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await png(color) });
  await expect(page.getByText('Image uploaded.').first()).toBeAttached();
}

/** The home page scrolled to "Work Feedback", once its reviews are in (the seeded ones too). */
async function openHomeReviews(page: Page) {
  await page.goto('/');
  const reviews = page.locator('section', {
    has: page.getByRole('heading', { name: 'Work Feedback' }),
  });
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByText('Maria Gonzalez').first()).toBeAttached();
}

/** The slider's cards with this text (none when the review is hidden or gone). */
const reviewOnHome = (page: Page, text: string) =>
  page
    .locator('section', { has: page.getByRole('heading', { name: 'Work Feedback' }) })
    .locator('article', { hasText: text });

test('a customer adds a review with a photo and sees it on the home page, and keeps a profile', async ({
  page,
}) => {
  await signUpThroughPage(page, unique('reviewer'), 'Rae Viewer');
  await expect(page).toHaveURL(/\/$/);

  await openDashboardPage(page, 'Add Review');
  await expect(page).toHaveURL(/\/dashboard\/add-review$/);
  await upload(page, 'Your photo', '#0e7490');
  // No name field: the review is signed with the account's name.
  await expect(page.getByText('Posting as Rae Viewer')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  await page.getByRole('radio', { name: /^4 stars/ }).check({ force: true });
  await page.getByLabel('Description').fill('The ESD mat saved my new motherboard. Solid kit.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Review Added Successfully')).toBeVisible();
  const card = reviewOnHome(page, 'The ESD mat saved my new motherboard. Solid kit.');
  await openHomeReviews(page);
  await expect(card.first()).toBeAttached();
  await expect(card.first().getByRole('heading', { name: 'Rae Viewer' })).toBeAttached();

  await openDashboardPage(page, 'My Profile');
  await expect(page).toHaveURL(/\/dashboard\/my-profile$/);
  await page.getByLabel('Education').fill('BSc Computer Engineering');
  await page.getByLabel('Location (city/district)').fill('Austin, Travis County');
  await page.getByLabel('Phone').fill('+1 512 555 0123');
  await page.getByLabel('LinkedIn link').fill('https://www.linkedin.com/in/rae-viewer');
  await page.getByLabel('Additional info').fill('Builds quiet workstations.');
  await page.getByRole('button', { name: /update/i }).click();
  await expect(page.getByText('Your Profile Updated Successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Education')).toHaveValue('BSc Computer Engineering');
  await expect(page.getByLabel('LinkedIn link')).toHaveValue(
    'https://www.linkedin.com/in/rae-viewer',
  );
  await expectNoA11yViolations(page);
});

test('a customer opening an admin page is sent to /login and signed out', async ({ page }) => {
  await signUpThroughPage(page, unique('nosy'), 'Nosy Parker');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/manage-products');
  await expect(page).toHaveURL(/\/login/);
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
  } else {
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
  }
  const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
  expect(session).toBeNull();
});

test('an admin runs the catalogue, the users and the orders, and reads it all in the audit log', async ({
  page,
}, info) => {
  // The catalogue, the users, the orders (shipping is a dialog now) and the audit log.
  test.setTimeout(180_000);
  const admin = ADMIN[info.project.name as keyof typeof ADMIN];
  // The admin signs up through the page; a retry finds the account its first try made.
  if (info.retry === 0) await signUpThroughPage(page, admin, 'Ada Admin');
  else await signInOrSignUp(page, admin, 'Ada Admin').then(() => page.goto('/'));
  await expect(page).toHaveURL(/\/$/);

  // Add a product with an image; it shows on the home page.
  const name = `Anvil X870E Test Board ${Date.now()}`;
  await openDashboardPage(page, 'Add Product');
  await upload(page, 'Product image', '#c2410c');
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Description').fill('AM5 flagship board with PCIe 5.0 and Wi-Fi 7.');
  await page.getByLabel('Available quantity').fill('12');
  await page.getByLabel('Minimum quantity').fill('1');
  await page.getByLabel('Price').fill('329.99');
  // Its category and that category's attributes (the specification its page shows).
  await page.getByLabel('Category').selectOption('motherboards');
  await page.getByLabel('Socket').selectOption('AM5');
  await page.getByLabel('Chipset').selectOption('X870E');
  await page.getByLabel('Form factor').selectOption('ATX');
  await page.getByLabel('Memory type').selectOption('DDR5');
  await page.getByRole('button', { name: 'Add Tools' }).click();
  await expect(page.getByText('New Tools Added Successfully')).toBeVisible();
  await page.goto('/');
  await expect(page.locator('#parts article', { hasText: name })).toBeVisible();

  // Delete it from Manage Products; it leaves the home page.
  await openDashboardPage(page, 'Manage Products');
  await expect(page.getByRole('heading', { name: /Manage All Parts : \d+/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the parts' }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: /Delete Tools/ }).click();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Deleted!').first()).toBeVisible();
  await page.goto('/');
  await expect(page.locator('#parts article', { hasText: name })).toHaveCount(0);

  // Make another user admin, and delete a third.
  const promoted = await apiCustomer('promoted');
  const doomed = await apiCustomer('doomed');
  await openDashboardPage(page, 'Make Admin');
  await expect(page.getByRole('heading', { name: /All users: \d+/ })).toBeVisible();
  const promotedRow = page.getByRole('row', { name: new RegExp(promoted.email) });
  await promotedRow.getByRole('button', { name: /Make Admin/ }).click();
  await expect(page.getByText('Successfully Made an admin')).toBeVisible();
  const doomedRow = page.getByRole('row', { name: new RegExp(doomed.email) });
  await doomedRow.getByRole('button', { name: /Delete User/ }).click();
  await expect(page.getByText('Want To Delete This User?!?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Deleted!').first()).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(doomed.email) })).toHaveCount(0);

  // A customer buys and pays (through the API); the admin ships it from 'Pending'.
  const buyer = await apiCustomer('paying');
  await apiPaidOrder(buyer, 5);

  await openDashboardPage(page, 'Manage Orders');
  await expect(page.getByRole('heading', { name: /All Orders: \d+/ })).toBeVisible();
  const orderRow = page.getByRole('row', { name: new RegExp(buyer.email) });
  await orderRow.getByRole('button', { name: /Pending/ }).click();
  // The carrier and tracking number are optional: shipped without them.
  await page
    .getByRole('dialog', { name: 'Ship this order?' })
    .getByRole('button', { name: 'Ship it' })
    .click();
  await expect(page.getByText('Your Order is Shipped Successfully')).toBeVisible();
  await expect(
    page.getByRole('row', { name: new RegExp(buyer.email) }).getByText('Shipped'),
  ).toBeVisible();

  // Every action is in the audit log.
  await openDashboardPage(page, 'Audit Log');
  const entries = page.getByRole('list', { name: 'Audit entries, newest first' });
  await expect(
    entries.getByText(new RegExp(`Shipped the order of ${buyer.email}`)).first(),
  ).toBeVisible();
  await expect(
    entries.getByText(new RegExp(`Deleted the account ${doomed.email}`)).first(),
  ).toBeVisible();
  await expect(
    entries.getByText(new RegExp(`Made ${promoted.email} an administrator`)).first(),
  ).toBeVisible();
  await expect(entries.getByText(`Deleted "${name}"`).first()).toBeVisible();
  await expect(entries.getByText(`Added "${name}"`).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await Promise.all([promoted.api.dispose(), doomed.api.dispose(), buyer.api.dispose()]);
});

test('an admin adds a category with a choice and a number, and Add Product offers it at once', async ({
  page,
}, info) => {
  await signInOrSignUp(page, ADMIN[info.project.name as keyof typeof ADMIN], 'Ada Admin');
  await page.goto('/');
  const stamp = Date.now();
  const name = `Case fans ${stamp}`;

  await openDashboardPage(page, 'Categories');
  await expect(page).toHaveURL(/\/dashboard\/categories$/);
  const form = page.getByRole('form', { name: 'Add a category' });
  // Checked in the browser by the contract's schema first: the messages beside their fields.
  await form.getByRole('button', { name: 'Add category' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(form.getByText('Category name is Required')).toBeVisible();
  await expect(form.getByText('A choice from a list needs its choices')).toBeVisible();
  // Audited here, with its messages shown (no toast fading in: axe reads its colours mid-way).
  await expectNoA11yViolations(page);
  await form.getByLabel('Name', { exact: true }).fill(name);
  // The short name and the keys are suggested from the name and the labels.
  await expect(form.getByLabel('Short name')).toHaveValue(`case-fans-${stamp}`);
  const size = form.getByRole('group', { name: 'Attribute 1' });
  await size.getByLabel('Label', { exact: true }).fill('Fan size');
  await expect(size.getByLabel('Key')).toHaveValue('fanSize');
  await size.getByLabel('Choices').fill('120 mm, 140 mm');
  await form.getByRole('button', { name: 'Add an attribute' }).click();
  const airflow = form.getByRole('group', { name: 'Attribute 2' });
  await expect(airflow.getByLabel('Label', { exact: true })).toBeFocused();
  await airflow.getByLabel('Label', { exact: true }).fill('Airflow');
  await airflow.getByLabel('Type').selectOption('Number');
  await airflow.getByLabel('Unit (optional)').fill('CFM');
  await airflow.getByLabel('Whole numbers only').check();
  await form.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText('Category added')).toBeVisible();
  const card = page.getByRole('article', { name });
  await expect(card).toContainText(`case-fans-${stamp}`);
  await expect(card).toContainText('Choice from a list: 120 mm, 140 mm');
  await expect(card).toContainText('Number in CFM, whole numbers');
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');

  // Add Product, reached through the menu (no reload), offers it with its two fields.
  await openDashboardPage(page, 'Add Product');
  await page.getByLabel('Category').selectOption({ label: name });
  const specification = page.getByRole('group', { name: 'Specification' });
  await expect(specification.getByLabel('Fan size').locator('option')).toHaveText([
    'Choose one',
    '120 mm',
    '140 mm',
  ]);
  await expect(specification.getByLabel('Airflow')).toBeVisible();
  await expect(specification.getByText('CFM', { exact: true })).toBeVisible();
});

test('an admin hides a review from the home page, shows it again, and deletes it', async ({
  page,
}) => {
  test.skip(isMobile(page), 'at 375 px in accounts-mobile.spec.ts');
  const author = await apiCustomer('critic', 'Cora Critic');
  const text = await apiReview(author, `The driver kit lost a bit within a week (${Date.now()}).`);
  // A second ADMIN_EMAILS address: admin@example.com belongs to the test above.
  await signInOrSignUp(page, MODERATOR, 'Mo Derator');

  await page.goto('/dashboard/manage-reviews');
  const heading = page.getByRole('heading', { name: /^Manage Reviews: \d+$/ });
  await expect(heading).toBeVisible();
  const count = Number((await heading.textContent())?.replace(/\D+/g, ''));
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('Cora Critic');
  await expect(row).toContainText(author.email);
  await expect(row).toContainText('Shown');
  await expectNoA11yViolations(page);

  await row.getByRole('button', { name: /^Hide\b.*Cora Critic/ }).click();
  await expect(page.getByText('Hidden from the home page')).toBeVisible();
  await expect(row).toContainText('Hidden');
  await openHomeReviews(page);
  await expect(reviewOnHome(page, text)).toHaveCount(0);

  await page.goto('/dashboard/manage-reviews');
  await row.getByRole('button', { name: /^Show\b.*Cora Critic/ }).click();
  await expect(page.getByText('Shown on the home page again')).toBeVisible();
  await expect(row).toContainText('Shown');
  await openHomeReviews(page);
  await expect(reviewOnHome(page, text).first()).toBeAttached();
  await expect(
    reviewOnHome(page, text).first().getByRole('heading', { name: 'Cora Critic' }),
  ).toBeAttached();

  // Delete asks first: Escape keeps the review; the dialog focuses Cancel, so the keyboard
  // goes back to 'Yes, delete it!' and presses Enter.
  await page.goto('/dashboard/manage-reviews');
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await row.getByRole('button', { name: /^Delete\b.*Cora Critic/ }).click();
  await expect(dialog).toContainText(
    'If You Delete this Review it will be gone from the home page.',
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Delete\b.*Cora Critic/ }).click();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Yes, delete it!' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Deleted!').first()).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(heading).toHaveText(`Manage Reviews: ${count - 1}`);
  await openHomeReviews(page);
  await expect(reviewOnHome(page, text)).toHaveCount(0);

  await page.goto('/dashboard/audit-log');
  const entries = page.getByRole('list', { name: 'Audit entries, newest first' });
  for (const summary of ['Hid', 'Showed again', 'Deleted'])
    await expect(
      entries.getByText(`${summary} the review by Cora Critic (2/5)`).first(),
    ).toBeVisible();
  await author.api.dispose();
});
