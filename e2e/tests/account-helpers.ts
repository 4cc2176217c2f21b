import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newestLink, VERIFY_EMAIL_PATH } from '../../scripts/mail-links.mjs';
import { outbox } from './fixtures.ts';

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

/** The newest confirmation link mailed to `email` (waits for the mail to arrive). */
export async function confirmationLink(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(() => (link = newestLink(outbox(), email, VERIFY_EMAIL_PATH)), {
      message: `a confirmation mail to ${email}`,
    })
    .not.toBeNull();
  return link!;
}

/** Confirms an API client's address through its mailed link, as a browser would follow it. */
export async function confirmThroughApi(api: APIRequestContext, email: string) {
  const res = await api.get(await confirmationLink(email), { maxRedirects: 0 });
  expect(res.status()).toBe(302);
}
