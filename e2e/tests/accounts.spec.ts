import type { Page } from '@playwright/test';
import { answered, expect, expectNoA11yViolations, outbox, test } from './fixtures.ts';
import { mailedLink, openSignIn, PASSWORD, signUpThroughPage, unique } from './account-helpers.ts';

// The account flows run once, at desktop width; the mobile drawer gets its own check.
test.describe.configure({ mode: 'serial' });
test.skip(({ isMobile }) => isMobile, 'account flows run at desktop width');

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('sign up shows each validation message, then creates the account and signs in', async ({
  page,
}) => {
  await page.goto('/login');
  await expectNoA11yViolations(page);
  const panel = page.locator('section[aria-labelledby="signup-heading"]');
  await panel.getByRole('button', { name: 'Sign Up' }).click();
  await expect(panel.getByText('Name is Required')).toBeVisible();
  await expect(panel.getByText('Email is Required')).toBeVisible();
  await expect(panel.getByText('Password is Required')).toBeVisible();
  await panel.getByLabel('Email').fill('not-an-email');
  await panel.getByLabel('Password', { exact: true }).fill('short');
  await panel.getByRole('button', { name: 'Sign Up' }).click();
  await expect(panel.getByText('Provide a Valid Email')).toBeVisible();
  await expect(panel.getByText('Must be eight characters or longer')).toBeVisible();

  const email = unique('riley');
  await signUpThroughPage(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);

  // The avatar shows initials (no photo) and its menu holds the display name and Sign Out.
  await nav(page)
    .getByRole('button', { name: /account menu|Riley Builder/i })
    .click();
  await expect(page.getByText('Riley Builder').first()).toBeVisible();

  await nav(page).getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a wrong password shows the pill; the right one signs in', async ({
  page,
  expectedConsoleErrors,
}) => {
  // The wrong password: Better Auth's 401, which the panel shows.
  expectedConsoleErrors.push(answered(401, '/api/auth/sign-in/email'));
  const email = unique('wrongpw');
  await signUpThroughPage(page, email);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await nav(page).getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();

  const panel = await openSignIn(page);
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password', { exact: true }).fill('not-the-password');
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(panel.getByRole('alert')).toContainText(/invalid email or password/i);
  await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('a guarded page sends a signed-out visitor to /login and back after sign-in', async ({
  page,
}) => {
  const email = unique('guarded');
  await signUpThroughPage(page, email);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await nav(page).getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'Sign in instead' }).first().click();
  const panel = page.locator('section[aria-labelledby="signin-heading"]');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'My Orders' }).first()).toBeVisible();
  await expectNoA11yViolations(page);
});

test('forgot password: the mail arrives over SMTP, its link sets a new password', async ({
  page,
}) => {
  const email = unique('forgetful');
  await signUpThroughPage(page, email);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await nav(page).getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();

  const panel = await openSignIn(page);
  await panel.getByRole('button', { name: 'Forgot your password?' }).click();
  await panel.getByLabel('Email').fill(email);
  await panel.getByRole('button', { name: 'Send reset link' }).click();
  await expect(panel.getByText(/reset link is on its way/)).toBeVisible();

  // The newest mail to the address with a reset link (the sign-up's confirmation came first).
  const link = await mailedLink(email, '/api/auth/reset-password/');
  expect(link).toMatch(/\/api\/auth\/reset-password\/[A-Za-z0-9_-]+\?callbackURL=/);
  expect(
    outbox().some((m) => m.includes(`To: ${email}`) && m.includes('Reset your Partsmith password')),
  ).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('a-new-workbench-2027');
  await page.getByLabel('Repeat the new password').fill('a-new-workbench-2027');
  await page.getByRole('button', { name: /set|save|change/i }).click();
  await expect(page.getByText('Your password is changed. Sign in with the new one.')).toBeVisible();

  const again = await openSignIn(page);
  await again.getByLabel('Email').fill(email);
  await again.getByLabel('Password', { exact: true }).fill('a-new-workbench-2027');
  await again.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('social sign-in: the whole redirect flow through the OpenID Connect provider', async ({
  page,
}) => {
  const login = `olive${Date.now()}`;
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);

  // GitHub has no keys on this shop: the panel says so without leaving the page.
  await page.getByRole('button', { name: 'Sign in with GitHub' }).first().click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'GitHub sign-in is not set up on this shop.' })
      .first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Sign in with Google' }).first().click();
  // The provider's own sign-in and consent pages (oidc-provider's development interactions).
  await page.waitForURL(/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  const consent = page.locator('button[type="submit"]', { hasText: /continue/i });
  if (await consent.isVisible().catch(() => false)) await consent.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
  expect(session.user).toMatchObject({ email: `${login}@example.com`, role: 'customer' });
});
