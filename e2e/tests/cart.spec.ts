import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, isMobile, outbox, test } from './fixtures.ts';
import { MODERATOR, signInOrSignUp } from './account-helpers.ts';
import {
  AUSTIN,
  openDashboardPage,
  openPurchasePage,
  payWithTestCard,
  shipTo,
} from './shop-helpers.ts';

// Issues 26 and 47 at 1280 and at 375 px: two parts into the cart, one checkout shipped to an
// address in Texas added to the address book there (Standard shipping, 8.25% sales tax on the
// parts and the shipping), paid with 4242, the receipt with its invoice PDF in the SMTP peer's
// mailbox, shipped by an admin with a tracking number, the shipped mail, and the order page's
// timeline, every one with the same figures; then an admin's new zone, rate and free-shipping
// threshold for another state, in the next preview; and one of the parts refunded by the shop.
// The buyer signs in to an account of its own per project (sign-ups from one address are
// limited; a run reuses the account).
test.describe.configure({ mode: 'serial' });

const ESD_MAT = 'Anti-Static ESD Mat with Wrist Strap';
const PSU = 'Bastion 650 W 80 PLUS Bronze Power Supply';
const TRACKING = '1Z999AA10123456784';

/** The mails to `email` whose text includes every one of `facts` (newest last). */
const mailsWith = (email: string, facts: string[]) =>
  outbox().filter((eml) => eml.includes(`To: ${email}`) && facts.every((f) => eml.includes(f)));

async function addToCart(page: Page, name: string, quantity: number) {
  await openPurchasePage(page, name);
  const form = page.getByRole('form', { name: 'Purchase' });
  await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to your cart').first()).toBeVisible();
}

async function openCart(page: Page) {
  if (isMobile(page)) {
    // On a phone the "Added to your cart" notices cover the menu button until they go (a pointer
    // over them keeps them): the pointer moves off, and the button is pressed once they are gone.
    await page.mouse.move(10, 700);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: /^Cart/ }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Cart/ })
      .click();
  }
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Your cart', exact: true })).toBeVisible();
}

test('two parts in the cart, one checkout, pay, the receipt with its PDF, shipped with tracking', async ({
  page,
  browser,
}, testInfo) => {
  // Two purchase pages, a checkout, a payment, an admin's session and two mails.
  test.setTimeout(120_000);
  const email = `cart-buyer-${testInfo.project.name}@example.com`;
  await signInOrSignUp(page, email, 'Cara Cart');
  await page.goto('/');

  await addToCart(page, ESD_MAT, 6);
  await addToCart(page, PSU, 2);
  // The top bar counts the units, for screen readers too.
  if (!isMobile(page)) {
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart, 8 items' }),
    ).toBeVisible();
  }
  await openCart(page);
  await expect(page.getByRole('heading', { name: ESD_MAT })).toBeVisible();
  await expect(page.getByRole('heading', { name: PSU })).toBeVisible();
  // 6 x $29.99 + 2 x $64.99
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('$309.92');
  await expectNoA11yViolations(page);

  // An address in Texas, added to the address book from the checkout (chosen again on a rerun).
  const checkout = page.getByRole('form', { name: 'Check out' });
  await shipTo(checkout, AUSTIN);
  // Standard $9.90 (below $500); 8.25% of $309.92 + $9.90 = $26.38515 -> $26.39.
  const totals = checkout.getByRole('region', { name: 'What your order comes to' });
  await expect(totals).toContainText('Standard');
  await expect(totals).toContainText('$9.90');
  await expect(totals).toContainText('Texas sales tax');
  await expect(totals).toContainText('(8.25%)');
  await expect(totals).toContainText('$26.39');
  await expect(totals).toContainText('$346.21');
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('checkout.png'), fullPage: true });
  await checkout.getByRole('button', { name: 'Place order · $346.21' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByText(/Please pay: \$346\.21/)).toBeVisible();
  await expect(page.getByText('Texas sales tax').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'The parts of this order' })).toContainText(PSU);

  await payWithTestCard(page);

  // The receipt, with the invoice attached, reached the SMTP peer.
  await expect
    .poll(() => mailsWith(email, ['Receipt for your Partsmith order', orderId]).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  const receipt = mailsWith(email, ['Receipt for your Partsmith order', orderId]).pop()!;
  expect(receipt).toContain('Content-Type: application/pdf');
  for (const figure of ['$309.92', '$9.90', '$26.39', '$346.21']) expect(receipt).toContain(figure);
  expect(receipt).toMatch(/filename="?PS-\d{4}-\d{6}\.pdf/);

  // The admin ships it with a carrier and a tracking number.
  const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await adminContext.newPage();
  await signInOrSignUp(admin, MODERATOR, 'Mo Derator');
  await admin.goto('/dashboard/manage-orders');
  await expect(admin.getByRole('heading', { name: /All Orders: \d+/ })).toBeVisible();
  // What goes into the parcel: this order's packing slip, then every waiting order's in one file
  // (the PDFs name their orders in their metadata, which is not compressed).
  const slip = admin
    .getByRole('row', { name: new RegExp(email) })
    .first()
    .getByRole('link', { name: /^Packing slip\s*: order PS-O-\d+/ });
  const number = /PS-O-\d+/.exec((await slip.textContent()) ?? '')![0];
  expect(await slip.getAttribute('target')).toBe('_blank');
  const slipPdf = await admin.request.get((await slip.getAttribute('href'))!);
  expect(slipPdf.headers()['content-type']).toBe('application/pdf');
  expect((await slipPdf.body()).toString('latin1')).toContain(`(Packing slip ${number})`);
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: /^Packing slips\s+for the orders waiting/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^packing-slips-\d{4}-\d{2}-\d{2}\.pdf$/);
  const slips = await readFile(await download.path());
  expect(slips.subarray(0, 5).toString()).toBe('%PDF-');
  expect(slips.toString('latin1')).toContain(number);
  await expect(admin.getByText(/^Packing slips for \d+ orders? downloaded$/)).toBeVisible();
  // And what to take from the shelves for them: the pick list, its subject their numbers.
  const [pickList] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: /^Pick list\s+for the orders waiting/ }).click(),
  ]);
  expect(pickList.suggestedFilename()).toMatch(/^pick-list-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile(await pickList.path())).toString('latin1')).toContain(number);
  await expect(admin.getByText(/^Pick list for \d+ orders? downloaded$/)).toBeVisible();
  await admin
    .getByRole('row', { name: new RegExp(email) })
    .getByRole('button', { name: /Pending/ })
    .first()
    .click();
  const dialog = admin.getByRole('dialog', { name: 'Ship this order?' });
  await dialog.getByLabel('Carrier (optional)').fill('UPS');
  await dialog.getByLabel('Tracking number (optional)').fill(TRACKING);
  await dialog.getByRole('button', { name: 'Ship it' }).click();
  await expect(admin.getByText('Your Order is Shipped Successfully')).toBeVisible();
  await adminContext.close();

  await expect
    .poll(() => mailsWith(email, ['has shipped', TRACKING]).length, { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(mailsWith(email, ['has shipped', TRACKING]).pop()).toContain('ups.com');

  // The order page: its lines, the timeline with the tracking number, the invoice.
  await page.goto('/');
  await openDashboardPage(page, 'My Orders');
  // At 1280 px, beside the side menu, the table's nine columns fit: Payment is not scrolled away.
  if (!isMobile(page)) {
    await expect(page.getByRole('columnheader', { name: 'Payment' })).toBeInViewport({ ratio: 1 });
  }
  // Its row says it shipped, with the carrier's tracking page a click away.
  await expect(
    page.getByRole('link', { name: /^Track the parcel of .* with UPS/ }).first(),
  ).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${TRACKING}`);
  await page
    .getByRole('link', { name: /^Details of order/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
  await expect(page.getByRole('table', { name: 'The parts of this order' })).toContainText(ESD_MAT);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(`With UPS. Tracking number: ${TRACKING}`);
  await expect(timeline.getByRole('link', { name: /^Track the parcel with UPS/ })).toHaveAttribute(
    'href',
    `https://www.ups.com/track?tracknum=${TRACKING}`,
  );
  const invoice = page.getByRole('link', { name: /^Invoice PS-\d{4}-\d{6}/ });
  await expect(invoice).toHaveAttribute('href', `/api/orders/${orderId}/invoice.pdf`);
  const pdf = await page.request.get(`/api/orders/${orderId}/invoice.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // The order page has the same figures as the checkout showed.
  const money = page.getByRole('region', { name: 'Order total' });
  for (const figure of ['$309.92', '$9.90', '$26.39', '$346.21'])
    await expect(money).toContainText(figure);
  await expectNoA11yViolations(page);

  // Something is wrong with the parcel: the buyer writes to the shop from the order's page, and
  // the shop finds the message in Messages with the order a click away.
  const help = page.getByRole('region', { name: 'Need help with this order?' });
  await help.getByLabel('What is it about?').selectOption({ label: 'A part arrived damaged' });
  await help.getByLabel('Your message').fill('One of the two PSUs rattles when it is turned.');
  await help.getByRole('button', { name: 'Send to the shop' }).click();
  const { number: orderNumber } = (await (
    await page.request.get(`/api/purchase/${orderId}`)
  ).json()) as {
    number: string;
  };
  await expect(help.getByRole('status')).toHaveText(
    `Sent. We will answer about order ${orderNumber} by e-mail.`,
  );
  const shopContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const shop = await shopContext.newPage();
  await signInOrSignUp(shop, MODERATOR, 'Mo Derator');
  await shop.goto(`/dashboard/messages?q=${orderNumber}`);
  const about = shop.getByRole('article', { name: 'A part arrived damaged' });
  await expect(about).toContainText('One of the two PSUs rattles');
  await about.getByRole('link', { name: orderNumber }).click();
  await expect(shop).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));

  // The PSU comes back: the shop refunds one of the two from the order's page, at $64.99 and its
  // 8.25% ($5.36), and the buyer gets the credit note by mail and sees the refund on the page.
  const refundPart = shop.getByRole('region', { name: 'Refund part of this order' });
  await refundPart.getByRole('button', { name: 'Choose parts to refund' }).click();
  await refundPart.getByRole('spinbutton', { name: new RegExp(PSU) }).fill('1');
  await refundPart.getByLabel(/^Reason/).fill('Returned: it rattles when turned');
  await expectNoA11yViolations(shop);
  await refundPart.getByRole('button', { name: 'Refund $64.99 plus tax' }).click();
  await shop.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(refundPart.getByRole('status')).toHaveText(
    /^Refunded \$70\.35 to the buyer's card: credit note CN-\d{4}-\d{6}\.$/,
  );
  await expect(shop.getByRole('region', { name: 'Refunds' })).toContainText(
    '$70.35 of $346.21 refunded',
  );
  await shopContext.close();
  await expect
    .poll(() => mailsWith(email, ['Part of your Partsmith order', orderNumber]).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  const refundMail = mailsWith(email, ['Part of your Partsmith order', orderNumber]).pop()!;
  expect(refundMail).toContain('$70.35');
  expect(refundMail).toMatch(/filename="?CN-\d{4}-\d{6}\.pdf/);
  await page.reload();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toContainText(`1 × ${PSU}`);
  await expect(
    refunds.getByRole('link', { name: /^Credit note CN-\d{4}-\d{6} \(PDF\)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Refund part of this order' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('refunded-in-part.png'), fullPage: true });
});

test("an admin's new zone, free-shipping threshold and state rate show in the buyer's next preview", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // A state of each project's own: the zones and rates live in the project's one shop.
  const [state, city, zip, line1] = isMobile(page)
    ? ['OR', 'Portland', '97201', '1 SW Main St']
    : ['WA', 'Seattle', '98101', '1 Pike St'];
  const zoneName = `Pacific ${state}`;
  const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await adminContext.newPage();
  await signInOrSignUp(admin, MODERATOR, 'Mo Derator');
  await admin.goto('/dashboard/shipping');
  await expect(admin.getByRole('heading', { name: 'Shipping & tax', level: 1 })).toBeVisible();
  if ((await admin.getByRole('heading', { name: zoneName }).count()) === 0) {
    await admin.getByRole('button', { name: 'Add a zone' }).click();
    const zone = admin.getByRole('dialog', { name: 'Add a zone' });
    await zone.getByLabel('Name').fill(zoneName);
    await zone.getByLabel('Regions (optional)').fill(`US-${state}`);
    await zone.getByRole('button', { name: 'Add zone' }).click();
    await expect(zone).toBeHidden();
    await admin.getByRole('button', { name: `Add a method to ${zoneName}` }).click();
    const method = admin.getByRole('dialog', { name: `Add a method to ${zoneName}` });
    await method.getByLabel('Name').fill('Ground');
    await method.getByLabel('Price ($)').fill('12.50');
    await method.getByLabel('Free above ($, optional)').fill('300');
    await method.getByLabel('Fastest').fill('2');
    await method.getByLabel('Slowest').fill('4');
    await method.getByRole('button', { name: 'Add method' }).click();
    await expect(method).toBeHidden();
    await admin.getByRole('button', { name: 'Add a rate' }).click();
    const rate = admin.getByRole('dialog', { name: 'Add a tax rate' });
    await rate.getByLabel('Country code').fill('US');
    await rate.getByLabel('Region (optional)').fill(state);
    await rate.getByLabel('Name').fill(`${state} sales tax`);
    await rate.getByLabel('Rate (%)').fill('6.5');
    await rate.getByRole('button', { name: /^Add/ }).click();
    await expect(rate).toBeHidden();
  }
  await expect(admin.getByRole('heading', { name: zoneName })).toBeVisible();
  await expectNoA11yViolations(admin);
  await admin.screenshot({ path: testInfo.outputPath('shipping-admin.png'), fullPage: true });
  await adminContext.close();

  // The buyer's cart of $309.92 shipped there: Ground, free from $300; 6.5% on the parts only.
  const email = `cart-buyer-${testInfo.project.name}@example.com`;
  await signInOrSignUp(page, email, 'Cara Cart');
  await addToCart(page, ESD_MAT, 6);
  await addToCart(page, PSU, 2);
  await page.goto('/cart');
  const checkout = page.getByRole('form', { name: 'Check out' });
  await shipTo(checkout, { name: 'Cara Cart', line1, city, state, zip, phone: '+1 206 555 0100' });
  const totals = checkout.getByRole('region', { name: 'What your order comes to' });
  await expect(totals).toContainText('Ground');
  await expect(totals).toContainText('Free');
  // 6.5% of $309.92 = $20.1448 -> $20.14
  await expect(totals).toContainText(`${state} sales tax`);
  await expect(totals).toContainText('$20.14');
  await expect(totals).toContainText('$330.06');
  await expect(checkout.getByRole('button', { name: 'Place order · $330.06' })).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('checkout-other-state.png'), fullPage: true });
});
