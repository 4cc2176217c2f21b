import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiCustomer, PASSWORD, signInOrSignUp, unique } from './account-helpers.ts';
import { THERMAL_PASTE } from './shop-helpers.ts';

// A customer buys and pays, and an admin ships an order and answers a confirmation dialog, with
// the keyboard alone: Tab and Shift+Tab to move, Enter and Space to act, typing into fields. At
// every stop the focus must be visible. At 1280 px: on a phone there is no Tab key.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.skip(({ isMobile }) => isMobile, 'keyboard use is a desktop matter');

const ADMIN = 'keyboard-admin@example.com';
/** The buyer of the first test, whose paid order the admin ships. */
let buyerEmail = '';

/** What has the focus, and whether the page shows it (an outline or a ring). */
function focusState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { shown: false, what: 'nothing (body)' };
    // A date field's last stop is its calendar button, inside the browser's own shadow root:
    // the field then has no :focus and the page cannot style the button, which Chromium draws
    // with its own focus ring (seen in a screenshot at 1280 px).
    if (el.matches('input[type="date"]') && !el.matches(':focus'))
      return { shown: true, what: 'the calendar button of a date field' };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      shown: el.matches(':focus-visible') && (outline || ring),
      what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`,
    };
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, checking at every stop that
 * the focus is visible; fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  const focused = () => target.evaluate((el) => el === document.activeElement);
  // A form moves the focus to its first wrong field: that may be the one wanted.
  if (await focused()) return;
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // Polled: an outline may grow in over a short transition. The failure names what had the
    // focus at the last look (the poll's own message is written before it starts).
    let what = '';
    await expect
      .poll(
        async () => {
          const state = await focusState(page);
          what = state.what;
          return state.shown;
        },
        { message: 'the focus is visible', timeout: 2000 },
      )
      .toBe(true)
      .catch((error: Error) => {
        error.message = `After ${i + 1} presses of ${back ? 'Shift+Tab' : 'Tab'} the focus is not shown on ${what}\n${error.message}`;
        throw error;
      });
    if (await focused()) return;
  }
  throw new Error(`${max} presses of Tab did not reach ${String(target)}`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

test('a customer signs in, finds a part, buys it, pays with 4242 and reaches My Orders', async ({
  page,
}) => {
  const buyer = await apiCustomer('keyboard', 'Kay Board');
  buyerEmail = buyer.email;
  await buyer.api.dispose();

  // Sign in: the login page opens on Sign Up; its "Sign in instead" switches panels.
  await page.goto('/login');
  await tabTo(page, page.getByRole('button', { name: 'Sign in instead' }).first());
  await page.keyboard.press('Enter');
  const panel = page.locator('section[aria-labelledby="signin-heading"]');
  await expect(panel).toBeVisible();

  // An empty submit: each message is tied to its field (aria-describedby), the field invalid.
  await tabTo(page, panel.getByRole('button', { name: 'Sign In', exact: true }));
  await page.keyboard.press('Enter');
  const email = panel.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/.+/);
  await expect(panel.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/.+/);

  await typeInto(page, email, buyer.email);
  await typeInto(page, panel.getByLabel('Password', { exact: true }), PASSWORD);
  await page.keyboard.press('Enter');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();

  // Find a part on the home page and open its purchase page.
  await page.goto('/');
  const card = page.locator('#parts article', { hasText: THERMAL_PASTE });
  await tabTo(page, card.getByRole('link', { name: /Add To Cart/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/purchase\//);

  // Buy 12: the toast is announced (a live region), then My Orders.
  const form = page.getByRole('form', { name: 'Purchase' });
  await expect(form).toBeVisible();
  await typeInto(page, form.getByLabel('Quantity'), '12');
  await typeInto(page, form.getByLabel('Shipping address'), '1200 Industrial Pkwy, Austin, TX');
  await typeInto(page, form.getByLabel('Phone number'), '+1 512 555 0147');
  await tabTo(page, form.getByRole('button', { name: 'Purchase' }));
  await page.keyboard.press('Space');
  const toast = page.getByText('Your Purchase Is Complete !');
  await expect(toast).toBeVisible();
  await expect(page.locator('[aria-live]', { has: toast })).toHaveCount(1);
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);

  // Pay with 4242.
  await tabTo(page, page.getByRole('link', { name: /^Pay/ }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const pay = page.getByRole('form', { name: 'Card payment' });
  await typeInto(page, pay.getByLabel('Card number'), '4242 4242 4242 4242');
  await typeInto(page, pay.getByLabel('Expiry (MM / YY)'), '12 / 34');
  await typeInto(page, pay.getByLabel('CVC'), '123');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your Payment is Received Successfully')).toBeVisible();

  // Back to My Orders from the dashboard's menu, going backwards through the page.
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', {
      name: 'My Orders',
      exact: true,
    }),
    { back: true },
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);
  await expect(page.getByRole('heading', { name: /My Orders: 1/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
});

test('an admin ships the paid order and answers a confirmation dialog', async ({ page }) => {
  expect(buyerEmail, 'the first test placed and paid an order').not.toBe('');
  // An unpaid order to delete (the paid one is shipped).
  const other = await apiCustomer('keyboard-unpaid', 'Una Paid');
  const [part] = (await (await other.api.get('/api/allParts?limit=1')).json()) as {
    _id: string;
    minOrderQuantity: number;
  }[];
  const placed = await other.api.post('/api/purchase', {
    data: {
      partId: part!._id,
      quantity: part!.minOrderQuantity,
      address: '9 Bench Road, Austin, TX 78701',
      phone: '+1 512 555 0188',
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  await other.api.dispose();

  await signInOrSignUp(page, ADMIN, 'Kit Admin');
  await page.goto('/');
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Dashboard',
      exact: true,
    }),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', {
      name: 'Manage Orders',
      exact: true,
    }),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /All Orders: \d+/ })).toBeVisible();

  // Ship the paid order.
  const paid = page.getByRole('row', { name: new RegExp(buyerEmail) });
  await tabTo(page, paid.getByRole('button', { name: /Pending/ }));
  await page.keyboard.press('Enter');
  // The shipping dialog: its fields first, then its button, by keyboard.
  const ship = page.getByRole('dialog', { name: 'Ship this order?' });
  await expect(ship.getByLabel('Carrier (optional)')).toBeFocused();
  await page.keyboard.type('UPS');
  await tabTo(page, ship.getByRole('button', { name: 'Ship it' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your Order is Shipped Successfully')).toBeVisible();
  await expect(paid.getByText('Shipped')).toBeVisible();

  // Delete the unpaid one: the dialog takes the focus and keeps it; Escape gives it back to
  // the button that opened it; then Enter on the dialog's own button deletes.
  const unpaid = page.getByRole('row', { name: new RegExp(other.email) });
  const remove = unpaid.getByRole('button', { name: /Delete/ });
  // The focus stayed on the row just shipped (its 'Shipped' badge); the other row is above it.
  await expect(paid.getByText('Shipped')).toBeFocused();
  await tabTo(page, remove, { back: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: /delete/i });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(unpaid).toHaveCount(0);
});

test('a visitor searches from the header, opens a suggestion, carts it and marks it to compare', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html[data-app="ready"]')).toBeAttached();
  const box = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('combobox', { name: 'Search parts' });
  // The box works once its suggestions' module has come (disabled until then).
  await expect(box).toBeEnabled();
  await tabTo(page, box);
  await page.keyboard.type('ddr5');
  const list = page.getByRole('listbox', { name: 'Suggested parts' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/parts\/[0-9a-f-]{36}$/);
  // The address changes before the part's page has replaced the home page: its form first, then
  // its heading (the home page's was read once, on a loaded machine).
  const form = page.getByRole('form', { name: 'Add to cart' });
  await expect(form).toBeVisible();
  const name = await page.getByRole('heading', { level: 1 }).textContent();
  await typeInto(page, form.getByLabel('Quantity'), '4');
  await tabTo(page, form.getByRole('button', { name: 'Add to cart' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Added 4 × ${name} to your cart.`)).toBeVisible();

  const compare = page.getByRole('button', { name: /^Add to compare/ }).first();
  await tabTo(page, compare);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Remove from compare/ }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a customer creates a company, invites an approver, sets a spending limit, then orders by part number', async ({
  page,
}) => {
  // Signed in as a confirmed customer (the sign-in form's keyboard use is the first test's).
  const owner = await apiCustomer('keyboard-company', 'Cora Keys');
  await page.context().addCookies((await owner.api.storageState()).cookies);
  await owner.api.dispose();

  await page.goto('/dashboard/company');
  await typeInto(page, page.getByLabel('Company name'), 'Keyboard Works');
  await tabTo(page, page.getByRole('button', { name: 'Create company' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Keyboard Works' })).toBeVisible();

  // A colleague as an approver: the role chosen by typing on the closed list.
  const colleague = unique('keyboard-colleague');
  await typeInto(page, page.getByLabel('E-mail'), colleague);
  const role = page.getByLabel('Role', { exact: true });
  await tabTo(page, role);
  await page.keyboard.type('Approver');
  await expect(role).toHaveValue('approver');
  await tabTo(page, page.getByRole('button', { name: 'Send invitation' }));
  await page.keyboard.press('Enter');
  const invitations = page.getByRole('list', { name: 'Pending invitations' });
  await expect(invitations.getByRole('listitem').filter({ hasText: colleague })).toContainText(
    'as approver',
  );

  // The spending limits come before the invitations on the page: back up to them.
  await tabTo(page, page.getByLabel('Company spending limit ($)'), { back: true });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('250');
  await tabTo(page, page.getByRole('button', { name: 'Save spending limits' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('The spending limits are saved.')).toBeVisible();

  // Quick Order: part numbers typed into its box, the answer's heading takes the focus.
  await page.goto('/quick-order');
  await typeInto(
    page,
    page.getByLabel('Part numbers and quantities, one per line'),
    'FRG-D4-3600-16K, 4',
  );
  await tabTo(page, page.getByRole('button', { name: 'Add to cart' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 2, name: '1 part added to your cart.' }),
  ).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Go to the cart' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
});
