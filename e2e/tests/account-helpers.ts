import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { isMailTo, linkIn, VERIFY_EMAIL_PATH } from '../../scripts/mail-links.mjs';
import { outbox, shopUrl } from './fixtures.ts';

export const PASSWORD = 'workbench-2026';
export const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

export async function openSignIn(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in instead' }).first().click();
  return page.locator('section[aria-labelledby="signin-heading"]');
}

/**
 * Signs up on /login as a customer would and, unless `confirm` is false, confirms the address by
 * opening the link in the mail the loopback SMTP server received (which signs in and returns to
 * the page the customer came from).
 */
export async function signUpThroughPage(
  page: Page,
  email: string,
  name = 'Riley Builder',
  { confirm = true } = {},
) {
  await page.goto('/login');
  const panel = page.locator('section[aria-labelledby="signup-heading"]');
  await panel.getByLabel('Your Name').fill(name);
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await panel.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  if (confirm) await page.goto(await confirmationLink(email));
}

/**
 * A mail's body only: headers are not quoted-printable, and decoding them as such breaks a link
 * there (List-Unsubscribe's `token=AA...` would read as the escape `=AA`).
 */
const withoutHeaders = (eml: string) => eml.slice(eml.search(/\r?\n\r?\n/));

/** The newest link to `pathPrefix` in the body of a mail to `email` (waits for the mail). */
export async function mailedLink(email: string, pathPrefix: string): Promise<string> {
  const newest = () => {
    for (const eml of outbox().reverse()) {
      const link = isMailTo(eml, email) ? linkIn(withoutHeaders(eml), pathPrefix) : null;
      if (link) return link;
    }
    return null;
  };
  let link: string | null = null;
  await expect
    .poll(() => (link = newest()), {
      message: `a mail to ${email} with a link to ${pathPrefix}`,
    })
    .not.toBeNull();
  return link!;
}

/** The newest confirmation link mailed to `email` (waits for the mail to arrive). */
export const confirmationLink = (email: string) => mailedLink(email, VERIFY_EMAIL_PATH);

/** How many confirmation mails `email` has received so far. */
export const confirmationMails = (email: string) =>
  outbox().filter((eml) => isMailTo(eml, email) && linkIn(eml, VERIFY_EMAIL_PATH)).length;

/**
 * Signs in with `email` if its account exists (a fixed address such as an ADMIN_EMAILS one, used
 * by both projects in one run), else signs up and confirms it through the page.
 */
export async function signInOrSignUp(page: Page, email: string, name: string) {
  // Through the browser context's own request client, so the session cookie lands in the
  // browser; a 401 here is no console error.
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { origin: shopUrl() },
  });
  if (res.ok()) return;
  expect(res.status(), await res.text()).toBe(401);
  await signUpThroughPage(page, email, name);
}

/** Confirms an API client's address through its mailed link, as a browser would follow it. */
export async function confirmThroughApi(api: APIRequestContext, email: string) {
  const res = await api.get(await confirmationLink(email), { maxRedirects: 0 });
  expect(res.status()).toBe(302);
}

/**
 * A second, independent customer driven through the API (its own cookie jar), confirmed.
 * `label` goes into the e-mail address; `name` is the account's name (the label by default).
 */
export async function apiCustomer(
  label: string,
  name = label,
): Promise<{ api: APIRequestContext; email: string; name: string }> {
  const api = await playwrightRequest.newContext({
    baseURL: shopUrl(),
    extraHTTPHeaders: { origin: shopUrl() },
  });
  const email = unique(label);
  const res = await api.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  await confirmThroughApi(api, email);
  return { api, email, name };
}

/** A review by `customer` through the API (a seeded avatar: no upload needed); its text. */
export async function apiReview(customer: { api: APIRequestContext }, text: string) {
  const res = await customer.api.post('/api/addReview', {
    data: { rating: 2, type: text, image: '/images/avatars/2.svg' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return text;
}

/**
 * An order of `quantity` Driver Kits by `customer`, paid with the test card, all through the API
 * (for the admin's pages that need a paid order to show); the order's id and the part's name.
 */
export async function apiPaidOrder(
  customer: { api: APIRequestContext },
  quantity: number,
): Promise<{ orderId: string; partName: string }> {
  const { api } = customer;
  const parts = await (await api.get('/api/allParts?q=Driver%20Kit')).json();
  const placed = await api.post('/api/purchase', {
    data: {
      partId: parts[0]._id,
      quantity,
      address: '9 Bench Road, Austin, TX 78701',
      phone: '+1 512 555 0188',
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = await placed.json();
  const { clientSecret } = await (
    await api.post('/api/create-payment-intent', { data: { orderId: order.insertedId } })
  ).json();
  const { id: transactionId } = await (
    await api.post('/api/test-payments/confirm', {
      data: { clientSecret, number: '4242424242424242', expiry: '12 / 34', cvc: '123' },
    })
  ).json();
  const paid = await api.patch(`/api/purchase/${order.insertedId}`, { data: { transactionId } });
  expect(paid.ok(), `${order.insertedId} ${transactionId}: ${await paid.text()}`).toBe(true);
  return { orderId: order.insertedId, partName: parts[0].name };
}

/** An admin listed in ADMIN_EMAILS for the review moderation tests (e2e/playwright.config.ts). */
export const MODERATOR = 'moderator@example.com';
