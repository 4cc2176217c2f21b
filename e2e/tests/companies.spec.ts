import { expect, expectNoA11yViolations, test } from './fixtures.ts';
import { mailedLink, signInOrSignUp, signUpThroughPage, unique } from './account-helpers.ts';
import { AUSTIN, shipTo } from './shop-helpers.ts';

// Issue 49 at 1280 and 375 px: a company's owner creates it and invites a buyer, who accepts by
// the mailed link; the shop admin gives the company net 30 terms and a price list; the buyer sees
// the company's price on the part page, orders above the spending limit with a PO number, paying
// by invoice; the owner (an approver) approves; the shop admin finds it among the orders to ship
// and ships it, records the payment, and the invoice is paid.
test.describe.configure({ timeout: 240_000 });

/** This file's own admins (ADMIN_EMAILS in e2e/playwright.config.ts): the admin flow signs its own up. */
const ADMIN = { desktop: 'company-admin@example.com', mobile: 'company-phone-admin@example.com' };
const PART = 'Anti-Static ESD Mat with Wrist Strap';

test('a company: invite, company price, order over the limit, approve, pay by invoice, ship, record payment', async ({
  page,
  browser,
}, info) => {
  const ownerEmail = unique('company-owner');
  const buyerEmail = unique('company-buyer');
  const companyName = `Bench Works ${ownerEmail.slice(14, 20)}`;

  // The owner creates the company and invites the buyer.
  await signUpThroughPage(page, ownerEmail, 'Olive Owner');
  await page.goto('/dashboard/company');
  await page.getByLabel('Company name').fill(companyName);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { name: companyName })).toBeVisible();
  await page.getByLabel('E-mail').fill(buyerEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(buyerEmail).first()).toBeVisible();
  // Every order above $50 waits for an approver.
  await page.getByLabel('Company spending limit ($)').fill('50');
  await page.getByRole('button', { name: 'Save spending limits' }).click();
  await expect(page.getByText('The spending limits are saved.')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: info.outputPath('company.png'), fullPage: true });

  // The shop admin: net 30, a credit limit, a price list with the part at $20.
  const adminPage = await (await browser.newContext()).newPage();
  await signInOrSignUp(adminPage, ADMIN[info.project.name as keyof typeof ADMIN], 'Ada Admin');
  const parts = (await (
    await adminPage.request.get(`/api/parts/search?q=${encodeURIComponent(PART)}`)
  ).json()) as { items: { _id: string; name: string }[] };
  const part = parts.items.find((p) => p.name === PART)!;
  const list = await adminPage.request.post('/api/admin/price-lists', {
    data: { name: `${companyName} prices`, prices: [{ partId: part._id, price: 20 }] },
  });
  expect(list.status(), await list.text()).toBe(201);
  const companies = (await (await adminPage.request.get('/api/admin/companies')).json()) as {
    _id: string;
    name: string;
  }[];
  const company = companies.find((c) => c.name === companyName)!;
  await adminPage.goto(`/dashboard/companies/${company._id}`);
  await adminPage.getByLabel('Payment terms').selectOption('net30');
  await adminPage.getByLabel('Credit limit ($)').fill('5000');
  await adminPage.getByLabel('Price list').selectOption({ label: `${companyName} prices` });
  await adminPage.getByRole('button', { name: 'Save terms' }).click();
  await adminPage.getByRole('button', { name: 'Yes, save them' }).click();
  await expect(adminPage.getByText('The terms are saved.')).toBeVisible();

  // The buyer accepts the mailed invitation.
  const buyerPage = await (await browser.newContext()).newPage();
  await signUpThroughPage(buyerPage, buyerEmail, 'Bea Buyer');
  await buyerPage.goto(await mailedLink(buyerEmail, '/company/invitations/'));
  await expect(buyerPage.getByText(companyName).first()).toBeVisible();
  await expectNoA11yViolations(buyerPage);
  await buyerPage.getByRole('button', { name: 'Accept' }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/company$/);

  // The company's price on the part page; 5 mats (its minimum) in the cart: $100, above the limit.
  await buyerPage.goto(`/parts/${part._id}`);
  await expect(buyerPage.getByText(/Your price:.*\$20\.00/)).toBeVisible();
  const put = await buyerPage.request.put(`/api/cart/lines/${part._id}`, { data: { quantity: 5 } });
  expect(put.status(), await put.text()).toBe(200);
  await buyerPage.goto('/cart');
  const checkout = buyerPage.getByRole('form', { name: 'Check out' });
  await shipTo(checkout, { ...AUSTIN, name: 'Bea Buyer' });
  await checkout.getByLabel('Purchase order number').fill('PO-2026-49');
  await checkout.getByLabel(/Pay by invoice/).check();
  await buyerPage.screenshot({ path: info.outputPath('checkout.png'), fullPage: true });
  await checkout.getByRole('button', { name: /^Place order/ }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/orders\//);
  const orderUrl = new URL(buyerPage.url()).pathname;
  await expect(buyerPage.getByText('Waiting for your company’s approval').first()).toBeVisible();
  await expect(buyerPage.getByText('PO-2026-49').first()).toBeVisible();

  // The owner's dashboard says it waits; its tile opens the company's page at the orders
  // waiting for approval, whence the owner opens it and approves: the invoice is issued, due
  // in 30 days.
  await page.goto('/dashboard');
  await page
    .getByRole('region', { name: 'Waiting for you' })
    .getByRole('link', { name: '1 order of your company to approve' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/company#company-approvals-heading$/);
  // Scrolled to them once they have loaded (at 375 px they are below the company's summary).
  await expect(
    page.getByRole('heading', { name: /^Orders waiting for your approval/ }),
  ).toBeInViewport();
  const waiting = page.getByRole('region', { name: 'Orders waiting for your approval: 1' });
  await expect(waiting).toContainText('PO PO-2026-49');
  await waiting.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('approvals.png') });
  await expectNoA11yViolations(page);
  await waiting.getByRole('link', { name: /^Review order PS-O-\d+$/ }).click();
  await expect(page).toHaveURL(new RegExp(`${orderUrl}$`));
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/Pay by invoice, due/).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto('/dashboard/company');
  await expect(
    page.getByRole('region', { name: 'Orders waiting for your approval' }),
  ).toContainText('No order waits for approval.');
  // The buyer's dashboard now says the invoice waits to be paid, and opens My Orders on it.
  await buyerPage.goto('/dashboard');
  await buyerPage
    .getByRole('region', { name: 'Waiting for you' })
    .getByRole('link', { name: '1 invoice on account to pay' })
    .click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/my-orders\?show=on-account$/);
  await expect(buyerPage.getByRole('button', { name: 'On account (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(buyerPage.getByRole('table', { name: /^Your orders on account/ })).toBeVisible();
  await expectNoA11yViolations(buyerPage);
  await buyerPage.goto(orderUrl);

  // The shop admin finds it among the orders to ship (on account, it ships before it is paid)
  // from the dashboard's first screen, and ships it.
  await adminPage.goto('/dashboard');
  await adminPage
    .getByRole('region', { name: 'Waiting for you' })
    .getByRole('link', { name: /^[\d,]+ orders? to ship$/ })
    .click();
  await expect(adminPage).toHaveURL(/\/dashboard\/manage-orders\?status=to-ship$/);
  await expect(adminPage.getByLabel('Status')).toHaveValue('to-ship');
  const toShip = adminPage.getByRole('row', { name: /PO PO-2026-49/ }).first();
  await expect(toShip.getByText(/^On account, due/)).toBeVisible();
  // Selected, with its pick list printed, then shipped among the selected orders.
  const shippedNumber = /PS-O-\d+/.exec((await toShip.textContent()) ?? '')![0];
  await toShip.getByRole('checkbox', { name: `Select order ${shippedNumber}` }).check();
  const selected = adminPage.getByRole('region', { name: 'Print or ship the selected orders' });
  await expect(selected.getByText('1 selected')).toBeVisible();
  const [pickList] = await Promise.all([
    adminPage.waitForEvent('download'),
    selected.getByRole('button', { name: /^Pick list\s+for the selected orders$/ }).click(),
  ]);
  expect(pickList.suggestedFilename()).toMatch(/^pick-list-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(adminPage.getByText('Pick list for 1 order downloaded')).toBeVisible();
  await adminPage.screenshot({ path: info.outputPath('manage-orders-selected.png') });
  // At the top, as below: scrolled, the sticky bar covers a menu link and the header's buttons.
  await adminPage.evaluate(() => window.scrollTo(0, 0));
  await expectNoA11yViolations(adminPage);
  await selected.getByRole('button', { name: /^Mark shipped\s+for the selected orders$/ }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Ship the selected order?' });
  await dialog.getByLabel('Carrier (optional)').fill('Freight Co');
  await dialog.getByRole('button', { name: 'Ship it' }).click();
  // Shipped, it leaves the orders to ship, and the toast says so.
  await expect(adminPage.getByText('Shipped 1 order', { exact: true })).toBeVisible();
  await expect(adminPage.getByRole('row', { name: new RegExp(shippedNumber) })).toHaveCount(0);

  // The shop admin records the payment; the invoice is paid.
  await adminPage.goto(`/dashboard/companies/${company._id}`);
  await adminPage
    .getByRole('button', { name: /^Record payment/ })
    .first()
    .click();
  await adminPage.getByLabel('Reference').fill('Bank transfer 4711');
  await adminPage.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(adminPage.getByText(/is paid\./)).toBeVisible();
  await adminPage.screenshot({ path: info.outputPath('admin-company.png'), fullPage: true });
  // At the top, as accessibility.spec audits: scrolled, the sticky bar covers a menu link and
  // axe's target-size rule judges the page by where the scroll stopped.
  await adminPage.evaluate(() => window.scrollTo(0, 0));
  await expectNoA11yViolations(adminPage);
  await buyerPage.reload();
  await expect(buyerPage.getByText('PO-2026-49').first()).toBeVisible();
});
